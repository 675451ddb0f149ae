/**
 * Ledger files (spec §7): the ledger as a download (CSV or JSON, members only), and an import (this app's export or
 * a Splitwise group export) previewed, then written in one atomic write (import-plan.ts reads and plans the file).
 */
import {
  homeCurrencyOf,
  itemizedView,
  payersAsCents,
  payersFromCents,
  sharesAsCents,
  sharesFromCents,
  type ImportExpense,
  type ImportPreview,
  type ImportResult,
  type LedgerExport,
  type LedgerExportQuery,
  type SplitwiseImportBody,
} from '@wayfare/contract';
import { HttpError } from '../../http/errors';
import { bundledRates, type RateProvider } from '../../rates/provider';
import { storedSplitOr } from '../../store/shared/new-records';
import {
  HomeCurrencyChangedError,
  NotAMemberError,
  peopleOfExpense,
  type MemberRecord,
  type Store,
} from '../../store/types';
import { budgetCsv, budgetJson } from '../budget/export';
import type { LedgerNotices } from '../../store/port/ledger-notices';
import { fullName, peopleOf } from '../people';
import type { TripScope } from '../scope';
import { createImportPlanner } from './import-plan';
import { ledgerCsv } from './ledger-csv';

export const IMPORT_CURRENCY_CHANGED =
  "The trip's currency changed while this file was being imported. Preview it again.";
export const NAMES_TO_MAP = 'Map or leave out every name in the file before importing';
export const IMPORT_CHANGED =
  'Someone in this import is no longer a participant of the trip. Preview it again.';

/** A file name from the trip's name: letters, digits and dashes only. */
const fileName = (tripName: string, extension: string) =>
  `${
    tripName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'trip'
  }-ledger.${extension}`;

/** What an imported row in another currency keeps of what it was paid in, as an expense entered in it keeps. */
const originalOfImport = ({ shares: _shares, ...original }: NonNullable<ImportExpense['original']>) =>
  original;

/** Export of the ledger (members only) and import of a Splitwise group export (preview, then one atomic write). */
export function createLedgerIoService({
  store,
  notices,
  rates = bundledRates,
}: {
  store: Store;
  notices: LedgerNotices;
  /** The reference rates rows in another currency are converted at (as expenses entered in it are). */
  rates?: RateProvider;
}) {
  const { plan } = createImportPlanner({ store, rates });

  /** Each person's username: members' from their membership, others' (who left) from their account when it remains. */
  async function usernamesOf(members: MemberRecord[], ids: readonly string[]) {
    const usernames = new Map(members.map((m) => [m.user_id, m.username]));
    const others = ids.filter((id) => !usernames.has(id));
    const users = await Promise.all(others.map((id) => store.users.findById(id)));
    users.forEach((user) => user && usernames.set(user.id, user.username));
    return usernames;
  }

  return {
    async exportLedger({ trip }: TripScope, { format }: LedgerExportQuery) {
      const tripId = trip.id;
      const home = homeCurrencyOf(trip);
      const [members, expenses, settlements, budget] = await Promise.all([
        store.members.list(tripId),
        store.ledger.listExpenses(tripId),
        store.ledger.listSettlements(tripId),
        store.budgets.get(tripId),
      ]);
      // Oldest first, as a spreadsheet of a trip reads.
      const rows = [...expenses].reverse();
      const payments = settlements.flatMap(({ settled_at, ...rest }) =>
        settled_at ? [{ ...rest, settled_at }] : [],
      );
      const ids = [
        ...new Set([
          ...members.map((m) => m.user_id),
          ...rows.flatMap((r) => peopleOfExpense(r)),
          ...payments.flatMap((p) => [p.from_user_id, p.to_user_id]),
        ]),
      ];
      const person = await peopleOf(store, members, ids);
      const usernames = await usernamesOf(members, ids);
      const nameOf = (id: string) => fullName(person(id)) || usernames.get(id) || id;
      // Each column names the person's username too, so no two read alike and an import finds the same people.
      const people = ids.map((id) => {
        const username = usernames.get(id);
        const who = username ? `@${username}` : id;
        return { user_id: id, name: `${nameOf(id)} (${who})${person(id).left ? ' (left)' : ''}` };
      });
      if (format === 'csv') {
        return {
          fileName: fileName(trip.trip_name, 'csv'),
          type: 'text/csv; charset=utf-8',
          body: ledgerCsv(people, rows, home, payments) + budgetCsv(budget, home),
        };
      }
      const weights = new Map(members.map((m) => [m.user_id, m.weight]));
      const { settle_by_household, households } = await store.households.list(tripId);
      const json: LedgerExport = {
        trip: { id: trip.id, trip_name: trip.trip_name, home_currency: home },
        exported_at: new Date().toISOString(),
        people: ids.map((id) => ({
          user_id: id,
          name: nameOf(id),
          username: usernames.get(id) ?? '',
          left: person(id).left,
          weight: weights.get(id) ?? null,
        })),
        expenses: rows.map((r) => ({
          id: r.id,
          expense_date: r.expense_date,
          title: r.title,
          description: r.description,
          category: r.category,
          currency: r.original?.currency ?? home,
          amount_cents: r.original?.amount_minor ?? r.amount_minor,
          rate: r.original?.rate ?? '1',
          rate_source: r.original?.rate_source ?? 'home',
          home_amount_cents: r.amount_minor,
          payers: payersAsCents(r.payers),
          shares: sharesAsCents(r.shares),
          ...(r.split.itemized && { itemized: itemizedView(r.split.itemized, r.split.itemized.currency) }),
          ...(r.split.method === 'by_shares' && {
            by_shares: r.split.people.map((p) => ({ user_id: p.user_id, shares: p.weight as number })),
          }),
        })),
        settle_by_household,
        households: households.map(({ id, name, payer_user_id, member_ids }) => ({
          id,
          name,
          payer_user_id,
          member_ids,
        })),
        budget: budgetJson(budget),
        activity: await store.activity.listAll(tripId),
      };
      return {
        fileName: fileName(trip.trip_name, 'json'),
        type: 'application/json; charset=utf-8',
        body: `${JSON.stringify(json, null, 2)}\n`,
      };
    },

    async previewImport(scope: TripScope, body: SplitwiseImportBody): Promise<ImportPreview> {
      return (await plan(scope, body)).preview;
    },

    /**
     * The preview's expenses, all written in one atomic write, or nothing (unmatched names, a member gone, the
     * trip's currency changed since its amounts were converted to it).
     */
    async commitImport(scope: TripScope, body: SplitwiseImportBody): Promise<ImportResult> {
      const { preview, home, source } = await plan(scope, body);
      const { trip, user } = scope;
      const tripId = trip.id;
      if (preview.unmatched.length > 0)
        throw new HttpError(422, `${NAMES_TO_MAP}: ${preview.unmatched.join(', ')}`);
      if (preview.expenses.length === 0 && preview.payments.length === 0)
        throw new HttpError(422, 'This file has no expenses that can be imported');
      try {
        await store.ledger.createExpenses(
          tripId,
          preview.expenses.map((e) => ({
            title: e.title,
            description: `Imported from ${source}`,
            amount_minor: e.amount_cents,
            expense_date: e.expense_date,
            category: e.category,
            expense_type: 'shared',
            paid_by: e.paid_by,
            payers: payersFromCents(e.payers),
            shares: sharesFromCents(e.shares),
            // Kept as decided in Splitwise: each person's amount, in the currency it was paid in.
            split: storedSplitOr(null, sharesFromCents(e.original?.shares ?? e.shares)),
            ...(e.original && { original: originalOfImport(e.original) }),
            created_by: user.id,
          })),
          home,
          // Settle-up payments: transfers already made, recorded as paid on their day.
          preview.payments.map((p) => ({
            from_user_id: p.from_user_id,
            to_user_id: p.to_user_id,
            amount_minor: p.amount_cents,
            settled_at: `${p.date}T12:00:00.000Z`,
          })),
        );
      } catch (err) {
        if (err instanceof NotAMemberError) throw new HttpError(409, IMPORT_CHANGED);
        if (err instanceof HomeCurrencyChangedError) throw new HttpError(409, IMPORT_CURRENCY_CHANGED);
        throw err;
      }
      await notices.changed({
        kind: 'expense.created',
        trip_id: tripId,
        subject_id: tripId,
        at: new Date().toISOString(),
      });
      return { ...preview, created: preview.expenses.length };
    },
  };
}

export type LedgerIoService = ReturnType<typeof createLedgerIoService>;

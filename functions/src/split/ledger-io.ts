import {
  dateOutsideTrip,
  homeCurrencyOf,
  isCurrencyCode,
  itemizedView,
  type ImportExpense,
  type ImportPerson,
  type ImportPreview,
  type ImportResult,
  type LedgerExport,
  type LedgerExportQuery,
  type LedgerPerson,
  type SplitwiseImportBody,
} from '@wayfare/contract';
import { HttpError } from '../http/errors';
import { storedSplitOr } from '../store/new-records';
import {
  HomeCurrencyChangedError,
  NotAMemberError,
  peopleOfExpense,
  uniqueKey,
  type MemberRecord,
  type Store,
  type UserRecord,
} from '../store/types';
import { requireTripMember } from '../trips/access';
import type { LedgerEvents } from './events';
import { bundledRates, type RateProvider } from '../rates/provider';
import {
  ImportFileError,
  ledgerCsv,
  planImport,
  readSplitwise,
  type ImportRate,
  type SplitwiseRow,
} from './ledger-csv';
import { peopleOf } from './service';

export const IMPORT_CURRENCY_CHANGED =
  "The trip's currency changed while this file was being imported. Preview it again.";
export const NAMES_TO_MAP = 'Map or leave out every name in the file before importing';
export const IMPORT_CHANGED =
  'Someone in this import is no longer a participant of the trip. Preview it again.';

const personName = (person: Pick<LedgerPerson, 'first_name' | 'last_name'>) =>
  `${person.first_name} ${person.last_name}`.trim();

/** A file name from the trip's name: letters, digits and dashes only. */
const fileName = (tripName: string, extension: string) =>
  `${
    tripName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'trip'
  }-ledger.${extension}`;

/**
 * Who each name in the file is: a member whose full name, first name or username it is (case-insensitive, and
 * only when exactly one member fits and no earlier name took them), else what the caller's mapping says (a member
 * id, or null to leave them out), else unmatched.
 */
function resolvePeople(names: string[], members: MemberRecord[], mapping: SplitwiseImportBody['mapping']) {
  const taken = new Set<string>();
  const memberIds = new Set(members.map((m) => m.user_id));
  const keysOf = (m: MemberRecord) => [personName(m), m.first_name, m.username].map(uniqueKey);
  return names.map((name): ImportPerson => {
    if (Object.hasOwn(mapping, name)) {
      const userId = mapping[name] ?? null;
      if (userId === null) return { name, user_id: null, matched_by: 'mapping', skipped: true };
      if (!memberIds.has(userId))
        throw new HttpError(422, `${name} is mapped to someone who is not a participant`);
      if (taken.has(userId))
        throw new HttpError(422, `Two names in the file are mapped to the same participant`);
      taken.add(userId);
      return { name, user_id: userId, matched_by: 'mapping', skipped: false };
    }
    const key = uniqueKey(name);
    const fits = members.filter((m) => !taken.has(m.user_id) && keysOf(m).includes(key));
    const byFullName = fits.filter((m) => uniqueKey(personName(m)) === key);
    const match = byFullName.length === 1 ? byFullName[0] : fits.length === 1 ? fits[0] : undefined;
    if (!match) return { name, user_id: null, matched_by: null, skipped: false };
    taken.add(match.user_id);
    return { name, user_id: match.user_id, matched_by: 'name', skipped: false };
  });
}

/** What an imported row in another currency keeps of what it was paid in, as an expense entered in it keeps. */
const originalOfImport = ({ shares: _shares, ...original }: NonNullable<ImportExpense['original']>) =>
  original;

/** Export of the ledger (members only) and import of a Splitwise group export (preview, then one atomic write). */
export function createLedgerIoService({
  store,
  events,
  rates = bundledRates,
}: {
  store: Store;
  events: LedgerEvents;
  /** The reference rates rows in another currency are converted at (as expenses entered in it are). */
  rates?: RateProvider;
}) {
  /** The reference rate of each currency and date the rows in another currency than `home` name, looked up once. */
  async function importRates(rows: readonly SplitwiseRow[], home: string) {
    const found = new Map<string, ImportRate | null>();
    for (const { currency, date } of rows) {
      const key = `${currency} ${date}`;
      if (currency === home || !isCurrencyCode(currency) || found.has(key)) continue;
      const answer = await rates.rate(currency, home, date);
      found.set(
        key,
        answer && answer.source !== 'home'
          ? { rate: answer.rate, source: answer.source, rate_date: answer.rate_date }
          : null,
      );
    }
    return (currency: string, date: string) => found.get(`${currency} ${date}`) ?? null;
  }

  /** What the import would create, and the trip's currency its amounts are in. */
  async function plan(
    user: UserRecord,
    tripId: string,
    body: SplitwiseImportBody,
  ): Promise<{ preview: ImportPreview; home: string }> {
    const { trip } = await requireTripMember(store, tripId, user.id);
    let file: ReturnType<typeof readSplitwise>;
    try {
      file = readSplitwise(body.csv);
    } catch (err) {
      if (err instanceof ImportFileError) throw new HttpError(422, err.message);
      throw err;
    }
    const people = resolvePeople(file.names, await store.members.list(tripId), body.mapping);
    const home = homeCurrencyOf(trip);
    const planned = planImport(
      file.names,
      file.rows,
      people.map((p) => p.user_id),
      home,
      await importRates(file.rows, home),
    );
    // The product's rule for every expense: its date is near the trip's days (the reason says which dates fit).
    const outside = (date: string) => dateOutsideTrip(date, trip);
    const expenses = planned.expenses.filter((e) => !outside(e.expense_date));
    const skipped = [
      ...planned.skipped,
      ...planned.expenses.flatMap((e) => {
        const reason = outside(e.expense_date);
        return reason ? [{ line: e.line, description: e.title, reason }] : [];
      }),
    ].sort((a, b) => a.line - b.line);
    const preview = {
      people,
      unmatched: people.filter((p) => !p.user_id && !p.skipped).map((p) => p.name),
      expenses,
      skipped,
      total_cents: expenses.reduce((total, e) => total + e.amount_cents, 0),
    };
    return { preview, home };
  }

  return {
    async exportLedger(user: UserRecord, tripId: string, { format }: LedgerExportQuery) {
      const { trip } = await requireTripMember(store, tripId, user.id);
      const home = homeCurrencyOf(trip);
      const [members, expenses] = await Promise.all([
        store.members.list(tripId),
        store.split.listExpenses(tripId),
      ]);
      // Oldest first, as a spreadsheet of a trip reads.
      const rows = [...expenses].reverse();
      const ids = [
        ...new Set([...members.map((m) => m.user_id), ...rows.flatMap((r) => peopleOfExpense(r))]),
      ];
      const person = await peopleOf(store, members, ids);
      const usernames = new Map(members.map((m) => [m.user_id, m.username]));
      const names = ids.map((id) => {
        const p = person(id);
        return { user_id: id, name: `${personName(p) || usernames.get(id) || id}${p.left ? ' (left)' : ''}` };
      });
      // Two people of the same name get their usernames beside it, so no two columns read alike.
      const counts = new Map<string, number>();
      names.forEach((n) => counts.set(n.name, (counts.get(n.name) ?? 0) + 1));
      const people = names.map((n) => ({
        ...n,
        name: (counts.get(n.name) ?? 0) > 1 ? `${n.name} (${usernames.get(n.user_id) ?? n.user_id})` : n.name,
      }));
      if (format === 'csv') {
        return {
          fileName: fileName(trip.trip_name, 'csv'),
          type: 'text/csv; charset=utf-8',
          body: ledgerCsv(people, rows, home),
        };
      }
      const json: LedgerExport = {
        trip: { id: trip.id, trip_name: trip.trip_name, home_currency: home },
        exported_at: new Date().toISOString(),
        people: people.map((p) => ({
          user_id: p.user_id,
          name: p.name,
          username: usernames.get(p.user_id) ?? '',
          left: person(p.user_id).left,
        })),
        expenses: rows.map((r) => ({
          id: r.id,
          expense_date: r.expense_date,
          title: r.title,
          description: r.description,
          category: r.category,
          currency: r.original?.currency ?? home,
          amount_cents: r.original?.amount_minor ?? r.amount_cents,
          rate: r.original?.rate ?? '1',
          rate_source: r.original?.rate_source ?? 'home',
          home_amount_cents: r.amount_cents,
          payers: r.payers,
          shares: r.shares,
          ...(r.split.itemized && { itemized: itemizedView(r.split.itemized, r.split.itemized.currency) }),
        })),
      };
      return {
        fileName: fileName(trip.trip_name, 'json'),
        type: 'application/json; charset=utf-8',
        body: `${JSON.stringify(json, null, 2)}\n`,
      };
    },

    async previewImport(user: UserRecord, tripId: string, body: SplitwiseImportBody): Promise<ImportPreview> {
      return (await plan(user, tripId, body)).preview;
    },

    /**
     * The preview's expenses, all written in one atomic write, or nothing (unmatched names, a member gone, the
     * trip's currency changed since its amounts were converted to it).
     */
    async commitImport(user: UserRecord, tripId: string, body: SplitwiseImportBody): Promise<ImportResult> {
      const { preview, home } = await plan(user, tripId, body);
      if (preview.unmatched.length > 0)
        throw new HttpError(422, `${NAMES_TO_MAP}: ${preview.unmatched.join(', ')}`);
      if (preview.expenses.length === 0)
        throw new HttpError(422, 'This file has no expenses that can be imported');
      try {
        await store.split.createExpenses(
          tripId,
          preview.expenses.map((e) => ({
            title: e.title,
            description: 'Imported from Splitwise',
            amount_cents: e.amount_cents,
            expense_date: e.expense_date,
            category: e.category,
            expense_type: 'shared',
            paid_by: e.paid_by,
            payers: e.payers,
            shares: e.shares,
            // Kept as decided in Splitwise: each person's amount, in the currency it was paid in.
            split: storedSplitOr(null, e.original?.shares ?? e.shares),
            ...(e.original && { original: originalOfImport(e.original) }),
            created_by: user.id,
          })),
          home,
        );
      } catch (err) {
        if (err instanceof NotAMemberError) throw new HttpError(409, IMPORT_CHANGED);
        if (err instanceof HomeCurrencyChangedError) throw new HttpError(409, IMPORT_CURRENCY_CHANGED);
        throw err;
      }
      events.emit({
        kind: 'expense.created',
        trip_id: tripId,
        subject_id: tripId,
        at: new Date().toISOString(),
      });
      return { ...preview, created: preview.expenses.length };
    },
  };
}

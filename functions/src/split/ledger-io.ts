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
import type { LedgerNotices } from '../store/ledger-notices';
import { bundledRates, type RateProvider } from '../rates/provider';
import {
  ImportFileError,
  ledgerCsv,
  planImport,
  readSplitwise,
  type ImportPlan,
  type ImportRate,
  type SplitwiseRow,
} from './ledger-csv';
import { planLedgerCsvImport, readLedgerCsv } from './ledger-csv-import';
import { peopleOf } from './service';
import { budgetCsv, budgetJson } from './budget-export';

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
 * Who each person of the file is: what the caller's mapping says (a member id, or null to leave them out), else the
 * member whose username the column names (this app's export), else a member whose full name, first name or username
 * the name is (case-insensitive, and only when exactly one member fits and no earlier name took them), else
 * unmatched. `name` is the column as written (what the mapping and the preview name); `match`, the name in it.
 */
function resolvePeople(
  columns: ReadonlyArray<{ name: string; match: string; username: string | null }>,
  members: MemberRecord[],
  mapping: SplitwiseImportBody['mapping'],
) {
  const taken = new Set<string>();
  const memberIds = new Set(members.map((m) => m.user_id));
  const keysOf = (m: MemberRecord) => [personName(m), m.first_name, m.username].map(uniqueKey);
  return columns.map(({ name, match: matchName, username }): ImportPerson => {
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
    const byUsername =
      username === null
        ? undefined
        : members.find((m) => !taken.has(m.user_id) && uniqueKey(m.username) === uniqueKey(username));
    if (byUsername) {
      taken.add(byUsername.user_id);
      return { name, user_id: byUsername.user_id, matched_by: 'username', skipped: false };
    }
    const key = uniqueKey(matchName);
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
  notices,
  rates = bundledRates,
}: {
  store: Store;
  notices: LedgerNotices;
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

  /**
   * The file read and planned: this app's own ledger export when its first line is that export's, else a Splitwise
   * group export. Who each column is, and what it would import.
   */
  async function readAndPlan(
    csv: string,
    members: MemberRecord[],
    mapping: SplitwiseImportBody['mapping'],
    home: string,
  ) {
    const ledger = readLedgerCsv(csv);
    if (ledger) {
      const people = resolvePeople(
        ledger.people.map((p) => ({ name: p.column, match: p.name, username: p.username })),
        members,
        mapping,
      );
      const planned = planLedgerCsvImport(
        ledger,
        people.map((p) => p.user_id),
        home,
      );
      return { source: 'a ledger export', people, planned };
    }
    const file = readSplitwise(csv);
    const people = resolvePeople(
      file.names.map((name) => ({ name, match: name, username: null })),
      members,
      mapping,
    );
    const planned: ImportPlan = planImport(
      file.names,
      file.rows,
      people.map((p) => p.user_id),
      home,
      await importRates(file.rows, home),
    );
    return { source: 'Splitwise', people, planned };
  }

  /** Each person's username: members' from their membership, others' (who left) from their account when it remains. */
  async function usernamesOf(members: MemberRecord[], ids: readonly string[]) {
    const usernames = new Map(members.map((m) => [m.user_id, m.username]));
    const others = ids.filter((id) => !usernames.has(id));
    const users = await Promise.all(others.map((id) => store.users.findById(id)));
    users.forEach((user) => user && usernames.set(user.id, user.username));
    return usernames;
  }

  /** What the import would create, the trip's currency its amounts are in, and where the file came from. */
  async function plan(
    user: UserRecord,
    tripId: string,
    body: SplitwiseImportBody,
  ): Promise<{ preview: ImportPreview; home: string; source: string }> {
    const { trip } = await requireTripMember(store, tripId, user.id);
    const home = homeCurrencyOf(trip);
    let read: Awaited<ReturnType<typeof readAndPlan>>;
    try {
      read = await readAndPlan(body.csv, await store.members.list(tripId), body.mapping, home);
    } catch (err) {
      if (err instanceof ImportFileError) throw new HttpError(422, err.message);
      throw err;
    }
    const { people, planned, source } = read;
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
      payments: planned.payments,
      skipped,
      total_cents: expenses.reduce((total, e) => total + e.amount_cents, 0),
    };
    return { preview, home, source };
  }

  return {
    async exportLedger(user: UserRecord, tripId: string, { format }: LedgerExportQuery) {
      const { trip } = await requireTripMember(store, tripId, user.id);
      const home = homeCurrencyOf(trip);
      const [members, expenses, settlements, budget] = await Promise.all([
        store.members.list(tripId),
        store.split.listExpenses(tripId),
        store.split.listSettlements(tripId),
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
      const nameOf = (id: string) => personName(person(id)) || usernames.get(id) || id;
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
      const json: LedgerExport = {
        trip: { id: trip.id, trip_name: trip.trip_name, home_currency: home },
        exported_at: new Date().toISOString(),
        people: ids.map((id) => ({
          user_id: id,
          name: nameOf(id),
          username: usernames.get(id) ?? '',
          left: person(id).left,
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
        budget: budgetJson(budget),
        activity: await store.activity.listAll(tripId),
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
      const { preview, home, source } = await plan(user, tripId, body);
      if (preview.unmatched.length > 0)
        throw new HttpError(422, `${NAMES_TO_MAP}: ${preview.unmatched.join(', ')}`);
      if (preview.expenses.length === 0 && preview.payments.length === 0)
        throw new HttpError(422, 'This file has no expenses that can be imported');
      try {
        await store.split.createExpenses(
          tripId,
          preview.expenses.map((e) => ({
            title: e.title,
            description: `Imported from ${source}`,
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
          // Settle-up payments: transfers already made, recorded as paid on their day.
          preview.payments.map((p) => ({
            from_user_id: p.from_user_id,
            to_user_id: p.to_user_id,
            amount_cents: p.amount_cents,
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

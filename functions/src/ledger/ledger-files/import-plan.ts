/**
 * Reading an import file and planning it, with no write: this app's own ledger export or a Splitwise group export,
 * its people matched to the trip's members (or mapped by the caller), its rows in the trip's currency, and what is
 * skipped and why. The preview answers this plan; the commit writes it (service.ts).
 */
import {
  dateOutsideTrip,
  homeCurrencyOf,
  isCurrencyCode,
  type ImportPerson,
  type ImportPreview,
  type SplitwiseImportBody,
} from '@wayfare/contract';
import { HttpError } from '../../http/errors';
import type { RateProvider } from '../../rates/provider';
import { uniqueKey, type MemberRecord, type Store } from '../../store/types';
import { fullName } from '../people';
import type { TripScope } from '../scope';
import {
  ImportFileError,
  planImport,
  readSplitwise,
  type ImportPlan,
  type ImportRate,
  type SplitwiseRow,
} from './splitwise-csv';
import { planLedgerCsvImport, readLedgerCsv } from './ledger-csv-import';

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
  const keysOf = (m: MemberRecord) => [fullName(m), m.first_name, m.username].map(uniqueKey);
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
    const byFullName = fits.filter((m) => uniqueKey(fullName(m)) === key);
    const match = byFullName.length === 1 ? byFullName[0] : fits.length === 1 ? fits[0] : undefined;
    if (!match) return { name, user_id: null, matched_by: null, skipped: false };
    taken.add(match.user_id);
    return { name, user_id: match.user_id, matched_by: 'name', skipped: false };
  });
}

export function createImportPlanner({ store, rates }: { store: Store; rates: RateProvider }) {
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

  /** What the import would create, the trip's currency its amounts are in, and where the file came from. */
  async function plan(
    { trip }: TripScope,
    body: SplitwiseImportBody,
  ): Promise<{ preview: ImportPreview; home: string; source: string }> {
    const tripId = trip.id;
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

  return { plan };
}

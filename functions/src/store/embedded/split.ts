import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { expensePayers, type ExpensePayer, type LedgerTotal, type StoredSplit } from '@wayfare/contract';
import {
  newExpenseRecord,
  originalColumns,
  originalOf,
  storedSplitOr,
  type OriginalColumns,
} from '../new-records';
import { ledgerDelta, type LedgerDelta, type LedgerExpense } from '../ledger-delta';
import {
  HomeCurrencyChangedError,
  newlyNamed,
  NotAMemberError,
  withPayers,
  type ExpensePatch,
  type ExpenseRecord,
  type LedgerState,
  type NewExpense,
  type SettlementRecord,
  type SplitStore,
} from '../types';
import {
  activityTransfer,
  createdEntry,
  deletedEntry,
  importedEntry,
  updatedEntry,
  type ActivityContext,
} from '../activity';
import { sqliteActivityLog } from './activity';
import { groupCommit } from './group-commit';
import type { Migration } from './migrations';
import {
  keptSettlements,
  newSettlementRecords,
  reconcilePending,
  type PendingChanges,
  paidSettlementRecords,
} from '../pending-settlements';
import { receiptOf } from './receipts';
import type { ReadMemos } from './read-memo';
import { timeOrderedId } from './time-ordered-id';

export const splitMigrations: Migration[] = [
  {
    id: '010-expenses-and-settlements',
    sql: `CREATE TABLE expenses (
      id TEXT PRIMARY KEY,
      trip_id TEXT NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
      title TEXT NOT NULL,
      description TEXT NOT NULL,
      amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
      expense_date TEXT NOT NULL,
      category TEXT NOT NULL,
      expense_type TEXT NOT NULL,
      paid_by TEXT NOT NULL REFERENCES users(id),
      created_by TEXT NOT NULL REFERENCES users(id),
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX expenses_by_trip ON expenses(trip_id, expense_date DESC, created_at DESC);
    CREATE TABLE expense_shares (
      expense_id TEXT NOT NULL REFERENCES expenses(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      user_id TEXT NOT NULL REFERENCES users(id),
      share_cents INTEGER NOT NULL CHECK (share_cents >= 0),
      PRIMARY KEY (expense_id, position),
      UNIQUE (expense_id, user_id)
    ) STRICT;
    CREATE TABLE settlements (
      id TEXT PRIMARY KEY,
      trip_id TEXT NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
      from_user_id TEXT NOT NULL REFERENCES users(id),
      to_user_id TEXT NOT NULL REFERENCES users(id),
      amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
      settled_at TEXT,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX settlements_by_trip ON settlements(trip_id, created_at);`,
  },
  {
    // The list's full order (id breaks ties) so every keyset page is an index range; each member's share total
    // kept beside the expenses so "your share" is a point read, not a scan of the whole ledger.
    id: '011-expense-pages-and-share-totals',
    sql: `DROP INDEX expenses_by_trip;
    CREATE INDEX expenses_by_trip ON expenses(trip_id, expense_date DESC, created_at DESC, id);
    CREATE TABLE expense_share_totals (
      trip_id TEXT NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users(id),
      share_cents INTEGER NOT NULL,
      PRIMARY KEY (trip_id, user_id)
    ) STRICT, WITHOUT ROWID;
    INSERT INTO expense_share_totals (trip_id, user_id, share_cents)
      SELECT e.trip_id, s.user_id, SUM(s.share_cents) FROM expense_shares s JOIN expenses e ON e.id = s.expense_id
      GROUP BY e.trip_id, s.user_id;`,
  },
  {
    // The split as it was decided (JSON of StoredSplit; NULL for rows written before, read as custom amounts of
    // their shares), and the pending settlements a recalculation replaced, so "Mark as Paid" on one answers 409.
    id: '012-kept-splits-and-replaced-settlements',
    sql: `ALTER TABLE expenses ADD COLUMN split TEXT;
    CREATE TABLE replaced_settlements (
      id TEXT PRIMARY KEY,
      trip_id TEXT NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
      replaced_at TEXT NOT NULL
    ) STRICT;`,
  },
  {
    // Each person's paid total beside their owed total, so a settlement reads one row per person instead of the
    // whole ledger; backfilled from the expenses already stored.
    id: '013-paid-totals',
    sql: `ALTER TABLE expense_share_totals ADD COLUMN paid_cents INTEGER NOT NULL DEFAULT 0;
    INSERT INTO expense_share_totals (trip_id, user_id, share_cents, paid_cents)
      SELECT trip_id, paid_by, 0, SUM(amount_cents) FROM expenses WHERE true GROUP BY trip_id, paid_by
      ON CONFLICT (trip_id, user_id) DO UPDATE SET paid_cents = excluded.paid_cents;`,
  },
  {
    // Several payers per expense: JSON of [{ user_id, paid_cents }] in order (paid_by is the first); NULL when
    // paid_by paid it all, as every row written before reads.
    id: '014-expense-payers',
    sql: `ALTER TABLE expenses ADD COLUMN payers TEXT;`,
  },
  {
    // An expense paid in another currency than the trip's (issue #15): what was paid and the rate it was
    // converted at; all NULL for an expense in the home currency, which amount_cents alone describes.
    id: '015-expense-currencies',
    sql: `ALTER TABLE expenses ADD COLUMN currency TEXT;
    ALTER TABLE expenses ADD COLUMN original_amount_minor INTEGER;
    ALTER TABLE expenses ADD COLUMN rate TEXT;
    ALTER TABLE expenses ADD COLUMN rate_source TEXT;
    ALTER TABLE expenses ADD COLUMN rate_date TEXT;`,
  },
  {
    // Internal names say minor units (issue #26): the amounts were always the currency's minor units, yen and
    // dinars too. The payers' JSON is rewritten to [{ user_id, paid_minor }] in the same order.
    id: 's11-vocab-minor-unit-columns',
    sql: `ALTER TABLE expenses RENAME COLUMN amount_cents TO amount_minor;
    ALTER TABLE expense_shares RENAME COLUMN share_cents TO share_minor;
    ALTER TABLE settlements RENAME COLUMN amount_cents TO amount_minor;
    ALTER TABLE expense_share_totals RENAME COLUMN share_cents TO share_minor;
    ALTER TABLE expense_share_totals RENAME COLUMN paid_cents TO paid_minor;
    ALTER TABLE trips RENAME COLUMN total_expenses_cents TO total_expenses_minor;
    UPDATE expenses SET payers = (
      SELECT json_group_array(json_object('user_id', json_extract(p.value, '$.user_id'),
        'paid_minor', json_extract(p.value, '$.paid_cents')))
      FROM (SELECT value FROM json_each(expenses.payers) ORDER BY key) AS p
    ) WHERE payers IS NOT NULL;`,
  },
];

/**
 * One INSERT of many rows (`VALUES (…), (…)`), in statements of at most ROWS_PER_STATEMENT rows so SQLite's
 * parameter limit is never reached and at most that many statements are ever prepared.
 */
const ROWS_PER_STATEMENT = 64;
function multiRowInsert(db: Database.Database, head: string, row: string, tail = '') {
  const statements = new Map<number, Database.Statement>();
  const statement = (rows: number) => {
    let prepared = statements.get(rows);
    if (!prepared) {
      prepared = db.prepare(`${head} VALUES ${Array(rows).fill(row).join(', ')} ${tail}`);
      statements.set(rows, prepared);
    }
    return prepared;
  };
  return (rows: ReadonlyArray<readonly unknown[]>) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      statement(chunk.length).run(chunk.flat());
    }
  };
}

type ExpenseRow = Omit<ExpenseRecord, 'shares' | 'split' | 'payers' | 'receipt' | 'original'> & {
  split: string | null;
  payers: string | null;
  receipt: string | null;
} & OriginalColumns;
type ShareRow = { expense_id: string; user_id: string; share_minor: number };
type PageParams = { trip: string; limit: number; date: string; created: string; id: string };

type StoredPatch = ExpensePatch & Pick<ExpenseRecord, 'payers'>;

/** A trip as its expense writes check it: who its members are and the currency its ledger is in. */
interface TripFacts {
  members: Set<string>;
  homeCurrency: string | undefined;
}

const LIST_ORDER = 'ORDER BY expense_date DESC, created_at DESC, id';

export function sqliteSplit(db: Database.Database, memos: ReadMemos): SplitStore {
  const writeGrouped = groupCommit(db);
  const history = sqliteActivityLog(db);
  const expensesOf = db.prepare<[string], ExpenseRow>(
    `SELECT * FROM expenses WHERE trip_id = ? ${LIST_ORDER}`,
  );
  const firstPage = db.prepare<[{ trip: string; limit: number }], ExpenseRow>(
    `SELECT * FROM expenses WHERE trip_id = @trip ${LIST_ORDER} LIMIT @limit`,
  );
  // "After the cursor" is three index ranges (same date and time with a later id; same date, earlier time;
  // earlier date), each limited, merged and limited again: at most 3 × limit rows read however deep the page.
  const nextPage = db.prepare<[PageParams], ExpenseRow>(
    `SELECT * FROM (
       SELECT * FROM (SELECT * FROM expenses
         WHERE trip_id = @trip AND expense_date = @date AND created_at = @created AND id > @id
         ORDER BY id LIMIT @limit)
       UNION ALL
       SELECT * FROM (SELECT * FROM expenses
         WHERE trip_id = @trip AND expense_date = @date AND created_at < @created
         ORDER BY created_at DESC, id LIMIT @limit)
       UNION ALL
       SELECT * FROM (SELECT * FROM expenses WHERE trip_id = @trip AND expense_date < @date ${LIST_ORDER} LIMIT @limit)
     ) ${LIST_ORDER} LIMIT @limit`,
  );
  const sharesOfExpenses = db.prepare<[string], ShareRow>(
    // CROSS JOIN keeps the page's ids as the outer loop: one primary-key range per expense, never a table scan.
    `SELECT s.expense_id, s.user_id, s.share_minor FROM json_each(?) AS page
     CROSS JOIN expense_shares AS s ON s.expense_id = page.value ORDER BY page.key, s.position`,
  );
  const shareTotal = db.prepare<[{ trip: string; user: string }], { share_minor: number }>(
    'SELECT share_minor FROM expense_share_totals WHERE trip_id = @trip AND user_id = @user',
  );
  // Rows of (trip, person, owed change, paid change); a person listed twice is moved twice.
  const moveLedgerTotals = multiRowInsert(
    db,
    'INSERT INTO expense_share_totals (trip_id, user_id, share_minor, paid_minor)',
    '(?, ?, ?, ?)',
    `ON CONFLICT (trip_id, user_id) DO UPDATE SET share_minor = share_minor + excluded.share_minor,
       paid_minor = paid_minor + excluded.paid_minor`,
  );
  const ledgerVersion = db.prepare<[string], number>('SELECT ledger_version FROM trips WHERE id = ?').pluck();
  const totalsOf = db.prepare<[string], LedgerTotal>(
    `SELECT user_id, paid_minor, share_minor AS owed_minor FROM expense_share_totals WHERE trip_id = ?
     ORDER BY user_id`,
  );
  const sharesOfTrip = db.prepare<[string], ShareRow>(
    `SELECT s.expense_id, s.user_id, s.share_minor FROM expense_shares s JOIN expenses e ON e.id = s.expense_id
     WHERE e.trip_id = ? ORDER BY s.expense_id, s.position`,
  );
  const expenseById = db.prepare<[string], ExpenseRow>('SELECT * FROM expenses WHERE id = ?');
  const sharesOf = db.prepare<[string], ShareRow>(
    'SELECT expense_id, user_id, share_minor FROM expense_shares WHERE expense_id = ? ORDER BY position',
  );
  const insertExpense = db.prepare(
    `INSERT INTO expenses (id, trip_id, title, description, amount_minor, expense_date, category, expense_type,
       paid_by, payers, split, created_by, created_at, updated_at, currency, original_amount_minor, rate,
       rate_source, rate_date)
     VALUES (@id, @trip_id, @title, @description, @amount_minor, @expense_date, @category, @expense_type,
       @paid_by, @payers, @split, @created_by, @created_at, @updated_at, @currency, @original_amount_minor, @rate,
       @rate_source, @rate_date)`,
  );
  const updateExpenseRow = db.prepare(
    `UPDATE expenses SET title = @title, description = @description, amount_minor = @amount_minor,
       expense_date = @expense_date, category = @category, expense_type = @expense_type, paid_by = @paid_by,
       payers = @payers, split = @split, updated_at = @updated_at, currency = @currency,
       original_amount_minor = @original_amount_minor, rate = @rate, rate_source = @rate_source,
       rate_date = @rate_date
     WHERE id = @id`,
  );
  const deleteExpenseRow = db.prepare('DELETE FROM expenses WHERE id = ?');
  const insertShares = multiRowInsert(
    db,
    'INSERT INTO expense_shares (expense_id, position, user_id, share_minor)',
    '(?, ?, ?, ?)',
  );
  const deleteShares = db.prepare('DELETE FROM expense_shares WHERE expense_id = ?');
  const moveTotals = db.prepare(
    `UPDATE trips SET expense_count = expense_count + @count, total_expenses_minor = total_expenses_minor + @minor,
       ledger_version = ledger_version + 1
     WHERE id = @trip_id`,
  );
  const settlementsOf = db.prepare<[string], SettlementRecord>(
    'SELECT * FROM settlements WHERE trip_id = ? ORDER BY created_at, rowid',
  );
  const settlementById = db.prepare<[string], SettlementRecord>('SELECT * FROM settlements WHERE id = ?');
  const deleteSettlement = db.prepare('DELETE FROM settlements WHERE id = ? AND settled_at IS NULL');
  const recordReplaced = db.prepare(
    'INSERT OR IGNORE INTO replaced_settlements (id, trip_id, replaced_at) VALUES (?, ?, ?)',
  );
  const replacedTrip = db.prepare<[string], { trip_id: string }>(
    'SELECT trip_id FROM replaced_settlements WHERE id = ?',
  );
  const updatePendingAmount = db.prepare(
    'UPDATE settlements SET amount_minor = ? WHERE id = ? AND settled_at IS NULL',
  );
  const insertSettlement = db.prepare(
    `INSERT INTO settlements (id, trip_id, from_user_id, to_user_id, amount_minor, settled_at, created_at)
     VALUES (@id, @trip_id, @from_user_id, @to_user_id, @amount_minor, @settled_at, @created_at)`,
  );
  const markPaid = db.prepare(
    `UPDATE settlements SET settled_at = @at
     WHERE id = @id AND settled_at IS NULL AND (@expected IS NULL OR amount_minor = @expected)`,
  );
  const isMember = db
    .prepare<[string, string], number>('SELECT 1 FROM trip_members WHERE trip_id = ? AND user_id = ?')
    .pluck();
  const memberIdsOf = db
    .prepare<[string], string>('SELECT user_id FROM trip_members WHERE trip_id = ?')
    .pluck();

  const homeCurrencyOf = db.prepare<[string], string>('SELECT home_currency FROM trips WHERE id = ?').pluck();

  /** Inside the write's transaction: everyone it newly names must be a member now. */
  const requireMembers = (tripId: string, userIds: string[]) => {
    const stranger = userIds.find((userId) => !isMember.get(tripId, userId));
    if (stranger) throw new NotAMemberError(stranger);
  };

  const toRecord = (
    { currency, original_amount_minor, rate, rate_source, rate_date, ...row }: ExpenseRow,
    shares: ExpenseRecord['shares'],
  ): ExpenseRecord => ({
    ...row,
    payers: [
      ...expensePayers({
        ...row,
        payers: row.payers === null ? null : (JSON.parse(row.payers) as ExpensePayer[]),
      }),
    ],
    ...originalOf({ currency, original_amount_minor, rate, rate_source, rate_date }),
    shares,
    split: storedSplitOr(row.split === null ? null : (JSON.parse(row.split) as StoredSplit), shares),
    receipt: receiptOf(row.receipt),
  });
  const withShares = (row: ExpenseRow): ExpenseRecord =>
    toRecord(
      row,
      sharesOf.all(row.id).map(({ user_id, share_minor }) => ({ user_id, share_minor })),
    );

  const attachShares = (rows: ExpenseRow[], shareRows: ShareRow[]): ExpenseRecord[] => {
    const shares = new Map<string, ExpenseRecord['shares']>();
    for (const { expense_id, user_id, share_minor } of shareRows) {
      const list = shares.get(expense_id) ?? [];
      list.push({ user_id, share_minor });
      shares.set(expense_id, list);
    }
    return rows.map((row) => toRecord(row, shares.get(row.id) ?? []));
  };

  const listExpenses = (tripId: string): ExpenseRecord[] =>
    attachShares(expensesOf.all(tripId), sharesOfTrip.all(tripId));

  /** Adds a write's ledger delta (ledger-delta.ts) to the trip's count, total, version and people's totals. */
  const applyDelta = (tripId: string, delta: LedgerDelta) => {
    moveLedgerTotals(
      [...delta.people].map(([userId, person]) => [tripId, userId, person.share_minor, person.paid_minor]),
    );
    moveTotals.run({ trip_id: tripId, count: delta.expense_count, minor: delta.total_expenses_minor });
  };
  /** The payers column: NULL when the first payer paid it all. */
  const payersColumn = (payers: ExpensePayer[]) => (payers.length > 1 ? JSON.stringify(payers) : null);
  /** Writes an expense's shares, in one statement for up to ROWS_PER_STATEMENT people. */
  const insertSharesOf = (expenseId: string, shares: ExpenseRecord['shares']) =>
    insertShares(shares.map((share, position) => [expenseId, position, share.user_id, share.share_minor]));

  /** The expense's rows, and its money added to the running totals; checks inside the write that it may commit. */
  const create = (
    expense: ExpenseRecord,
    homeCurrency: string | undefined,
    trip: (tripId: string) => TripFacts,
    addTotals: (tripId: string, expense: LedgerExpense) => void,
    /** null: the caller records the change (an import's one entry). */
    activity: ActivityContext | null | undefined,
  ) => {
    const { shares: _shares, split, payers, receipt: _receipt, original, ...row } = expense;
    const facts = trip(expense.trip_id);
    const stranger = newlyNamed(expense).find((userId) => !facts.members.has(userId));
    if (stranger) throw new NotAMemberError(stranger);
    if (homeCurrency !== undefined && facts.homeCurrency !== homeCurrency) {
      throw new HomeCurrencyChangedError(homeCurrency);
    }
    insertExpense.run({
      ...row,
      payers: payersColumn(payers),
      split: JSON.stringify(split),
      ...originalColumns(original),
    });
    insertSharesOf(expense.id, expense.shares);
    if (activity !== null) history.created(createdEntry(expense, activity), activity?.restored_from);
    addTotals(expense.trip_id, expense);
  };

  /** What a trip's expense writes check, read once (per trip, group or batch) inside the write's transaction. */
  const tripFacts = () => {
    const trips = new Map<string, TripFacts>();
    return (tripId: string) => {
      let facts = trips.get(tripId);
      if (!facts) {
        facts = { members: new Set(memberIdsOf.all(tripId)), homeCurrency: homeCurrencyOf.get(tripId) };
        trips.set(tripId, facts);
      }
      return facts;
    };
  };

  /**
   * New expenses' money summed per trip and person, written once when `finish` runs: one statement for the people's
   * totals and one for the trip's count, total and ledger version, however many expenses.
   */
  const totalsStep = () => {
    const trips = new Map<string, LedgerExpense[]>();
    return {
      add(tripId: string, expense: LedgerExpense) {
        const list = trips.get(tripId) ?? [];
        list.push(expense);
        trips.set(tripId, list);
      },
      finish() {
        for (const [tripId, list] of trips) applyDelta(tripId, ledgerDelta(list.map((e) => [e, 1] as const)));
      },
    };
  };

  // Keys of the group steps the expense writes share (group-commit.ts).
  const groupTripFacts = {};
  const groupTotals = {};

  const createMany = db.transaction(
    (
      tripId: string,
      list: ExpenseRecord[],
      homeCurrency: string | undefined,
      payments: SettlementRecord[],
    ) => {
      const trip = tripFacts();
      const totals = totalsStep();
      list.forEach((expense) => create(expense, homeCurrency, trip, totals.add, null));
      totals.finish();
      if (list[0]) history.record(importedEntry(list[0].trip_id, list));
      if (payments.length === 0) return;
      const facts = trip(tripId);
      const stranger = payments
        .flatMap((p) => [p.from_user_id, p.to_user_id])
        .find((userId) => !facts.members.has(userId));
      if (stranger) throw new NotAMemberError(stranger);
      if (homeCurrency !== undefined && facts.homeCurrency !== homeCurrency) {
        throw new HomeCurrencyChangedError(homeCurrency);
      }
      for (const payment of payments) insertSettlement.run(payment);
    },
  );

  const update = db.transaction((id: string, patch: StoredPatch, actorId?: string): ExpenseRecord | null => {
    const before = expenseById.get(id);
    if (!before) return null;
    const stored = withShares(before);
    requireMembers(before.trip_id, newlyNamed(patch, stored));
    const { shares: _shares, split, payers, original, ...fields } = patch;
    updateExpenseRow.run({
      ...fields,
      payers: payersColumn(payers),
      split: JSON.stringify(split),
      ...originalColumns(original),
      id,
      updated_at: new Date().toISOString(),
    });
    deleteShares.run(id);
    insertSharesOf(id, patch.shares);
    applyDelta(
      before.trip_id,
      ledgerDelta([
        [stored, -1],
        [patch, 1],
      ]),
    );
    const after = withShares(expenseById.get(id) as ExpenseRow);
    history.record(updatedEntry(stored, after, actorId ?? null));
    return after;
  });

  const remove = db.transaction((id: string, actorId?: string): ExpenseRecord | null => {
    const before = expenseById.get(id);
    if (!before) return null;
    const record = withShares(before);
    deleteExpenseRow.run(id);
    applyDelta(before.trip_id, ledgerDelta([[record, -1]]));
    history.record(deletedEntry(record, actorId ?? null));
    return record;
  });

  // Read before a calculation's plan and again inside its write: the second read, unchanged, comes from memory.
  const ledgerStates = memos((tripId): LedgerState => ({
    ledger_version: ledgerVersion.get(tripId) ?? 0,
    totals: totalsOf.all(tripId),
    settlements: settlementsOf.all(tripId),
  }));

  // Reads one row per person, never the expenses, and the settlements it leaves are worked out rather than read back.
  const recalculate = db.transaction(
    (
      tripId: string,
      plan: Parameters<SplitStore['recalculateSettlements']>[1],
      actorId?: string,
    ): LedgerState => {
      const ledger = ledgerStates.get(tripId);
      const changes = reconcilePending(
        ledger.settlements.filter((s) => s.settled_at === null),
        plan(ledger),
      );
      if (changes.remove.length + changes.update.length + changes.add.length === 0) return ledger;
      const created_at = new Date().toISOString();
      for (const id of changes.remove) {
        deleteSettlement.run(id);
        recordReplaced.run(id, tripId, created_at);
      }
      for (const { id, amount_minor } of changes.update) updatePendingAmount.run(amount_minor, id);
      const added = newSettlementRecords(tripId, changes.add, created_at, randomUUID);
      for (const row of added) insertSettlement.run(row);
      const settlements = withChanges(ledger.settlements, changes, added);
      history.change(tripId, actorId ?? null, {
        kind: 'settlements.calculated',
        transfers: settlements.filter((s) => s.settled_at === null).map(activityTransfer),
      });
      return { ...ledger, settlements };
    },
  );

  const markPaidOnce = db.transaction(
    (id: string, at: string, expected: number | null, actorId: string | null) => {
      if (markPaid.run({ at, id, expected }).changes === 0) return;
      const paid = settlementById.get(id) as SettlementRecord;
      history.change(paid.trip_id, actorId, {
        kind: 'settlement.paid',
        settlement_id: id,
        transfer: activityTransfer(paid),
      });
    },
  );

  return {
    async listExpenses(tripId) {
      return listExpenses(tripId);
    },
    async listExpensePage(tripId, { limit, after }) {
      const rows = after
        ? nextPage.all({
            trip: tripId,
            limit,
            date: after.expense_date,
            created: after.created_at,
            id: after.id,
          })
        : firstPage.all({ trip: tripId, limit });
      return attachShares(rows, sharesOfExpenses.all(JSON.stringify(rows.map((row) => row.id))));
    },
    async shareTotal(tripId, userId) {
      return shareTotal.get({ trip: tripId, user: userId })?.share_minor ?? 0;
    },
    async getExpense(id) {
      const row = expenseById.get(id);
      return row ? withShares(row) : null;
    },
    async createExpense(tripId, input: NewExpense, homeCurrency, activity) {
      const expense = newExpenseRecord(tripId, input, timeOrderedId(), new Date().toISOString());
      // Concurrent expense writes share one transaction and one fsync, the reads of their trips and the update of
      // its totals (see group-commit.ts).
      await writeGrouped((group) =>
        create(
          expense,
          homeCurrency,
          group.shared(groupTripFacts, () => ({ read: tripFacts(), finish() {} })).read,
          (tripId, money) => group.shared(groupTotals, totalsStep).add(tripId, money),
          activity,
        ),
      );
      return expense;
    },
    async createExpenses(tripId, inputs, homeCurrency, payments = []) {
      const now = new Date().toISOString();
      const list = inputs.map((input) => newExpenseRecord(tripId, input, timeOrderedId(), now));
      createMany(tripId, list, homeCurrency, paidSettlementRecords(tripId, payments, now, timeOrderedId));
      return list;
    },
    async updateExpense(id, patch, actorId) {
      return update(id, withPayers(patch), actorId);
    },
    async deleteExpense(id, actorId) {
      return remove(id, actorId);
    },
    async listSettlements(tripId) {
      return settlementsOf.all(tripId);
    },
    async getSettlement(id) {
      return settlementById.get(id) ?? null;
    },
    async ledgerState(tripId) {
      return ledgerStates.get(tripId);
    },
    async recalculateSettlements(tripId, plan, actorId) {
      const after = recalculate(tripId, plan, actorId);
      ledgerStates.remember(tripId, after);
      return after.settlements;
    },
    async markSettlementPaid(id, at, expectedMinor, actorId) {
      markPaidOnce(id, at, expectedMinor ?? null, actorId ?? null);
      return settlementById.get(id) ?? null;
    },
    async replacedSettlementTrip(id) {
      return replacedTrip.get(id)?.trip_id ?? null;
    },
  };
}

/**
 * The trip's settlements, in `SELECT … ORDER BY created_at, rowid` order, after a recalculation removed, updated and
 * added (`added`, created at one instant) rows: a new row's rowid is above every existing one, so the added rows go
 * after every kept row created at or before that instant.
 */
function withChanges(
  settlements: readonly SettlementRecord[],
  changes: PendingChanges,
  added: readonly SettlementRecord[],
): SettlementRecord[] {
  const kept = keptSettlements(settlements, changes);
  const createdAt = added[0]?.created_at;
  const later = createdAt === undefined ? -1 : kept.findIndex((s) => s.created_at > createdAt);
  return later < 0 ? [...kept, ...added] : [...kept.slice(0, later), ...added, ...kept.slice(later)];
}

import type Database from 'better-sqlite3';
import type { ExpensePayer } from '@wayfare/contract';
import { ledgerDelta, type LedgerExpense } from '../decisions/ledger-delta';
import { requireVersion, nextVersion } from '../decisions/expense-versions';
import { paidSettlementRecords } from '../decisions/pending-settlements';
import { createdEntry, deletedEntry, importedEntry, updatedEntry } from '../shared/activity-entries';
import { newExpenseRecord, originalColumns } from '../shared/new-records';
import { timeOrderedId } from '../shared/time-ordered-id';
import {
  HomeCurrencyChangedError,
  newlyNamed,
  NotAMemberError,
  withPayers,
  type ActivityContext,
  type ExpensePatch,
  type ExpenseRecord,
  type ExpenseStore,
  type NewExpense,
  type SettlementRecord,
} from '../types';
import { sqliteExpenseReads, type ExpenseRow } from './expense-reads';
import { groupCommit } from './group-commit';
import { multiRowInsert, type LedgerRows, type TripFacts } from './ledger-rows';

type StoredPatch = ExpensePatch & Pick<ExpenseRecord, 'payers'>;

/** The payers column: NULL when the first payer paid it all. */
const payersColumn = (payers: ExpensePayer[]) => (payers.length > 1 ? JSON.stringify(payers) : null);

/**
 * The expenses of the embedded store: each write stores its rows, checks inside its transaction that it may commit,
 * records its history entry and applies its ledger delta (ledger-rows.ts), all in one transaction.
 */
export function sqliteExpenses(db: Database.Database, ledger: LedgerRows): ExpenseStore {
  const writeGrouped = groupCommit(db);
  const reads = sqliteExpenseReads(db);
  const { history, applyDelta } = ledger;
  const insertExpense = db.prepare(
    `INSERT INTO expenses (id, trip_id, title, description, amount_minor, expense_date, category, expense_type,
       paid_by, payers, split, created_by, created_at, updated_at, version, updated_by, currency,
       original_amount_minor, rate, rate_source, rate_date)
     VALUES (@id, @trip_id, @title, @description, @amount_minor, @expense_date, @category, @expense_type,
       @paid_by, @payers, @split, @created_by, @created_at, @updated_at, @version, @updated_by, @currency,
       @original_amount_minor, @rate, @rate_source, @rate_date)`,
  );
  const updateExpenseRow = db.prepare(
    `UPDATE expenses SET title = @title, description = @description, amount_minor = @amount_minor,
       expense_date = @expense_date, category = @category, expense_type = @expense_type, paid_by = @paid_by,
       payers = @payers, split = @split, updated_at = @updated_at, version = @version,
       updated_by = @updated_by, currency = @currency,
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
  const isMember = db
    .prepare<[string, string], number>('SELECT 1 FROM trip_members WHERE trip_id = ? AND user_id = ?')
    .pluck();

  /** Inside the write's transaction: everyone it newly names must be a member now. */
  const requireMembers = (tripId: string, userIds: string[]) => {
    const stranger = userIds.find((userId) => !isMember.get(tripId, userId));
    if (stranger) throw new NotAMemberError(stranger);
  };
  /**
   * Writes an expense's shares, in one statement for up to ROWS_PER_STATEMENT people. Each person once: the table
   * no longer keeps an index to refuse a second row (migration s12-writes2-shares-without-rowid).
   */
  const insertSharesOf = (expenseId: string, shares: ExpenseRecord['shares']) => {
    if (new Set(shares.map((share) => share.user_id)).size !== shares.length) {
      throw new Error(`Expense ${expenseId} names a person twice in its shares`);
    }
    insertShares(shares.map((share, position) => [expenseId, position, share.user_id, share.share_minor]));
  };

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
      const trip = ledger.tripFacts();
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
      for (const payment of payments) ledger.insertSettlement.run(payment);
    },
  );

  const update = db.transaction(
    (
      id: string,
      patch: StoredPatch,
      actorId: string | undefined,
      ifVersions: readonly number[] | undefined,
    ): ExpenseRecord | null => {
      const before = reads.row(id);
      if (!before) return null;
      const stored = reads.withShares(before);
      requireVersion(stored, ifVersions);
      requireMembers(before.trip_id, newlyNamed(patch, stored));
      const { shares: _shares, split, payers, original, ...fields } = patch;
      updateExpenseRow.run({
        ...fields,
        payers: payersColumn(payers),
        split: JSON.stringify(split),
        ...originalColumns(original),
        id,
        ...nextVersion(stored, actorId, new Date().toISOString()),
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
      const after = reads.withShares(reads.row(id) as ExpenseRow);
      history.record(updatedEntry(stored, after, actorId ?? null));
      return after;
    },
  );

  const remove = db.transaction(
    (id: string, actorId: string | undefined, ifVersions: readonly number[] | undefined) => {
      const before = reads.row(id);
      if (!before) return null;
      const record = reads.withShares(before);
      requireVersion(record, ifVersions);
      deleteExpenseRow.run(id);
      applyDelta(before.trip_id, ledgerDelta([[record, -1]]));
      history.record(deletedEntry(record, actorId ?? null));
      return record;
    },
  );

  return {
    async listExpenses(tripId) {
      return reads.listExpenses(tripId);
    },
    async listExpensePage(tripId, page) {
      return reads.listExpensePage(tripId, page);
    },
    async shareTotal(tripId, userId) {
      return reads.shareTotal(tripId, userId);
    },
    async getExpense(id) {
      const row = reads.row(id);
      return row ? reads.withShares(row) : null;
    },
    async createExpense(tripId, input: NewExpense, homeCurrency, activity) {
      const expense = newExpenseRecord(tripId, input, timeOrderedId(), new Date().toISOString());
      // Concurrent expense writes share one transaction and one fsync, the reads of their trips and the update of
      // its totals (see group-commit.ts).
      await writeGrouped((group) =>
        create(
          expense,
          homeCurrency,
          group.shared(groupTripFacts, () => ({ read: ledger.tripFacts(), finish() {} })).read,
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
    async updateExpense(id, patch, actorId, ifVersions) {
      return update(id, withPayers(patch), actorId, ifVersions);
    },
    async deleteExpense(id, actorId, ifVersions) {
      return remove(id, actorId, ifVersions);
    },
  };
}

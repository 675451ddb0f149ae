import type Database from 'better-sqlite3';
import type { ExpenseRecord, ReceiptRecord, ReceiptStore, LedgerStore } from '../types';
import type { Migration } from './migrations';

export const receiptMigrations: Migration[] = [
  {
    // The receipt on an expense as JSON of ReceiptRecord (NULL without one): it goes with its expense's row.
    id: '014-expense-receipts',
    sql: 'ALTER TABLE expenses ADD COLUMN receipt TEXT;',
  },
];

/** The stored column read back: NULL, or a ReceiptRecord as JSON. */
export const receiptOf = (column: string | null): ReceiptRecord | null =>
  column === null ? null : (JSON.parse(column) as ReceiptRecord);

/** `split` reads the expense back: its getExpense runs synchronously, so nothing can write in between. */
export function sqliteReceipts(db: Database.Database, split: Pick<LedgerStore, 'getExpense'>): ReceiptStore {
  const receiptColumn = db.prepare<[string], { trip_id: string; receipt: string | null }>(
    'SELECT trip_id, receipt FROM expenses WHERE id = ?',
  );
  const writeReceipt = db.prepare('UPDATE expenses SET receipt = ?, updated_at = ? WHERE id = ?');
  const bumpVersion = db.prepare('UPDATE trips SET ledger_version = ledger_version + 1 WHERE id = ?');
  const receiptsOfTrip = db
    .prepare<[string], string>('SELECT receipt FROM expenses WHERE trip_id = ? AND receipt IS NOT NULL')
    .pluck();

  const set = db.transaction((id: string, receipt: ReceiptRecord | null) => {
    const before = receiptColumn.get(id);
    if (!before) return null;
    writeReceipt.run(receipt && JSON.stringify(receipt), new Date().toISOString(), id);
    bumpVersion.run(before.trip_id);
    return { replaced: receiptOf(before.receipt) };
  });

  return {
    async set(expenseId, receipt) {
      const written = set(expenseId, receipt);
      return written && { expense: (await split.getExpense(expenseId)) as ExpenseRecord, ...written };
    },
    async listForTrip(tripId) {
      return receiptsOfTrip.all(tripId).map((column) => receiptOf(column) as ReceiptRecord);
    },
  };
}

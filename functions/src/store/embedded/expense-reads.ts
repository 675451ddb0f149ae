import type Database from 'better-sqlite3';
import { expensePayers, type ExpenseCursor, type ExpensePayer, type StoredSplit } from '@wayfare/contract';
import { originalOf, storedSplitOr, type OriginalColumns } from '../shared/new-records';
import type { ExpenseRecord } from '../types';
import { receiptOf } from './receipts';

/** An expenses row: the record's columns, its JSON columns as text. */
export type ExpenseRow = Omit<
  ExpenseRecord,
  'shares' | 'split' | 'payers' | 'receipt' | 'original' | 'updated_by'
> & {
  updated_by: string | null;
  split: string | null;
  payers: string | null;
  receipt: string | null;
} & OriginalColumns;
type ShareRow = { expense_id: string; user_id: string; share_minor: number };
type PageParams = { trip: string; limit: number; date: string; created: string; id: string };

const LIST_ORDER = 'ORDER BY expense_date DESC, created_at DESC, id';

/** The expense reads: rows and their shares read together into records, lists and keyset pages. */
export function sqliteExpenseReads(db: Database.Database) {
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
  const sharesOfTrip = db.prepare<[string], ShareRow>(
    `SELECT s.expense_id, s.user_id, s.share_minor FROM expense_shares s JOIN expenses e ON e.id = s.expense_id
     WHERE e.trip_id = ? ORDER BY s.expense_id, s.position`,
  );
  const expenseById = db.prepare<[string], ExpenseRow>('SELECT * FROM expenses WHERE id = ?');
  const sharesOf = db.prepare<[string], ShareRow>(
    'SELECT expense_id, user_id, share_minor FROM expense_shares WHERE expense_id = ? ORDER BY position',
  );

  const toRecord = (
    { currency, original_amount_minor, rate, rate_source, rate_date, ...row }: ExpenseRow,
    shares: ExpenseRecord['shares'],
  ): ExpenseRecord => ({
    ...row,
    updated_by: row.updated_by ?? row.created_by,
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

  const attachShares = (rows: ExpenseRow[], shareRows: ShareRow[]): ExpenseRecord[] => {
    const shares = new Map<string, ExpenseRecord['shares']>();
    for (const { expense_id, user_id, share_minor } of shareRows) {
      const list = shares.get(expense_id) ?? [];
      list.push({ user_id, share_minor });
      shares.set(expense_id, list);
    }
    return rows.map((row) => toRecord(row, shares.get(row.id) ?? []));
  };

  return {
    /** The expense's row, as stored (null when absent). */
    row: (id: string) => expenseById.get(id) ?? null,
    /** The record of a row, its shares read. */
    withShares: (row: ExpenseRow): ExpenseRecord =>
      toRecord(
        row,
        sharesOf.all(row.id).map(({ user_id, share_minor }) => ({ user_id, share_minor })),
      ),
    listExpenses: (tripId: string): ExpenseRecord[] =>
      attachShares(expensesOf.all(tripId), sharesOfTrip.all(tripId)),
    listExpensePage(tripId: string, { limit, after }: { limit: number; after: ExpenseCursor | null }) {
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
    shareTotal: (tripId: string, userId: string) =>
      shareTotal.get({ trip: tripId, user: userId })?.share_minor ?? 0,
  };
}

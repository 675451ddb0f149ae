import type Database from 'better-sqlite3';
import type { LedgerStore } from '../types';
import { sqliteExpenses } from './expenses';
import { sqliteLedgerRows } from './ledger-rows';
import type { Migration } from './migrations';
import type { ReadMemos } from './read-memo';
import { sqliteSettlements } from './settlements';

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
    // An expense paid in another currency than the trip's: what was paid and the rate it was
    // converted at; all NULL for an expense in the home currency, which amount_cents alone describes.
    id: '015-expense-currencies',
    sql: `ALTER TABLE expenses ADD COLUMN currency TEXT;
    ALTER TABLE expenses ADD COLUMN original_amount_minor INTEGER;
    ALTER TABLE expenses ADD COLUMN rate TEXT;
    ALTER TABLE expenses ADD COLUMN rate_source TEXT;
    ALTER TABLE expenses ADD COLUMN rate_date TEXT;`,
  },
  {
    // Internal names say minor units: the amounts were always the currency's minor units, yen and
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
  {
    // The shares in one b-tree instead of three (the rowid table, its primary key's index and the
    // (expense, person) index each took every share row a write adds). Nothing read through (expense, person)
    // alone; an expense names a person once because its split is parsed so (contract's split schemas).
    id: 's12-writes2-shares-without-rowid',
    sql: `CREATE TABLE expense_shares_lean (
      expense_id TEXT NOT NULL REFERENCES expenses(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      user_id TEXT NOT NULL REFERENCES users(id),
      share_minor INTEGER NOT NULL CHECK (share_minor >= 0),
      PRIMARY KEY (expense_id, position)
    ) STRICT, WITHOUT ROWID;
    INSERT INTO expense_shares_lean (expense_id, position, user_id, share_minor)
      SELECT expense_id, position, user_id, share_minor FROM expense_shares;
    DROP TABLE expense_shares;
    ALTER TABLE expense_shares_lean RENAME TO expense_shares;`,
  },
  {
    // Conditional writes: the expense's version (every row so far is its first) and who made it (NULL: its
    // creator, who made every version written before).
    id: '016-expense-versions',
    sql: `ALTER TABLE expenses ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE expenses ADD COLUMN updated_by TEXT;`,
  },
];

/**
 * The ledger of the embedded store (LedgerStore): expenses (expenses.ts, their reads in expense-reads.ts) and
 * settlements (settlements.ts), sharing the statements that apply a write's ledger delta (ledger-rows.ts).
 */
export function sqliteLedger(db: Database.Database, memos: ReadMemos): LedgerStore {
  const ledger = sqliteLedgerRows(db);
  return { ...sqliteExpenses(db, ledger), ...sqliteSettlements(db, memos, ledger) };
}

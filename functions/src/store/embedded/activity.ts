import type Database from 'better-sqlite3';
import type {
  ActivityChange,
  ActivityEntry,
  BudgetCategories,
  BudgetKind,
  TripBudget,
} from '@wayfare/contract';
import { entryData, newActivity } from '../shared/activity-entries';
import { RestoredAlreadyError, type ActivityStore, type BudgetStore } from '../types';
import type { Migration } from './migrations';

export const activityMigrations: Migration[] = [
  {
    // Each trip's history of ledger changes (the change itself as JSON), newest first by its
    // time-ordered id; and the trip's budget, one row per trip.
    id: '090-trip-activity-and-budgets',
    sql: `CREATE TABLE trip_activity (
      id TEXT PRIMARY KEY,
      trip_id TEXT NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
      at TEXT NOT NULL,
      actor_id TEXT,
      kind TEXT NOT NULL,
      data TEXT NOT NULL
    ) STRICT;
    CREATE INDEX trip_activity_by_trip ON trip_activity(trip_id, id);
    CREATE TABLE trip_budgets (
      trip_id TEXT PRIMARY KEY REFERENCES trips(id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('total', 'per_day')),
      amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
      categories TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      updated_by TEXT
    ) STRICT, WITHOUT ROWID;`,
  },
];

type EntryRow = {
  id: string;
  trip_id: string;
  at: string;
  actor_id: string | null;
  kind: string;
  data: string;
};
type BudgetRow = Omit<TripBudget, 'categories'> & { categories: string };

const entryOf = (row: EntryRow) =>
  ({
    id: row.id,
    trip_id: row.trip_id,
    at: row.at,
    actor_id: row.actor_id,
    ...(JSON.parse(row.data) as ActivityChange),
  }) as ActivityEntry;

/**
 * The history's writes, for the adapters' write functions to call inside their own transactions: `record` adds
 * an entry; `created` an expense create's, marking the deleted expense's entry a restoration restores (throwing
 * RestoredAlreadyError when it is not one, or already was).
 */
export function sqliteActivityLog(db: Database.Database) {
  const insert = db.prepare(
    'INSERT INTO trip_activity (id, trip_id, at, actor_id, kind, data) VALUES (@id, @trip_id, @at, @actor_id, @kind, @data)',
  );
  const restore = db.prepare(
    `UPDATE trip_activity SET data = json_set(data, '$.restored_as', @expense)
     WHERE id = @entry AND trip_id = @trip AND kind = 'expense.deleted'
       AND json_extract(data, '$.restored_as') IS NULL`,
  );
  const record = (entry: ActivityEntry) => {
    insert.run({ ...entry, data: JSON.stringify(entryData(entry)) });
  };
  return {
    record,
    change(tripId: string, actorId: string | null, change: ActivityChange) {
      record(newActivity(tripId, actorId, change));
    },
    /** An expense create's entry; a restoration first marks the deleted expense's entry restored as it. */
    created(entry: ActivityEntry, restoredFrom: string | undefined) {
      if (restoredFrom && 'expense' in entry) {
        const marked = restore.run({ trip: entry.trip_id, entry: restoredFrom, expense: entry.expense.id });
        if (marked.changes === 0) throw new RestoredAlreadyError(restoredFrom);
      }
      record(entry);
    },
  };
}
export type SqliteActivityLog = ReturnType<typeof sqliteActivityLog>;

export function sqliteActivity(db: Database.Database): ActivityStore {
  const newest = db.prepare<[{ trip: string; limit: number }], EntryRow>(
    'SELECT * FROM trip_activity WHERE trip_id = @trip ORDER BY id DESC LIMIT @limit',
  );
  const older = db.prepare<[{ trip: string; limit: number; before: string }], EntryRow>(
    'SELECT * FROM trip_activity WHERE trip_id = @trip AND id < @before ORDER BY id DESC LIMIT @limit',
  );
  const all = db.prepare<[string], EntryRow>('SELECT * FROM trip_activity WHERE trip_id = ? ORDER BY id');
  const one = db.prepare<[string, string], EntryRow>(
    'SELECT * FROM trip_activity WHERE trip_id = ? AND id = ?',
  );
  return {
    async list(tripId, { limit, before }) {
      const rows = before ? older.all({ trip: tripId, limit, before }) : newest.all({ trip: tripId, limit });
      return rows.map(entryOf);
    },
    async listAll(tripId) {
      return all.all(tripId).map(entryOf);
    },
    async get(tripId, id) {
      const row = one.get(tripId, id);
      return row ? entryOf(row) : null;
    },
  };
}

export function sqliteBudgets(db: Database.Database): BudgetStore {
  const log = sqliteActivityLog(db);
  const read = db.prepare<[string], BudgetRow>(
    'SELECT kind, amount_minor, categories, updated_at, updated_by FROM trip_budgets WHERE trip_id = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO trip_budgets (trip_id, kind, amount_minor, categories, updated_at, updated_by)
     VALUES (@trip_id, @kind, @amount_minor, @categories, @updated_at, @updated_by)
     ON CONFLICT (trip_id) DO UPDATE SET kind = excluded.kind, amount_minor = excluded.amount_minor,
       categories = excluded.categories, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
  );
  const tripExists = db.prepare<[string], number>('SELECT 1 FROM trips WHERE id = ?').pluck();
  // Live listeners and cached pages see a new ledger version, as with every change the history records.
  const bumpVersion = db.prepare('UPDATE trips SET ledger_version = ledger_version + 1 WHERE id = ?');
  const budgetOf = (row: BudgetRow): TripBudget => ({
    kind: row.kind as BudgetKind,
    amount_minor: row.amount_minor,
    categories: JSON.parse(row.categories) as BudgetCategories,
    updated_at: row.updated_at,
    updated_by: row.updated_by,
  });
  const set = db.transaction((tripId: string, budget: TripBudget): TripBudget | null => {
    if (!tripExists.get(tripId)) return null;
    const before = read.get(tripId);
    upsert.run({ ...budget, trip_id: tripId, categories: JSON.stringify(budget.categories) });
    bumpVersion.run(tripId);
    const { kind, amount_minor, categories } = budget;
    log.change(tripId, budget.updated_by, {
      kind: 'budget.changed',
      before: before
        ? {
            kind: before.kind as BudgetKind,
            amount_minor: before.amount_minor,
            categories: budgetOf(before).categories,
          }
        : null,
      after: { kind, amount_minor, categories },
    });
    return budget;
  });
  return {
    async get(tripId) {
      const row = read.get(tripId);
      return row ? budgetOf(row) : null;
    },
    async set(tripId, budget, actorId) {
      return set(tripId, { ...budget, updated_at: new Date().toISOString(), updated_by: actorId });
    },
  };
}

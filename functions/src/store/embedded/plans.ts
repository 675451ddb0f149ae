import type Database from 'better-sqlite3';
import { planDuplicateKey } from '@wayfare/contract';
import { newPlanRecord } from '../shared/new-records';
import type { NewPlan, PlanRecord, PlanStore } from '../types';
import type { Migration } from './migrations';

export const planMigrations: Migration[] = [
  {
    id: '003-daily-plans',
    sql: `CREATE TABLE daily_plans (
      id TEXT PRIMARY KEY,
      trip_id TEXT NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
      plan_date TEXT NOT NULL,
      category TEXT NOT NULL,
      title TEXT NOT NULL,
      description TEXT NOT NULL,
      sort_order INTEGER NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX daily_plans_by_trip ON daily_plans(trip_id, plan_date, sort_order);`,
  },
  {
    // Existing plans stay untimed. "HH:MM" sorts as text.
    id: '020-plan-times',
    sql: `ALTER TABLE daily_plans ADD COLUMN start_time TEXT;
    ALTER TABLE daily_plans ADD COLUMN duration_minutes INTEGER;`,
  },
];

type PlanRow = Omit<PlanRecord, 'order'> & { sort_order: number };

const fromRow = ({ sort_order, ...rest }: PlanRow): PlanRecord => ({ ...rest, order: sort_order });

export function sqlitePlans(db: Database.Database): PlanStore {
  const SELECT = `SELECT id, trip_id, plan_date, category, title, description, sort_order, start_time,
    duration_minutes, created_at FROM daily_plans`;
  // comparePlans: by date, timed plans by start time, then untimed ones, each by order, creation and id.
  const list = db.prepare<[string], PlanRow>(
    `${SELECT} WHERE trip_id = ? ORDER BY plan_date, start_time IS NULL, start_time, sort_order, created_at, id`,
  );
  const one = db.prepare<[string, string], PlanRow>(`${SELECT} WHERE trip_id = ? AND id = ?`);
  const nextOrder = db.prepare<[string, string], { next: number }>(
    'SELECT COALESCE(MAX(sort_order) + 1, 0) AS next FROM daily_plans WHERE trip_id = ? AND plan_date = ?',
  );
  const insert = db.prepare(
    `INSERT INTO daily_plans (id, trip_id, plan_date, category, title, description, sort_order, start_time,
       duration_minutes, created_at)
     VALUES (@id, @trip_id, @plan_date, @category, @title, @description, @sort_order, @start_time,
       @duration_minutes, @created_at)`,
  );
  // @timed is 1 when the plan's time is given: start and duration are then both written (null clears them).
  const update = db.prepare(
    `UPDATE daily_plans SET plan_date = @plan_date, category = @category, title = @title,
       description = @description, sort_order = COALESCE(@sort_order, sort_order),
       start_time = CASE WHEN @timed THEN @start_time ELSE start_time END,
       duration_minutes = CASE WHEN @timed THEN @duration_minutes ELSE duration_minutes END
     WHERE trip_id = @trip_id AND id = @id`,
  );
  const remove = db.prepare('DELETE FROM daily_plans WHERE trip_id = ? AND id = ?');

  const insertOne = (tripId: string, plan: NewPlan): PlanRecord => {
    const record = newPlanRecord(
      tripId,
      plan,
      plan.order ?? (nextOrder.get(tripId, plan.plan_date)?.next as number),
    );
    const { order, ...row } = record;
    insert.run({ ...row, sort_order: order });
    return record;
  };

  // better-sqlite3 transactions are synchronous, so the duplicate check and the inserts cannot interleave.
  const createMany = db.transaction((tripId: string, plans: NewPlan[]) => {
    const seen = new Set(list.all(tripId).map(planDuplicateKey));
    const created: PlanRecord[] = [];
    for (const plan of plans) {
      const key = planDuplicateKey(plan);
      if (seen.has(key)) continue;
      seen.add(key);
      created.push(insertOne(tripId, plan));
    }
    return { plans: created, skipped: plans.length - created.length };
  });

  return {
    async list(tripId) {
      return list.all(tripId).map(fromRow);
    },
    async get(tripId, planId) {
      const row = one.get(tripId, planId);
      return row ? fromRow(row) : null;
    },
    async create(tripId, plan) {
      return db.transaction(() => insertOne(tripId, plan))();
    },
    async createMany(tripId, plans) {
      return createMany(tripId, plans);
    },
    async update(tripId, planId, plan) {
      const changed = update.run({
        plan_date: plan.plan_date,
        category: plan.category,
        title: plan.title,
        description: plan.description,
        sort_order: plan.order ?? null,
        timed: plan.start_time !== undefined || plan.duration_minutes !== undefined ? 1 : 0,
        start_time: plan.start_time ?? null,
        duration_minutes: plan.duration_minutes ?? null,
        trip_id: tripId,
        id: planId,
      }).changes;
      return changed ? this.get(tripId, planId) : null;
    },
    async delete(tripId, planId) {
      return remove.run(tripId, planId).changes > 0;
    },
  };
}

import { randomUUID } from 'node:crypto';
import { DEFAULT_HOME_CURRENCY, type StoredSplit } from '@wayfare/contract';
import {
  withPayers,
  type ExpenseOriginal,
  type ExpenseRecord,
  type NewExpense,
  type NewPlan,
  type NewTrip,
  type PlanRecord,
  type TripRecord,
} from '../types';

/** A new trip as every adapter stores it: a fresh id, its owner, an empty ledger and both timestamps now. */
export function newTripRecord(ownerId: string, input: NewTrip): TripRecord {
  const now = new Date().toISOString();
  return {
    ...input,
    home_currency: input.home_currency ?? DEFAULT_HOME_CURRENCY,
    id: randomUUID(),
    owner_id: ownerId,
    expense_count: 0,
    total_expenses_minor: 0,
    ledger_version: 0,
    created_at: now,
    updated_at: now,
  };
}

/**
 * A new expense as every adapter stores it: the payers as the port keeps them, the id the adapter makes (its own
 * kind: time-ordered rows, or ids under the trip), the trip, no receipt yet, both timestamps `now`, and its first
 * version, by its creator.
 */
export const newExpenseRecord = (
  tripId: string,
  input: NewExpense,
  id: string,
  now: string,
): ExpenseRecord => ({
  ...withPayers(input),
  id,
  trip_id: tripId,
  created_at: now,
  updated_at: now,
  version: 1,
  updated_by: input.created_by,
  receipt: null,
});

/** A new plan as every adapter stores it: a fresh id, its place in the day's order, and its creation time now. */
export const newPlanRecord = (tripId: string, plan: NewPlan, order: number): PlanRecord => ({
  id: randomUUID(),
  trip_id: tripId,
  plan_date: plan.plan_date,
  category: plan.category,
  title: plan.title,
  description: plan.description,
  order,
  start_time: plan.start_time ?? null,
  duration_minutes: plan.duration_minutes ?? null,
  created_at: new Date().toISOString(),
});

/**
 * The split of an expense stored before splits were kept (no method): read as custom amounts of its stored shares,
 * which is exactly what they are.
 */
export function storedSplitOr(
  split: StoredSplit | null | undefined,
  shares: ExpenseRecord['shares'],
): StoredSplit {
  return (
    split ?? {
      method: 'custom',
      people: shares.map((share) => ({ user_id: share.user_id, weight: share.share_minor })),
    }
  );
}

/** The columns of an expense's original currency, as the embedded store keeps them (all null in the home currency). */
export interface OriginalColumns {
  currency: string | null;
  original_amount_minor: number | null;
  rate: string | null;
  rate_source: ExpenseOriginal['rate_source'] | null;
  rate_date: string | null;
}

export const originalColumns = (original: ExpenseOriginal | undefined): OriginalColumns => ({
  currency: original?.currency ?? null,
  original_amount_minor: original?.amount_minor ?? null,
  rate: original?.rate ?? null,
  rate_source: original?.rate_source ?? null,
  rate_date: original?.rate_date ?? null,
});

/** The original of stored columns; absent (not null) in the home currency, so records compare as before. */
export function originalOf(columns: OriginalColumns): { original?: ExpenseOriginal } {
  const { currency, original_amount_minor, rate, rate_source, rate_date } = columns;
  if (currency === null || original_amount_minor === null || rate === null || rate_source === null) return {};
  return {
    original: {
      currency,
      amount_minor: original_amount_minor,
      rate,
      rate_source,
      rate_date: rate_date ?? '',
    },
  };
}

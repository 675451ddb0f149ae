import { randomUUID } from 'node:crypto';
import { DEFAULT_HOME_CURRENCY, type StoredSplit } from '@wayfare/contract';
import type { ExpenseOriginal, ExpenseRecord, NewTrip, TripRecord } from './types';

/** A new trip as every adapter stores it: a fresh id, its owner, an empty ledger and both timestamps now. */
export function newTripRecord(ownerId: string, input: NewTrip): TripRecord {
  const now = new Date().toISOString();
  return {
    ...input,
    home_currency: input.home_currency ?? DEFAULT_HOME_CURRENCY,
    id: randomUUID(),
    owner_id: ownerId,
    expense_count: 0,
    total_expenses_cents: 0,
    ledger_version: 0,
    created_at: now,
    updated_at: now,
  };
}

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
      people: shares.map((share) => ({ user_id: share.user_id, weight: share.share_cents })),
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

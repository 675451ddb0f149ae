import { randomUUID } from 'node:crypto';
import type { StoredSplit } from '@wayfare/contract';
import type { ExpenseRecord, NewTrip, TripRecord } from './types';

/** A new trip as every adapter stores it: a fresh id, its owner, an empty ledger and both timestamps now. */
export function newTripRecord(ownerId: string, input: NewTrip): TripRecord {
  const now = new Date().toISOString();
  return {
    ...input,
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

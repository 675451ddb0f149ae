import { randomUUID } from 'node:crypto';
import type { NewTrip, TripRecord } from './types';

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

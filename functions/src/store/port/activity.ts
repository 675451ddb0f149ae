/**
 * The trip's activity history and budget, as the port offers them. Every ledger write records its history entry in
 * its own atomic write, so the history can never disagree with the ledger; both adapters make the entries with
 * shared/activity-entries.ts.
 */
import type { ActivityEntry, TripBudget } from '@wayfare/contract';

/**
 * Who a write is made by, for its history entry: the member's id (null when no member made it). An expense create
 * without one is recorded as made by its creator; `restored_from` makes it the restoration of that deleted
 * expense's entry, which is marked restored in the same write (RestoredAlreadyError when it already was).
 */
export interface ActivityContext {
  actor_id: string | null;
  restored_from?: string;
}

export interface ActivityStore {
  /** Newest first: up to `limit` entries older than the entry `before` (from the newest when null). */
  list(tripId: string, page: { limit: number; before: string | null }): Promise<ActivityEntry[]>;
  /** Oldest first, every entry (the JSON export). */
  listAll(tripId: string): Promise<ActivityEntry[]>;
  get(tripId: string, id: string): Promise<ActivityEntry | null>;
}

export type BudgetFields = Omit<TripBudget, 'updated_at' | 'updated_by'>;

export interface BudgetStore {
  get(tripId: string): Promise<TripBudget | null>;
  /**
   * Replaces the trip's budget and records the change in its history in one atomic write (and, for live listeners,
   * as a ledger change); null when the trip does not exist.
   */
  set(tripId: string, budget: BudgetFields, actorId: string | null): Promise<TripBudget | null>;
}

/**
 * Households of a trip (contract/src/households.ts): named groups of its members who settle as one, each naming the
 * member who pays and receives for it; and the trip's switch that settles by them. A person is in at most one
 * household of a trip. Every write here, and a member's departure from a household, moves the trip's
 * ledger_version in the same atomic write, so settlement answers cached under the version are never stale.
 */
export interface HouseholdRecord {
  id: string;
  trip_id: string;
  name: string;
  /** One of member_ids. */
  payer_user_id: string;
  /** Members of the trip, in the order they were chosen. */
  member_ids: string[];
  created_at: string;
  updated_at: string;
}

/** A household as created or replaced whole (the caller checked the payer is a member and no id repeats). */
export interface HouseholdDraft {
  name: string;
  member_ids: string[];
  payer_user_id: string;
}

export type HouseholdWrite =
  | { outcome: 'saved'; household: HouseholdRecord }
  /** No household of that id in the trip (nothing written). */
  | { outcome: 'not-found' }
  /** Someone chosen is not a member of the trip (nothing written). */
  | { outcome: 'not-member' }
  /** Someone chosen is in another household of the trip, named `household` (nothing written). */
  | { outcome: 'taken'; household: string };

export interface TripHouseholds {
  settle_by_household: boolean;
  /** Oldest first. */
  households: HouseholdRecord[];
}

export interface HouseholdStore {
  /** The trip's households and switch; none and off for a trip that has none (or does not exist). */
  list(tripId: string): Promise<TripHouseholds>;
  create(tripId: string, draft: HouseholdDraft): Promise<HouseholdWrite>;
  /** Replaces the household's name, members and payer. */
  update(tripId: string, householdId: string, draft: HouseholdDraft): Promise<HouseholdWrite>;
  /** False when the trip has no household of that id. */
  remove(tripId: string, householdId: string): Promise<boolean>;
  /** False when there is no such trip. */
  setSettleByHousehold(tripId: string, on: boolean): Promise<boolean>;
}

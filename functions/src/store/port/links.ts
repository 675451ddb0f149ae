import type { LinkKind } from '@wayfare/contract';

/** A link that opens part of a trip without a session (contract/links.ts). */
export interface LinkRecord {
  /** Random and unguessable; the link's address carries it, signed. */
  id: string;
  trip_id: string;
  kind: LinkKind;
  /** The member whose calendar feed it is; null for the trip's share link (one per trip). */
  member_id: string | null;
  /** The member who made it. */
  created_by: string;
  created_at: string;
}

export type NewLink = Omit<LinkRecord, 'created_at'>;

/** Links live under their trip and go with it. */
export interface LinkStore {
  /**
   * Makes the link the only one in its slot (its trip, kind and member) in one atomic write: the link it replaces
   * stops working.
   */
  replace(link: NewLink): Promise<LinkRecord>;
  /** The trip's link with this id; null once it is revoked or replaced (or never was). */
  get(tripId: string, id: string): Promise<LinkRecord | null>;
  /** The link in the slot, or null. */
  current(tripId: string, kind: LinkKind, memberId: string | null): Promise<LinkRecord | null>;
  /** Deletes the link in the slot; false when there was none. */
  revoke(tripId: string, kind: LinkKind, memberId: string | null): Promise<boolean>;
}

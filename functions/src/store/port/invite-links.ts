import type { MemberRecord } from './members';

/** A trip's invite link as stored: only the SHA-256 hash of its token, never the token. */
export interface InviteLinkRecord {
  token_hash: string;
  trip_id: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  /** How many may join by it; null for no limit. */
  max_uses: number | null;
  /** How many joined by it (people already members are not counted). */
  uses: number;
  /** Set when a member turned it off or a newer link replaced it. */
  revoked_at: string | null;
}

export type JoinByLinkOutcome =
  | { outcome: 'unknown' | 'revoked' | 'expired' | 'used-up' }
  | { outcome: 'joined' | 'member'; member: MemberRecord };

export interface InviteLinkStore {
  /** Stores the trip's new link and turns off its previous one (revoked_at = created_at) in one atomic write. */
  create(link: Omit<InviteLinkRecord, 'revoked_at' | 'uses'>): Promise<InviteLinkRecord>;
  /** The trip's link that nobody turned off (it may have expired), with its creator's username; null when none. */
  active(tripId: string): Promise<(InviteLinkRecord & { created_by_username: string }) | null>;
  /** The link of the token's hash, whatever its state; null when there is none. */
  find(tokenHash: string): Promise<InviteLinkRecord | null>;
  /** Turns off the trip's active link at `at`; false when there is none. */
  revoke(tripId: string, at: string): Promise<boolean>;
  /**
   * In one atomic write: the link's state at `at`, and when it is usable, the user's membership ('member' when
   * they were one already; 'joined' when made now, which counts a use and clears a pending invitation of theirs).
   */
  join(tokenHash: string, userId: string, at: string): Promise<JoinByLinkOutcome>;
}

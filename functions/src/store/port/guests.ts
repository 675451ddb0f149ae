import type { MemberRecord } from './members';

/**
 * A guest's claim link as stored: only the SHA-256 hash of its token. One live link per guest: a new one turns the
 * last off; accepting uses it up.
 */
export interface ClaimLinkRecord {
  token_hash: string;
  trip_id: string;
  guest_id: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  used_at: string | null;
}

export type NewClaimLink = Omit<ClaimLinkRecord, 'revoked_at' | 'used_at'>;

export type AddGuestOutcome =
  /** A new guest, a participant now; 'rejoined': a guest of that name had been removed and is back, balance and all. */
  | { outcome: 'added' | 'rejoined'; member: MemberRecord }
  /** A participant of the trip is a guest of that name already (compared case-insensitively). */
  | { outcome: 'taken' };

export type ClaimOutcome =
  | { outcome: 'unknown' | 'revoked' | 'expired' | 'used' }
  /** The claimer is a participant of the trip, or its ledger names them: merging two people is not offered. */
  | { outcome: 'already-in-trip' }
  | { outcome: 'claimed'; member: MemberRecord; guest_id: string };

/**
 * People in a trip's ledger without an account. A guest is a user record (`guest_trip_id` set, no email, username or
 * password, never able to sign in) with a membership of that one trip, so every expense, share and settlement names
 * them by user id like anyone else.
 */
export interface GuestStore {
  /** Adds the guest in one atomic write (their user record, membership and history entry; `name` as given). */
  add(tripId: string, name: string, addedBy: string): Promise<AddGuestOutcome>;
  /**
   * Any member removes a guest, whatever the ledger says (what they owe or are owed stays, shown as having left),
   * and their live claim link is turned off, in one atomic write. 'not-guest': no guest participant of that id.
   */
  remove(tripId: string, guestId: string, actorId: string): Promise<'removed' | 'not-guest'>;
  /**
   * Stores the guest's new claim link and turns off their previous one; null (nothing written) when `guest_id` is not
   * a guest participant of `trip_id`.
   */
  createClaimLink(link: NewClaimLink): Promise<ClaimLinkRecord | null>;
  /** Turns off the guest's live link at `at`; false when there is none. */
  revokeClaimLink(tripId: string, guestId: string, at: string): Promise<boolean>;
  findClaimLink(tokenHash: string): Promise<ClaimLinkRecord | null>;
  /**
   * In one atomic write: the link's state at `at`, and when it is usable and the guest still a participant, the user
   * becomes the guest: every membership, expense (payer, creator, payers, split, shares, receipt), settlement, kept
   * total, history entry and budget naming the guest names the user; the guest's user record is deleted, the link
   * used up and the ledger version moved. No amount changes. 'revoked' when the guest was removed meanwhile.
   */
  claim(tokenHash: string, userId: string, at: string): Promise<ClaimOutcome>;
}

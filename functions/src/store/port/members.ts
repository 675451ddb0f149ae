import type { TripRole } from '@wayfare/contract';

export interface MemberRecord {
  trip_id: string;
  user_id: string;
  role: TripRole;
  joined_at: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  /** A guest (port/guests.ts): in the ledger by name, without an account. */
  is_guest: boolean;
  /** Whole shares the member stands for in a by_shares split, 1–99 (absent in older records: 1). */
  weight: number;
}

export interface MemberStore {
  roleOf(tripId: string, userId: string): Promise<TripRole | null>;
  /** The trip's members with their names, the owner first, then by joining time. */
  list(tripId: string): Promise<MemberRecord[]>;
  /**
   * Adds a participant, remembering who added them directly (`addedBy`), and clears any pending invitation of
   * theirs to the trip, in one atomic write; throws UniqueConstraintError('member') when already a member.
   */
  add(tripId: string, userId: string, addedBy?: string): Promise<MemberRecord>;
  /** Whether the two users are both members of some trip now. */
  shareATrip(userId: string, otherUserId: string): Promise<boolean>;
  /**
   * Hands the trip from its owner `fromUserId` to the participant `toUserId` in one atomic write (both roles and the
   * trip's owner_id): 'not-owner' when `fromUserId` is not its owner, 'not-member' when `toUserId` is not a
   * participant; nothing is written then.
   */
  transferOwnership(
    tripId: string,
    fromUserId: string,
    toUserId: string,
  ): Promise<'transferred' | 'not-owner' | 'not-member'>;
  /**
   * Removes a participant (never the owner) only if the ledger does not name them (they paid, share in, or are
   * named by a settlement of the trip): the check and the removal are one atomic operation, so no expense can
   * name them in between.
   */
  remove(tripId: string, userId: string, actorId?: string): Promise<'removed' | 'not-member' | 'in-ledger'>;
  /**
   * The participant leaves, whatever the ledger says: what they owe or are owed stays in it under their name. The
   * owner never leaves (spec §6: 'owner', nothing written): they hand the trip over first or delete it.
   */
  leave(tripId: string, userId: string): Promise<'left' | 'not-member' | 'owner'>;
  /**
   * Sets the member's weight (1–99, checked by the caller); null when they are not a member. Expenses keep the
   * splits they were decided with: only splits decided from now on read it.
   */
  setWeight(tripId: string, userId: string, weight: number, actorId: string): Promise<MemberRecord | null>;
}

/** Someone asked to join a trip who has not answered yet. Declining deletes it; accepting makes a membership. */
export interface InvitationRecord {
  trip_id: string;
  /** The invitee. */
  user_id: string;
  invited_by: string;
  created_at: string;
}

/** A pending invitation as the trip's members see it: the invitee's username only, never their email. */
export interface TripInvitation extends InvitationRecord {
  username: string;
}

/** A pending invitation as the invitee sees it: enough of the trip to decide, nothing of its ledger or plans. */
export interface UserInvitation extends InvitationRecord {
  trip_name: string;
  city_name: string;
  start_date: string | null;
  end_date: string | null;
  invited_by_username: string;
}

export interface InvitationStore {
  /**
   * Invites the user to the trip in one atomic write; throws UniqueConstraintError('member') when they are a member
   * already, UniqueConstraintError('invitation') when an invitation is pending.
   */
  create(tripId: string, userId: string, invitedBy: string): Promise<InvitationRecord>;
  /** The trip's pending invitations, oldest first. */
  listForTrip(tripId: string): Promise<TripInvitation[]>;
  /** The user's pending invitations, newest first. */
  listForUser(userId: string): Promise<UserInvitation[]>;
  /** Turns the pending invitation into a membership in one atomic write; null when there is none. */
  accept(tripId: string, userId: string): Promise<MemberRecord | null>;
  /** Deletes the pending invitation; false when there is none. */
  decline(tripId: string, userId: string): Promise<boolean>;
}

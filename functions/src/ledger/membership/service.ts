/**
 * Who is on a trip (spec §2, §6, §7). The caller's membership comes resolved with the request
 * (../scope.ts), except for the invitee's own side (an invitation is not a membership).
 * - Any member lists the participants and the pending invitations, and adds a registered user by email or username:
 *   a participant at once, unless that person's own setting ("Who can add me to a trip", contract add-policy.ts)
 *   says otherwise: then the add becomes an invitation they accept or decline, and the answer says so (202,
 *   `outcome: 'invited'`). 'shared_trip' lets in people who are in some trip with them now; 'nobody' always asks.
 * - A person added directly is told by whom on their trip list (`added_by_username`) and may leave at once.
 * - The invitee sees only the invitation (trip name, city, dates, who invited them) until they accept or decline.
 * - The owner may remove any participant who does not appear in the ledger (paid, shares in, or is named by a
 *   settlement): someone in it is never pushed out (409), checked in the same atomic write as the removal.
 * - Any participant may leave, whatever the ledger says: what they owe or are owed stays under their name, settled
 *   like any other balance (they are shown as having left). The owner is never removed and cannot leave (409).
 * - The owner hands the trip to another participant in one atomic step ("Make owner"); the owner never leaves.
 * - Beside the spec, any member sets any participant's weight (whole shares, 1–99) for by_shares splits.
 * - Beside the spec, any member reads another participant's payment handles, to pay them a settlement.
 * - Beside the spec, any member adds a guest by name (`guest_name`: someone without an account, store/port/guests.ts)
 *   and removes one whatever the ledger says (their balance stays, shown as having left). A guest never owns a trip.
 */
import {
  guestNameTaken,
  invitedInsteadMessage,
  OWNER_CANNOT_BE_REMOVED,
  OWNER_CANNOT_LEAVE,
  type AddParticipantBody,
  type AddParticipantResponse,
  type LedgerChangeKind,
  type ParticipantPaymentHandlesResponse,
  type Participant,
  type TripInvitation,
  type UserInvitation,
} from '@wayfare/contract';
import { HttpError } from '../../http/errors';
import { UniqueConstraintError, type Store, type UserRecord } from '../../store/types';
import { requireOwnerRole } from '../../trips/access';
import type { LedgerNotices } from '../../store/port/ledger-notices';
import { toInvitation, toParticipant } from '../people';
import type { TripScope } from '../scope';

export const NEW_OWNER_NOT_PARTICIPANT = 'The new owner must be a participant of this trip';
export const STILL_IN_LEDGER =
  'This participant still has expenses or settlements on this trip, so they cannot be removed. They can leave the trip themselves, keeping their balance.';
export const ALREADY_PARTICIPANT = 'That person is already a participant of this trip';
export const ALREADY_INVITED = 'That person has already been invited to this trip';
export const NO_INVITATION = 'No pending invitation to this trip';
export const NOT_A_MEMBER = 'That person is not a participant of this trip';
export const GUEST_CANNOT_OWN =
  'A guest cannot own the trip. They can take over their place with an account first, then become the owner.';

export function createMembershipService({ store, notices }: { store: Store; notices: LedgerNotices }) {
  /** Tells the trip's open ledger pages of a committed write (the one place this service emits). */
  const emit = (kind: LedgerChangeKind, tripId: string, id: string) =>
    notices.changed({ kind, trip_id: tripId, subject_id: id, at: new Date().toISOString() });

  /** Whether the person's own setting lets `adder` add them without asking. */
  async function mayAddDirectly(adder: UserRecord, person: UserRecord): Promise<boolean> {
    if (person.add_policy === 'anyone') return true;
    if (person.add_policy === 'nobody') return false;
    return store.members.shareATrip(adder.id, person.id);
  }

  /** 409 for someone already in (or already invited to) the trip; other errors pass. */
  function refusedAsDuplicate(err: unknown): never {
    if (err instanceof UniqueConstraintError) {
      throw new HttpError(409, err.field === 'member' ? ALREADY_PARTICIPANT : ALREADY_INVITED);
    }
    throw err;
  }

  return {
    async listParticipants({ trip }: TripScope): Promise<Participant[]> {
      return (await store.members.list(trip.id)).map(toParticipant);
    },

    async listInvitations({ trip }: TripScope): Promise<TripInvitation[]> {
      return (await store.invitations.listForTrip(trip.id)).map(toInvitation);
    },

    /** By email or username: a participant at once, or an invitation where their setting asks for one. */
    async addParticipant(
      { trip, user }: TripScope,
      body: AddParticipantBody,
    ): Promise<AddParticipantResponse> {
      const tripId = trip.id;
      if (body.guest_name !== undefined) {
        const added = await store.guests.add(tripId, body.guest_name, user.id);
        if (added.outcome === 'taken') throw new HttpError(409, guestNameTaken(body.guest_name));
        await emit('participant.added', tripId, added.member.user_id);
        return { outcome: 'added', participant: toParticipant(added.member) };
      }
      const person = body.email
        ? await store.users.findByEmail(body.email)
        : await store.users.findByUsername(body.username as string);
      if (!person) {
        throw new HttpError(
          404,
          body.email ? 'No user found with that email' : 'No user found with that username',
        );
      }
      if (await store.members.roleOf(tripId, person.id)) throw new HttpError(409, ALREADY_PARTICIPANT);
      if (await mayAddDirectly(user, person)) {
        const member = await store.members.add(tripId, person.id, user.id).catch(refusedAsDuplicate);
        await emit('participant.added', tripId, person.id);
        return { outcome: 'added', participant: toParticipant(member) };
      }
      const invitation = await store.invitations.create(tripId, person.id, user.id).catch(refusedAsDuplicate);
      await emit('participant.invited', tripId, person.id);
      return {
        outcome: 'invited',
        invitation: toInvitation({ ...invitation, username: person.username }),
        message: invitedInsteadMessage(person.username),
      };
    },

    /** The owner hands the trip to another participant (both roles and the trip's owner in one write). */
    async makeOwner(scope: TripScope, newOwnerId: string): Promise<Participant[]> {
      requireOwnerRole(scope, 'hand the trip to someone else');
      const { trip, user } = scope;
      if (newOwnerId === user.id) throw new HttpError(409, 'You are already the owner of this trip');
      if ((await store.users.findById(newOwnerId))?.guest_trip_id === trip.id) {
        throw new HttpError(409, GUEST_CANNOT_OWN);
      }
      const outcome = await store.members.transferOwnership(trip.id, user.id, newOwnerId);
      if (outcome === 'not-owner')
        throw new HttpError(403, 'Only the trip owner can hand the trip to someone else');
      if (outcome === 'not-member') throw new HttpError(404, NEW_OWNER_NOT_PARTICIPANT);
      await emit('participant.owner', trip.id, newOwnerId);
      return (await store.members.list(trip.id)).map(toParticipant);
    },

    /**
     * Any member sets anyone's weight (a family as one participant: their head count). Expenses already split keep
     * their shares; open pages refetch the participants.
     */
    async setWeight({ trip, user }: TripScope, userId: string, weight: number): Promise<Participant> {
      const member = await store.members.setWeight(trip.id, userId, weight, user.id);
      if (!member) throw new HttpError(404, NOT_A_MEMBER);
      await emit('participant.weight', trip.id, userId);
      return toParticipant(member);
    },

    /** A member's payment handles, read by another member to pay them; someone not on the trip is not found. */
    async paymentHandles({ trip }: TripScope, userId: string): Promise<ParticipantPaymentHandlesResponse> {
      const person = (await store.members.roleOf(trip.id, userId)) && (await store.users.findById(userId));
      if (!person) throw new HttpError(404, NOT_A_MEMBER);
      return { user_id: person.id, payment_handles: person.payment_handles };
    },

    /**
     * Oneself: leaving, allowed to every participant (never the owner, spec §6). Someone else: the owner's removal,
     * refused while the ledger names them.
     */
    async removeParticipant({ trip, user, role }: TripScope, userId: string): Promise<void> {
      const tripId = trip.id;
      if (userId === user.id) {
        const outcome = await store.members.leave(tripId, userId);
        if (outcome === 'owner') throw new HttpError(409, OWNER_CANNOT_LEAVE);
        if (outcome === 'not-member') throw new HttpError(404, NOT_A_MEMBER);
      } else if ((await store.users.findById(userId))?.guest_trip_id === tripId) {
        if ((await store.guests.remove(tripId, userId, user.id)) === 'not-guest') {
          throw new HttpError(404, NOT_A_MEMBER);
        }
      } else {
        if (role !== 'owner') {
          const target = await store.members.roleOf(tripId, userId);
          throw new HttpError(
            403,
            target === 'owner'
              ? OWNER_CANNOT_BE_REMOVED
              : 'Only the trip owner can remove other participants',
          );
        }
        const outcome = await store.members.remove(tripId, userId, user.id);
        if (outcome === 'in-ledger') throw new HttpError(409, STILL_IN_LEDGER);
        if (outcome === 'not-member') {
          const target = await store.members.roleOf(tripId, userId);
          throw target === 'owner'
            ? new HttpError(403, OWNER_CANNOT_BE_REMOVED)
            : new HttpError(404, NOT_A_MEMBER);
        }
      }
      await emit('participant.removed', tripId, userId);
    },

    /** The invitee's side: their pending invitations, and accepting or declining one (no membership yet). */
    async myInvitations(user: UserRecord): Promise<UserInvitation[]> {
      return (await store.invitations.listForUser(user.id)).map((invitation) => ({
        trip_id: invitation.trip_id,
        trip_name: invitation.trip_name,
        city_name: invitation.city_name,
        start_date: invitation.start_date,
        end_date: invitation.end_date,
        invited_by_username: invitation.invited_by_username,
        invited_at: invitation.created_at,
      }));
    },

    async acceptInvitation(user: UserRecord, tripId: string): Promise<Participant> {
      const member = await store.invitations.accept(tripId, user.id);
      if (!member) throw new HttpError(404, NO_INVITATION);
      await emit('participant.added', tripId, user.id);
      return toParticipant(member);
    },

    async declineInvitation(user: UserRecord, tripId: string): Promise<void> {
      if (!(await store.invitations.decline(tripId, user.id))) throw new HttpError(404, NO_INVITATION);
      await emit('participant.declined', tripId, user.id);
    },

    /** For the live stream: whether the user may still follow the trip. */
    async isMember(tripId: string, userId: string) {
      return (await store.members.roleOf(tripId, userId)) !== null;
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;

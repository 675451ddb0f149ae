/**
 * Adding people to a trip and handing it over (issue #23 items 1–3):
 * - Any member adds a registered user by email or username, and they are a participant at once (spec §2, §6, §7),
 *   unless that person's own setting ("Who can add me to a trip", contract add-policy.ts) says otherwise: then the
 *   add becomes an invitation they accept or decline, and the answer says so (202, `outcome: 'invited'`).
 *   'shared_trip' lets in people who are in some trip with them now; 'nobody' always asks first.
 * - A person added directly is told by whom on their trip list (`added_by_username`) and may leave at once.
 * - The owner hands the trip to another participant in one atomic step ("Make owner"); the owner never leaves.
 */
import {
  invitedInsteadMessage,
  type AddParticipantBody,
  type AddParticipantResponse,
  type Participant,
} from '@wayfare/contract';
import { HttpError } from '../http/errors';
import { UniqueConstraintError, type Store, type UserRecord } from '../store/types';
import { requireTripMember, requireTripOwner } from '../trips/access';
import type { LedgerNotices } from '../store/ledger-notices';
import { ALREADY_INVITED, ALREADY_PARTICIPANT, toInvitation, toParticipant } from './service';

export const NEW_OWNER_NOT_PARTICIPANT = 'The new owner must be a participant of this trip';

export function createParticipantService({ store, notices }: { store: Store; notices: LedgerNotices }) {
  const emit = (
    kind: 'participant.added' | 'participant.invited' | 'participant.owner',
    tripId: string,
    id: string,
  ) => notices.changed({ kind, trip_id: tripId, subject_id: id, at: new Date().toISOString() });

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
    /** By email or username: a participant at once, or an invitation where their setting asks for one. */
    async addParticipant(
      user: UserRecord,
      tripId: string,
      body: AddParticipantBody,
    ): Promise<AddParticipantResponse> {
      await requireTripMember(store, tripId, user.id);
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
    async makeOwner(user: UserRecord, tripId: string, newOwnerId: string): Promise<Participant[]> {
      await requireTripOwner(store, tripId, user.id, 'hand the trip to someone else');
      if (newOwnerId === user.id) throw new HttpError(409, 'You are already the owner of this trip');
      const outcome = await store.members.transferOwnership(tripId, user.id, newOwnerId);
      if (outcome === 'not-owner')
        throw new HttpError(403, 'Only the trip owner can hand the trip to someone else');
      if (outcome === 'not-member') throw new HttpError(404, NEW_OWNER_NOT_PARTICIPANT);
      await emit('participant.owner', tripId, newOwnerId);
      return (await store.members.list(tripId)).map(toParticipant);
    },
  };
}

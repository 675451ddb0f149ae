import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { compareCodeUnits } from '@wayfare/contract';
import {
  UniqueConstraintError,
  type InvitationRecord,
  type InvitationStore,
  type TripRecord,
  type UserRecord,
} from '../types';
import { recordChange } from './activity';
import { INVITATIONS, invitationId, withUsers, type MemberDoc } from './trips';

/**
 * invitations/{tripId}~{userId}: top-level, so an invitee's pending invitations are one equality query (the
 * Node.js emulator has no collection-group queries); a trip's deletion clears its own (trips.ts).
 */
export function firestoreInvitations(db: Firestore): InvitationStore {
  const invitations = db.collection(INVITATIONS);
  const trips = db.collection('trips');
  const users = db.collection('users');
  const invitationRef = (tripId: string, userId: string) => invitations.doc(invitationId(tripId, userId));
  const memberRef = (tripId: string, userId: string) => trips.doc(tripId).collection('members').doc(userId);
  const usernames = async (ids: string[]) => {
    const docs = ids.length ? await db.getAll(...ids.map((id) => users.doc(id))) : [];
    return (id: string) =>
      (docs.find((doc) => doc.id === id)?.data() as UserRecord | undefined)?.username ?? '';
  };

  return {
    async create(tripId, userId, invitedBy) {
      const invitation: InvitationRecord = {
        trip_id: tripId,
        user_id: userId,
        invited_by: invitedBy,
        created_at: new Date().toISOString(),
      };
      await db.runTransaction(async (tx) => {
        const [member, pending] = await tx.getAll(memberRef(tripId, userId), invitationRef(tripId, userId));
        if (member?.exists) throw new UniqueConstraintError('member');
        if (pending?.exists) throw new UniqueConstraintError('invitation');
        tx.create(invitationRef(tripId, userId), invitation);
        // Members' pages list who is invited: their listeners learn of it as of any ledger change.
      });
      return invitation;
    },
    async listForTrip(tripId) {
      const snapshot = await invitations.where('trip_id', '==', tripId).get();
      const pending = snapshot.docs
        .map((doc) => doc.data() as InvitationRecord)
        .sort(
          (a, b) => compareCodeUnits(a.created_at, b.created_at) || compareCodeUnits(a.user_id, b.user_id),
        );
      const username = await usernames(pending.map((i) => i.user_id));
      return pending.map((invitation) => ({ ...invitation, username: username(invitation.user_id) }));
    },
    async listForUser(userId) {
      const snapshot = await invitations.where('user_id', '==', userId).get();
      const pending = snapshot.docs.map((doc) => doc.data() as InvitationRecord);
      if (!pending.length) return [];
      const tripDocs = await db.getAll(...pending.map((i) => trips.doc(i.trip_id)), {
        fieldMask: ['trip_name', 'city_name', 'start_date', 'end_date'],
      });
      const username = await usernames([...new Set(pending.map((i) => i.invited_by))]);
      return pending
        .flatMap((invitation, index) => {
          const trip = tripDocs[index]?.data() as TripRecord | undefined;
          if (!trip) return [];
          const { trip_name, city_name, start_date, end_date } = trip;
          const invited_by_username = username(invitation.invited_by);
          return [{ ...invitation, trip_name, city_name, start_date, end_date, invited_by_username }];
        })
        .sort(
          (a, b) => compareCodeUnits(b.created_at, a.created_at) || compareCodeUnits(a.trip_id, b.trip_id),
        );
    },
    async accept(tripId, userId) {
      const member = await db.runTransaction(async (tx) => {
        const ref = invitationRef(tripId, userId);
        const [invitation, existing, trip] = await tx.getAll(
          ref,
          memberRef(tripId, userId),
          trips.doc(tripId),
        );
        if (!invitation?.exists) return null;
        tx.delete(ref);
        if (!trip?.exists) return null;
        if (existing?.exists) return existing.data() as MemberDoc;
        const joined: MemberDoc = {
          user_id: userId,
          role: 'participant',
          joined_at: new Date().toISOString(),
        };
        tx.create(memberRef(tripId, userId), joined);
        tx.update(trips.doc(tripId), { member_ids: FieldValue.arrayUnion(userId) });
        recordChange(tx, db, tripId, userId, { kind: 'member.joined', user_id: userId });
        return joined;
      });
      return member ? ((await withUsers(db, [member], tripId))[0] ?? null) : null;
    },
    async decline(tripId, userId) {
      return db.runTransaction(async (tx) => {
        const ref = invitationRef(tripId, userId);
        if (!(await tx.get(ref)).exists) return false;
        tx.delete(ref);
        return true;
      });
    },
  };
}

import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import type { TripRole } from '@wayfare/contract';
import {
  UniqueConstraintError,
  type MemberRecord,
  type MemberStore,
  type MemberTrip,
  type NewTrip,
  type TripListFields,
  type TripRecord,
  type TripStore,
  type UserRecord,
  TRIP_LIST_FIELDS,
} from '../types';
import { newTripRecord } from '../new-records';
import { bumpLedgerNotice, LEDGER_NOTICE } from './ledger-notice';

/** Subcollections under trips/{id}; a trip's deletion clears each of them. */
export const TRIP_SUBCOLLECTIONS = [
  'members',
  'plans',
  'expenses',
  'settlements',
  'replaced_settlements',
  LEDGER_NOTICE.collection,
] as const;

/** trips/{id} keeps member_ids beside the record: it answers "my trips" with one array-contains query. */
type TripDoc = TripRecord & { member_ids: string[] };
interface MemberDoc {
  user_id: string;
  role: TripRole;
  joined_at: string;
}

const tripOf = (snapshot: DocumentSnapshot): TripRecord | null => {
  if (!snapshot.exists) return null;
  const { member_ids: _memberIds, ...trip } = snapshot.data() as TripDoc;
  // Trips written before the ledger version existed start at 0.
  return { ...trip, ledger_version: trip.ledger_version ?? 0 };
};

export function firestoreTrips(db: Firestore): TripStore {
  const trips = db.collection('trips');

  return {
    async create(ownerId: string, input: NewTrip) {
      const trip = newTripRecord(ownerId, input);
      const batch = db.batch();
      batch.create(trips.doc(trip.id), { ...trip, member_ids: [ownerId] } satisfies TripDoc);
      batch.create(trips.doc(trip.id).collection('members').doc(ownerId), {
        user_id: ownerId,
        role: 'owner',
        joined_at: trip.created_at,
      } satisfies MemberDoc);
      await batch.commit();
      return trip;
    },
    async get(id) {
      return tripOf(await trips.doc(id).get());
    },
    async update(id, patch) {
      const ref = trips.doc(id);
      const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      try {
        await ref.update({ ...changes, updated_at: new Date().toISOString() });
      } catch (err) {
        if ((err as { code?: number }).code === 5) return null; // NOT_FOUND
        throw err;
      }
      return tripOf(await ref.get());
    },
    async delete(id) {
      const ref = trips.doc(id);
      if (!(await ref.get()).exists) return false;
      for (const name of TRIP_SUBCOLLECTIONS) {
        for (;;) {
          const page = await ref.collection(name).limit(400).get();
          if (page.empty) break;
          const batch = db.batch();
          page.docs.forEach((doc) => batch.delete(doc.ref));
          await batch.commit();
        }
      }
      await ref.delete();
      return true;
    },
    async listForUser(userId): Promise<MemberTrip[]> {
      // Only the listed fields come back: the guide and attractions stay on the server (and are picked again
      // here, as not every emulator honours the field mask).
      const snapshot = await trips
        .where('member_ids', 'array-contains', userId)
        .select(...TRIP_LIST_FIELDS, 'member_ids')
        .get();
      const docs = snapshot.docs.map((doc) => ({
        ...(Object.fromEntries(TRIP_LIST_FIELDS.map((field) => [field, doc.get(field)])) as TripListFields),
        member_ids: doc.get('member_ids') as string[],
      }));
      const ownerIds = [...new Set(docs.map((doc) => doc.owner_id))];
      const owners = ownerIds.length
        ? await db.getAll(...ownerIds.map((id) => db.collection('users').doc(id)))
        : [];
      const usernameOf = new Map(
        owners.map((o) => [o.id, (o.data() as UserRecord | undefined)?.username ?? '']),
      );
      return docs
        .map(({ member_ids, ...trip }) => ({
          ...trip,
          ledger_version: trip.ledger_version ?? 0,
          role: (trip.owner_id === userId ? 'owner' : 'participant') as TripRole,
          member_count: member_ids.length,
          owner_username: usernameOf.get(trip.owner_id) ?? '',
        }))
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
    },
    async countMembers(id) {
      const [snapshot] = await db.getAll(trips.doc(id), { fieldMask: ['member_ids'] });
      return (snapshot?.get('member_ids') as string[] | undefined)?.length ?? 0;
    },
  };
}

export function firestoreMembers(db: Firestore): MemberStore {
  const trips = db.collection('trips');
  const users = db.collection('users');
  const membersOf = (tripId: string) => trips.doc(tripId).collection('members');

  async function withUsers(members: MemberDoc[], tripId: string): Promise<MemberRecord[]> {
    if (!members.length) return [];
    const userDocs = await db.getAll(...members.map((m) => users.doc(m.user_id)));
    return members.map((member, index) => {
      const user = userDocs[index]?.data() as UserRecord;
      return {
        trip_id: tripId,
        user_id: member.user_id,
        role: member.role,
        joined_at: member.joined_at,
        username: user.username,
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
      };
    });
  }

  return {
    async roleOf(tripId, userId) {
      const member = await membersOf(tripId).doc(userId).get();
      return member.exists ? (member.get('role') as TripRole) : null;
    },
    async list(tripId) {
      const snapshot = await membersOf(tripId).get();
      const members = snapshot.docs
        .map((doc) => doc.data() as MemberDoc)
        .sort(
          (a, b) =>
            Number(b.role === 'owner') - Number(a.role === 'owner') ||
            a.joined_at.localeCompare(b.joined_at) ||
            a.user_id.localeCompare(b.user_id),
        );
      return withUsers(members, tripId);
    },
    async add(tripId, userId) {
      const member: MemberDoc = { user_id: userId, role: 'participant', joined_at: new Date().toISOString() };
      await db.runTransaction(async (tx) => {
        const ref = membersOf(tripId).doc(userId);
        if ((await tx.get(ref)).exists) throw new UniqueConstraintError('member');
        tx.create(ref, member);
        tx.update(trips.doc(tripId), { member_ids: FieldValue.arrayUnion(userId) });
        bumpLedgerNotice(tx, db, tripId);
      });
      const [record] = await withUsers([member], tripId);
      return record as MemberRecord;
    },
    async remove(tripId, userId) {
      return db.runTransaction(async (tx) => {
        const ref = membersOf(tripId).doc(userId);
        const member = await tx.get(ref);
        if (!member.exists || member.get('role') !== 'participant') return false;
        tx.delete(ref);
        tx.update(trips.doc(tripId), { member_ids: FieldValue.arrayRemove(userId) });
        bumpLedgerNotice(tx, db, tripId);
        return true;
      });
    },
  };
}

import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import {
  compareCodeUnits,
  DEFAULT_HOME_CURRENCY,
  DEFAULT_PARTICIPANT_WEIGHT,
  type TripRole,
} from '@wayfare/contract';
import {
  UniqueConstraintError,
  type MemberRecord,
  type MemberStore,
  type NewTrip,
  type TripRecord,
  type TripStore,
  type UserRecord,
} from '../types';
import { newTripRecord } from '../shared/new-records';
import { counterAt, withoutLegacyNames } from './legacy-names';
import { firestoreMemberTrips, listFieldsOf, TRIP_LIST_DOC_FIELDS } from './member-trips';
import { writeHomeCurrencyGuard } from './home-currency-guard';
import { ACTIVITY, BUDGET, recordChange } from './activity';
import { householdDeparture, HOUSEHOLDS } from './households';
import { LEDGER_NOTICE, LEDGER_NOTICES } from './ledger-notice';
import { ledgerPersonRef, LEDGER_PEOPLE, PAID_TOTALS_KEPT, type LedgerPersonDoc } from './ledger-people';
import { addShardCounters, LEDGER_SHARDS, shardSums, shardSumsIn, withShardCounters } from './ledger-shards';

/** Top-level invitations/{tripId}~{userId} (invitations.ts): queried by invitee, so not under the trip. */
export const INVITATIONS = 'invitations';
export const invitationId = (tripId: string, userId: string) => `${tripId}~${userId}`;
/** Top-level invite_links/{tokenHash} (invite-links.ts): opened by the token's hash, so not under the trip. */
export const INVITE_LINKS = 'invite_links';
/** Top-level guest_claim_links/{tokenHash} (guests.ts): opened by the token's hash, like invite links. */
export const GUEST_CLAIM_LINKS = 'guest_claim_links';
/** trips/{id}/guest_names/{key}: a guest's name claimed in their trip (guests.ts). */
export const GUEST_NAMES = 'guest_names';

/** Subcollections under trips/{id}; a trip's deletion clears each of them. */
export const TRIP_SUBCOLLECTIONS = [
  'members',
  'plans',
  'expenses',
  'settlements',
  LEDGER_PEOPLE,
  'links',
  'replaced_settlements',
  LEDGER_NOTICE.collection,
  LEDGER_NOTICES,
  LEDGER_SHARDS,
  ACTIVITY,
  BUDGET,
  GUEST_NAMES,
  HOUSEHOLDS,
] as const;

/** trips/{id} keeps member_ids beside the record: it answers "my trips" with one array-contains query. */
type TripDoc = TripRecord & {
  member_ids: string[];
  [PAID_TOTALS_KEPT]?: boolean;
  /** Whether the trip settles by household (households.ts); absent: no. */
  settle_by_household?: boolean;
};
export interface MemberDoc {
  user_id: string;
  role: TripRole;
  joined_at: string;
  /** Who added the member directly; absent for the owner and for those who joined by invitation or link. */
  added_by?: string;
  /** A guest's live claim link, the hash of its token (guests.ts); absent or null when they have none. */
  claim_link_hash?: string | null;
  /** Whole shares in a by_shares split; absent: 1. */
  weight?: number;
}

const tripOf = (snapshot: DocumentSnapshot): TripRecord | null => {
  if (!snapshot.exists) return null;
  const {
    member_ids: _memberIds,
    [PAID_TOTALS_KEPT]: _paidTotalsKept,
    settle_by_household: _settleByHousehold,
    ...trip
  } = withoutLegacyNames(snapshot.data() as TripDoc);
  // Trips written before the ledger version existed start at 0; those from before background guides are written;
  // before currencies, they are in US dollars.
  return {
    ...trip,
    total_expenses_minor: counterAt(snapshot, 'total_expenses_minor'),
    ledger_version: trip.ledger_version ?? 0,
    guide_status: trip.guide_status ?? 'ready',
    home_currency: trip.home_currency ?? DEFAULT_HOME_CURRENCY,
  };
};

export function firestoreTrips(db: Firestore): TripStore {
  const trips = db.collection('trips');

  return {
    ...firestoreMemberTrips(db),
    async create(ownerId: string, input: NewTrip) {
      const trip = newTripRecord(ownerId, input);
      const batch = db.batch();
      // A new trip's people documents keep paid totals from its first expense: nothing to backfill.
      batch.create(trips.doc(trip.id), {
        ...trip,
        member_ids: [ownerId],
        [PAID_TOTALS_KEPT]: true,
      } satisfies TripDoc);
      batch.create(trips.doc(trip.id).collection('members').doc(ownerId), {
        user_id: ownerId,
        role: 'owner',
        joined_at: trip.created_at,
      } satisfies MemberDoc);
      await batch.commit();
      return trip;
    },
    async get(id) {
      // The trip and its ledger shards read at once: one round trip.
      const [snapshot, shards] = await Promise.all([trips.doc(id).get(), shardSums(db, id)]);
      const trip = tripOf(snapshot);
      return trip && withShardCounters(trip, shards);
    },
    async finishGuide(id, guide) {
      const ref = trips.doc(id);
      return db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        if (!snapshot.exists || snapshot.get('guide_status') !== 'writing') return false;
        tx.update(ref, { ...guide, updated_at: new Date().toISOString() });
        return true;
      });
    },
    async listWritingGuides() {
      const snapshot = await trips.where('guide_status', '==', 'writing').select().get();
      return snapshot.docs.map((doc) => doc.id);
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
      const trip = tripOf(await ref.get());
      return trip && addShardCounters(db, trip);
    },
    async delete(id) {
      const ref = trips.doc(id);
      if (!(await ref.get()).exists) return false;
      const batches = [
        ...TRIP_SUBCOLLECTIONS.map((name) => ref.collection(name)),
        db.collection(INVITATIONS).where('trip_id', '==', id),
        db.collection(INVITE_LINKS).where('trip_id', '==', id),
        db.collection(GUEST_CLAIM_LINKS).where('trip_id', '==', id),
        // A guest is a user of this one trip only.
        db.collection('users').where('guest_trip_id', '==', id),
      ];
      for (const query of batches) {
        for (;;) {
          const page = await query.limit(400).get();
          if (page.empty) break;
          const batch = db.batch();
          page.docs.forEach((doc) => batch.delete(doc.ref));
          await batch.commit();
        }
      }
      await ref.delete();
      return true;
    },
    async accessFor(id, userId) {
      // One batched read of the trip's list fields and the member's role (the mask covers both documents).
      const [[trip, member], shards] = await Promise.all([
        db.getAll(trips.doc(id), trips.doc(id).collection('members').doc(userId), {
          fieldMask: [...TRIP_LIST_DOC_FIELDS, 'role'],
        }),
        shardSums(db, id),
      ]);
      if (!trip?.exists || !member?.exists) return null;
      return { trip: withShardCounters(listFieldsOf(trip), shards), role: member.get('role') as TripRole };
    },
    async listFields(id) {
      const [[trip], shards] = await Promise.all([
        db.getAll(trips.doc(id), { fieldMask: TRIP_LIST_DOC_FIELDS }),
        shardSums(db, id),
      ]);
      return trip?.exists ? withShardCounters(listFieldsOf(trip), shards) : null;
    },
    async countMembers(id) {
      const [snapshot] = await db.getAll(trips.doc(id), { fieldMask: ['member_ids'] });
      return (snapshot?.get('member_ids') as string[] | undefined)?.length ?? 0;
    },
    async setHomeCurrency(id, currency, actorId) {
      const ref = trips.doc(id);
      // The trip document and every ledger shard are read in the transaction, and every expense write changes a
      // shard: a concurrent expense makes this transaction retry and see the ledger no longer empty.
      return db.runTransaction(async (tx) => {
        const [snapshot, shards] = await Promise.all([tx.get(ref), shardSumsIn(tx, db, id)]);
        if (!snapshot.exists) return 'not-found' as const;
        const expenseCount =
          ((snapshot.get('expense_count') as number | undefined) ?? 0) + shards.expense_count;
        if (expenseCount > 0) return 'in-use' as const;
        const anySettlement = await tx.get(ref.collection('settlements').limit(1));
        if (!anySettlement.empty) return 'in-use' as const;
        // A new ledger version: cached expense pages carry the currency; live listeners refetch.
        tx.update(ref, {
          home_currency: currency,
          ledger_version: FieldValue.increment(1),
          updated_at: new Date().toISOString(),
        });
        writeHomeCurrencyGuard(tx, db, id, currency);
        recordChange(tx, db, id, actorId ?? null, {
          kind: 'trip.home_currency',
          from: (snapshot.get('home_currency') as string | undefined) ?? DEFAULT_HOME_CURRENCY,
          to: currency,
        });
        return 'set' as const;
      });
    },
  };
}

/** A membership with its person's names; a user document with `guest_trip_id` is a guest's (guests.ts). */
export const memberRecordOf = (tripId: string, member: MemberDoc, user: UserRecord): MemberRecord => ({
  trip_id: tripId,
  user_id: member.user_id,
  role: member.role,
  joined_at: member.joined_at,
  username: user.username,
  email: user.email,
  first_name: user.first_name,
  last_name: user.last_name,
  is_guest: user.guest_trip_id !== undefined,
  weight: member.weight ?? DEFAULT_PARTICIPANT_WEIGHT,
});

/** Members with their names from their user documents. */
export async function withUsers(
  db: Firestore,
  members: MemberDoc[],
  tripId: string,
): Promise<MemberRecord[]> {
  if (!members.length) return [];
  const userDocs = await db.getAll(...members.map((m) => db.collection('users').doc(m.user_id)));
  return members.map((member, index) =>
    memberRecordOf(tripId, member, userDocs[index]?.data() as UserRecord),
  );
}

const byJoining = (a: MemberDoc, b: MemberDoc) =>
  compareCodeUnits(a.joined_at, b.joined_at) || compareCodeUnits(a.user_id, b.user_id);

export function firestoreMembers(db: Firestore): MemberStore {
  const trips = db.collection('trips');
  const membersOf = (tripId: string) => trips.doc(tripId).collection('members');
  const settlementsOf = (tripId: string) => trips.doc(tripId).collection('settlements');

  return {
    async roleOf(tripId, userId) {
      const member = await membersOf(tripId).doc(userId).get();
      return member.exists ? (member.get('role') as TripRole) : null;
    },
    async list(tripId) {
      const snapshot = await membersOf(tripId).get();
      const members = snapshot.docs
        .map((doc) => doc.data() as MemberDoc)
        .sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner') || byJoining(a, b));
      return withUsers(db, members, tripId);
    },
    async add(tripId, userId, addedBy) {
      const member: MemberDoc = {
        user_id: userId,
        role: 'participant',
        joined_at: new Date().toISOString(),
        ...(addedBy && { added_by: addedBy }),
      };
      await db.runTransaction(async (tx) => {
        const ref = membersOf(tripId).doc(userId);
        if ((await tx.get(ref)).exists) throw new UniqueConstraintError('member');
        tx.create(ref, member);
        tx.delete(db.collection(INVITATIONS).doc(invitationId(tripId, userId)));
        tx.update(trips.doc(tripId), { member_ids: FieldValue.arrayUnion(userId) });
        if (addedBy) recordChange(tx, db, tripId, addedBy, { kind: 'member.joined', user_id: userId });
      });
      const [record] = await withUsers(db, [member], tripId);
      return record as MemberRecord;
    },
    async remove(tripId, userId, actorId) {
      // The person's ledger document and the trip's ledger shards count the expenses naming them, and every expense
      // write moves a shard, all of which this reads: an expense naming them and this removal cannot both commit.
      // Settlements are read in the same transaction.
      return db.runTransaction(async (tx) => {
        const ref = membersOf(tripId).doc(userId);
        const [member, person, shards, owes, owed, leaveHousehold] = await Promise.all([
          tx.get(ref),
          tx.get(ledgerPersonRef(db, tripId, userId)),
          shardSumsIn(tx, db, tripId),
          tx.get(settlementsOf(tripId).where('from_user_id', '==', userId).limit(1)),
          tx.get(settlementsOf(tripId).where('to_user_id', '==', userId).limit(1)),
          householdDeparture(tx, db, tripId, userId),
        ]);
        if (!member.exists || member.get('role') !== 'participant') return 'not-member';
        const refs =
          ((person.data() as LedgerPersonDoc | undefined)?.ledger_refs ?? 0) +
          (shards.people.get(userId)?.ledger_refs ?? 0);
        if (refs > 0 || !owes.empty || !owed.empty) return 'in-ledger';
        tx.delete(ref);
        leaveHousehold();
        tx.update(trips.doc(tripId), { member_ids: FieldValue.arrayRemove(userId) });
        recordChange(tx, db, tripId, actorId ?? null, { kind: 'member.removed', user_id: userId });
        return 'removed';
      });
    },
    async leave(tripId, userId) {
      return db.runTransaction(async (tx) => {
        const ref = membersOf(tripId).doc(userId);
        const [member, leaveHousehold] = await Promise.all([
          tx.get(ref),
          householdDeparture(tx, db, tripId, userId),
        ]);
        if (!member.exists) return 'not-member';
        if (member.get('role') === 'owner') return 'owner';
        tx.delete(ref);
        leaveHousehold();
        tx.update(trips.doc(tripId), { member_ids: FieldValue.arrayRemove(userId) });
        recordChange(tx, db, tripId, userId, { kind: 'member.left', user_id: userId });
        return 'left';
      });
    },
    async shareATrip(userId, otherUserId) {
      const snapshot = await trips.where('member_ids', 'array-contains', userId).select('member_ids').get();
      return snapshot.docs.some((doc) => (doc.get('member_ids') as string[]).includes(otherUserId));
    },
    async transferOwnership(tripId, fromUserId, toUserId) {
      return db.runTransaction(async (tx) => {
        const [from, to] = await Promise.all([
          tx.get(membersOf(tripId).doc(fromUserId)),
          tx.get(membersOf(tripId).doc(toUserId)),
        ]);
        if (!from.exists || from.get('role') !== 'owner') return 'not-owner';
        if (!to.exists || to.get('role') !== 'participant') return 'not-member';
        tx.update(from.ref, { role: 'participant' });
        tx.update(to.ref, { role: 'owner' });
        tx.update(trips.doc(tripId), { owner_id: toUserId });
        return 'transferred';
      });
    },
    async setWeight(tripId, userId, weight, actorId) {
      const ref = membersOf(tripId).doc(userId);
      const member = await db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        if (!snapshot.exists) return null;
        const from = (snapshot.get('weight') as number | undefined) ?? DEFAULT_PARTICIPANT_WEIGHT;
        if (from === weight) return snapshot.data() as MemberDoc;
        tx.update(ref, { weight });
        recordChange(tx, db, tripId, actorId, { kind: 'member.weight', user_id: userId, from, to: weight });
        return { ...(snapshot.data() as MemberDoc), weight };
      });
      if (!member) return null;
      const [record] = await withUsers(db, [member], tripId);
      return record as MemberRecord;
    },
  };
}

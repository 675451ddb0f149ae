import type { DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import {
  DEFAULT_HOME_CURRENCY,
  compareCodeUnits,
  type SplitTripsSummary,
  type TripRole,
} from '@wayfare/contract';
import {
  TRIP_LIST_FIELDS,
  type MemberTrip,
  type TripListFields,
  type TripPageRequest,
  type TripStore,
  type UserRecord,
} from '../types';
import { ledgerPersonRef } from './ledger-people';
import { counterAt, withLegacyNames } from './legacy-names';
import { addShardCounters, personField, shardSums } from './ledger-shards';

/** The fields a trip list reads of a trip document, old names included (legacy-names.ts). */
export const TRIP_LIST_DOC_FIELDS = withLegacyNames(...TRIP_LIST_FIELDS);

/** The list fields of a trip document read with TRIP_LIST_DOC_FIELDS in its field mask (picked: not every emulator honours masks). */
export const listFieldsOf = (snapshot: DocumentSnapshot): TripListFields => ({
  ...(Object.fromEntries(TRIP_LIST_FIELDS.map((field) => [field, snapshot.get(field)])) as TripListFields),
  total_expenses_minor: counterAt(snapshot, 'total_expenses_minor'),
  ledger_version: (snapshot.get('ledger_version') as number | undefined) ?? 0,
  home_currency: (snapshot.get('home_currency') as string | undefined) ?? DEFAULT_HOME_CURRENCY,
});

type MemberTripReads = Pick<TripStore, 'listForUser' | 'shareTotals' | 'summaryForUser'>;

/**
 * The trip lists from figures kept on each trip document (member_ids, moved by every membership change; the
 * ledger's counts and totals as they were before ledger shards) plus its ledger shards (ledger-shards.ts, moved by
 * every expense write), and on trips/{id}/people/{userId} plus the shards (the user's share total): a page is one
 * indexed query (firestore.indexes.json), one batched read of its people documents and one shard query per trip.
 */
export function firestoreMemberTrips(db: Firestore): MemberTripReads {
  const trips = db.collection('trips');
  const mine = (userId: string) =>
    trips.where('member_ids', 'array-contains', userId).select(...TRIP_LIST_DOC_FIELDS, 'member_ids');

  /** Newest first; after a cursor, as where-clauses rather than startAfter (range filters every emulator honours). */
  const ranges = (userId: string, page?: TripPageRequest): Query[] => {
    const after = page?.after;
    if (!after) return [mine(userId).orderBy('created_at', 'desc').orderBy('id', 'desc')];
    return [
      mine(userId)
        .where('created_at', '==', after.created_at)
        .where('id', '<', after.id)
        .orderBy('id', 'desc'),
      mine(userId)
        .where('created_at', '<', after.created_at)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
    ];
  };

  return {
    async listForUser(userId, page) {
      const docs: DocumentSnapshot[] = [];
      for (const range of ranges(userId, page)) {
        const left = page ? page.limit - docs.length : Infinity;
        if (left <= 0) break;
        docs.push(...(await (left === Infinity ? range : range.limit(left)).get()).docs);
      }
      const listed = await Promise.all(
        docs.map((doc) =>
          addShardCounters(db, { ...listFieldsOf(doc), member_ids: doc.get('member_ids') as string[] }),
        ),
      );
      // The caller's own membership of each (who added them), then every owner's and adder's username.
      const memberships = listed.length
        ? await db.getAll(...listed.map((trip) => trips.doc(trip.id).collection('members').doc(userId)), {
            fieldMask: ['added_by'],
          })
        : [];
      const addedBy = memberships.map((m) => m.get('added_by') as string | undefined);
      const userIds = [
        ...new Set([...listed.map((trip) => trip.owner_id), ...addedBy.filter((id): id is string => !!id)]),
      ];
      const owners = userIds.length
        ? await db.getAll(...userIds.map((id) => db.collection('users').doc(id)), {
            fieldMask: ['username'],
          })
        : [];
      const usernameOf = new Map(
        owners.map((o) => [o.id, (o.data() as UserRecord | undefined)?.username ?? '']),
      );
      return listed.map(({ member_ids, ...trip }, index): MemberTrip => ({
        ...trip,
        role: (trip.owner_id === userId ? 'owner' : 'participant') as TripRole,
        member_count: member_ids.length,
        owner_username: usernameOf.get(trip.owner_id) ?? '',
        added_by_username: usernameOf.get(addedBy[index] ?? '') ?? null,
      }));
    },
    async shareTotals(userId, tripIds) {
      if (!tripIds.length) return [];
      const [people, shards] = await Promise.all([
        db.getAll(...tripIds.map((tripId) => ledgerPersonRef(db, tripId, userId)), {
          fieldMask: withLegacyNames('share_minor'),
        }),
        Promise.all(tripIds.map((tripId) => shardSums(db, tripId, [personField(userId, 'share_minor')]))),
      ]);
      return people.map(
        (person, i) => counterAt(person, 'share_minor') + (shards[i]?.people.get(userId)?.share_minor ?? 0),
      );
    },
    async summaryForUser(userId): Promise<SplitTripsSummary> {
      const snapshot = await trips
        .where('member_ids', 'array-contains', userId)
        .select(...withLegacyNames('expense_count', 'total_expenses_minor', 'home_currency'))
        .get();
      const totals = new Map<string, number>();
      let expenseCount = 0;
      const shards = await Promise.all(snapshot.docs.map((doc) => shardSums(db, doc.id)));
      snapshot.docs.forEach((doc, i) => {
        const currency = (doc.get('home_currency') as string | undefined) ?? DEFAULT_HOME_CURRENCY;
        const sharded = shards[i];
        totals.set(
          currency,
          (totals.get(currency) ?? 0) +
            counterAt(doc, 'total_expenses_minor') +
            (sharded?.total_expenses_minor ?? 0),
        );
        expenseCount +=
          ((doc.get('expense_count') as number | undefined) ?? 0) + (sharded?.expense_count ?? 0);
      });
      return {
        trip_count: snapshot.size,
        expense_count: expenseCount,
        totals: [...totals]
          .sort(([a], [b]) => compareCodeUnits(a, b))
          .map(([currency, total_cents]) => ({ currency, total_cents })),
      };
    },
  };
}

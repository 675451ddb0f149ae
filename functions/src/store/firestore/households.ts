/**
 * Households on Firestore (port/households.ts): trips/{tripId}/households/{id} holds a household whole (its member
 * ids in order and its payer); the switch is the trip document's `settle_by_household` (absent: off). A write reads
 * the trip's members and households in its transaction, so two writes that would put one person in two households
 * cannot both commit. Every write moves the trip document's ledger_version.
 */
import {
  FieldValue,
  type Firestore,
  type QueryDocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { compareCodeUnits } from '@wayfare/contract';
import { householdWrite, withoutMember } from '../decisions/household-decision';
import type { HouseholdDraft, HouseholdRecord, HouseholdStore, HouseholdWrite } from '../types';

/** trips/{id}/households/{householdId}. */
export const HOUSEHOLDS = 'households';

const householdsOf = (db: Firestore, tripId: string) =>
  db.collection('trips').doc(tripId).collection(HOUSEHOLDS);

const byId = (a: HouseholdRecord, b: HouseholdRecord) => compareCodeUnits(a.id, b.id);

/**
 * Inside a transaction, before its writes: reads the household `userId` is in, and answers the write that takes
 * them out of it as they leave the trip (withoutMember: another member pays, or it is dissolved), a no-op when
 * they are in none. Every way out of a trip (removal, leaving, a guest's removal) calls it.
 */
export async function householdDeparture(
  tx: Transaction,
  db: Firestore,
  tripId: string,
  userId: string,
): Promise<() => void> {
  const found = await tx.get(householdsOf(db, tripId).where('member_ids', 'array-contains', userId).limit(1));
  const doc = found.docs[0];
  if (!doc) return () => {};
  return () => {
    const left = withoutMember(doc.data() as HouseholdRecord, userId);
    if (left) tx.update(doc.ref, { ...left, updated_at: new Date().toISOString() });
    else tx.delete(doc.ref);
    tx.update(db.collection('trips').doc(tripId), { ledger_version: FieldValue.increment(1) });
  };
}

export function firestoreHouseholds(db: Firestore): HouseholdStore {
  const trips = db.collection('trips');

  /** The trip's households as read in `tx`. */
  const readAll = async (tx: Transaction, tripId: string) =>
    (await tx.get(householdsOf(db, tripId))).docs.map(
      (doc: QueryDocumentSnapshot) => doc.data() as HouseholdRecord,
    );

  async function save(
    tripId: string,
    draft: HouseholdDraft,
    householdId: string | null,
  ): Promise<HouseholdWrite> {
    return db.runTransaction(async (tx) => {
      const [households, members] = await Promise.all([
        readAll(tx, tripId),
        tx.get(trips.doc(tripId).collection('members')),
      ]);
      const write = householdWrite(
        tripId,
        draft,
        householdId,
        households,
        new Set(members.docs.map((doc) => doc.id)),
      );
      if (write.outcome !== 'saved') return write;
      const { household } = write;
      tx.set(householdsOf(db, tripId).doc(household.id), household);
      tx.update(trips.doc(tripId), { ledger_version: FieldValue.increment(1) });
      return write;
    });
  }

  return {
    async list(tripId) {
      const [trip, households] = await Promise.all([trips.doc(tripId).get(), householdsOf(db, tripId).get()]);
      return {
        settle_by_household: trip.get('settle_by_household') === true,
        households: households.docs.map((doc) => doc.data() as HouseholdRecord).sort(byId),
      };
    },
    async create(tripId, draft) {
      return save(tripId, draft, null);
    },
    async update(tripId, householdId, draft) {
      return save(tripId, draft, householdId);
    },
    async remove(tripId, householdId) {
      return db.runTransaction(async (tx) => {
        const ref = householdsOf(db, tripId).doc(householdId);
        if (!(await tx.get(ref)).exists) return false;
        tx.delete(ref);
        tx.update(trips.doc(tripId), { ledger_version: FieldValue.increment(1) });
        return true;
      });
    },
    async setSettleByHousehold(tripId, on) {
      return db.runTransaction(async (tx) => {
        const ref = trips.doc(tripId);
        if (!(await tx.get(ref)).exists) return false;
        tx.update(ref, { settle_by_household: on, ledger_version: FieldValue.increment(1) });
        return true;
      });
    },
  };
}

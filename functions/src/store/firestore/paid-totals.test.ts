import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeBalances } from '@wayfare/contract';
import { balancesOf } from '../../ledger/settlements/planner';
import { newTrip, newUser, personalExpense, tripOfPeople } from '../../../test-support/store-adapters';
import type { Store } from '../types';
import { createFirestoreStore } from './firestore-store';
import { PAID_TOTALS_KEPT } from './ledger-people';
import { startTestFirestore, type TestFirestore } from '../../../test-support/test-firestore';

let firestore: TestFirestore;
let store: Store;
beforeAll(async () => {
  firestore = await startTestFirestore();
  store = createFirestoreStore(firestore.db);
});
afterAll(() => firestore.stop());

describe('firestore paid totals', () => {
  it('backfills a trip written before paid totals were kept, once, from its expenses', async () => {
    const {
      trip,
      people: [ana, bea],
    } = await tripOfPeople(store, ['Ana', 'Bea']);
    const expense = (paid_by: string, amount_minor: number, owes: string) =>
      store.ledger.createExpense(trip.id, personalExpense({ paid_by, amount_minor, owes }));
    await expense(ana.id, 3000, bea.id);
    await expense(bea.id, 1234, bea.id);
    // As such a trip was stored: not marked, and its people's totals and counts wrong (set, not deleted: the
    // Node.js emulator ignores FieldValue.delete() in updates). The two expenses are in the ledger shards: the
    // backfill writes each person's base as the recount less what the shards already add.
    const tripDoc = firestore.db.collection('trips').doc(trip.id);
    await tripDoc.update({ [PAID_TOTALS_KEPT]: false });
    const people = tripDoc.collection('people');
    for (const id of [ana.id, bea.id]) {
      await people.doc(id).set({ paid_minor: 7, share_minor: 1, ledger_refs: 0 });
    }

    const recount = async () => computeBalances([ana.id, bea.id], await store.ledger.listExpenses(trip.id));
    const state = await store.ledger.ledgerState(trip.id);
    expect(balancesOf([ana.id, bea.id], state)).toEqual(await recount());

    // From then on every expense write keeps them.
    await expense(bea.id, 500, ana.id);
    expect(balancesOf([ana.id, bea.id], await store.ledger.ledgerState(trip.id))).toEqual(await recount());
    expect((await tripDoc.get()).get(PAID_TOTALS_KEPT)).toBe(true);
  });

  it("reads a trip's marker once: seen kept, the trip is not checked again by that instance", async () => {
    const ana = await store.users.create(newUser());
    const trip = await store.trips.create(ana.id, newTrip());
    await store.ledger.ledgerState(trip.id);
    // Were the marker read again, this would start a backfill (which rewrites the people's totals).
    const tripDoc = firestore.db.collection('trips').doc(trip.id);
    await tripDoc.update({ [PAID_TOTALS_KEPT]: false });
    await tripDoc.collection('people').doc(ana.id).set({ paid_minor: 7, share_minor: 0, ledger_refs: 0 });
    expect((await store.ledger.ledgerState(trip.id)).totals).toEqual([
      { user_id: ana.id, paid_minor: 7, owed_minor: 0 },
    ]);
    expect((await tripDoc.get()).get(PAID_TOTALS_KEPT)).toBe(false);
  });

  it('creates a trip already marked, so its first settlement reads no expenses, and never answers the marker', async () => {
    const ana = await store.users.create(newUser());
    const trip = await store.trips.create(ana.id, newTrip());
    const doc = await firestore.db.collection('trips').doc(trip.id).get();
    expect(doc.get(PAID_TOTALS_KEPT)).toBe(true);
    expect(trip).not.toHaveProperty(PAID_TOTALS_KEPT);
    expect(await store.trips.get(trip.id)).not.toHaveProperty(PAID_TOTALS_KEPT);
  });
});

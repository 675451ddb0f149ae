import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { computeBalances, settle } from '@wayfare/contract';
import { balancesOf } from '../../ledger/settlements/planner';
import { personalExpense, tripOfPeople } from '../../../test-support/store-adapters';
import type { Store, UserRecord } from '../types';
import { createFirestoreStore } from './firestore-store';
import { LEDGER_NOTICES } from './ledger-notice';
import { LEDGER_SHARDS, SHARD_COUNT, shardOf } from './ledger-shards';
import { startTestFirestore, type TestFirestore } from '../../../test-support/test-firestore';

let firestore: TestFirestore;
let store: Store;
beforeAll(async () => {
  firestore = await startTestFirestore();
  store = createFirestoreStore(firestore.db);
});
afterAll(() => firestore.stop());

const tripRef = (tripId: string) => firestore.db.collection('trips').doc(tripId);
const updateTimes = async (tripId: string) => {
  const [trip, shards, people] = await Promise.all([
    tripRef(tripId).get(),
    tripRef(tripId).collection(LEDGER_SHARDS).get(),
    tripRef(tripId).collection('people').get(),
  ]);
  return new Map([
    [trip.ref.path, trip.updateTime?.toMillis()],
    ...[...shards.docs, ...people.docs].map((doc) => [doc.ref.path, doc.updateTime.toMillis()] as const),
  ]);
};

describe('firestore ledger shards', () => {
  it('spreads keys evenly over the shards', () => {
    const counts = Array<number>(SHARD_COUNT).fill(0);
    for (let i = 0; i < 8000; i++) counts[shardOf(`trip~${i.toString(36)}-${i * 7919}`)]! += 1;
    for (const count of counts) expect(count).toBeGreaterThan(800);
  });

  it('writes no document with every ledger write: not the trip, not a person, and no one shard', async () => {
    const {
      trip,
      people: [ana, bea, cy],
    } = await tripOfPeople(store, ['Ana', 'Bea', 'Cy']);
    const written = new Map<string, number>();
    const writes = async (write: () => Promise<unknown>) => {
      const before = await updateTimes(trip.id);
      await write();
      for (const [path, time] of await updateTimes(trip.id)) {
        if (time !== before.get(path)) written.set(path, (written.get(path) ?? 0) + 1);
      }
    };
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const pairs: Array<[UserRecord, UserRecord]> = [
        [ana, bea],
        [bea, cy],
        [cy, ana],
      ];
      const [payer, owes] = pairs[i % 3]!;
      await writes(async () => {
        const expense = await store.ledger.createExpense(
          trip.id,
          personalExpense({ paid_by: payer.id, amount_minor: 1000 + i, owes: owes.id }),
        );
        ids.push(expense.id);
      });
    }
    await writes(() =>
      store.ledger.updateExpense(ids[0]!, personalExpense({ paid_by: ana.id, amount_minor: 5, owes: cy.id })),
    );
    await writes(() => store.ledger.deleteExpense(ids[1]!));
    await writes(() =>
      store.ledger.recalculateSettlements(
        trip.id,
        (ledger) => settle(balancesOf([ana.id, bea.id, cy.id], ledger)).transfers,
      ),
    );
    const [pending] = await store.ledger.listSettlements(trip.id);
    await writes(() => store.ledger.markSettlementPaid(pending!.id, new Date().toISOString()));

    // The trip document has an update time to compare (so this could fail), and it never moved.
    expect((await updateTimes(trip.id)).get(tripRef(trip.id).path)).toEqual(expect.any(Number));
    expect(written.get(tripRef(trip.id).path)).toBeUndefined();
    expect([...written.keys()].filter((path) => path.includes('/people/'))).toEqual([]);
    const shardWrites = [...written].filter(([path]) => path.includes(`/${LEDGER_SHARDS}/`));
    expect(shardWrites.length).toBeGreaterThan(1);
    for (const [, count] of shardWrites) expect(count).toBeLessThan(14);

    // The figures are still exact: counts, totals and balances as a recount of the expenses has them.
    const expenses = await store.ledger.listExpenses(trip.id);
    const read = await store.trips.get(trip.id);
    expect(read).toMatchObject({
      expense_count: 11,
      total_expenses_minor: expenses.reduce((sum, e) => sum + e.amount_minor, 0),
    });
    // (Paid and owed totals: the balances also count the paid settlement.)
    const totals = computeBalances([ana.id, bea.id, cy.id], expenses).map((b) => ({
      user_id: b.user_id,
      paid_minor: b.total_paid_minor,
      owed_minor: b.total_owed_minor,
    }));
    expect((await store.ledger.ledgerState(trip.id)).totals).toEqual(
      totals.sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
    );
  });

  it("adds to a trip's figures as stored before shards (trip counters, people documents): nothing migrated", async () => {
    const {
      trip,
      people: [ana, bea],
    } = await tripOfPeople(store, ['Ana', 'Bea']);
    // As the adapter stored one expense of 3000 (Ana paid, Bea's share) before shards, and when minor units were still
    // named `*_cents`: on the trip document and in the people documents.
    const {
      amount_minor: _amount,
      shares: _shares,
      ...old
    } = personalExpense({
      paid_by: ana.id,
      amount_minor: 3000,
      owes: bea.id,
    });
    const oldId = `${trip.id}~old`;
    await tripRef(trip.id)
      .collection('expenses')
      .doc(oldId)
      .set({
        ...old,
        amount_cents: 3000,
        shares: [{ user_id: bea.id, share_cents: 3000 }],
        payers: [{ user_id: ana.id, paid_cents: 3000 }],
        id: oldId,
        trip_id: trip.id,
        created_at: '2027-01-01T00:00:00.000Z',
        updated_at: '2027-01-01T00:00:00.000Z',
        receipt: null,
      });
    await tripRef(trip.id).update({
      expense_count: 1,
      total_expenses_minor: FieldValue.delete(),
      total_expenses_cents: 3000,
      ledger_version: 5,
    });
    const people = tripRef(trip.id).collection('people');
    await people.doc(ana.id).set({ share_cents: 0, paid_cents: 3000, ledger_refs: 1 });
    await people.doc(bea.id).set({ share_cents: 3000, paid_cents: 0, ledger_refs: 1 });
    await tripRef(trip.id)
      .collection('settlements')
      .doc(`${trip.id}~paid`)
      .set({
        id: `${trip.id}~paid`,
        trip_id: trip.id,
        from_user_id: bea.id,
        to_user_id: ana.id,
        amount_cents: 1000,
        settled_at: '2027-01-02T00:00:00.000Z',
        created_at: '2027-01-02T00:00:00.000Z',
      });
    expect(await store.ledger.getExpense(oldId)).toMatchObject({
      amount_minor: 3000,
      shares: [{ user_id: bea.id, share_minor: 3000 }],
      payers: [{ user_id: ana.id, paid_minor: 3000 }],
    });
    expect(await store.ledger.listSettlements(trip.id)).toEqual([
      expect.objectContaining({ amount_minor: 1000, from_user_id: bea.id }),
    ]);
    expect(await store.ledger.listSettlements(trip.id)).not.toContainEqual(
      expect.objectContaining({ amount_cents: expect.anything() }),
    );

    await store.ledger.createExpense(
      trip.id,
      personalExpense({ paid_by: bea.id, amount_minor: 500, owes: ana.id }),
    );
    const read = await store.trips.get(trip.id);
    expect(read).toMatchObject({ expense_count: 2, total_expenses_minor: 3500, ledger_version: 6 });
    expect((await store.trips.listFields(trip.id))?.ledger_version).toBe(6);
    expect(await store.ledger.shareTotal(trip.id, bea.id)).toBe(3000);
    expect(await store.ledger.shareTotal(trip.id, ana.id)).toBe(500);
    expect(await store.trips.listForUser(ana.id)).toEqual([
      expect.objectContaining({ id: trip.id, expense_count: 2, total_expenses_minor: 3500 }),
    ]);
    expect(await store.trips.summaryForUser(bea.id)).toMatchObject({
      expense_count: 2,
      totals: [{ currency: 'USD', total_cents: 3500 }],
    });
    expect(await store.trips.shareTotals(bea.id, [trip.id])).toEqual([3000]);
    const state = await store.ledger.ledgerState(trip.id);
    expect(state.ledger_version).toBe(6);
    // The old paid settlement counts as Bea's payment to Ana.
    expect(balancesOf([ana.id, bea.id], state)).toEqual(
      computeBalances([ana.id, bea.id], await store.ledger.listExpenses(trip.id), [
        { from: bea.id, to: ana.id, amount_minor: 1000 },
      ]),
    );
    // Deleting the old expense takes it out of the shards, leaving the base plus the shards exact.
    await store.ledger.deleteExpense(oldId);
    expect(await store.trips.get(trip.id)).toMatchObject({ expense_count: 1, total_expenses_minor: 500 });
    expect(await store.ledger.shareTotal(trip.id, bea.id)).toBe(0);
    // Bea is still named (by the new expense): not removable; nor is Ana.
    expect(await store.members.remove(trip.id, bea.id)).toBe('in-ledger');
  });

  it('keeps change notices in documents members listen to, one small document per change, spread over several', async () => {
    const { trip } = await tripOfPeople(store, ['Ana']);
    for (let i = 0; i < 24; i++) {
      await store.notices?.changed({
        kind: 'expense.created',
        trip_id: trip.id,
        subject_id: `${trip.id}~${i}`,
        at: new Date().toISOString(),
      });
    }
    const notices = await tripRef(trip.id).collection(LEDGER_NOTICES).get();
    expect(notices.docs.reduce((sum, doc) => sum + (doc.get('version') as number), 0)).toBe(24);
    expect(notices.size).toBeGreaterThan(1);
    expect(notices.docs[0]!.data()).toEqual({
      version: expect.any(Number),
      kind: 'expense.created',
      at: expect.any(String),
    });
  });
});

import { expect, it } from 'vitest';
import { describeStoreContract, personalExpense, newTrip, newUser } from '../../test-support/store-adapters';
import type { ReceiptRecord } from './types';

describeStoreContract('store contract, receipts on expenses', (adapter) => {
  async function expenseOnTrip() {
    const { store } = adapter;
    const owner = await store.users.create(newUser());
    const trip = await store.trips.create(owner.id, newTrip());
    const input = personalExpense({
      paid_by: owner.id,
      amount_minor: 24000,
      title: 'Hotel',
      category: 'accommodation',
    });
    const expense = await store.ledger.createExpense(trip.id, input);
    return { trip, expense, input };
  }
  const receipt = (tripId: string, expenseId: string, name: string): ReceiptRecord => ({
    path: `receipts/${tripId}/${expenseId}/${name}.jpg`,
    thumbnail_path: `receipts/${tripId}/${expenseId}/${name}.thumb.webp`,
    content_type: 'image/jpeg',
    size: 52_311,
  });
  const version = async (tripId: string) => (await adapter.store.trips.get(tripId))?.ledger_version;

  it('a new expense has none; setting one keeps it on the expense, answers the one it replaced, and moves the ledger version', async () => {
    const { store } = adapter;
    const { trip, expense } = await expenseOnTrip();
    expect(expense.receipt).toBeNull();
    expect((await store.ledger.getExpense(expense.id))?.receipt).toBeNull();

    const first = receipt(trip.id, expense.id, 'a');
    const before = await version(trip.id);
    const set = await store.receipts.set(expense.id, first);
    expect(set).toEqual({
      expense: expect.objectContaining({ id: expense.id, receipt: first }),
      replaced: null,
    });
    expect(await version(trip.id)).toBe((before ?? 0) + 1);
    expect((await store.ledger.getExpense(expense.id))?.receipt).toEqual(first);
    expect((await store.ledger.listExpensePage(trip.id, { limit: 5, after: null }))[0]?.receipt).toEqual(
      first,
    );

    const second = {
      ...receipt(trip.id, expense.id, 'b'),
      thumbnail_path: null,
      content_type: 'application/pdf' as const,
    };
    expect(await store.receipts.set(expense.id, second)).toMatchObject({ replaced: first });
    expect(await store.receipts.set(expense.id, null)).toMatchObject({
      expense: { receipt: null },
      replaced: second,
    });
    expect((await store.ledger.getExpense(expense.id))?.receipt).toBeNull();
  });

  it('an edit of the expense keeps its receipt; deleting it answers the receipt with it', async () => {
    const { store } = adapter;
    const { trip, expense, input } = await expenseOnTrip();
    const kept = receipt(trip.id, expense.id, 'a');
    await store.receipts.set(expense.id, kept);
    const { created_by: _by, ...patch } = input;
    expect(
      (await store.ledger.updateExpense(expense.id, { ...patch, title: 'Hotel, 3 nights' }))?.receipt,
    ).toEqual(kept);
    expect((await store.ledger.deleteExpense(expense.id))?.receipt).toEqual(kept);
  });

  it("lists a trip's receipts, and answers null for an expense that does not exist", async () => {
    const { store } = adapter;
    const { trip, expense, input } = await expenseOnTrip();
    const other = await store.ledger.createExpense(trip.id, input);
    await store.ledger.createExpense(trip.id, input);
    const mine = receipt(trip.id, expense.id, 'a');
    const theirs = receipt(trip.id, other.id, 'b');
    await store.receipts.set(expense.id, mine);
    await store.receipts.set(other.id, theirs);
    const listed = await store.receipts.listForTrip(trip.id);
    expect(listed.sort((a, b) => a.path.localeCompare(b.path))).toEqual(
      [mine, theirs].sort((a, b) => a.path.localeCompare(b.path)),
    );
    expect(await store.receipts.listForTrip('no-such-trip')).toEqual([]);
    await store.ledger.deleteExpense(other.id);
    expect(await store.receipts.set(other.id, theirs)).toBeNull();
    expect(await store.receipts.set(`${trip.id}~missing`, theirs)).toBeNull();
  });
});

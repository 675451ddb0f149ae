import { expect, it } from 'vitest';
import { describeStoreContract, tripOfPeople, newUser } from '../../test-support/store-adapters';
import { HomeCurrencyChangedError, NotAMemberError, type NewExpense } from './types';

describeStoreContract('store contract, expenses in one write', (adapter) => {
  async function group() {
    const {
      trip,
      people: [owner, friend],
    } = await tripOfPeople(adapter.store, ['Ana', 'Bea']);
    const stranger = await adapter.store.users.create(newUser({ first_name: 'Eve' }));
    const expense = (title: string, amount: number, sharer = friend.id): NewExpense => ({
      title,
      description: 'Imported',
      amount_minor: amount,
      expense_date: '2027-04-11',
      category: 'food',
      expense_type: 'shared',
      paid_by: owner.id,
      shares: [{ user_id: sharer, share_minor: amount }],
      split: { method: 'custom', people: [{ user_id: sharer, weight: amount }] },
      created_by: owner.id,
    });
    return { owner, friend, stranger, trip, expense };
  }

  it('stores every expense with the trip totals and share totals moved by their sum', async () => {
    const { trip, friend, owner, expense } = await group();
    const created = await adapter.store.ledger.createExpenses(trip.id, [
      expense('Dinner', 3000),
      expense('Taxi', 1234),
      expense('Museum', 800, owner.id),
    ]);
    expect(created.map((e) => [e.title, e.trip_id])).toEqual([
      ['Dinner', trip.id],
      ['Taxi', trip.id],
      ['Museum', trip.id],
    ]);
    expect(new Set(created.map((e) => e.id)).size).toBe(3);
    expect((await adapter.store.ledger.listExpenses(trip.id)).map((e) => e.title).sort()).toEqual([
      'Dinner',
      'Museum',
      'Taxi',
    ]);
    const stored = await adapter.store.trips.get(trip.id);
    expect([stored?.expense_count, stored?.total_expenses_minor]).toEqual([3, 5034]);
    await expect(adapter.store.ledger.shareTotal(trip.id, friend.id)).resolves.toBe(4234);
    await expect(adapter.store.ledger.shareTotal(trip.id, owner.id)).resolves.toBe(800);
    await expect(adapter.store.ledger.createExpenses(trip.id, [])).resolves.toEqual([]);
  });

  it('writes none of them when one names someone who is not a member', async () => {
    const { trip, stranger, expense } = await group();
    await expect(
      adapter.store.ledger.createExpenses(trip.id, [
        expense('Dinner', 3000),
        expense('Bad', 100, stranger.id),
      ]),
    ).rejects.toEqual(new NotAMemberError(stranger.id));
    await expect(adapter.store.ledger.listExpenses(trip.id)).resolves.toEqual([]);
    const stored = await adapter.store.trips.get(trip.id);
    expect([stored?.expense_count, stored?.total_expenses_minor]).toEqual([0, 0]);
  });

  it("writes none of them when the trip's currency is no longer the one their amounts were converted to", async () => {
    const { trip, expense } = await group();
    await adapter.store.trips.setHomeCurrency(trip.id, 'EUR');
    await expect(
      adapter.store.ledger.createExpenses(trip.id, [expense('Dinner', 3000)], 'USD'),
    ).rejects.toBeInstanceOf(HomeCurrencyChangedError);
    await expect(adapter.store.ledger.listExpenses(trip.id)).resolves.toEqual([]);
    const created = await adapter.store.ledger.createExpenses(trip.id, [expense('Dinner', 3000)], 'EUR');
    expect(created.map((e) => e.title)).toEqual(['Dinner']);
  });

  it('stores payments in the same write as paid settlements, and none of anything when one names a stranger', async () => {
    const { trip, owner, friend, stranger, expense } = await group();
    const payment = {
      from_user_id: friend.id,
      to_user_id: owner.id,
      amount_minor: 2000,
      settled_at: '2027-04-12T12:00:00.000Z',
    };
    const refused = adapter.store.ledger.createExpenses(trip.id, [expense('Dinner', 3000)], 'USD', [
      payment,
      { ...payment, to_user_id: stranger.id },
    ]);
    await expect(refused).rejects.toEqual(new NotAMemberError(stranger.id));
    await expect(adapter.store.ledger.listExpenses(trip.id)).resolves.toEqual([]);
    await expect(adapter.store.ledger.listSettlements(trip.id)).resolves.toEqual([]);

    await adapter.store.ledger.createExpenses(trip.id, [expense('Dinner', 3000)], 'USD', [payment]);
    const settlements = await adapter.store.ledger.listSettlements(trip.id);
    expect(settlements).toEqual([
      {
        id: expect.any(String),
        trip_id: trip.id,
        ...payment,
        created_at: expect.any(String),
      },
    ]);
    const ledger = await adapter.store.ledger.ledgerState(trip.id);
    expect(ledger.settlements).toEqual(settlements);
    // Payments alone are a write too.
    await adapter.store.ledger.createExpenses(trip.id, [], 'USD', [
      { ...payment, amount_minor: 500, settled_at: '2027-04-13T12:00:00.000Z' },
    ]);
    expect((await adapter.store.ledger.listSettlements(trip.id)).map((s) => s.amount_minor)).toEqual([
      2000, 500,
    ]);
  });
});

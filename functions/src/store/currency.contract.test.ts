import { expect, it } from 'vitest';
import { describeStoreContract, personalExpense, newTrip, newUser } from '../../test-support/store-adapters';
import { HomeCurrencyChangedError, type ExpenseOriginal, type NewExpense } from './types';

describeStoreContract('store contract, currencies', (adapter) => {
  async function trip() {
    const owner = await adapter.store.users.create(newUser({ first_name: 'Ana' }));
    const created = await adapter.store.trips.create(owner.id, newTrip());
    const expense = (original?: ExpenseOriginal): NewExpense =>
      personalExpense({
        paid_by: owner.id,
        amount_minor: 6751,
        title: 'Taxi',
        category: 'transport',
        ...(original && { original }),
      });
    return { owner, trip: created, expense };
  }

  const yen: ExpenseOriginal = {
    currency: 'JPY',
    amount_minor: 10001,
    rate: '0.006750000001',
    rate_source: 'ecb',
    rate_date: '2027-04-09',
  };

  it('keeps an expense’s original currency, amount and exact rate, and drops them back in the home currency', async () => {
    const { trip: t, expense } = await trip();
    const created = await adapter.store.ledger.createExpense(t.id, expense(yen));
    expect(created.original).toEqual(yen);
    expect((await adapter.store.ledger.getExpense(created.id))?.original).toEqual(yen);
    expect((await adapter.store.ledger.listExpenses(t.id))[0]?.original).toEqual(yen);
    const page = await adapter.store.ledger.listExpensePage(t.id, { limit: 5, after: null });
    expect(page[0]?.original).toEqual(yen);

    const member = { ...yen, rate: '0.0066', rate_source: 'member' as const, rate_date: '2027-04-11' };
    const updated = await adapter.store.ledger.updateExpense(created.id, expense(member));
    expect(updated?.original).toEqual(member);
    expect((await adapter.store.ledger.getExpense(created.id))?.original).toEqual(member);

    // Back in the trip's own currency: no original at all (not null), as expenses always were.
    await adapter.store.ledger.updateExpense(created.id, expense());
    const home = await adapter.store.ledger.getExpense(created.id);
    expect(home).not.toHaveProperty('original');
    expect(home?.amount_minor).toBe(6751);
  });

  it('gives a new trip US dollars and changes its currency only while its ledger is empty', async () => {
    const { trip: t, expense } = await trip();
    expect(t.home_currency).toBe('USD');
    expect((await adapter.store.trips.get(t.id))?.home_currency).toBe('USD');
    const version = (await adapter.store.trips.get(t.id))?.ledger_version ?? 0;
    await expect(adapter.store.trips.setHomeCurrency(t.id, 'JPY')).resolves.toBe('set');
    const after = await adapter.store.trips.get(t.id);
    expect(after?.home_currency).toBe('JPY');
    expect(after?.ledger_version).toBeGreaterThan(version);
    const [listed] = await adapter.store.trips.listForUser(t.owner_id);
    expect(listed?.home_currency).toBe('JPY');

    const created = await adapter.store.ledger.createExpense(t.id, expense());
    await expect(adapter.store.trips.setHomeCurrency(t.id, 'EUR')).resolves.toBe('in-use');
    expect((await adapter.store.trips.get(t.id))?.home_currency).toBe('JPY');
    await adapter.store.ledger.deleteExpense(created.id);
    await expect(adapter.store.trips.setHomeCurrency(t.id, 'EUR')).resolves.toBe('set');
    await expect(adapter.store.trips.setHomeCurrency('no-such-trip', 'EUR')).resolves.toBe('not-found');
  });

  it('refuses, writing nothing, an expense converted to a home currency the trip no longer has', async () => {
    const { trip: t, expense } = await trip();
    // Converted to dollars while another member made the (still empty) ledger's currency euros.
    await adapter.store.trips.setHomeCurrency(t.id, 'EUR');
    await expect(adapter.store.ledger.createExpense(t.id, expense(yen), 'USD')).rejects.toThrow(
      HomeCurrencyChangedError,
    );
    expect(await adapter.store.ledger.listExpenses(t.id)).toEqual([]);
    expect(await adapter.store.trips.get(t.id)).toMatchObject({ expense_count: 0, total_expenses_minor: 0 });
    await expect(adapter.store.trips.setHomeCurrency(t.id, 'JPY')).resolves.toBe('set');

    // Converted to the currency the trip has: stored, and the currency is then locked.
    const stored = await adapter.store.ledger.createExpense(t.id, expense(), 'JPY');
    expect(await adapter.store.ledger.getExpense(stored.id)).toMatchObject({ amount_minor: 6751 });
    await expect(adapter.store.trips.setHomeCurrency(t.id, 'USD')).resolves.toBe('in-use');
    // A trip whose currency never changed takes the currency it always had.
    const { trip: untouched, expense: dollars } = await trip();
    await expect(adapter.store.ledger.createExpense(untouched.id, dollars(), 'USD')).resolves.toMatchObject({
      trip_id: untouched.id,
    });
  });
});

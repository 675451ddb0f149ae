import { expect, it } from 'vitest';
import type { StoredSplit } from '@wayfare/contract';
import { describeStoreContract, tripOfPeople } from '../../test-support/store-adapters';
import type { NewExpense } from './types';

describeStoreContract('store contract, itemized splits', (adapter) => {
  it('keeps an itemized split as decided, its items in the currency paid, through create, read, list and edit', async () => {
    const { store } = adapter;
    const { trip, people } = await tripOfPeople(store, ['Ana', 'Bea']);
    const [ana, bea] = people;
    const split: StoredSplit = {
      method: 'itemized',
      people: [
        { user_id: ana.id, weight: 1301 },
        { user_id: bea.id, weight: 1444 },
      ],
      itemized: {
        currency: 'EUR',
        items: [
          { name: 'Pizza', amount: 1000, quantity: null, people: [{ user_id: ana.id, shares: 1 }] },
          {
            name: 'Wine',
            amount: 1333,
            quantity: 2,
            people: [
              { user_id: ana.id, shares: 1 },
              { user_id: bea.id, shares: 3 },
            ],
          },
        ],
        extras: [{ kind: 'tip', amount: 200 }],
        extras_by: 'proportional',
      },
    };
    const expense: NewExpense = {
      title: 'Dinner',
      description: '',
      amount_minor: 2745,
      original: {
        currency: 'EUR',
        amount_minor: 2533,
        rate: '1.0837',
        rate_source: 'member',
        rate_date: '2027-04-11',
      },
      expense_date: '2027-04-11',
      category: 'food',
      expense_type: 'shared',
      paid_by: ana.id,
      shares: [
        { user_id: ana.id, share_minor: 1301 },
        { user_id: bea.id, share_minor: 1444 },
      ],
      split,
      created_by: ana.id,
    };
    const created = await store.ledger.createExpense(trip.id, expense);
    expect(created.split).toEqual(split);
    expect((await store.ledger.getExpense(created.id))?.split).toEqual(split);
    expect((await store.ledger.listExpenses(trip.id))[0]?.split).toEqual(split);

    const { created_by: _by, ...patch } = expense;
    const edited: StoredSplit = {
      ...split,
      itemized: { ...split.itemized!, extras: [], extras_by: 'equal' },
    };
    await store.ledger.updateExpense(created.id, { ...patch, split: edited });
    expect((await store.ledger.getExpense(created.id))?.split).toEqual(edited);
  });
});

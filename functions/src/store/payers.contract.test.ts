import fc from 'fast-check';
import { expect, it } from 'vitest';
import { computeBalances, splitEqual, sumMinor } from '@wayfare/contract';
import { balancesOf } from '../ledger/settlements/planner';
import { describeStoreContract, tripOfPeople, newUser } from '../../test-support/store-adapters';
import { NotAMemberError, type ExpensePatch, type NewExpense } from './types';

describeStoreContract('store contract, several payers per expense', (adapter) => {
  /** A trip of Ana (owner), Bea and Cai. */
  async function group() {
    const {
      trip,
      people: [ana, bea, cai],
    } = await tripOfPeople(adapter.store, ['Ana', 'Bea', 'Cai']);
    const people = [ana.id, bea.id, cai.id];
    /** An expense split equally among everyone, paid in the given parts. */
    const expense = (payers: Array<[string, number]>): NewExpense => {
      const amount_minor = sumMinor(payers.map(([, cents]) => cents));
      const equal = splitEqual(amount_minor, people.length);
      return {
        title: 'Dinner',
        description: '',
        amount_minor,
        expense_date: '2027-04-11',
        category: 'food',
        expense_type: 'group',
        paid_by: payers[0]![0],
        payers: payers.map(([user_id, paid_minor]) => ({ user_id, paid_minor })),
        shares: people.map((user_id, i) => ({ user_id, share_minor: equal[i]! })),
        split: { method: 'equal', people: people.map((user_id) => ({ user_id, weight: null })) },
        created_by: ana.id,
      };
    };
    const patchOf = ({ created_by: _by, ...patch }: NewExpense): ExpensePatch => patch;
    /** The ledger state, checked against a full recount of the stored expenses; each person's paid total. */
    const paidTotals = async () => {
      const state = await adapter.store.ledger.ledgerState(trip.id);
      expect(balancesOf(people, state)).toEqual(
        computeBalances(people, await adapter.store.ledger.listExpenses(trip.id)),
      );
      return people.map((id) => state.totals.find((t) => t.user_id === id)?.paid_minor ?? 0);
    };
    return { ana, bea, cai, trip, people, expense, patchOf, paidTotals };
  }

  it('keeps each payer and their part, and each paid total exact through create, edit and delete', async () => {
    const { ana, bea, cai, trip, expense, patchOf, paidTotals } = await group();
    const dinner = await adapter.store.ledger.createExpense(
      trip.id,
      expense([
        [ana.id, 6000],
        [bea.id, 3001],
      ]),
    );
    expect(dinner.payers).toEqual([
      { user_id: ana.id, paid_minor: 6000 },
      { user_id: bea.id, paid_minor: 3001 },
    ]);
    await expect(adapter.store.ledger.getExpense(dinner.id)).resolves.toEqual(dinner);
    await expect(adapter.store.ledger.listExpenses(trip.id)).resolves.toEqual([dinner]);
    await expect(adapter.store.ledger.listExpensePage(trip.id, { limit: 5, after: null })).resolves.toEqual([
      dinner,
    ]);
    expect(await paidTotals()).toEqual([6000, 3001, 0]);

    const edited = await adapter.store.ledger.updateExpense(
      dinner.id,
      patchOf(
        expense([
          [cai.id, 100],
          [ana.id, 200],
          [bea.id, 300],
        ]),
      ),
    );
    expect(edited?.payers.map((p) => p.user_id)).toEqual([cai.id, ana.id, bea.id]);
    expect(edited?.paid_by).toBe(cai.id);
    expect(await paidTotals()).toEqual([200, 300, 100]);
    expect((await adapter.store.trips.get(trip.id))?.total_expenses_minor).toBe(600);

    // Back to one payer: paid_by alone, without a payers list, paid it all.
    const { payers: _payers, ...single } = patchOf(expense([[bea.id, 900]]));
    await expect(adapter.store.ledger.updateExpense(dinner.id, single)).resolves.toMatchObject({
      payers: [{ user_id: bea.id, paid_minor: 900 }],
    });
    expect(await paidTotals()).toEqual([0, 900, 0]);

    await adapter.store.ledger.deleteExpense(dinner.id);
    expect(await paidTotals()).toEqual([0, 0, 0]);
  });

  it('refuses a stranger among the payers, writing nothing; someone who left keeps their part in an edit', async () => {
    const { ana, bea, trip, expense, patchOf, paidTotals } = await group();
    const stranger = await adapter.store.users.create(newUser());
    await expect(
      adapter.store.ledger.createExpense(
        trip.id,
        expense([
          [ana.id, 100],
          [stranger.id, 100],
        ]),
      ),
    ).rejects.toEqual(new NotAMemberError(stranger.id));
    expect(await adapter.store.ledger.listExpenses(trip.id)).toEqual([]);
    expect(await paidTotals()).toEqual([0, 0, 0]);

    const both = expense([
      [ana.id, 1000],
      [bea.id, 500],
    ]);
    const kept = await adapter.store.ledger.createExpense(trip.id, both);
    await expect(
      adapter.store.ledger.updateExpense(
        kept.id,
        patchOf(
          expense([
            [ana.id, 1000],
            [stranger.id, 500],
          ]),
        ),
      ),
    ).rejects.toEqual(new NotAMemberError(stranger.id));
    await expect(adapter.store.members.leave(trip.id, bea.id)).resolves.toBe('left');
    await expect(
      adapter.store.ledger.updateExpense(kept.id, { ...patchOf(both), title: 'Dinner, corrected' }),
    ).resolves.toMatchObject({ title: 'Dinner, corrected', payers: kept.payers });
    expect((await paidTotals()).slice(0, 2)).toEqual([1000, 500]);
  });

  it('does not remove a participant while they paid part of an expense', async () => {
    const { ana, cai, trip, expense } = await group();
    const taxi = await adapter.store.ledger.createExpense(trip.id, {
      ...expense([
        [ana.id, 300],
        [cai.id, 300],
      ]),
      shares: [{ user_id: ana.id, share_minor: 600 }],
      split: { method: 'personal', people: [{ user_id: ana.id, weight: null }] },
    });
    await expect(adapter.store.members.remove(trip.id, cai.id)).resolves.toBe('in-ledger');
    await adapter.store.ledger.deleteExpense(taxi.id);
    await expect(adapter.store.members.remove(trip.id, cai.id)).resolves.toBe('removed');
  });

  it('random multi-payer ledgers: paid totals add up to the expenses, balances to 0, equal to a recount', async () => {
    const { trip, people, expense, patchOf, paidTotals } = await group();
    /** Payers as (person index, cents) pairs, each person once. */
    const payers = fc.uniqueArray(fc.tuple(fc.nat(2), fc.integer({ min: 1, max: 100_000 })), {
      minLength: 1,
      maxLength: 3,
      selector: ([person]) => person,
    });
    const step = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), payers }),
      fc.record({ kind: fc.constant('edit' as const), which: fc.nat(), payers }),
      fc.record({ kind: fc.constant('delete' as const), which: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const s of steps) {
          const ids = (await adapter.store.ledger.listExpenses(trip.id)).map((e) => e.id);
          const target = 'which' in s && ids.length > 0 ? ids[s.which % ids.length]! : null;
          const parts =
            'payers' in s ? s.payers.map(([i, cents]): [string, number] => [people[i]!, cents]) : [];
          if (s.kind === 'create') await adapter.store.ledger.createExpense(trip.id, expense(parts));
          if (s.kind === 'edit' && target)
            await adapter.store.ledger.updateExpense(target, patchOf(expense(parts)));
          if (s.kind === 'delete' && target) await adapter.store.ledger.deleteExpense(target);
        }
        const expenses = await adapter.store.ledger.listExpenses(trip.id);
        const paid = await paidTotals();
        expect(sumMinor(paid)).toBe(sumMinor(expenses.map((e) => e.amount_minor)));
        for (const e of expenses) expect(sumMinor(e.payers.map((p) => p.paid_minor))).toBe(e.amount_minor);
        const state = await adapter.store.ledger.ledgerState(trip.id);
        expect(sumMinor(balancesOf(people, state).map((b) => b.balance_minor))).toBe(0);
      }),
      { numRuns: 15 },
    );
  });
});

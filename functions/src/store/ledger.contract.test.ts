import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { computeBalances, settle } from '@wayfare/contract';
import { balancesOf } from '../ledger/settlements/planner';
import {
  describeStoreContract,
  groupExpense,
  tripOfPeople,
  newUser,
  officialEmulatorOnlyReason,
} from '../../test-support/store-adapters';
import {
  HomeCurrencyChangedError,
  NotAMemberError,
  type ExpenseRecord,
  type LedgerState,
  type NewExpense,
} from './types';

describeStoreContract('store contract, expenses and settlements', (adapter) => {
  /** A trip of an owner and one friend. */
  async function group() {
    const {
      trip,
      people: [owner, friend],
    } = await tripOfPeople(adapter.store, ['Ana', 'Bea']);
    const expense = (overrides: Partial<NewExpense> = {}) =>
      groupExpense(
        [
          { user_id: owner.id, share_minor: 1500 },
          { user_id: friend.id, share_minor: 1500 },
        ],
        overrides,
      );
    return { owner, friend, trip, expense };
  }

  const totals = async (tripId: string) => {
    const trip = await adapter.store.trips.get(tripId);
    return [trip?.expense_count, trip?.total_expenses_minor];
  };

  it('creates, lists (newest date first), updates and deletes expenses, keeping trip totals exact', async () => {
    const { trip, friend, expense } = await group();
    const first = await adapter.store.ledger.createExpense(trip.id, expense({ expense_date: '2027-04-10' }));
    expect(first).toMatchObject({ ...expense({ expense_date: '2027-04-10' }), trip_id: trip.id });
    const second = await adapter.store.ledger.createExpense(
      trip.id,
      expense({ title: 'Taxi', amount_minor: 1234, shares: [{ user_id: friend.id, share_minor: 1234 }] }),
    );
    await expect(adapter.store.ledger.getExpense(first.id)).resolves.toEqual(first);
    expect((await adapter.store.ledger.listExpenses(trip.id)).map((e) => e.title)).toEqual([
      'Taxi',
      'Dinner',
    ]);
    expect(await totals(trip.id)).toEqual([2, 4234]);

    const { created_by: _by, ...patch } = expense({
      title: 'Lunch',
      amount_minor: 5000,
      shares: [{ user_id: friend.id, share_minor: 5000 }],
      split: { method: 'percent', people: [{ user_id: friend.id, weight: 12.5 }] },
    });
    const updated = await adapter.store.ledger.updateExpense(first.id, patch);
    expect(updated).toMatchObject({
      id: first.id,
      title: 'Lunch',
      amount_minor: 5000,
      shares: [{ user_id: friend.id, share_minor: 5000 }],
      split: { method: 'percent', people: [{ user_id: friend.id, weight: 12.5 }] },
    });
    await expect(adapter.store.ledger.getExpense(first.id)).resolves.toEqual(updated);
    expect((await adapter.store.ledger.listExpensePage(trip.id, { limit: 5, after: null }))[1]).toEqual(
      updated,
    );
    expect(await totals(trip.id)).toEqual([2, 6234]);

    await expect(adapter.store.ledger.deleteExpense(second.id)).resolves.toMatchObject({
      id: second.id,
      amount_minor: 1234,
    });
    await expect(adapter.store.ledger.deleteExpense(second.id)).resolves.toBeNull();
    expect(await totals(trip.id)).toEqual([1, 5000]);
    await expect(adapter.store.ledger.updateExpense(second.id, patch)).resolves.toBeNull();
  });

  it('pages expenses in list order by keyset, however the rows tie', async () => {
    const { trip, expense } = await group();
    // Several rows share a date, and two writes may share a millisecond: id settles the order.
    const dates = [
      '2027-04-12',
      '2027-04-10',
      '2027-04-12',
      '2027-04-11',
      '2027-04-12',
      '2027-04-10',
      '2027-04-09',
    ];
    for (const [i, date] of dates.entries()) {
      await adapter.store.ledger.createExpense(trip.id, expense({ title: `E${i}`, expense_date: date }));
    }
    const all = await adapter.store.ledger.listExpenses(trip.id);
    expect(all.map((e) => e.expense_date)).toEqual([...dates].sort().reverse());
    for (const limit of [1, 2, 3, 7, 8]) {
      const seen: string[] = [];
      let after: ExpenseRecord | null = null;
      for (;;) {
        const page: ExpenseRecord[] = await adapter.store.ledger.listExpensePage(trip.id, { limit, after });
        expect(page.length).toBeLessThanOrEqual(limit);
        seen.push(...page.map((e) => e.id));
        if (page.length < limit) break;
        after = page[page.length - 1] as ExpenseRecord;
      }
      expect(seen).toEqual(all.map((e) => e.id));
    }
    await expect(adapter.store.ledger.listExpensePage(trip.id, { limit: 2, after: null })).resolves.toEqual(
      all.slice(0, 2),
    );
    // A position that no longer exists still answers what follows it.
    const gone = all[3] as ExpenseRecord;
    await adapter.store.ledger.deleteExpense(gone.id);
    await expect(adapter.store.ledger.listExpensePage(trip.id, { limit: 2, after: gone })).resolves.toEqual(
      all.slice(4, 6),
    );
    // Ties on date and time alike: only the id tells them apart.
    const tie = { expense_date: '2027-04-12', created_at: all[0]!.created_at, id: '' };
    const page = await adapter.store.ledger.listExpensePage(trip.id, { limit: 50, after: tie });
    expect(page.map((e) => e.id)).toEqual(
      all
        .filter((e) => e.id !== gone.id)
        .filter((e) => !(e.expense_date === tie.expense_date && e.created_at > tie.created_at))
        .map((e) => e.id),
    );
    await expect(
      adapter.store.ledger.listExpensePage(randomUUID(), { limit: 5, after: null }),
    ).resolves.toEqual([]);
  });

  it("keeps each member's share total exact through creates, edits and deletes", async () => {
    const { owner, friend, trip, expense } = await group();
    const totals = async () =>
      Promise.all([
        adapter.store.ledger.shareTotal(trip.id, owner.id),
        adapter.store.ledger.shareTotal(trip.id, friend.id),
      ]);
    expect(await totals()).toEqual([0, 0]);
    const dinner = await adapter.store.ledger.createExpense(trip.id, expense());
    const taxi = await adapter.store.ledger.createExpense(
      trip.id,
      expense({ amount_minor: 700, shares: [{ user_id: friend.id, share_minor: 700 }] }),
    );
    expect(await totals()).toEqual([1500, 2200]);
    const { created_by: _by, ...patch } = expense({
      amount_minor: 1000,
      shares: [
        { user_id: owner.id, share_minor: 100 },
        { user_id: friend.id, share_minor: 900 },
      ],
    });
    await adapter.store.ledger.updateExpense(dinner.id, patch);
    expect(await totals()).toEqual([100, 1600]);
    await adapter.store.ledger.deleteExpense(taxi.id);
    expect(await totals()).toEqual([100, 900]);
    await adapter.store.ledger.deleteExpense(dinner.id);
    expect(await totals()).toEqual([0, 0]);
    await expect(adapter.store.ledger.shareTotal(randomUUID(), owner.id)).resolves.toBe(0);
  });

  it("keeps each person's paid and owed totals in step with the expenses, so the ledger state equals a full recount", async () => {
    const { owner, friend, trip, expense } = await group();
    const third = await adapter.store.users.create(newUser());
    await adapter.store.members.add(trip.id, third.id);
    const recount = async () => {
      const state = await adapter.store.ledger.ledgerState(trip.id);
      const members = [owner.id, friend.id, third.id];
      const fromTotals = balancesOf(members, state);
      const fromExpenses = computeBalances(members, await adapter.store.ledger.listExpenses(trip.id));
      expect(fromTotals).toEqual(fromExpenses);
      return state;
    };
    await expect(recount()).resolves.toMatchObject({ ledger_version: 0, settlements: [] });
    const dinner = await adapter.store.ledger.createExpense(trip.id, expense());
    const taxi = await adapter.store.ledger.createExpense(
      trip.id,
      expense({
        paid_by: friend.id,
        amount_minor: 700,
        shares: [
          { user_id: friend.id, share_minor: 300 },
          { user_id: third.id, share_minor: 400 },
        ],
      }),
    );
    expect((await recount()).ledger_version).toBe(2);
    const { created_by: _by, ...patch } = expense({
      paid_by: third.id,
      amount_minor: 1001,
      shares: [
        { user_id: owner.id, share_minor: 1 },
        { user_id: third.id, share_minor: 1000 },
      ],
    });
    await adapter.store.ledger.updateExpense(dinner.id, patch);
    await recount();
    await adapter.store.ledger.deleteExpense(taxi.id);
    const state = await recount();
    expect(
      state.totals
        .filter((t) => t.paid_minor !== 0 || t.owed_minor !== 0)
        .map((t) => t.user_id)
        .sort(),
    ).toEqual([owner.id, third.id].sort());
  });

  it('stores an expense split among 150 people (several multi-row statements) in order, with their totals', async () => {
    const { owner, friend, trip, expense } = await group();
    const people = [owner.id, friend.id];
    for (let i = 0; i < 148; i++) {
      const user = await adapter.store.users.create(newUser());
      await adapter.store.members.add(trip.id, user.id);
      people.push(user.id);
    }
    const shares = people.map((user_id, i) => ({ user_id, share_minor: 100 + i }));
    const amount_minor = shares.reduce((sum, s) => sum + s.share_minor, 0);
    const big = await adapter.store.ledger.createExpense(trip.id, expense({ amount_minor, shares }));
    expect((await adapter.store.ledger.getExpense(big.id))?.shares).toEqual(shares);
    const state = await adapter.store.ledger.ledgerState(trip.id);
    expect(balancesOf(people, state)).toEqual(
      computeBalances(people, await adapter.store.ledger.listExpenses(trip.id)),
    );
  });

  it('gives the trip a new ledger version with every expense write, even one that keeps the totals', async () => {
    const { trip, expense } = await group();
    const version = async () => (await adapter.store.trips.get(trip.id))?.ledger_version;
    expect(await version()).toBe(0);
    const dinner = await adapter.store.ledger.createExpense(trip.id, expense());
    expect(await version()).toBe(1);
    const { created_by: _by, ...patch } = expense({ title: 'Same amount, new title' });
    await adapter.store.ledger.updateExpense(dinner.id, patch);
    expect(await version()).toBe(2);
    await adapter.store.ledger.deleteExpense(dinner.id);
    expect(await version()).toBe(3);
  });

  it('answers null for unknown or malformed ids', async () => {
    for (const id of [randomUUID(), `${randomUUID()}~${randomUUID()}`, 'a/b', '~']) {
      await expect(adapter.store.ledger.getExpense(id)).resolves.toBeNull();
      await expect(adapter.store.ledger.getSettlement(id)).resolves.toBeNull();
      await expect(adapter.store.ledger.deleteExpense(id)).resolves.toBeNull();
      await expect(adapter.store.ledger.markSettlementPaid(id, new Date().toISOString())).resolves.toBeNull();
    }
  });

  it('replaces pending settlements on recalculation, keeps paid ones and counts them', async () => {
    const { owner, friend, trip, expense } = await group();
    await adapter.store.ledger.createExpense(trip.id, expense());
    const plan = (members: string[]) => (ledger: LedgerState) =>
      settle(balancesOf(members, ledger)).transfers;
    const members = [owner.id, friend.id];

    const first = await adapter.store.ledger.recalculateSettlements(trip.id, plan(members));
    expect(first.changed).toBe(true);
    const [pending] = first.settlements;
    expect(pending).toMatchObject({
      trip_id: trip.id,
      from_user_id: friend.id,
      to_user_id: owner.id,
      amount_minor: 1500,
      settled_at: null,
    });
    await expect(adapter.store.ledger.getSettlement(pending!.id)).resolves.toEqual(pending);

    // Recalculating an unchanged ledger keeps the pending transfer, id and all, and says it changed nothing.
    const { settlements: again, changed } = await adapter.store.ledger.recalculateSettlements(
      trip.id,
      plan(members),
    );
    expect(again).toEqual([pending]);
    expect(changed).toBe(false);

    // A changed amount updates the same transfer in place.
    const extra = await adapter.store.ledger.createExpense(
      trip.id,
      expense({ amount_minor: 1000, shares: [{ user_id: friend.id, share_minor: 1000 }] }),
    );
    const grown = await adapter.store.ledger.recalculateSettlements(trip.id, plan(members));
    expect(grown).toEqual({ settlements: [{ ...pending, amount_minor: 2500 }], changed: true });
    await adapter.store.ledger.deleteExpense(extra.id);
    expect(await adapter.store.ledger.recalculateSettlements(trip.id, plan(members))).toEqual({
      settlements: [pending],
      changed: true,
    });

    const at = new Date().toISOString();
    // Marking it paid at an amount it no longer has changes nothing.
    await expect(adapter.store.ledger.markSettlementPaid(again[0]!.id, at, 2500)).resolves.toEqual(pending);
    const paid = await adapter.store.ledger.markSettlementPaid(again[0]!.id, at, 1500);
    expect(paid?.settled_at).toBe(at);
    // Paying twice keeps the first time.
    await expect(
      adapter.store.ledger.markSettlementPaid(again[0]!.id, new Date(Date.now() + 1000).toISOString()),
    ).resolves.toEqual(paid);

    // A new expense: the paid settlement stays and counts, only the rest is asked for.
    await adapter.store.ledger.createExpense(
      trip.id,
      expense({
        paid_by: friend.id,
        amount_minor: 1000,
        shares: [{ user_id: owner.id, share_minor: 1000 }],
      }),
    );
    const { settlements: after } = await adapter.store.ledger.recalculateSettlements(trip.id, plan(members));
    expect(after).toEqual([
      paid,
      expect.objectContaining({
        from_user_id: owner.id,
        to_user_id: friend.id,
        amount_minor: 1000,
        settled_at: null,
      }),
    ]);
    await expect(adapter.store.ledger.listSettlements(trip.id)).resolves.toEqual(after);
  });

  it('remembers the pending settlements a recalculation replaced, and only those', async () => {
    const { owner, friend, trip, expense } = await group();
    const created = await adapter.store.ledger.createExpense(trip.id, expense());
    const {
      settlements: [pending],
    } = await adapter.store.ledger.recalculateSettlements(trip.id, () => [
      { from: friend.id, to: owner.id, amount_minor: 1500 },
    ]);
    await expect(adapter.store.ledger.replacedSettlementTrip(pending!.id)).resolves.toBeNull();
    // Another member's recalculation turns the transfer around: the old one is gone, and remembered.
    await adapter.store.ledger.deleteExpense(created.id);
    const {
      settlements: [reversed],
    } = await adapter.store.ledger.recalculateSettlements(trip.id, () => [
      { from: owner.id, to: friend.id, amount_minor: 700 },
    ]);
    expect(reversed?.id).not.toBe(pending!.id);
    await expect(adapter.store.ledger.getSettlement(pending!.id)).resolves.toBeNull();
    await expect(adapter.store.ledger.replacedSettlementTrip(pending!.id)).resolves.toBe(trip.id);
    await expect(
      adapter.store.ledger.markSettlementPaid(pending!.id, new Date().toISOString()),
    ).resolves.toBeNull();
    await expect(adapter.store.ledger.replacedSettlementTrip(reversed!.id)).resolves.toBeNull();
    for (const id of [randomUUID(), `${trip.id}~${randomUUID()}`, 'a/b', '~']) {
      await expect(adapter.store.ledger.replacedSettlementTrip(id)).resolves.toBeNull();
    }
    await adapter.store.trips.delete(trip.id);
    await expect(adapter.store.ledger.replacedSettlementTrip(pending!.id)).resolves.toBeNull();
  });

  it('answers each recalculation with the settlements it left, as a later read lists them, however they change', async () => {
    const { trip, people } = await tripOfPeople(adapter.store, ['Ana', 'Bea', 'Cai']);
    const ids = people.map((p) => p.id);
    /** A plan as (payer, payee, cents) picks among three people; a payee equal to the payer is skipped. */
    const plan = fc.array(fc.tuple(fc.nat(2), fc.nat(2), fc.integer({ min: 1, max: 3 })), { maxLength: 4 });
    const step = fc.oneof(
      fc.record({ kind: fc.constant('recalculate' as const), plan }),
      fc.record({ kind: fc.constant('pay' as const), which: fc.nat() }),
      fc.record({ kind: fc.constant('expense' as const), payer: fc.nat(2) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'recalculate') {
            const transfers = s.plan
              .filter(([from, to]) => from !== to)
              .map(([from, to, cents]) => ({ from: ids[from]!, to: ids[to]!, amount_minor: cents * 100 }));
            const { settlements: answered } = await adapter.store.ledger.recalculateSettlements(
              trip.id,
              () => transfers,
            );
            await expect(adapter.store.ledger.listSettlements(trip.id)).resolves.toEqual(answered);
            expect((await adapter.store.ledger.ledgerState(trip.id)).settlements).toEqual(answered);
          }
          if (s.kind === 'pay') {
            const pending = (await adapter.store.ledger.listSettlements(trip.id)).filter(
              (r) => !r.settled_at,
            );
            const target = pending[s.which % Math.max(1, pending.length)];
            if (target) await adapter.store.ledger.markSettlementPaid(target.id, new Date().toISOString());
          }
          if (s.kind === 'expense') {
            await adapter.store.ledger.createExpense(
              trip.id,
              groupExpense([
                { user_id: ids[s.payer]!, share_minor: 700 },
                { user_id: ids[(s.payer + 1) % 3]!, share_minor: 300 },
              ]),
            );
          }
          // Whatever was remembered, the ledger state is the stored one.
          const [state, settlements, stored] = await Promise.all([
            adapter.store.ledger.ledgerState(trip.id),
            adapter.store.ledger.listSettlements(trip.id),
            adapter.store.trips.listFields(trip.id),
          ]);
          expect(state.settlements).toEqual(settlements);
          expect(state.ledger_version).toBe(stored?.ledger_version);
        }
      }),
      { numRuns: 10 },
    );
  });

  it('commits an expense only if everyone it newly names is a member at commit time', async () => {
    const { owner, friend, trip, expense } = await group();
    const outsider = await adapter.store.users.create(newUser());
    await expect(
      adapter.store.ledger.createExpense(trip.id, expense({ paid_by: outsider.id })),
    ).rejects.toEqual(new NotAMemberError(outsider.id));
    await expect(
      adapter.store.ledger.createExpense(
        trip.id,
        expense({ shares: [{ user_id: outsider.id, share_minor: 3000 }] }),
      ),
    ).rejects.toBeInstanceOf(NotAMemberError);
    expect(await totals(trip.id)).toEqual([0, 0]);
    await expect(adapter.store.ledger.shareTotal(trip.id, outsider.id)).resolves.toBe(0);

    const kept = await adapter.store.ledger.createExpense(trip.id, expense());
    const { created_by: _by, ...patch } = expense({ title: 'Dinner, corrected' });
    await expect(
      adapter.store.ledger.updateExpense(kept.id, {
        ...patch,
        shares: [...patch.shares.slice(0, 1), { user_id: outsider.id, share_minor: 1500 }],
      }),
    ).rejects.toEqual(new NotAMemberError(outsider.id));
    // A member who left stays where the expense already named them: an edit of words still commits.
    await expect(adapter.store.members.leave(trip.id, friend.id)).resolves.toBe('left');
    await expect(adapter.store.ledger.updateExpense(kept.id, patch)).resolves.toMatchObject({
      title: 'Dinner, corrected',
      shares: kept.shares,
    });
    await expect(adapter.store.ledger.getExpense(kept.id)).resolves.toMatchObject({ shares: kept.shares });
    expect(await totals(trip.id)).toEqual([1, 3000]);
    await expect(adapter.store.ledger.shareTotal(trip.id, friend.id)).resolves.toBe(1500);
    await expect(adapter.store.ledger.shareTotal(trip.id, owner.id)).resolves.toBe(1500);
  });

  it('deletes expenses and settlements with their trip', async () => {
    const { trip, expense, owner, friend } = await group();
    const created = await adapter.store.ledger.createExpense(trip.id, expense());
    await adapter.store.ledger.recalculateSettlements(trip.id, () => [
      { from: friend.id, to: owner.id, amount_minor: 1500 },
    ]);
    await adapter.store.trips.delete(trip.id);
    await expect(adapter.store.ledger.getExpense(created.id)).resolves.toBeNull();
    await expect(adapter.store.ledger.listExpenses(trip.id)).resolves.toEqual([]);
    await expect(adapter.store.ledger.listSettlements(trip.id)).resolves.toEqual([]);
  });

  // Creates read only member documents, which no create writes, and move totals by server-side increments: this
  // holds even where conflicts go unseen.
  it('loses no expense and keeps totals exact under 50 concurrent writers', async () => {
    const { trip, expense } = await group();
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        adapter.store.ledger.createExpense(trip.id, expense({ amount_minor: 100 + i })),
      ),
    );
    expect(await adapter.store.ledger.listExpenses(trip.id)).toHaveLength(50);
    expect(await totals(trip.id)).toEqual([50, 50 * 100 + (49 * 50) / 2]);
  });

  // The embedded store runs concurrent writes as one group; refusals inside it undo only themselves.
  it('commits concurrent writes beside refused ones (a stranger named, a changed home currency) with exact totals', async () => {
    const { owner, friend, trip, expense } = await group();
    const outsider = await adapter.store.users.create(newUser());
    await expect(adapter.store.trips.setHomeCurrency(trip.id, 'JPY')).resolves.toBe('set');
    const outcomes = await Promise.allSettled([
      adapter.store.ledger.createExpense(
        trip.id,
        expense({ amount_minor: 1000, shares: [{ user_id: friend.id, share_minor: 1000 }] }),
        'JPY',
      ),
      adapter.store.ledger.createExpense(trip.id, expense({ paid_by: outsider.id }), 'JPY'),
      adapter.store.ledger.createExpense(
        trip.id,
        expense({ amount_minor: 300, paid_by: friend.id, shares: [{ user_id: owner.id, share_minor: 300 }] }),
      ),
      adapter.store.ledger.createExpense(trip.id, expense(), 'USD'),
      adapter.store.ledger.createExpense(trip.id, expense({ amount_minor: 20 }), 'JPY'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(outcomes[1]).toMatchObject({ reason: new NotAMemberError(outsider.id) });
    expect(outcomes[3]).toMatchObject({ reason: new HomeCurrencyChangedError('USD') });
    expect(await totals(trip.id)).toEqual([3, 1320]);
    const state = await adapter.store.ledger.ledgerState(trip.id);
    expect(balancesOf([owner.id, friend.id, outsider.id], state)).toEqual(
      computeBalances([owner.id, friend.id, outsider.id], await adapter.store.ledger.listExpenses(trip.id)),
    );
    expect(state.totals.find((t) => t.user_id === outsider.id)).toBeUndefined();
    expect(state.ledger_version).toBeGreaterThan(0);
  });

  it('keeps totals exact when concurrent edits and deletes race on one expense', async (ctx) => {
    if (!adapter.detectsConflicts) ctx.skip(officialEmulatorOnlyReason);
    const { trip, expense } = await group();
    const created = await adapter.store.ledger.createExpense(trip.id, expense());
    const { created_by: _by, ...patch } = expense({ amount_minor: 4000 });
    await Promise.allSettled([
      ...Array.from({ length: 10 }, () => adapter.store.ledger.updateExpense(created.id, patch)),
      adapter.store.ledger.deleteExpense(created.id),
    ]);
    const left = await adapter.store.ledger.listExpenses(trip.id);
    expect(await totals(trip.id)).toEqual([left.length, left.reduce((s, e) => s + e.amount_minor, 0)]);
  });
});

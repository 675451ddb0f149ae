import { expect, it } from 'vitest';
import type { ActivityEntry } from '@wayfare/contract';
import { restorableExpense } from './shared/activity-entries';
import {
  describeStoreContract,
  groupExpense,
  newUser,
  tripOfPeople,
} from '../../test-support/store-adapters';
import { NotAMemberError, RestoredAlreadyError, type NewExpense } from './types';

describeStoreContract('store contract, activity history and budget', (adapter) => {
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
  const history = (tripId: string, limit = 50, before: string | null = null) =>
    adapter.store.activity.list(tripId, { limit, before });
  const kinds = (entries: ActivityEntry[]) => entries.map((e) => e.kind);

  it('records an expense added, edited (before and after) and deleted, by whom, newest first', async () => {
    const { trip, owner, friend, expense } = await group();
    const created = await adapter.store.ledger.createExpense(trip.id, expense({ title: 'Hotel' }));
    const { created_by: _by, ...patch } = expense({
      title: 'Hotel',
      amount_minor: 48000,
      expense_date: '2027-04-12',
      shares: [
        { user_id: owner.id, share_minor: 24000 },
        { user_id: friend.id, share_minor: 24000 },
      ],
    });
    await adapter.store.ledger.updateExpense(created.id, patch, friend.id);
    await adapter.store.ledger.deleteExpense(created.id, owner.id);

    const entries = await history(trip.id);
    expect(kinds(entries)).toEqual(['expense.deleted', 'expense.updated', 'expense.created']);
    const [deleted, updated, added] = entries;
    expect(added).toMatchObject({
      actor_id: owner.id,
      trip_id: trip.id,
      expense: { id: created.id, title: 'Hotel' },
    });
    expect(updated).toMatchObject({
      actor_id: friend.id,
      before: { amount_cents: 3000, expense_date: '2027-04-11' },
      after: { amount_cents: 48000, expense_date: '2027-04-12' },
    });
    expect(deleted).toMatchObject({
      actor_id: owner.id,
      restored_as: null,
      expense: { amount_cents: 48000 },
    });
    expect((deleted?.at ?? '') >= (added?.at ?? '')).toBe(true);
    await expect(adapter.store.activity.get(trip.id, deleted?.id ?? '')).resolves.toEqual(deleted);
  });

  it('pages the history by cursor, each entry once', async () => {
    const { trip, expense } = await group();
    for (const title of ['A', 'B', 'C', 'D', 'E']) {
      await adapter.store.ledger.createExpense(trip.id, expense({ title }));
    }
    const first = await history(trip.id, 2);
    const second = await history(trip.id, 2, first[1]?.id ?? null);
    const third = await history(trip.id, 2, second[1]?.id ?? null);
    const titles = [...first, ...second, ...third].map((e) =>
      e.kind === 'expense.created' ? e.expense.title : '',
    );
    expect(titles).toEqual(['E', 'D', 'C', 'B', 'A']);
    expect(kinds(await adapter.store.activity.listAll(trip.id))).toHaveLength(5);
  });

  it('restores a deleted expense once, as a new expense in the same write as its entry', async () => {
    const { trip, owner, friend, expense } = await group();
    const created = await adapter.store.ledger.createExpense(trip.id, expense({ title: 'Museum' }));
    await adapter.store.ledger.deleteExpense(created.id, owner.id);
    const [deleted] = await history(trip.id, 1);
    if (deleted?.kind !== 'expense.deleted') throw new Error('expected the deletion');
    const fields = restorableExpense(deleted.expense);
    const context = { actor_id: friend.id, restored_from: deleted.id };
    const restored = await adapter.store.ledger.createExpense(trip.id, fields, undefined, context);
    expect(restored.id).not.toBe(created.id);
    expect(restored).toMatchObject({ title: 'Museum', amount_minor: 3000, created_by: owner.id });

    const [entry] = await history(trip.id, 1);
    expect(entry).toMatchObject({ kind: 'expense.restored', actor_id: friend.id, restored_from: deleted.id });
    expect(await adapter.store.activity.get(trip.id, deleted.id)).toMatchObject({ restored_as: restored.id });

    await expect(
      adapter.store.ledger.createExpense(trip.id, fields, undefined, context),
    ).rejects.toBeInstanceOf(RestoredAlreadyError);
    expect((await adapter.store.trips.get(trip.id))?.expense_count).toBe(1);
    expect(kinds(await history(trip.id))).toEqual(['expense.restored', 'expense.deleted', 'expense.created']);
  });

  it('records nothing for a write that did not commit', async () => {
    const { trip, owner, expense } = await group();
    const stranger = await adapter.store.users.create(newUser());
    await expect(
      adapter.store.ledger.createExpense(
        trip.id,
        expense({ shares: [{ user_id: stranger.id, share_minor: 3000 }], paid_by: owner.id }),
      ),
    ).rejects.toBeInstanceOf(NotAMemberError);
    expect(await history(trip.id)).toEqual([]);
  });

  it('records settlements calculated and paid, members leaving and removed, and the home currency', async () => {
    const {
      trip,
      people: [owner, friend, third],
    } = await tripOfPeople(adapter.store, ['Ana', 'Bea', 'Cy']);
    await expect(adapter.store.trips.setHomeCurrency(trip.id, 'EUR', owner.id)).resolves.toBe('set');
    await adapter.store.ledger.createExpense(
      trip.id,
      groupExpense([
        { user_id: owner.id, share_minor: 1000 },
        { user_id: friend.id, share_minor: 1000 },
      ]),
    );
    const {
      settlements: [settlement],
    } = await adapter.store.ledger.recalculateSettlements(
      trip.id,
      () => [{ from: friend.id, to: owner.id, amount_minor: 1000 }],
      friend.id,
    );
    await adapter.store.ledger.markSettlementPaid(
      settlement?.id ?? '',
      new Date().toISOString(),
      1000,
      owner.id,
    );
    await expect(adapter.store.members.remove(trip.id, third.id, owner.id)).resolves.toBe('removed');
    await expect(adapter.store.members.leave(trip.id, friend.id)).resolves.toBe('left');

    const entries = await history(trip.id);
    expect(kinds(entries)).toEqual([
      'member.left',
      'member.removed',
      'settlement.paid',
      'settlements.calculated',
      'expense.created',
      'trip.home_currency',
    ]);
    expect(entries[0]).toMatchObject({ actor_id: friend.id, user_id: friend.id });
    expect(entries[1]).toMatchObject({ actor_id: owner.id, user_id: third.id });
    const transfer = { from_user_id: friend.id, to_user_id: owner.id, amount_cents: 1000 };
    expect(entries[2]).toMatchObject({ actor_id: owner.id, settlement_id: settlement?.id, transfer });
    expect(entries[3]).toMatchObject({ actor_id: friend.id, transfers: [transfer] });
    expect(entries[5]).toMatchObject({ actor_id: owner.id, from: 'USD', to: 'EUR' });
  });

  it('records members joining by invitation and by link', async () => {
    const { trip, owner } = await group();
    const invited = await adapter.store.users.create(newUser());
    await adapter.store.invitations.create(trip.id, invited.id, owner.id);
    await adapter.store.invitations.accept(trip.id, invited.id);
    const linked = await adapter.store.users.create(newUser());
    const at = new Date().toISOString();
    await adapter.store.inviteLinks.create({
      token_hash: `hash-${trip.id}`,
      trip_id: trip.id,
      created_by: owner.id,
      created_at: at,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      max_uses: null,
    });
    await adapter.store.inviteLinks.join(`hash-${trip.id}`, linked.id, at);
    const entries = await history(trip.id);
    expect(entries.map((e) => [e.kind, e.actor_id])).toEqual([
      ['member.joined', linked.id],
      ['member.joined', invited.id],
    ]);
  });

  it('keeps the budget and records each change before → after', async () => {
    const { trip, owner, friend } = await group();
    await expect(adapter.store.budgets.get(trip.id)).resolves.toBeNull();
    const version = (await adapter.store.trips.get(trip.id))?.ledger_version ?? 0;
    const first = await adapter.store.budgets.set(
      trip.id,
      { kind: 'total', amount_minor: 200000, categories: { food: 60000 } },
      owner.id,
    );
    expect(first).toMatchObject({ kind: 'total', amount_minor: 200000, updated_by: owner.id });
    await adapter.store.budgets.set(
      trip.id,
      { kind: 'per_day', amount_minor: 15000, categories: {} },
      friend.id,
    );
    await expect(adapter.store.budgets.get(trip.id)).resolves.toMatchObject({
      kind: 'per_day',
      amount_minor: 15000,
      categories: {},
      updated_by: friend.id,
    });
    expect((await adapter.store.trips.get(trip.id))?.ledger_version).toBeGreaterThan(version);
    const entries = await history(trip.id);
    expect(entries.map((e) => [e.kind, e.actor_id])).toEqual([
      ['budget.changed', friend.id],
      ['budget.changed', owner.id],
    ]);
    expect(entries[0]).toMatchObject({
      before: { kind: 'total', amount_minor: 200000, categories: { food: 60000 } },
      after: { kind: 'per_day', amount_minor: 15000 },
    });
    expect(entries[1]).toMatchObject({ before: null });
    await expect(
      adapter.store.budgets.set('no-such-trip', { kind: 'total', amount_minor: 1, categories: {} }, owner.id),
    ).resolves.toBeNull();
  });

  it('deletes the history and budget with the trip', async () => {
    const { trip, owner, expense } = await group();
    await adapter.store.ledger.createExpense(trip.id, expense());
    await adapter.store.budgets.set(trip.id, { kind: 'total', amount_minor: 5000, categories: {} }, owner.id);
    await adapter.store.trips.delete(trip.id);
    expect(await history(trip.id)).toEqual([]);
    await expect(adapter.store.budgets.get(trip.id)).resolves.toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toIsoDate, type TripView } from '@wayfare/contract';
import {
  startFirestoreApi,
  startTestApi,
  targetsEmulatorSuite,
  type TestApi,
} from '../test-support/api-server';
import { signedInUser, tripWithMembers } from '../test-support/trip-members';

/**
 * 50 writers at once on one trip, over HTTP: expenses, plan moves, invitations and racing bulk plan batches.
 * No write may be lost, the trip's totals and counts must be exact, and duplicate suppression must hold. Then
 * removals racing the expense writes that name the removed: nobody outside the trip may end up in its ledger.
 * In the emulators project, firebase mode's app in this process on the suite's Firestore (the official emulator):
 * through the Functions emulator, 50 concurrent requests would start 50 worker processes.
 */
describe('concurrent writers on one trip', () => {
  let api: TestApi;
  let detectsConflicts = true;
  beforeAll(async () => {
    if (targetsEmulatorSuite) {
      const firestoreApi = await startFirestoreApi();
      ({ detectsConflicts } = firestoreApi);
      api = firestoreApi;
    } else {
      api = await startTestApi();
    }
  });
  afterAll(() => api.close());

  it('loses nothing and keeps totals exact', async () => {
    const start = addDays(toIsoDate(new Date()), 3);
    const { trip, owner, participant } = await tripWithMembers(api, {
      start_date: start,
      end_date: addDays(start, 6),
    });
    const as = (token: string) => ({ token });
    const friends = await Promise.all(Array.from({ length: 10 }, () => signedInUser(api)));
    const plans = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.store.plans.create(trip.id, {
          plan_date: start,
          category: 'Activity',
          title: `Plan ${i}`,
          description: '',
        }),
      ),
    );
    const duplicateBatch = ['Harbour walk', 'Night market', 'Cooking class'].map((title) => ({
      plan_date: addDays(start, 1),
      category: 'Activity',
      title,
      description: '',
    }));

    const amounts = Array.from({ length: 20 }, (_, i) => 10 + i * 0.37);
    const writes = [
      ...amounts.map((amount, i) =>
        api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
          ...as(i % 2 ? owner.token : participant.token),
          body: {
            title: `Expense ${i}`,
            amount: amount.toFixed(2),
            expense_date: start,
            category: 'food',
            paid_by: i % 2 ? owner.user.id : participant.user.id,
            expense_type: 'group',
          },
        }),
      ),
      ...plans.map((plan, i) =>
        api.call('PUT', `/api/trips/${trip.id}/daily-plans/${plan.id}`, {
          ...as(i % 2 ? owner.token : participant.token),
          body: {
            plan_date: addDays(start, 1 + (i % 5)),
            category: 'Activity',
            title: plan.title,
            description: 'moved',
          },
        }),
      ),
      ...friends.map((friend, i) =>
        api.call('POST', `/api/trip-split/trips/${trip.id}/participants`, {
          ...as(i % 2 ? owner.token : participant.token),
          body: { email: friend.user.email },
        }),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        api.call('POST', `/api/trips/${trip.id}/daily-plans/bulk`, {
          ...as(i % 2 ? owner.token : participant.token),
          body: { plans: duplicateBatch },
        }),
      ),
    ];
    expect(writes).toHaveLength(50);
    const answers = await Promise.all(writes);
    expect(answers.map((a) => a.status).filter((status) => status >= 300)).toEqual([]);

    const { body } = await api.call('GET', `/api/trips/${trip.id}`, as(owner.token));
    const view = (body.trip ?? body) as TripView;
    const expectedCents = amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0);
    expect(view.expense_count).toBe(20);
    expect(view.total_expenses_cents).toBe(expectedCents);
    // The friends were added at once (spec §6): members now, nobody left invited.
    expect(view.participant_count).toBe(2 + friends.length);
    expect(view.number_of_people).toBe(2 + friends.length);
    const invited = await api.call('GET', `/api/trip-split/trips/${trip.id}/invitations`, as(owner.token));
    expect(invited.body.invitations).toEqual([]);

    for (const [i, plan] of plans.entries()) {
      const saved = view.daily_plans.find((p) => p.id === plan.id);
      expect(saved).toMatchObject({ plan_date: addDays(start, 1 + (i % 5)), description: 'moved' });
    }
    // Duplicate suppression across racing batches rests on transaction conflicts, which the Node.js Firestore
    // emulator does not detect (SQLite and the official emulator do): there the check is reported as not run.
    if (!detectsConflicts) {
      console.info(
        '[concurrency] duplicate suppression not checked: the Node.js Firestore emulator lacks conflicts',
      );
    } else {
      for (const { title } of duplicateBatch) {
        expect(view.daily_plans.filter((p) => p.title === title)).toHaveLength(1);
      }
      const created = answers.slice(40).reduce((sum, a) => sum + a.body.plans.length, 0);
      const skipped = answers.slice(40).reduce((sum, a) => sum + a.body.skipped, 0);
      expect([created, skipped]).toEqual([3, 27]);
    }
  });

  it('never leaves anyone who is not a member in an expense when removals race expense writes', async () => {
    const start = addDays(toIsoDate(new Date()), 3);
    const { trip, owner } = await tripWithMembers(api, { start_date: start, end_date: addDays(start, 6) });
    const friends = await Promise.all(Array.from({ length: 12 }, () => signedInUser(api)));
    for (const friend of friends) await api.store.members.add(trip.id, friend.user.id);
    const body = (title: string, paidBy: string, debtor: string) => ({
      title,
      amount: '20.00',
      expense_date: start,
      paid_by: paidBy,
      participants: [{ user_id: debtor, share_amount: '20.00' }],
    });
    const first = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      token: owner.token,
      body: body('First', owner.user.id, owner.user.id),
    });
    // Per friend: their removal by the owner, and an expense naming them — created by the owner, created by the
    // friend themself (paying), or an edit of the first expense — started together in alternating order.
    const write = (friend: (typeof friends)[number], i: number) =>
      [
        () =>
          api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
            token: owner.token,
            body: body(`Owed by ${i}`, owner.user.id, friend.user.id),
          }),
        () =>
          api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
            token: friend.token,
            body: body(`Paid by ${i}`, friend.user.id, owner.user.id),
          }),
        () =>
          api.call('PUT', `/api/trip-split/expenses/${first.body.expense.id}`, {
            token: owner.token,
            body: body('First', friend.user.id, owner.user.id),
          }),
      ][i % 3]!();
    const remove = (friend: (typeof friends)[number]) =>
      api.call('DELETE', `/api/trip-split/trips/${trip.id}/participants/${friend.user.id}`, {
        token: owner.token,
      });
    const answers = await Promise.all(
      friends.flatMap((friend, i) =>
        i % 2 ? [remove(friend), write(friend, i)] : [write(friend, i), remove(friend)],
      ),
    );
    // Every answer is a success or a clean refusal: removal 409 (in the ledger), write 404/422 (not a member).
    expect(answers.map((a) => a.status).filter((s) => ![200, 201, 204, 404, 409, 422].includes(s))).toEqual(
      [],
    );

    const members = new Set((await api.store.members.list(trip.id)).map((m) => m.user_id));
    const named = (await api.store.ledger.listExpenses(trip.id)).flatMap((e) => [
      e.paid_by,
      ...e.shares.map((share) => share.user_id),
    ]);
    expect(named.filter((id) => !members.has(id))).toEqual([]);
    const balances = await api.call('POST', `/api/trip-split/trips/${trip.id}/settlements/calculate`, {
      token: owner.token,
    });
    expect(balances.body.balances.filter((b: { left: boolean }) => b.left)).toEqual([]);
  });
});

/**
 * Every /api/trip-split answer against its `contract/` schema (the ones the web client checks too), and the
 * spec §3 dollar fields beside the exact cents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addParticipantResponseSchema,
  calculateSettlementsResponseSchema,
  expenseResponseSchema,
  expensesResponseSchema,
  participantResponseSchema,
  participantsResponseSchema,
  settlementExplanationResponseSchema,
  settlementResponseSchema,
  settlementsResponseSchema,
  splitTripsResponseSchema,
  tripInvitationsResponseSchema,
  userInvitationsResponseSchema,
} from '@wayfare/contract';
import { newTrip } from '../../test-support/store-adapters';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { registerMember } from '../../test-support/registered-member';

let api: TestApi;
const member = (first: string) => registerMember(api, first, 'answers');

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('trip-split answers', () => {
  it('match the contract schemas and carry the spec dollar fields beside the cents', async () => {
    const owner = await member('ana');
    const friend = await member('ben');
    const trip = await api.store.trips.create(owner.id, newTrip());
    const base = `/api/trip-split/trips/${trip.id}`;
    const as = { token: owner.token };

    // Ben asks to be invited (participants.api.test.ts checks the direct add's answer).
    await api.call('PUT', '/api/auth/me/add-policy', { token: friend.token, body: { add_policy: 'nobody' } });
    const invited = await api.call('POST', `${base}/participants`, {
      ...as,
      body: { username: friend.username },
    });
    expect(invited.status).toBe(202);
    expect(addParticipantResponseSchema.parse(invited.body).outcome).toBe('invited');
    tripInvitationsResponseSchema.parse((await api.call('GET', `${base}/invitations`, as)).body);
    const mine = await api.call('GET', '/api/trip-split/invitations', { token: friend.token });
    expect(userInvitationsResponseSchema.parse(mine.body).invitations).toHaveLength(1);
    const accepted = await api.call('POST', `/api/trip-split/invitations/${trip.id}/accept`, {
      token: friend.token,
    });
    expect(accepted.status).toBe(200);
    participantResponseSchema.parse(accepted.body);
    participantsResponseSchema.parse((await api.call('GET', `${base}/participants`, as)).body);

    const created = await api.call('POST', `${base}/expenses`, {
      ...as,
      body: { title: 'Dinner', amount: 100.01, expense_date: '2027-04-11', paid_by: owner.id },
    });
    expect(created.status).toBe(201);
    const { expense } = expenseResponseSchema.parse(created.body);
    expect(expense).toMatchObject({ amount_cents: 10001, amount: 100.01 });
    expect(expense.participants.map((p) => [p.share_cents, p.share_amount])).toEqual([
      [5000, 50],
      [5001, 50.01],
    ]);

    const edited = await api.call('PUT', `/api/trip-split/expenses/${expense.id}`, {
      ...as,
      body: { title: 'Dinner out', amount: '100.01', expense_date: '2027-04-11', paid_by: owner.id },
    });
    expenseResponseSchema.parse(edited.body);

    const page = expensesResponseSchema.parse((await api.call('GET', `${base}/expenses`, as)).body);
    expect([page.total_expenses_cents, page.total_expenses]).toEqual([10001, 100.01]);

    const calculated = calculateSettlementsResponseSchema.parse(
      (await api.call('POST', `${base}/settlements/calculate`, as)).body,
    );
    const ben = calculated.balances.find((b) => b.user_id === friend.id);
    expect(ben).toMatchObject({ balance: -50.01, total_paid: 0, total_owed: 50.01, balance_cents: -5001 });
    expect(calculated.settlements.map((s) => s.amount)).toEqual([50.01]);

    const explained = settlementExplanationResponseSchema.parse(
      (await api.call('GET', `${base}/settlements/explanation`, as)).body,
    );
    expect(explained.members.find((m) => m.user_id === friend.id)).toMatchObject({
      balance: -50.01,
      unsettled: 0,
    });

    const listed = settlementsResponseSchema.parse((await api.call('GET', `${base}/settlements`, as)).body);
    const pending = listed.settlements[0];
    const paid = await api.call('PUT', `/api/trip-split/settlements/${pending?.id}/paid`, as);
    expect(settlementResponseSchema.parse(paid.body).settlement.amount).toBe(50.01);

    const cards = splitTripsResponseSchema.parse(
      (await api.call('GET', '/api/trip-split/user/trips', as)).body,
    );
    expect(cards.trips.find((t) => t.id === trip.id)?.total_expenses).toBe(100.01);

    const view = await api.call('GET', `/api/trips/${trip.id}`, as);
    expect(view.body.total_expenses).toBe(100.01);
  });
});

/**
 * Participant weights over HTTP: any member sets a participant's whole shares (1–99, default 1), and a by_shares
 * split divides an expense in proportion to them (or to shares the body gives), kept through an edit of the amount
 * and carried by the JSON export. Runs on the embedded server and again in the emulator suite
 * (vitest.config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHARES_MESSAGE,
  WEIGHT_MESSAGE,
  addParticipantResponseSchema,
  expenseResponseSchema,
  ledgerExportSchema,
  participantResponseSchema,
  participantsResponseSchema,
} from '@wayfare/contract';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { registerMember, tripOfThree } from '../../test-support/registered-member';
import { NOT_A_MEMBER } from './membership/service';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
});
afterAll(() => api.close());

type Trip = Awaited<ReturnType<typeof tripOfThree>>;
type Member = Trip['ana'];

const setWeight = (trip: Trip, who: Member, userId: string, body: unknown) =>
  api.call('PUT', `/api/trip-split/trips/${trip.tripId}/participants/${userId}/weight`, {
    token: who.token,
    body,
  });

async function weightsOf(trip: Trip) {
  const listed = participantsResponseSchema.parse(
    (await trip.get(trip.ana, `/trips/${trip.tripId}/participants`)).body,
  ).participants;
  return Object.fromEntries(listed.map((p) => [p.user_id, p.weight]));
}

/** Ana's trip with Bea and Cai, and "The Smiths", a guest Bea added. */
async function tripWithFamily() {
  const trip = await tripOfThree(api, 'weights');
  const added = await api.call('POST', `/api/trip-split/trips/${trip.tripId}/participants`, {
    token: trip.bea.token,
    body: { guest_name: 'The Smiths' },
  });
  expect(added.status).toBe(201);
  const { participant } = addParticipantResponseSchema.parse(added.body) as {
    participant: { user_id: string };
  };
  return { ...trip, familyId: participant.user_id };
}

describe("a participant's weight", () => {
  it('is 1 for everyone until any member sets it; the answer is the participant', async () => {
    const trip = await tripWithFamily();
    expect(await weightsOf(trip)).toEqual({
      [trip.ana.id]: 1,
      [trip.bea.id]: 1,
      [trip.cai.id]: 1,
      [trip.familyId]: 1,
    });
    const set = await setWeight(trip, trip.cai, trip.familyId, { weight: 4 });
    expect(set.status).toBe(200);
    expect(participantResponseSchema.parse(set.body).participant).toMatchObject({
      user_id: trip.familyId,
      display_name: 'The Smiths',
      is_guest: true,
      weight: 4,
    });
    // A participant sets the owner's weight as well as their own.
    expect((await setWeight(trip, trip.bea, trip.ana.id, { weight: 2 })).status).toBe(200);
    expect((await setWeight(trip, trip.bea, trip.bea.id, { weight: 99 })).status).toBe(200);
    expect(await weightsOf(trip)).toEqual({
      [trip.ana.id]: 2,
      [trip.bea.id]: 99,
      [trip.cai.id]: 1,
      [trip.familyId]: 4,
    });
  });

  it('refuses anything but a whole number from 1 to 99 with 400, changing nothing', async () => {
    const trip = await tripWithFamily();
    for (const body of [
      { weight: 0 },
      { weight: 100 },
      { weight: 2.5 },
      { weight: '4' },
      {},
      { weight: -1 },
    ]) {
      expect(await setWeight(trip, trip.ana, trip.familyId, body)).toMatchObject({
        status: 400,
        body: { error: WEIGHT_MESSAGE },
      });
    }
    expect((await weightsOf(trip))[trip.familyId]).toBe(1);
  });

  it('is 404 for someone who is not a participant, and for a stranger to the trip', async () => {
    const trip = await tripWithFamily();
    const eve = await registerMember(api, 'eve', 'weights');
    expect(await setWeight(trip, trip.ana, eve.id, { weight: 2 })).toMatchObject({
      status: 404,
      body: { error: NOT_A_MEMBER },
    });
    expect((await setWeight(trip, eve, trip.bea.id, { weight: 2 })).status).toBe(404);
    expect((await setWeight(trip, eve, eve.id, { weight: 2 })).status).toBe(404);
    expect((await weightsOf(trip))[trip.bea.id]).toBe(1);
  });
});

/** Each person's share of the expense answered, in cents, by user id. */
function sharesOf(answer: { status: number; body: unknown }) {
  const { expense } = expenseResponseSchema.parse(answer.body);
  return Object.fromEntries(expense.participants.map((p) => [p.user_id, p.share_cents]));
}

describe('a by_shares split', () => {
  const dinner = (trip: Trip, amount: string, people: unknown[]) => ({
    title: 'Dinner',
    amount,
    expense_date: '2027-04-11',
    paid_by: trip.ana.id,
    split: { method: 'by_shares', people },
  });

  it("divides a dinner 4/6 : 1/6 : 1/6 by the family's weight, exactly, and an edit of the amount keeps it", async () => {
    const trip = await tripWithFamily();
    await setWeight(trip, trip.ana, trip.familyId, { weight: 4 });
    const people = [{ user_id: trip.familyId }, { user_id: trip.bea.id }, { user_id: trip.cai.id }];
    const created = await trip.create(trip.ana, dinner(trip, '60.00', people));
    expect(created.status).toBe(201);
    expect(sharesOf(created)).toEqual({ [trip.familyId]: 4000, [trip.bea.id]: 1000, [trip.cai.id]: 1000 });
    const { expense } = expenseResponseSchema.parse(created.body);
    expect(expense.split).toMatchObject({
      method: 'by_shares',
      people: [
        { user_id: trip.familyId, shares: 4 },
        { user_id: trip.bea.id, shares: 1 },
        { user_id: trip.cai.id, shares: 1 },
      ],
    });

    // The family's weight changes afterwards: the expense keeps its shares, and an edit of the amount re-applies
    // the split as decided (4 shares), the remainder on the last person.
    await setWeight(trip, trip.ana, trip.familyId, { weight: 2 });
    expect(sharesOf(await trip.get(trip.bea, `/expenses/${expense.id}`))[trip.familyId]).toBe(4000);
    const edited = await trip.put(trip.ana, expense.id, {
      title: 'Dinner',
      amount: '100.01',
      expense_date: '2027-04-11',
      paid_by: trip.ana.id,
    });
    expect(edited.status).toBe(200);
    expect(sharesOf(edited)).toEqual({ [trip.familyId]: 6667, [trip.bea.id]: 1666, [trip.cai.id]: 1668 });
  });

  it('takes shares given in the body over the weight, and refuses bad shares with 400', async () => {
    const trip = await tripWithFamily();
    await setWeight(trip, trip.ana, trip.familyId, { weight: 4 });
    const given = await trip.create(
      trip.bea,
      dinner(trip, '90.00', [{ user_id: trip.familyId, shares: 2 }, { user_id: trip.ana.id }]),
    );
    expect(sharesOf(given)).toEqual({ [trip.familyId]: 6000, [trip.ana.id]: 3000 });
    for (const shares of [0, 100, 1.5, '2']) {
      expect(
        await trip.create(trip.bea, dinner(trip, '90.00', [{ user_id: trip.familyId, shares }])),
      ).toMatchObject({ status: 400, body: { error: SHARES_MESSAGE } });
    }
    expect(await trip.create(trip.bea, dinner(trip, '90.00', []))).toMatchObject({ status: 400 });
    const eve = await registerMember(api, 'eve', 'weights');
    expect(
      await trip.create(trip.bea, dinner(trip, '90.00', [{ user_id: eve.id }, { user_id: trip.ana.id }])),
    ).toMatchObject({ status: 422 });
  });

  it("leaves the spec's equal split per person, whatever the weights", async () => {
    const trip = await tripWithFamily();
    await setWeight(trip, trip.ana, trip.familyId, { weight: 4 });
    const group = await trip.create(trip.ana, {
      title: 'Taxi',
      amount: '40.00',
      expense_date: '2027-04-11',
      paid_by: trip.ana.id,
      expense_type: 'group',
    });
    expect(sharesOf(group)).toEqual({
      [trip.ana.id]: 1000,
      [trip.bea.id]: 1000,
      [trip.cai.id]: 1000,
      [trip.familyId]: 1000,
    });
    const equal = await trip.create(trip.ana, {
      title: 'Museum',
      amount: '30.00',
      expense_date: '2027-04-11',
      paid_by: trip.ana.id,
      split: { method: 'equal', people: [{ user_id: trip.familyId }, { user_id: trip.bea.id }] },
    });
    expect(sharesOf(equal)).toEqual({ [trip.familyId]: 1500, [trip.bea.id]: 1500 });
  });
});

describe('the JSON export', () => {
  it("carries each participant's weight and a by_shares expense's shares", async () => {
    const trip = await tripWithFamily();
    await setWeight(trip, trip.ana, trip.familyId, { weight: 4 });
    const created = await trip.create(trip.ana, {
      title: 'Dinner',
      amount: '60.00',
      expense_date: '2027-04-11',
      paid_by: trip.ana.id,
      split: {
        method: 'by_shares',
        people: [{ user_id: trip.familyId }, { user_id: trip.bea.id }, { user_id: trip.cai.id }],
      },
    });
    expect(created.status).toBe(201);
    // Cai leaves, keeping his share: in the ledger, no longer a participant, so without a weight.
    await api.call('DELETE', `/api/trip-split/trips/${trip.tripId}/participants/${trip.cai.id}`, {
      token: trip.cai.token,
    });
    const exported = await trip.get(trip.bea, `/trips/${trip.tripId}/export?format=json`);
    expect(exported.status).toBe(200);
    const ledger = ledgerExportSchema.parse(exported.body);
    expect(Object.fromEntries(ledger.people.map((p) => [p.user_id, p.weight]))).toEqual({
      [trip.ana.id]: 1,
      [trip.bea.id]: 1,
      [trip.familyId]: 4,
      [trip.cai.id]: null,
    });
    expect(ledger.expenses).toEqual([
      expect.objectContaining({
        shares: [
          { user_id: trip.familyId, share_cents: 4000 },
          { user_id: trip.bea.id, share_cents: 1000 },
          { user_id: trip.cai.id, share_cents: 1000 },
        ],
        by_shares: [
          { user_id: trip.familyId, shares: 4 },
          { user_id: trip.bea.id, shares: 1 },
          { user_id: trip.cai.id, shares: 1 },
        ],
      }),
    ]);
  });
});

/**
 * Guests over HTTP: people in the ledger without an account, added by name, in every split, removable by any
 * member with their balance kept, and claimed by an account through a claim link (balances unchanged to the minor
 * unit). Runs on the embedded server and again in the emulator suite (vitest.config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLAIM_LINK_REVOKED,
  CLAIM_LINK_UNKNOWN,
  CLAIM_LINK_USED,
  CLAIMER_ALREADY_IN_TRIP,
  GUEST_NAME_REQUIRED,
  GUEST_NAME_TOO_LONG,
  GUEST_OR_ACCOUNT,
  NOT_A_GUEST,
  acceptedClaimResponseSchema,
  addParticipantResponseSchema,
  calculateSettlementsResponseSchema,
  claimLinkResponseSchema,
  guestClaimResponseSchema,
  guestNameTaken,
  participantsResponseSchema,
  splitTripsResponseSchema,
} from '@wayfare/contract';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { registerMember, tripOfThree } from '../../test-support/registered-member';
import { GUEST_CANNOT_OWN } from './membership/service';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
});
afterAll(() => api.close());

type Trip = Awaited<ReturnType<typeof tripOfThree>>;
type Member = Trip['ana'];

async function tripWithGuest(name = 'Grandpa Joe') {
  const trip = await tripOfThree(api, 'guests');
  const added = await api.call('POST', `/api/trip-split/trips/${trip.tripId}/participants`, {
    token: trip.bea.token,
    body: { guest_name: ` ${name} ` },
  });
  expect(added.status).toBe(201);
  const { participant } = addParticipantResponseSchema.parse(added.body) as {
    participant: { user_id: string };
  };
  return { ...trip, guestId: participant.user_id, added };
}

/** Each person's balance as the settlement calculation answers it, by user id, with their guest flag. */
async function balances(trip: Trip, who: Member = trip.ana) {
  const calculated = await api.call('POST', `/api/trip-split/trips/${trip.tripId}/settlements/calculate`, {
    token: who.token,
  });
  expect(calculated.status).toBe(200);
  const { balances: all } = calculateSettlementsResponseSchema.parse(calculated.body);
  return Object.fromEntries(all.map((b) => [b.user_id, { cents: b.balance_cents, is_guest: b.is_guest }]));
}

const claimLink = (trip: Trip, who: Member, guestId: string) =>
  api.call('POST', `/api/trip-split/trips/${trip.tripId}/guests/${guestId}/claim-link`, { token: who.token });

describe('adding a guest by name', () => {
  it('adds them at once as a participant marked as a guest, counted in number_of_people', async () => {
    const trip = await tripWithGuest();
    expect(addParticipantResponseSchema.parse(trip.added.body)).toEqual({
      outcome: 'added',
      participant: expect.objectContaining({
        display_name: 'Grandpa Joe',
        first_name: 'Grandpa Joe',
        email: '',
        username: '',
        is_guest: true,
        is_owner: false,
      }),
    });
    const listed = participantsResponseSchema.parse(
      (await trip.get(trip.cai, `/trips/${trip.tripId}/participants`)).body,
    ).participants;
    expect(listed.map((p) => [p.display_name, p.is_guest])).toEqual([
      ['Ana Tester', false],
      ['Bea Tester', false],
      ['Cai Tester', false],
      ['Grandpa Joe', true],
    ]);
    const trips = splitTripsResponseSchema.parse((await trip.get(trip.ana, '/user/trips')).body).trips;
    expect(trips.find((t) => t.id === trip.tripId)).toMatchObject({ number_of_people: 4 });
  });

  it('refuses a second guest of the same name (any case), an empty or long name, and a name with an email', async () => {
    const trip = await tripWithGuest('Joe');
    const add = (body: unknown) =>
      api.call('POST', `/api/trip-split/trips/${trip.tripId}/participants`, { token: trip.ana.token, body });
    expect(await add({ guest_name: 'JOE' })).toMatchObject({
      status: 409,
      body: { error: guestNameTaken('JOE') },
    });
    expect(await add({ guest_name: '   ' })).toMatchObject({
      status: 400,
      body: { error: GUEST_NAME_REQUIRED },
    });
    expect(await add({ guest_name: 'x'.repeat(61) })).toMatchObject({
      status: 400,
      body: { error: GUEST_NAME_TOO_LONG },
    });
    expect(await add({ guest_name: 'Max', email: trip.bea.email })).toMatchObject({
      status: 400,
      body: { error: GUEST_OR_ACCOUNT },
    });
    expect(await add({ guest_name: 42 })).toMatchObject({ status: 400 });
    // A stranger adds no one to a trip they are not in.
    const stranger = await registerMember(api, 'eve', 'guests');
    const refused = await api.call('POST', `/api/trip-split/trips/${trip.tripId}/participants`, {
      token: stranger.token,
      body: { guest_name: 'Max' },
    });
    expect(refused.status).toBe(404);
  });

  it('takes part in splits and several payers; any member removes them, their balance kept as left', async () => {
    const trip = await tripWithGuest();
    const dinner = await trip.create(trip.ana, {
      title: 'Dinner',
      amount: '100.00',
      expense_date: '2027-04-11',
      payers: [
        { user_id: trip.ana.id, amount: '60.00' },
        { user_id: trip.guestId, amount: '40.00' },
      ],
    });
    expect(dinner.status).toBe(201);
    expect(await balances(trip)).toEqual({
      [trip.ana.id]: { cents: 3500, is_guest: false },
      [trip.bea.id]: { cents: -2500, is_guest: false },
      [trip.cai.id]: { cents: -2500, is_guest: false },
      [trip.guestId]: { cents: 1500, is_guest: true },
    });
    // Cai is not the owner, and the guest is in the ledger: removed all the same, their balance stays.
    const removed = await api.call(
      'DELETE',
      `/api/trip-split/trips/${trip.tripId}/participants/${trip.guestId}`,
      {
        token: trip.cai.token,
      },
    );
    expect(removed.status).toBe(204);
    const settlements = calculateSettlementsResponseSchema.parse(
      (
        await api.call('POST', `/api/trip-split/trips/${trip.tripId}/settlements/calculate`, {
          token: trip.ana.token,
        })
      ).body,
    );
    expect(settlements.settlements.find((s) => s.payee.user_id === trip.guestId)?.payee).toMatchObject({
      first_name: 'Grandpa Joe',
      is_guest: true,
      left: true,
    });
  });

  it('never makes a guest the owner', async () => {
    const trip = await tripWithGuest();
    const refused = await api.call('PUT', `/api/trip-split/trips/${trip.tripId}/owner`, {
      token: trip.ana.token,
      body: { user_id: trip.guestId },
    });
    expect(refused).toMatchObject({ status: 409, body: { error: GUEST_CANNOT_OWN } });
  });
});

describe('claiming a guest', () => {
  it('moves everything the guest paid and owes to the account that claims them, balances unchanged', async () => {
    const trip = await tripWithGuest('Joe');
    await trip.create(trip.ana, {
      title: 'Dinner',
      amount: '100.00',
      expense_date: '2027-04-11',
      paid_by: trip.guestId,
    });
    await trip.create(trip.bea, {
      title: 'Taxi',
      amount: '30.01',
      expense_date: '2027-04-12',
      paid_by: trip.bea.id,
    });
    const before = await balances(trip);

    const minted = await claimLink(trip, trip.cai, trip.guestId);
    expect(minted.status).toBe(201);
    const { link } = claimLinkResponseSchema.parse(minted.body);
    expect(link.path).toMatch(/^\/claim\/[A-Za-z0-9_-]{43}$/);
    const token = link.path.slice('/claim/'.length);

    // Whoever holds the link sees what it offers before signing in.
    const preview = await api.call('GET', `/api/trip-split/guest-claims/${token}`);
    expect(preview.status).toBe(200);
    expect(guestClaimResponseSchema.parse(preview.body).claim).toMatchObject({
      trip_id: trip.tripId,
      guest_id: trip.guestId,
      guest_name: 'Joe',
      balance_minor: before[trip.guestId]!.cents,
    });

    const joe = await registerMember(api, 'joe', 'guests');
    const accepted = await api.call('POST', `/api/trip-split/guest-claims/${token}/accept`, {
      token: joe.token,
    });
    expect(accepted.status).toBe(200);
    expect(acceptedClaimResponseSchema.parse(accepted.body)).toEqual({
      trip_id: trip.tripId,
      participant: expect.objectContaining({ user_id: joe.id, username: joe.username, is_guest: false }),
    });

    const after = await balances(trip, joe);
    const { [trip.guestId]: guestBefore, ...others } = before;
    expect(after).toEqual({ ...others, [joe.id]: { cents: guestBefore!.cents, is_guest: false } });
    const expenses = await trip.get(joe, `/trips/${trip.tripId}/expenses`);
    expect(JSON.stringify(expenses.body)).not.toContain(trip.guestId);

    // Used up, for anyone.
    expect(await api.call('GET', `/api/trip-split/guest-claims/${token}`)).toMatchObject({
      status: 410,
      body: { error: CLAIM_LINK_USED },
    });
    const dan = await registerMember(api, 'dan', 'guests');
    const again = await api.call('POST', `/api/trip-split/guest-claims/${token}/accept`, {
      token: dan.token,
    });
    expect(again).toMatchObject({ status: 410, body: { error: CLAIM_LINK_USED } });
  });

  it('refuses a claimer already in the trip, links for non-guests and strangers; a new link replaces the last', async () => {
    const trip = await tripWithGuest();
    const first = claimLinkResponseSchema.parse((await claimLink(trip, trip.ana, trip.guestId)).body).link;
    const second = claimLinkResponseSchema.parse((await claimLink(trip, trip.bea, trip.guestId)).body).link;
    const tokenOf = (path: string) => path.slice('/claim/'.length);
    expect(await api.call('GET', `/api/trip-split/guest-claims/${tokenOf(first.path)}`)).toMatchObject({
      status: 410,
      body: { error: CLAIM_LINK_REVOKED },
    });
    const byMember = await api.call('POST', `/api/trip-split/guest-claims/${tokenOf(second.path)}/accept`, {
      token: trip.cai.token,
    });
    expect(byMember).toMatchObject({ status: 409, body: { error: CLAIMER_ALREADY_IN_TRIP } });

    expect(await claimLink(trip, trip.ana, trip.bea.id)).toMatchObject({
      status: 404,
      body: { error: NOT_A_GUEST },
    });
    const stranger = await registerMember(api, 'eve', 'guests');
    expect((await claimLink(trip, stranger, trip.guestId)).status).toBe(404);
    expect(await api.call('GET', '/api/trip-split/guest-claims/not-a-token')).toMatchObject({
      status: 400,
      body: { error: CLAIM_LINK_UNKNOWN },
    });

    const revokePath = `/api/trip-split/trips/${trip.tripId}/guests/${trip.guestId}/claim-link`;
    expect((await api.call('DELETE', revokePath, { token: trip.cai.token })).status).toBe(204);
    expect((await api.call('DELETE', revokePath, { token: trip.cai.token })).status).toBe(404);
    expect((await api.call('GET', `/api/trip-split/guest-claims/${tokenOf(second.path)}`)).status).toBe(410);
  });
});

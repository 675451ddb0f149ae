/**
 * Guest sessions over HTTP: joining by invite link without an account (as a new guest or one of the trip's), what
 * the session may read and write (its trip's ledger and expenses), what it is refused (everything else: 401, and
 * other trips: 404), how it ends (guest removed, link turned off, guest claimed), and signing up from it with the
 * balances unchanged. Runs on the embedded server and again in the emulator suite (vitest.config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GUEST_SESSION_CHOICE,
  GUEST_SESSION_ENDED,
  GUEST_SESSION_REFUSED,
  INVITE_LINK_REVOKED,
  INVITE_LINK_UNKNOWN,
  NOT_A_GUEST,
  calculateSettlementsResponseSchema,
  claimLinkResponseSchema,
  createdInviteLinkResponseSchema,
  guestNameTaken,
  guestSessionOfferResponseSchema,
  guestSessionResponseSchema,
  participantsResponseSchema,
} from '@wayfare/contract';
import { startTestApi, targetsEmulatorSuite, type TestApi } from '../../test-support/api-server';
import { registerMember, tripOfThree } from '../../test-support/registered-member';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
});
afterAll(() => api.close());

/** A trip of three with an invite link Ana made, and calls on its guest-session routes. */
async function tripWithLink() {
  const trip = await tripOfThree(api, 'gsess');
  const made = await api.call('POST', `/api/trip-split/trips/${trip.tripId}/invite-link`, {
    token: trip.ana.token,
    body: {},
  });
  expect(made.status).toBe(201);
  const link = createdInviteLinkResponseSchema.parse(made.body).token;
  const offer = (token = link) => api.call('GET', `/api/trip-split/invite-links/${token}/guests`);
  const start = (body: unknown, token = link) =>
    api.call('POST', `/api/trip-split/invite-links/${token}/guest-session`, { body });
  /** A guest session by name: its token and its guest's id. */
  const join = async (name: string) => {
    const started = await start({ guest_name: name });
    expect(started.status).toBe(201);
    const session = guestSessionResponseSchema.parse(started.body);
    return { token: session.token, id: session.guest.id };
  };
  return { ...trip, link, offer, start, join };
}

type Trip = Awaited<ReturnType<typeof tripWithLink>>;
type Caller = { token: string };

const as = (who: Caller, method: string, path: string, body?: unknown) =>
  api.call(method, `/api${path}`, { token: who.token, body });

async function balances(trip: Trip) {
  const calculated = await as(trip.ana, 'POST', `/trip-split/trips/${trip.tripId}/settlements/calculate`);
  expect(calculated.status).toBe(200);
  const { balances: all } = calculateSettlementsResponseSchema.parse(calculated.body);
  return Object.fromEntries(all.map((b) => [b.user_id, b.balance_cents]));
}

describe('joining by invite link without an account', () => {
  it('makes a new guest by name, then lets anyone holding the link continue as that guest', async () => {
    const trip = await tripWithLink();
    const before = guestSessionOfferResponseSchema.parse((await trip.offer()).body).offer;
    expect(before).toMatchObject({ trip_id: trip.tripId, guests: [] });

    const started = await trip.start({ guest_name: '  Grandpa Joe ' });
    expect(started.status).toBe(201);
    const session = guestSessionResponseSchema.parse(started.body);
    expect(session).toMatchObject({ trip_id: trip.tripId, guest: { name: 'Grandpa Joe' } });
    // Firebase mode mints the guest's Firestore sign-in beside the session; the embedded server has none.
    expect(session.firebaseToken === undefined).toBe(!targetsEmulatorSuite);
    const claims = JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString()) as {
      userId: string;
      guestTripId: string;
      exp: number;
      iat: number;
    };
    expect(claims).toMatchObject({ userId: session.guest.id, guestTripId: trip.tripId });
    expect(claims.exp - claims.iat).toBe(30 * 24 * 60 * 60);

    const listed = participantsResponseSchema.parse(
      (await as(session, 'GET', `/trip-split/trips/${trip.tripId}/participants`)).body,
    ).participants;
    expect(listed.find((p) => p.user_id === session.guest.id)).toMatchObject({ is_guest: true });

    const offered = guestSessionOfferResponseSchema.parse((await trip.offer()).body).offer;
    expect(offered.guests).toEqual([{ id: session.guest.id, name: 'Grandpa Joe' }]);
    const picked = await trip.start({ guest_id: session.guest.id });
    expect(picked.status).toBe(201);
    expect(guestSessionResponseSchema.parse(picked.body).guest).toEqual(session.guest);
  });

  it('refuses a name a guest of the trip has (any case), a member who is no guest, and a body of neither', async () => {
    const trip = await tripWithLink();
    await trip.join('Joe');
    expect(await trip.start({ guest_name: 'JOE' })).toMatchObject({
      status: 409,
      body: { error: guestNameTaken('JOE') },
    });
    expect(await trip.start({ guest_id: trip.bea.id })).toMatchObject({
      status: 404,
      body: { error: NOT_A_GUEST },
    });
    expect(await trip.start({})).toMatchObject({ status: 400, body: { error: GUEST_SESSION_CHOICE } });
    expect((await trip.start({ guest_name: 'Max', guest_id: trip.bea.id })).status).toBe(400);
    expect((await trip.start({ guest_name: 'x'.repeat(61) })).status).toBe(400);
  });

  it('needs a live link: unknown 404, turned off 410, malformed 400', async () => {
    const trip = await tripWithLink();
    const unknown = 'A'.repeat(43);
    expect(await trip.offer(unknown)).toMatchObject({ status: 404, body: { error: INVITE_LINK_UNKNOWN } });
    expect(await trip.start({ guest_name: 'Max' }, unknown)).toMatchObject({ status: 404 });
    expect((await trip.offer('short')).status).toBe(400);
    expect((await as(trip.ana, 'DELETE', `/trip-split/trips/${trip.tripId}/invite-link`)).status).toBe(204);
    expect(await trip.offer()).toMatchObject({ status: 410, body: { error: INVITE_LINK_REVOKED } });
    expect(await trip.start({ guest_name: 'Max' })).toMatchObject({ status: 410 });
  });
});

describe('what a guest session may do', () => {
  it("reads its trip's ledger and adds, edits and deletes expenses like a participant", async () => {
    const trip = await tripWithLink();
    const joe = await trip.join('Joe');
    const base = `/trip-split/trips/${trip.tripId}`;
    const created = await as(joe, 'POST', `${base}/expenses`, {
      title: 'Ice cream',
      amount: '9.00',
      expense_date: '2027-04-11',
      paid_by: joe.id,
    });
    expect(created.status).toBe(201);
    const expenseId = (created.body as { expense: { id: string } }).expense.id;
    expect(
      (
        await as(joe, 'PUT', `/trip-split/expenses/${expenseId}`, {
          title: 'Ice creams',
          amount: '12.00',
          expense_date: '2027-04-11',
          paid_by: joe.id,
        })
      ).status,
    ).toBe(200);
    for (const path of [
      `/trips/${trip.tripId}`,
      `${base}/participants`,
      `${base}/expenses`,
      `/trip-split/expenses/${expenseId}`,
      `${base}/settlements`,
      `${base}/settlements/explanation`,
      `${base}/budget`,
      `${base}/activity`,
    ]) {
      expect([path, (await as(joe, 'GET', path)).status]).toEqual([path, 200]);
    }
    expect((await as(joe, 'DELETE', `/trip-split/expenses/${expenseId}`)).status).toBe(204);
  });

  it('is refused everything else: 401 for other calls, 404 for another trip', async () => {
    const trip = await tripWithLink();
    const joe = await trip.join('Joe');
    const base = `/trip-split/trips/${trip.tripId}`;
    for (const [method, path, body] of [
      ['GET', '/trips'],
      ['GET', '/trip-split/user/trips'],
      ['GET', '/auth/me'],
      ['PUT', '/auth/me/add-policy', { add_policy: 'anyone' }],
      ['GET', '/trip-split/invitations'],
      ['POST', `${base}/participants`, { guest_name: 'Max' }],
      ['GET', `${base}/invite-link`],
      ['POST', `${base}/invite-link`, {}],
      ['POST', `/trip-split/invite-links/${trip.link}/join`],
      ['PUT', `/trips/${trip.tripId}`, { trip_name: 'Mine now' }],
      ['DELETE', `/trips/${trip.tripId}`],
      ['POST', `/trips/${trip.tripId}/daily-plans`, {}],
      ['GET', `/trips/${trip.tripId}/weather`],
      ['POST', `${base}/settlements/calculate`],
      ['PUT', `${base}/budget`, { amount: '100.00' }],
      ['GET', `${base}/export`],
      ['POST', '/trips', {}],
    ] as const) {
      expect([method, path, await as(joe, method, path, body)]).toMatchObject([
        method,
        path,
        { status: 401, body: { error: GUEST_SESSION_REFUSED } },
      ]);
    }
    const other = await tripOfThree(api, 'gsess');
    expect((await as(joe, 'GET', `/trip-split/trips/${other.tripId}/expenses`)).status).toBe(404);
    expect((await as(joe, 'GET', `/trips/${other.tripId}`)).status).toBe(404);
  });

  it('ends when the guest is removed, and when the invite link is turned off', async () => {
    const trip = await tripWithLink();
    const joe = await trip.join('Joe');
    const max = await trip.join('Max');
    const participants = `/trip-split/trips/${trip.tripId}/participants`;
    expect((await as(joe, 'GET', participants)).status).toBe(200);
    expect((await as(trip.bea, 'DELETE', `${participants}/${joe.id}`)).status).toBe(204);
    expect(await as(joe, 'GET', participants)).toMatchObject({
      status: 401,
      body: { error: GUEST_SESSION_ENDED },
    });
    expect((await as(max, 'GET', participants)).status).toBe(200);
    expect((await as(trip.ana, 'DELETE', `/trip-split/trips/${trip.tripId}/invite-link`)).status).toBe(204);
    expect(await as(max, 'GET', participants)).toMatchObject({
      status: 401,
      body: { error: GUEST_SESSION_ENDED },
    });
  });
});

describe('creating an account from a guest session', () => {
  it("claims the session's own guest with balances unchanged, and the guest session ends", async () => {
    const trip = await tripWithLink();
    const joe = await trip.join('Joe');
    await as(joe, 'POST', `/trip-split/trips/${trip.tripId}/expenses`, {
      title: 'Dinner',
      amount: '100.00',
      expense_date: '2027-04-11',
      paid_by: joe.id,
    });
    const before = await balances(trip);

    const minted = await as(joe, 'POST', '/trip-split/guest-session/claim-link');
    expect(minted.status).toBe(201);
    const { link } = claimLinkResponseSchema.parse(minted.body);
    expect(link.guest_id).toBe(joe.id);
    // An account's session has no guest to claim.
    expect(await as(trip.ana, 'POST', '/trip-split/guest-session/claim-link')).toMatchObject({
      status: 404,
      body: { error: NOT_A_GUEST },
    });

    const account = await registerMember(api, 'joe', 'gsess');
    const accepted = await as(
      account,
      'POST',
      `/trip-split/guest-claims/${link.path.slice('/claim/'.length)}/accept`,
    );
    expect(accepted.status).toBe(200);
    const { [joe.id]: joeBefore, ...others } = before;
    expect(await balances(trip)).toEqual({ ...others, [account.id]: joeBefore });
    expect((await as(joe, 'GET', `/trip-split/trips/${trip.tripId}/participants`)).status).toBe(401);
  });
});

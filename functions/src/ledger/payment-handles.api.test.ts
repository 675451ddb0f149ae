/**
 * Payment handles over HTTP: each person sets their own (PUT /api/auth/me/payment-handles, answered in their
 * account), and the members of a trip read each other's to pay a settlement; a stranger gets the trip's 404. Runs on
 * the embedded server and again in the emulator suite (vitest.config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema, participantPaymentHandlesResponseSchema } from '@wayfare/contract';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { registerMember, tripOfThree, type RegisteredMember } from '../../test-support/registered-member';
import { TRIP_NOT_FOUND } from '../trips/access';
import { NOT_A_MEMBER } from './membership/service';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
});
afterAll(() => api.close());

const setHandles = (who: RegisteredMember, payment_handles: unknown) =>
  api.call('PUT', '/api/auth/me/payment-handles', { token: who.token, body: { payment_handles } });
const handlesOf = (who: RegisteredMember, tripId: string, userId: string) =>
  api.call('GET', `/api/trip-split/trips/${tripId}/participants/${userId}/payment-handles`, {
    token: who.token,
  });

const ANA_HANDLES = {
  revolut: '@analima',
  iban: { iban: 'DE89 3704 0044 0532 0130 00', name: 'Ana Lima' },
};
const ANA_STORED = { revolut: 'analima', iban: { iban: 'DE89370400440532013000', name: 'Ana Lima' } };

describe('my payment handles', () => {
  it('are none at first, then saved as parsed and in my account', async () => {
    const ana = await registerMember(api, 'ana', 'handles');
    const before = await api.call('GET', '/api/auth/me', { token: ana.token });
    expect(meResponseSchema.parse(before.body).user.payment_handles).toEqual({});

    const saved = await setHandles(ana, ANA_HANDLES);
    expect(saved.status).toBe(200);
    expect(meResponseSchema.parse(saved.body).user).toMatchObject({
      id: ana.id,
      payment_handles: ANA_STORED,
    });
    const me = await api.call('GET', '/api/auth/me', { token: ana.token });
    expect(me.body.user.payment_handles).toEqual(ANA_STORED);

    // A save replaces the whole set: a handle left out is removed.
    await setHandles(ana, { monzo: 'analima' });
    expect((await api.call('GET', '/api/auth/me', { token: ana.token })).body.user.payment_handles).toEqual({
      monzo: 'analima',
    });
  });

  it('refuses an invalid IBAN with 400 and a message saying why, keeping what was saved', async () => {
    const ana = await registerMember(api, 'ana', 'handles');
    await setHandles(ana, ANA_HANDLES);
    const refused = await setHandles(ana, { iban: { iban: 'DE89370400440532013001', name: 'Ana Lima' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("This IBAN's check digits do not match: look for a mistyped character");
    const tooShort = await setHandles(ana, { iban: { iban: 'DE8937040044053201300', name: 'Ana Lima' } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error).toBe('An IBAN from DE has 22 characters; this one has 21');
    const unknown = await setHandles(ana, { bitcoin: 'bc1q' });
    expect(unknown.status).toBe(400);
    expect(typeof unknown.body.error).toBe('string');
    expect((await api.call('GET', '/api/auth/me', { token: ana.token })).body.user.payment_handles).toEqual(
      ANA_STORED,
    );
  });

  it('need a session', async () => {
    const answer = await api.call('PUT', '/api/auth/me/payment-handles', { body: { payment_handles: {} } });
    expect(answer.status).toBe(401);
  });
});

describe("a participant's payment handles", () => {
  it('are read by another member of the trip', async () => {
    const trip = await tripOfThree(api, 'handles');
    await setHandles(trip.ana, ANA_HANDLES);
    const read = await handlesOf(trip.bea, trip.tripId, trip.ana.id);
    expect(read.status).toBe(200);
    expect(participantPaymentHandlesResponseSchema.parse(read.body)).toEqual({
      user_id: trip.ana.id,
      payment_handles: ANA_STORED,
    });
    // Someone who set none has none.
    expect((await handlesOf(trip.ana, trip.tripId, trip.cai.id)).body).toEqual({
      user_id: trip.cai.id,
      payment_handles: {},
    });
  });

  it('are not shown to a stranger (the trip is not found), nor for someone outside the trip', async () => {
    const trip = await tripOfThree(api, 'handles');
    await setHandles(trip.ana, ANA_HANDLES);
    const stranger = await registerMember(api, 'dan', 'handles');
    await setHandles(stranger, { venmo: 'dan-the-man' });

    const asStranger = await handlesOf(stranger, trip.tripId, trip.ana.id);
    expect(asStranger.status).toBe(404);
    expect(asStranger.body).toEqual({ error: TRIP_NOT_FOUND });

    const ofStranger = await handlesOf(trip.bea, trip.tripId, stranger.id);
    expect(ofStranger.status).toBe(404);
    expect(ofStranger.body).toEqual({ error: NOT_A_MEMBER });
  });
});

import { getAuth } from 'firebase-admin/auth';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  createTripBody,
  EMPTY_ANSWERS,
  toIsoDate,
  type CalculateSettlementsResponse,
  type TripView,
} from '@wayfare/contract';
import { createFirestoreStore } from './store/firestore/firestore-store';
import { startTestFirestore, type TestFirestore } from '../test-support/test-firestore';
import { startTestApi, TEST_JWT_SECRET, type TestApi } from '../test-support/api-server';

/**
 * Firebase mode, as far as this machine can run it: the same Express app, configured as the Cloud Function is
 * (WAYFARE_BACKEND=firebase), on the Firestore adapter through firebase-admin (Node.js Firestore emulator), with
 * login minting a real firebase-admin custom token (Auth emulator mode, so no service-account key is needed).
 * One traveller's whole journey over HTTP.
 */
describe('firebase mode: a whole journey on Firestore', () => {
  let firestore: TestFirestore;
  let api: TestApi;
  beforeAll(async () => {
    firestore = await startTestFirestore();
    // Emulator mode: firebase-admin signs custom tokens without credentials and makes no network call for it.
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
    const auth = getAuth(firestore.app);
    api = await startTestApi(
      { WAYFARE_BACKEND: 'firebase', JWT_SECRET: TEST_JWT_SECRET },
      {
        store: createFirestoreStore(firestore.db),
        createFirebaseToken: (uid) => auth.createCustomToken(uid),
      },
    );
  });
  afterAll(async () => {
    await api?.close();
    await firestore?.stop();
  });

  const register = async (name: string) => {
    const tag = `${name}${Date.now().toString(36)}`;
    const account = {
      username: tag,
      email: `${tag}@example.com`,
      password: 'firebase mode pw',
      first_name: name,
      last_name: 'Fb',
    };
    expect((await api.call('POST', '/api/auth/register', { body: account })).status).toBe(201);
    const login = await api.call('POST', '/api/auth/login', { body: account });
    expect(login.status).toBe(200);
    return {
      ...account,
      token: login.body.token as string,
      firebaseToken: login.body.firebaseToken as string,
      id: decodeJwt(login.body.token).userId as string,
    };
  };

  it('signs up, plans a trip, shares it, splits an expense and settles up', async () => {
    const ana = await register('ana');
    const bea = await register('bea');
    expect(decodeJwt(ana.firebaseToken).uid).toBe(ana.id);

    const start = addDays(toIsoDate(new Date()), 10);
    const created = await api.call('POST', '/api/trips', {
      token: ana.token,
      body: createTripBody(
        {
          ...EMPTY_ANSWERS,
          destination: 'Kyoto, Japan',
          dates: '4-7 days',
          startDate: start,
          endDate: addDays(start, 3),
          budget: 'Moderate',
          interests: ['Culture & History'],
          travelStyle: 'Couple',
        },
        null,
      ),
    });
    expect(created.status).toBe(201);
    const tripId = created.body.id as string;
    expect(created.body.trip).toMatchObject({
      city_name: 'Kyoto',
      recommendations_provider: 'offline',
      user_role: 'owner',
    });

    const plans = [
      { plan_date: start, category: 'Attraction', title: 'Fushimi Inari', description: '' },
      { plan_date: start, category: 'Attraction', title: 'fushimi inari ', description: 'duplicate' },
    ];
    const bulk = await api.call('POST', `/api/trips/${tripId}/daily-plans/bulk`, {
      token: ana.token,
      body: { plans },
    });
    expect([bulk.status, bulk.body.plans.length, bulk.body.skipped]).toEqual([201, 1, 1]);

    expect(
      (
        await api.call('POST', `/api/trip-split/trips/${tripId}/participants`, {
          token: ana.token,
          body: { username: bea.username },
        })
      ).status,
    ).toBe(201);
    const expense = await api.call('POST', `/api/trip-split/trips/${tripId}/expenses`, {
      token: bea.token,
      body: {
        title: 'Kaiseki dinner',
        amount: '100.01',
        expense_date: start,
        category: 'food',
        paid_by: bea.id,
        expense_type: 'group',
      },
    });
    expect(expense.status).toBe(201);
    expect(expense.body.expense.participants.map((p: { share_cents: number }) => p.share_cents)).toEqual([
      5000, 5001,
    ]);

    const trip = (await api.call('GET', `/api/trips/${tripId}`, { token: bea.token })).body as TripView;
    expect(trip).toMatchObject({
      user_role: 'participant',
      participant_count: 2,
      expense_count: 1,
      total_expenses_cents: 10001,
    });
    expect(trip.daily_plans.map((p) => p.title)).toEqual(['Fushimi Inari']);

    const calculated = (
      await api.call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, { token: ana.token })
    ).body as CalculateSettlementsResponse;
    expect(calculated.settlements).toHaveLength(1);
    expect(
      calculated.balances.reduce(
        (sum, b) => sum + (b as unknown as { balance_cents: number }).balance_cents,
        0,
      ),
    ).toBe(0);
    const paid = await api.call('PUT', `/api/trip-split/settlements/${calculated.settlements[0]!.id}/paid`, {
      token: ana.token,
    });
    expect(paid.status).toBe(200);

    expect(
      (await api.call('GET', `/api/trips/${tripId}`, { token: (await register('eve')).token })).status,
    ).toBe(404);
    expect((await api.call('DELETE', `/api/trips/${tripId}`, { token: bea.token })).status).toBe(403);
    expect((await api.call('DELETE', `/api/trips/${tripId}`, { token: ana.token })).status).toBe(204);
    expect((await api.call('GET', '/api/trips', { token: bea.token })).body).toEqual([]);
  });
});

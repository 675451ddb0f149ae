/**
 * Households over HTTP: any member groups participants (guests among them) into named households with one who pays
 * for each, and turns settling by household on; the calculation then plans the fewest transfers between households
 * (and people in none), from and to their payers, and "how we got here" shows the grouping. Runs on the embedded
 * server and again in the emulator suite (vitest.config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOUSEHOLD_MEMBER_NOT_PARTICIPANT,
  HOUSEHOLD_MEMBERS_REPEATED,
  HOUSEHOLD_NAME_REQUIRED,
  HOUSEHOLD_NAME_TOO_LONG,
  HOUSEHOLD_NOT_FOUND,
  HOUSEHOLD_PAYER_NOT_MEMBER,
  HOUSEHOLD_SWITCH_REQUIRED,
  addParticipantResponseSchema,
  alreadyInHousehold,
  calculateSettlementsResponseSchema,
  householdResponseSchema,
  householdsResponseSchema,
  ledgerExportSchema,
  settlementExplanationResponseSchema,
} from '@wayfare/contract';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { registerMember, tripOfThree } from '../../test-support/registered-member';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
});
afterAll(() => api.close());

type Trip = Awaited<ReturnType<typeof tripWithGuest>>;
type Member = Trip['ana'];

/** Ana's trip with Bea, Cai and Dee, a guest Bea added. */
async function tripWithGuest() {
  const trip = await tripOfThree(api, 'households');
  const added = await api.call('POST', `/api/trip-split/trips/${trip.tripId}/participants`, {
    token: trip.bea.token,
    body: { guest_name: 'Dee' },
  });
  expect(added.status).toBe(201);
  const { participant } = addParticipantResponseSchema.parse(added.body) as {
    participant: { user_id: string };
  };
  return { ...trip, deeId: participant.user_id };
}

const base = (trip: Trip) => `/api/trip-split/trips/${trip.tripId}`;
const call = (
  trip: Trip,
  who: Member,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => api.call(method, `${base(trip)}${path}`, { token: who.token, ...(body !== undefined && { body }) });
const list = async (trip: Trip, who: Member = trip.ana) =>
  householdsResponseSchema.parse((await call(trip, who, 'GET', '/households')).body);
async function create(trip: Trip, who: Member, body: unknown) {
  const created = await call(trip, who, 'POST', '/households', body);
  expect(created.status).toBe(201);
  return householdResponseSchema.parse(created.body).household;
}

/**
 * Ana pays 90.00 for Ana, Bea and Cai; Cai pays 40.00 for Cai and Dee. Balances: Ana +60.00, Bea −30.00,
 * Cai −10.00, Dee −20.00.
 */
async function spend(trip: Trip) {
  const expense = (who: Member, amount: string, paid_by: string, user_ids: string[]) =>
    trip.create(who, {
      title: 'Dinner',
      amount,
      expense_date: '2027-04-11',
      paid_by,
      split: { method: 'equal', people: user_ids.map((user_id) => ({ user_id })) },
    });
  expect(
    (await expense(trip.ana, '90.00', trip.ana.id, [trip.ana.id, trip.bea.id, trip.cai.id])).status,
  ).toBe(201);
  expect((await expense(trip.cai, '40.00', trip.cai.id, [trip.cai.id, trip.deeId])).status).toBe(201);
}

async function transfers(trip: Trip, who: Member = trip.ana) {
  const calculated = await call(trip, who, 'POST', '/settlements/calculate');
  expect(calculated.status).toBe(200);
  const answer = calculateSettlementsResponseSchema.parse(calculated.body);
  return {
    balances: Object.fromEntries(answer.balances.map((b) => [b.user_id, b.balance_cents])),
    transfers: answer.settlements
      .map((s) => `${s.payer.user_id}→${s.payee.user_id} ${s.amount_cents}`)
      .sort(),
  };
}

describe('households', () => {
  it('are made, listed, replaced and deleted by any member, a person in at most one', async () => {
    const trip = await tripWithGuest();
    expect(await list(trip)).toEqual({ settle_by_household: false, households: [] });
    const household = await create(trip, trip.cai, {
      name: '  Bea & Dee ',
      member_ids: [trip.bea.id, trip.deeId],
      payer_user_id: trip.bea.id,
    });
    expect(household).toMatchObject({
      trip_id: trip.tripId,
      name: 'Bea & Dee',
      member_ids: [trip.bea.id, trip.deeId],
      payer_user_id: trip.bea.id,
    });
    expect(await list(trip, trip.bea)).toEqual({ settle_by_household: false, households: [household] });
    expect(
      await call(trip, trip.ana, 'POST', '/households', {
        name: 'Cai & Dee',
        member_ids: [trip.cai.id, trip.deeId],
        payer_user_id: trip.cai.id,
      }),
    ).toMatchObject({ status: 409, body: { error: alreadyInHousehold('Bea & Dee') } });
    const replaced = await call(trip, trip.ana, 'PUT', `/households/${household.id}`, {
      name: 'The Dees',
      member_ids: [trip.deeId, trip.bea.id, trip.cai.id],
      payer_user_id: trip.deeId,
    });
    expect(replaced.status).toBe(200);
    expect(householdResponseSchema.parse(replaced.body).household).toMatchObject({
      id: household.id,
      name: 'The Dees',
      member_ids: [trip.deeId, trip.bea.id, trip.cai.id],
      payer_user_id: trip.deeId,
    });
    expect((await call(trip, trip.bea, 'DELETE', `/households/${household.id}`)).status).toBe(204);
    expect(await call(trip, trip.bea, 'DELETE', `/households/${household.id}`)).toMatchObject({
      status: 404,
      body: { error: HOUSEHOLD_NOT_FOUND },
    });
    expect((await list(trip)).households).toEqual([]);
  });

  it('refuses bad households with 400 or 404 and their messages, keeping what was there', async () => {
    const trip = await tripWithGuest();
    const eve = await registerMember(api, 'eve', 'households');
    const ok = { name: 'Ana & Bea', member_ids: [trip.ana.id, trip.bea.id], payer_user_id: trip.ana.id };
    const refusals: Array<[unknown, string]> = [
      [{ ...ok, name: '   ' }, HOUSEHOLD_NAME_REQUIRED],
      [{ ...ok, name: 'x'.repeat(61) }, HOUSEHOLD_NAME_TOO_LONG],
      [{ ...ok, payer_user_id: trip.cai.id }, HOUSEHOLD_PAYER_NOT_MEMBER],
      [{ ...ok, member_ids: [trip.ana.id, trip.ana.id] }, HOUSEHOLD_MEMBERS_REPEATED],
      [{ ...ok, member_ids: [trip.ana.id, eve.id] }, HOUSEHOLD_MEMBER_NOT_PARTICIPANT],
    ];
    for (const [body, error] of refusals) {
      expect(await call(trip, trip.bea, 'POST', '/households', body)).toMatchObject({
        status: 400,
        body: { error },
      });
    }
    for (const body of [{}, { ...ok, member_ids: [] }, { ...ok, member_ids: 'ana' }, null]) {
      expect(await call(trip, trip.bea, 'POST', '/households', body)).toMatchObject({
        status: 400,
        body: { error: expect.any(String) },
      });
    }
    expect(await call(trip, trip.bea, 'PUT', '/households/no-such-household', ok)).toMatchObject({
      status: 404,
      body: { error: HOUSEHOLD_NOT_FOUND },
    });
    expect(
      await call(trip, trip.bea, 'PUT', '/settle-by-household', { settle_by_household: 'yes' }),
    ).toMatchObject({
      status: 400,
      body: { error: HOUSEHOLD_SWITCH_REQUIRED },
    });
    expect(await list(trip)).toEqual({ settle_by_household: false, households: [] });
    // To someone outside the trip, none of it exists.
    for (const [method, path, body] of [
      ['GET', '/households', undefined],
      ['POST', '/households', ok],
      ['PUT', '/settle-by-household', { settle_by_household: true }],
    ] as const) {
      expect((await call(trip, eve, method, path, body)).status).toBe(404);
    }
  });

  it('settle as one when the switch is on: fewest transfers between payers, the same balances', async () => {
    const trip = await tripWithGuest();
    await spend(trip);
    const alone = await transfers(trip);
    expect(alone).toEqual({
      balances: { [trip.ana.id]: 6000, [trip.bea.id]: -3000, [trip.cai.id]: -1000, [trip.deeId]: -2000 },
      transfers: [
        `${trip.bea.id}→${trip.ana.id} 3000`,
        `${trip.cai.id}→${trip.ana.id} 1000`,
        `${trip.deeId}→${trip.ana.id} 2000`,
      ].sort(),
    });
    const household = await create(trip, trip.cai, {
      name: 'Bea & Dee',
      member_ids: [trip.deeId, trip.bea.id],
      payer_user_id: trip.bea.id,
    });
    // Households alone change nothing: the switch is off.
    expect(await transfers(trip)).toEqual(alone);
    const on = await call(trip, trip.cai, 'PUT', '/settle-by-household', { settle_by_household: true });
    expect(on).toMatchObject({ status: 200, body: { settle_by_household: true } });
    expect(await transfers(trip, trip.bea)).toEqual({
      balances: alone.balances,
      transfers: [`${trip.bea.id}→${trip.ana.id} 5000`, `${trip.cai.id}→${trip.ana.id} 1000`].sort(),
    });

    const explained = settlementExplanationResponseSchema.parse(
      (await call(trip, trip.ana, 'GET', '/settlements/explanation')).body,
    );
    const byId = Object.fromEntries(explained.members.map((m) => [m.user_id, m]));
    expect(byId[trip.deeId]).toMatchObject({
      balance_cents: -2000,
      household_id: household.id,
      unsettled_cents: -2000,
    });
    expect(byId[trip.bea.id]).toMatchObject({
      balance_cents: -3000,
      household_id: household.id,
      unsettled_cents: 2000,
    });
    expect(byId[trip.cai.id]).toMatchObject({ household_id: null, unsettled_cents: 0 });
    expect(explained.households).toEqual([
      {
        id: household.id,
        name: 'Bea & Dee',
        payer_user_id: trip.bea.id,
        member_ids: [trip.deeId, trip.bea.id],
        balance_cents: -5000,
        balance: -50,
        unsettled_cents: 0,
        unsettled: 0,
      },
    ]);

    // Naming another payer moves the transfer to them at once (the cached answer is not reused).
    await call(trip, trip.ana, 'PUT', `/households/${household.id}`, {
      name: 'Bea & Dee',
      member_ids: [trip.deeId, trip.bea.id],
      payer_user_id: trip.deeId,
    });
    expect((await transfers(trip)).transfers).toEqual(
      [`${trip.deeId}→${trip.ana.id} 5000`, `${trip.cai.id}→${trip.ana.id} 1000`].sort(),
    );

    // Off again: exactly the answers as without households.
    await call(trip, trip.bea, 'PUT', '/settle-by-household', { settle_by_household: false });
    expect(await transfers(trip)).toEqual(alone);
    const plain = (await call(trip, trip.ana, 'GET', '/settlements/explanation')).body as Record<
      string,
      unknown
    >;
    expect(plain).not.toHaveProperty('households');
    expect((plain.members as object[])[0]).not.toHaveProperty('household_id');
  });

  it('lose a removed participant: another member pays, and an emptied household is dissolved', async () => {
    const trip = await tripWithGuest();
    const household = await create(trip, trip.ana, {
      name: 'Cai & Dee',
      member_ids: [trip.cai.id, trip.deeId],
      payer_user_id: trip.deeId,
    });
    await create(trip, trip.ana, { name: 'Bea', member_ids: [trip.bea.id], payer_user_id: trip.bea.id });
    expect((await call(trip, trip.ana, 'DELETE', `/participants/${trip.deeId}`)).status).toBe(204);
    expect((await call(trip, trip.ana, 'DELETE', `/participants/${trip.bea.id}`)).status).toBe(204);
    expect((await list(trip)).households).toEqual([
      expect.objectContaining({ id: household.id, member_ids: [trip.cai.id], payer_user_id: trip.cai.id }),
    ]);
  });

  it('travel in the JSON export with the switch', async () => {
    const trip = await tripWithGuest();
    const household = await create(trip, trip.bea, {
      name: 'Bea & Dee',
      member_ids: [trip.bea.id, trip.deeId],
      payer_user_id: trip.deeId,
    });
    await call(trip, trip.bea, 'PUT', '/settle-by-household', { settle_by_household: true });
    const exported = ledgerExportSchema.parse(
      (await call(trip, trip.cai, 'GET', '/export?format=json')).body,
    );
    expect(exported.settle_by_household).toBe(true);
    expect(exported.households).toEqual([
      {
        id: household.id,
        name: 'Bea & Dee',
        payer_user_id: trip.deeId,
        member_ids: [trip.bea.id, trip.deeId],
      },
    ]);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkPlansResponseSchema, dailyPlanSchema } from '@wayfare/contract';
import { nodeFirestoreEmulatorUnderTest, startTestApi, type TestApi } from '../../test-support/api-server';
import { tripWithMembers } from '../../test-support/trip-members';

const plan = (overrides: Record<string, unknown> = {}) => ({
  plan_date: '2027-04-11',
  category: 'Attraction',
  title: 'Belém Tower',
  description: 'Go early',
  ...overrides,
});

describe('daily plans API over HTTP', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const plansPath = (tripId: string) => `/api/trips/${tripId}/daily-plans`;

  it('lets any member add a plan, answering it with its day number', async () => {
    const { trip, participant } = await tripWithMembers(api);
    const res = await api.call('POST', plansPath(trip.id), {
      token: participant.token,
      body: plan({ title: '  Tower ' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      trip_id: trip.id,
      plan_date: '2027-04-11',
      category: 'Attraction',
      title: 'Tower',
      description: 'Go early',
      day_number: 2,
      order: 0,
      start_time: null,
      duration_minutes: null,
      created_at: expect.any(String),
    });
    const noDescription = await api.call('POST', plansPath(trip.id), {
      token: participant.token,
      body: { plan_date: '2027-04-10', category: 'Comment', title: 'Rest' },
    });
    expect(noDescription.body).toMatchObject({ description: '', day_number: 1 });
  });

  it.each([
    ['a blank title', { title: '  ' }, 'Title is required'],
    ['no category', { category: undefined }, 'Category is required'],
    ['a date that is not yyyy-MM-dd', { plan_date: '11/04/2027' }, 'Dates must look like 2027-03-05'],
    ['no date', { plan_date: undefined }, 'Date is required'],
  ])('rejects %s with 400', async (_case, change, message) => {
    const { trip, owner } = await tripWithMembers(api);
    const res = await api.call('POST', plansPath(trip.id), { token: owner.token, body: plan(change) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    await expect(api.store.plans.list(trip.id)).resolves.toEqual([]);
  });

  it.each([
    ['a start time past 23:59', { start_time: '24:00' }, 'start_time'],
    ['a start time with seconds', { start_time: '09:30:00' }, 'start_time'],
    ['a start time as a number', { start_time: 930 }, 'start_time'],
    ['a duration of 0', { start_time: '09:30', duration_minutes: 0 }, 'duration_minutes'],
    ['a duration over a day', { start_time: '09:30', duration_minutes: 1441 }, 'duration_minutes'],
    ['a fractional duration', { start_time: '09:30', duration_minutes: 1.5 }, 'duration_minutes'],
    ['a duration without a start time', { duration_minutes: 60 }, 'duration_minutes'],
  ])('rejects %s with 400 naming the field', async (_case, change, field) => {
    const { trip, owner } = await tripWithMembers(api);
    const res = await api.call('POST', plansPath(trip.id), { token: owner.token, body: plan(change) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(field === 'start_time' ? /^Start time/ : /[Dd]uration/);
    expect(res.body.details).toHaveProperty(field);
    await expect(api.store.plans.list(trip.id)).resolves.toEqual([]);
  });

  it("keeps a plan's time when it moves day, and lists each day timed plans first, by time", async () => {
    const { trip, owner } = await tripWithMembers(api);
    const add = async (body: Record<string, unknown>) =>
      (await api.call('POST', plansPath(trip.id), { token: owner.token, body: plan(body) })).body;
    await add({ title: 'Untimed' });
    const dinner = await add({ title: 'Dinner', start_time: '19:30', duration_minutes: 120 });
    expect(dinner).toMatchObject({ start_time: '19:30', duration_minutes: 120 });
    await add({ title: 'Museum', start_time: '10:00' });
    const titles = async () =>
      (
        (await api.call('GET', `/api/trips/${trip.id}`, { token: owner.token })).body.daily_plans as Array<{
          title: string;
          plan_date: string;
        }>
      ).map((p) => `${p.plan_date} ${p.title}`);
    expect(await titles()).toEqual(['2027-04-11 Museum', '2027-04-11 Dinner', '2027-04-11 Untimed']);

    // The board moves a plan with its fields but no time: the time stays.
    const moved = await api.call('PUT', `${plansPath(trip.id)}/${dinner.id}`, {
      token: owner.token,
      body: plan({ title: 'Dinner', plan_date: '2027-04-12' }),
    });
    expect(moved.body).toMatchObject({ plan_date: '2027-04-12', start_time: '19:30', duration_minutes: 120 });
    const untimed = await api.call('PUT', `${plansPath(trip.id)}/${dinner.id}`, {
      token: owner.token,
      body: plan({ title: 'Dinner', plan_date: '2027-04-12', start_time: null }),
    });
    expect(untimed.body).toMatchObject({ start_time: null, duration_minutes: null });
  });

  it('moves a plan to another day and removes it', async () => {
    const { trip, owner } = await tripWithMembers(api);
    const created = (await api.call('POST', plansPath(trip.id), { token: owner.token, body: plan() })).body;
    const moved = await api.call('PUT', `${plansPath(trip.id)}/${created.id}`, {
      token: owner.token,
      body: plan({ plan_date: '2027-04-13' }),
    });
    expect(moved.status).toBe(200);
    expect(dailyPlanSchema.safeParse(moved.body).success).toBe(true); // what the web app checks it against
    expect(moved.body).toMatchObject({ id: created.id, plan_date: '2027-04-13', day_number: 4 });
    const removed = await api.call('DELETE', `${plansPath(trip.id)}/${created.id}`, { token: owner.token });
    expect(removed.status).toBe(204);
    await expect(api.store.plans.list(trip.id)).resolves.toEqual([]);
    const again = await api.call('DELETE', `${plansPath(trip.id)}/${created.id}`, { token: owner.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Plan not found' });
    const unknown = await api.call('PUT', `${plansPath(trip.id)}/${randomUUID()}`, {
      token: owner.token,
      body: plan(),
    });
    expect(unknown.status).toBe(404);
  });

  it("never reaches another trip's plan through this trip", async () => {
    const mine = await tripWithMembers(api);
    const other = await tripWithMembers(api);
    const theirPlan = await api.store.plans.create(other.trip.id, plan());
    const res = await api.call('DELETE', `${plansPath(mine.trip.id)}/${theirPlan.id}`, {
      token: mine.owner.token,
    });
    expect(res.status).toBe(404);
    await expect(api.store.plans.get(other.trip.id, theirPlan.id)).resolves.toEqual(theirPlan);
  });

  it('answers a stranger 404 on every plan call and changes nothing', async () => {
    const { trip, stranger } = await tripWithMembers(api);
    const existing = await api.store.plans.create(trip.id, plan());
    const calls: Array<[string, string, unknown]> = [
      ['POST', plansPath(trip.id), plan()],
      ['POST', `${plansPath(trip.id)}/bulk`, { plans: [plan({ title: 'x' })] }],
      ['PUT', `${plansPath(trip.id)}/${existing.id}`, plan({ title: 'mine now' })],
      ['DELETE', `${plansPath(trip.id)}/${existing.id}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await api.call(method, path, { token: stranger.token, body });
      expect([method, res.status, res.body]).toEqual([method, 404, { error: 'Trip not found' }]);
    }
    await expect(api.store.plans.list(trip.id)).resolves.toEqual([existing]);
    expect((await api.call('POST', plansPath(trip.id), { body: plan() })).status).toBe(401);
  });

  describe('POST /api/trips/{id}/daily-plans/bulk', () => {
    it('creates the new plans and skips duplicates of existing ones and within the batch', async () => {
      const { trip, owner } = await tripWithMembers(api);
      await api.call('POST', plansPath(trip.id), { token: owner.token, body: plan() });
      const res = await api.call('POST', `${plansPath(trip.id)}/bulk`, {
        token: owner.token,
        body: {
          plans: [
            plan({ title: ' belém tower ' }),
            plan({ title: 'Lunch', category: 'Restaurant', order: 1000 }),
            plan({ title: 'LUNCH', category: 'Restaurant', order: 1000 }),
            plan({ title: 'Lunch', plan_date: '2027-04-12' }),
          ],
        },
      });
      expect(res.status).toBe(201);
      expect(bulkPlansResponseSchema.safeParse(res.body).success).toBe(true); // what the web app checks it against
      expect(res.body.skipped).toBe(2);
      expect(
        res.body.plans.map((p: { title: string; day_number: number; order: number }) => [
          p.title,
          p.day_number,
          p.order,
        ]),
      ).toEqual([
        ['Lunch', 2, 1000],
        ['Lunch', 3, 0],
      ]);
    });

    // Rests on transaction conflicts, which the Node.js Firestore emulator does not detect (see api-server.ts).
    it.skipIf(nodeFirestoreEmulatorUnderTest)(
      'adds each plan once when two tabs send the same batch at the same moment',
      async () => {
        const { trip, owner } = await tripWithMembers(api);
        const body = { plans: ['Tower', 'Castle', 'Tram 28', 'Fado night'].map((title) => plan({ title })) };
        const results = await Promise.all(
          [1, 2, 3].map(() => api.call('POST', `${plansPath(trip.id)}/bulk`, { token: owner.token, body })),
        );
        expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
        expect(results.reduce((sum, r) => sum + r.body.plans.length, 0)).toBe(4);
        expect(await api.store.plans.list(trip.id)).toHaveLength(4);
      },
    );

    it.each([
      ['no plans', { plans: [] }, 'Send at least one plan'],
      ['a plan without a title', { plans: [plan(), plan({ title: '' })] }, 'Title is required'],
      ['no list', {}, expect.any(String)],
    ])('rejects %s with 400 and writes nothing', async (_case, body, message) => {
      const { trip, owner } = await tripWithMembers(api);
      const res = await api.call('POST', `${plansPath(trip.id)}/bulk`, { token: owner.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(message);
      await expect(api.store.plans.list(trip.id)).resolves.toEqual([]);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAD_TRIP_CURSOR,
  TRIP_PAGE_DEFAULT,
  splitTripPageSchema,
  splitTripsResponseSchema,
  tripListSchema,
  tripPageSchema,
} from '@wayfare/contract';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { registerMember } from '../../test-support/registered-member';
import { newTrip } from '../../test-support/store-adapters';

// Both trip lists page on request (spec §7's whole list stays the default) from kept figures.
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
});
afterAll(() => api.close());

type Member = Awaited<ReturnType<typeof registerMember>>;

/** Ana in `count` trips, every third of them Ben's (she joined), plus one trip of Ben's she is not in. */
async function anaInTrips(count: number) {
  const ana = await registerMember(api, 'ana', 'lists');
  const ben = await registerMember(api, 'ben', 'lists');
  for (let i = 0; i < count; i++) {
    const owner = i % 3 === 0 ? ben : ana;
    const trip = await api.store.trips.create(owner.id, newTrip({ trip_name: `Trip ${i}` }));
    if (owner === ben) await api.store.members.add(trip.id, ana.id);
  }
  await api.store.trips.create(ben.id, newTrip({ trip_name: 'Not hers' }));
  return { ana, ben };
}

const get = async (path: string, who: Member) => {
  const res = await api.call('GET', path, { token: who.token });
  return res;
};

/** Every page of `list` for `who`, `limit` at a time (the default when undefined), following next_cursor. */
async function pages(list: string, who: Member, limit?: number) {
  const bodies: Array<{ trips: Array<{ id: string }>; next_cursor: string | null; summary?: unknown }> = [];
  let cursor = '';
  for (;;) {
    const query = new URLSearchParams({ cursor, ...(limit && { limit: String(limit) }) });
    const res = await get(`${list}?${query}`, who);
    expect(res.status).toBe(200);
    bodies.push(res.body);
    if (!res.body.next_cursor) return bodies;
    cursor = res.body.next_cursor;
  }
}

describe.each([
  ['/api/trips', tripPageSchema],
  ['/api/trip-split/user/trips', splitTripPageSchema],
])('GET %s', (list, pageSchema) => {
  it('answers every trip in spec §7’s shape without a page asked for, and the same trips page by page', async () => {
    const { ana } = await anaInTrips(TRIP_PAGE_DEFAULT + 5);
    const whole = await get(list, ana);
    expect(whole.status).toBe(200);
    const all: Array<{ id: string }> =
      list === '/api/trips'
        ? tripListSchema.parse(whole.body)
        : splitTripsResponseSchema.strict().parse(whole.body).trips;
    expect(all).toHaveLength(TRIP_PAGE_DEFAULT + 5);

    const byDefault = await pages(list, ana);
    expect(byDefault.map((page) => page.trips.length)).toEqual([TRIP_PAGE_DEFAULT, 5]);
    for (const page of byDefault) pageSchema.parse(page);
    expect(byDefault.flatMap((page) => page.trips)).toEqual(all);
    const bySeven = await pages(list, ana, 7);
    expect(bySeven.map((page) => page.trips.length)).toEqual([7, 7, 7, 7, 1]);
    expect(bySeven.flatMap((page) => page.trips)).toEqual(all);
  });

  it('refuses a cursor it did not write and a limit out of 1–100 with 400, and shows a stranger nothing', async () => {
    const { ana } = await anaInTrips(2);
    for (const query of ['cursor=not-a-cursor', 'cursor=W10', `cursor=${'a'.repeat(2000)}`]) {
      const res = await get(`${list}?${query}`, ana);
      expect([res.status, res.body]).toEqual([
        400,
        { error: BAD_TRIP_CURSOR, details: { cursor: BAD_TRIP_CURSOR } },
      ]);
    }
    for (const limit of ['0', '101', '2.5', 'ten']) {
      const res = await get(`${list}?limit=${limit}`, ana);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^limit must be/);
    }
    const stranger = await registerMember(api, 'cai', 'lists');
    expect((await get(`${list}?limit=5`, stranger)).body).toMatchObject({ trips: [], next_cursor: null });
    expect((await api.call('GET', `${list}?limit=5`)).status).toBe(401);
  });
});

describe('GET /api/trip-split/user/trips, paged', () => {
  it('carries the header’s figures over every trip on the first page, and follows writes to the kept figures', async () => {
    const { ana, ben } = await anaInTrips(6);
    const [first] = await pages('/api/trip-split/user/trips', ana, 2);
    const bens = (await api.store.trips.listForUser(ben.id)).find((trip) => trip.trip_name === 'Trip 3');
    expect(first?.summary).toEqual({
      trip_count: 6,
      expense_count: 0,
      totals: [{ currency: 'USD', total_cents: 0 }],
    });

    // Ben adds a dinner Ana shares in, and Cai joins: the figures move on the next read.
    const cai = await registerMember(api, 'cai', 'lists');
    await api.store.members.add(bens!.id, cai.id);
    const dinner = await api.call('POST', `/api/trip-split/trips/${bens!.id}/expenses`, {
      token: ben.token,
      body: {
        title: 'Dinner',
        amount: '90.01',
        expense_date: '2027-04-11',
        category: 'food',
        paid_by: ben.id,
        expense_type: 'group',
      },
    });
    expect(dinner.status).toBe(201);
    const after = await pages('/api/trip-split/user/trips', ana, 2);
    expect(after[0]?.summary).toEqual({
      trip_count: 6,
      expense_count: 1,
      totals: [{ currency: 'USD', total_cents: 9001 }],
    });
    expect(after.slice(1).every((page) => page.summary === undefined)).toBe(true);
    const card = after.flatMap((page) => page.trips).find((trip) => trip.id === bens!.id);
    expect(card).toMatchObject({
      participant_count: 3,
      expense_count: 1,
      total_expenses_cents: 9001,
      your_share_cents: 3000,
    });
    const listed = (await get('/api/trips?limit=100', ana)).body.trips.find(
      (trip: { id: string }) => trip.id === bens!.id,
    );
    expect(listed).toMatchObject({ participant_count: 3, expense_count: 1, total_expenses_cents: 9001 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  createTripBody,
  itemsToPlanInputs,
  itineraryToItems,
  parseRecommendations,
  toIsoDate,
  type CreateTripResponse,
  type TripView,
} from '@wayfare/contract';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { createLisbonTrip, LISBON_ANSWERS, signedInUser, TRIP_START } from '../../test-support/trip-members';

describe('POST /api/trips over HTTP (offline planner)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('stores the trip with one traveller, its dates, city, coordinates and the offline guide', async () => {
    const { token, user } = await signedInUser(api);
    const res = await createLisbonTrip(api, token);
    expect(res.status).toBe(201);
    const { id, trip } = res.body as CreateTripResponse;
    expect(trip).toMatchObject({
      id,
      trip_name: 'Trip to Lisbon',
      city_name: 'Lisbon',
      start_date: TRIP_START,
      end_date: addDays(TRIP_START, 3),
      number_of_people: 1,
      budget_range: 'Moderate',
      user_role: 'owner',
      // Without a Gemini key the offline planner writes the guide in the request: it is there in the answer.
      guide_status: 'ready',
      recommendations_provider: 'offline',
      daily_plans: [],
    });
    expect(trip.latitude).toBeCloseTo(38.717, 2);
    expect(trip.longitude).toBeCloseTo(-9.133, 2);
    expect(trip.attractions.length).toBeGreaterThan(4);
    expect(Object.keys(parseRecommendations(trip.recommendations).guide!.itinerary)).toHaveLength(4);

    const stored = await api.store.trips.get(id);
    expect(stored?.owner_id).toBe(user.id);
    expect(stored?.preferences).toMatchObject({
      destination: 'Lisbon, Portugal',
      interests: LISBON_ANSWERS.interests,
    });
    const fetched = await api.call('GET', `/api/trips/${id}`, { token });
    expect(fetched.body).toEqual(trip);
  });

  it('keeps the coordinates of the picked place, and works for a place the city data does not know', async () => {
    const { token } = await signedInUser(api);
    const picked = await api.call('POST', '/api/trips', {
      token,
      body: createTripBody(
        { ...LISBON_ANSWERS, destination: 'Sintra' },
        { latitude: 38.8029, longitude: -9.3817 },
      ),
    });
    expect(picked.status).toBe(201);
    expect(picked.body.trip).toMatchObject({ city_name: 'Sintra', latitude: 38.8029, longitude: -9.3817 });

    const unknown = await api.call('POST', '/api/trips', {
      token,
      body: createTripBody({ ...LISBON_ANSWERS, destination: 'Zzyzx Hollow' }, null),
    });
    expect(unknown.status).toBe(201);
    expect(unknown.body.trip).toMatchObject({
      city_name: 'Zzyzx Hollow',
      latitude: null,
      longitude: null,
      attractions: [],
    });
    expect(parseRecommendations(unknown.body.trip.recommendations).strategy).toBe('json');
  });

  it('rejects bad input with 400 and an error sentence, and strangers with 401', async () => {
    const { token } = await signedInUser(api);
    const body = createTripBody(LISBON_ANSWERS, null);
    const cases: Array<[unknown, RegExp]> = [
      [{ ...body, destination: '   ' }, /Destination is required/],
      [{ ...body, startDate: addDays(toIsoDate(new Date()), -5) }, /cannot start in the past/],
      [{ ...body, endDate: addDays(TRIP_START, -1) }, /must end on or after/],
      [{ ...body, budgetRange: 'Cheap' }, /budget/],
      [{ ...body, numberOfPeople: 4 }, /one traveller/],
      [{ ...body, latitude: 123 }, /./],
      ['not json', /not valid JSON/],
    ];
    for (const [bad, message] of cases) {
      const res = await api.call('POST', '/api/trips', { token, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect((await api.call('POST', '/api/trips', { body })).status).toBe(401);
  });

  it('turns the guide into daily plans through the bulk endpoint, twice without doubling them', async () => {
    const { token } = await signedInUser(api);
    const created = (await createLisbonTrip(api, token)).body as CreateTripResponse;
    const { guide } = parseRecommendations(created.trip.recommendations);
    const plans = itemsToPlanInputs(itineraryToItems(guide!, TRIP_START, created.trip.end_date));
    const first = await api.call('POST', `/api/trips/${created.id}/daily-plans/bulk`, {
      token,
      body: { plans },
    });
    expect(first.status).toBe(201);
    expect(first.body.plans).toHaveLength(plans.length);
    // A second tab racing the first: every plan is a duplicate and skipped server-side.
    const second = await api.call('POST', `/api/trips/${created.id}/daily-plans/bulk`, {
      token,
      body: { plans },
    });
    expect(second.body).toMatchObject({ plans: [], skipped: plans.length });

    const trip = (await api.call('GET', `/api/trips/${created.id}`, { token })).body as TripView;
    expect(trip.daily_plans).toHaveLength(plans.length);
    const days = new Set(trip.daily_plans.map((p) => p.day_number));
    expect(days).toEqual(new Set([1, 2, 3, 4]));
    const day1 = trip.daily_plans.filter((p) => p.day_number === 1);
    expect(day1[0]?.category).toBe('Hotel');
    expect(day1.filter((p) => p.order >= 1000).every((p) => p.category === 'Restaurant')).toBe(true);
  });
});

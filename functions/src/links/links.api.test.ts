import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LINK_NOT_FOUND,
  LINK_REVOKED,
  linkAnswerSchema,
  placePhotoResponseSchema,
  sharedTripSchema,
} from '@wayfare/contract';
import { createFirestoreStore } from '../store/firestore/firestore-store';
import { startTestFirestore } from '../../test-support/test-firestore';
import { startTestApi, TEST_JWT_SECRET, type TestApi } from '../../test-support/api-server';
import { PLACES_PHOTO_URI, startPlacesStandIn } from '../../test-support/places-stand-in';
import { tripWithMembers } from '../../test-support/trip-members';
import { expectCrlfLines } from '../../test-support/calendar-lines';

/** The events of an iCalendar text, read by ical.js (a maintained parser, not our generator). */
function parseCalendar(text: string) {
  expectCrlfLines(text);
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        summary: event.summary,
        description: event.description,
        allDay: event.startDate.isDate,
        dtstart: component.getFirstProperty('dtstart')?.toICALString(),
        dtend: component.getFirstProperty('dtend')?.toICALString(),
      };
    }),
  };
}

/** A token with one signature character changed: same shape, wrong signature. */
const tamper = (path: string) => {
  const last = path.replace(/\.ics$/, '').slice(-1);
  return path.replace(/.(\.ics)?$/, `${last === 'A' ? 'B' : 'A'}$1`);
};

/** City photos from Google Places (a local stand-in), for both apps: a share link shows its trip's. */
let places: Awaited<ReturnType<typeof startPlacesStandIn>>;
beforeAll(async () => {
  places = await startPlacesStandIn();
});
afterAll(() => places?.close());
const withPlaces = () => ({ GOOGLE_MAPS_API_KEY: 'maps-key', GOOGLE_PLACES_BASE_URL: places.baseUrl });

/** The app on each store: embedded, and firebase mode on the Firestore adapter (Node.js Firestore emulator). */
const backends: Record<string, () => Promise<{ api: TestApi; stop?: () => Promise<void> }>> = {
  embedded: async () => ({ api: await startTestApi(withPlaces()) }),
  firestore: async () => {
    const firestore = await startTestFirestore();
    const api = await startTestApi(
      { WAYFARE_BACKEND: 'firebase', JWT_SECRET: TEST_JWT_SECRET, ...withPlaces() },
      { store: createFirestoreStore(firestore.db) },
    );
    return { api, stop: firestore.stop };
  },
};

describe.each(Object.entries(backends))('calendar feeds and share links over HTTP: %s', (_name, start) => {
  let api: TestApi;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ api, stop } = await start());
  });
  afterAll(async () => {
    await api?.close();
    await stop?.();
  });

  async function tripWithPlans() {
    const members = await tripWithMembers(api, { start_date: '2027-04-10', end_date: '2027-04-14' });
    const add = (body: Record<string, unknown>) =>
      api.call('POST', `/api/trips/${members.trip.id}/daily-plans`, {
        token: members.owner.token,
        body: { plan_date: '2027-04-10', category: 'Attraction', ...body },
      });
    const tower = (await add({ title: 'Belém Tower', description: 'Go early' })).body;
    const dinner = (await add({ title: 'Fado dinner', start_time: '21:30', duration_minutes: 150 })).body;
    const tram = (await add({ title: 'Tram 28', plan_date: '2027-04-11', start_time: '08:00' })).body;
    return { ...members, plans: { tower, dinner, tram } };
  }

  it('lets a member download the plans as .ics: untimed all-day, timed floating start to start+duration', async () => {
    const { trip, participant, stranger, plans } = await tripWithPlans();
    const res = await api.call('GET', `/api/trips/${trip.id}/calendar.ics`, { token: participant.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=lisbon-in-spring.ics');
    const calendar = parseCalendar(res.body);
    expect(calendar.name).toBe(trip.trip_name);
    expect(calendar.events).toEqual([
      {
        uid: `${plans.dinner.id}@wayfare`,
        summary: 'Fado dinner',
        description: 'Attraction',
        allDay: false,
        dtstart: 'DTSTART:20270410T213000',
        dtend: 'DTEND:20270411T000000',
      },
      {
        uid: `${plans.tower.id}@wayfare`,
        summary: 'Belém Tower',
        description: 'Attraction: Go early',
        allDay: true,
        dtstart: 'DTSTART;VALUE=DATE:20270410',
        dtend: 'DTEND;VALUE=DATE:20270411',
      },
      {
        uid: `${plans.tram.id}@wayfare`,
        summary: 'Tram 28',
        description: 'Attraction',
        allDay: false,
        dtstart: 'DTSTART:20270411T080000',
        dtend: 'DTEND:20270411T080000',
      },
    ]);
    const theirs = await api.call('GET', `/api/trips/${trip.id}/calendar.ics`, { token: stranger.token });
    expect(theirs.status).toBe(404);
    expect((await api.call('GET', `/api/trips/${trip.id}/calendar.ics`)).status).toBe(401);
  });

  it('gives each member a private feed that works without a session until it is replaced or revoked', async () => {
    const { trip, owner, participant, stranger } = await tripWithPlans();
    const feedOf = (token: string, method: 'GET' | 'POST' | 'DELETE' = 'GET') =>
      api.call(method, `/api/trips/${trip.id}/calendar-feed`, { token });
    expect((await feedOf(owner.token)).body).toEqual({ link: null });
    const made = await feedOf(owner.token, 'POST');
    expect(made.status).toBe(201);
    const { link } = linkAnswerSchema.parse(made.body);
    expect(link?.path).toMatch(new RegExp(`^/api/calendar/${trip.id}/[A-Za-z0-9_-]{67}\\.ics$`));
    expect((await feedOf(owner.token)).body).toEqual(made.body);
    // Each member's feed is their own.
    expect((await feedOf(participant.token)).body).toEqual({ link: null });
    expect((await feedOf(stranger.token, 'POST')).status).toBe(404);

    const feed = await api.call('GET', link!.path);
    expect(feed.status).toBe(200);
    expect(parseCalendar(feed.body).events.map((e) => e.summary)).toEqual([
      'Fado dinner',
      'Belém Tower',
      'Tram 28',
    ]);
    // Forged, or moved to another trip: as if it never was.
    for (const forged of [tamper(link!.path), link!.path.replace(trip.id, (await tripWithPlans()).trip.id)]) {
      const res = await api.call('GET', forged);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: LINK_NOT_FOUND });
    }

    const replaced = linkAnswerSchema.parse((await feedOf(owner.token, 'POST')).body).link!;
    expect(replaced.path).not.toBe(link!.path);
    expect(await api.call('GET', link!.path)).toMatchObject({ status: 410, body: { error: LINK_REVOKED } });
    expect((await api.call('GET', replaced.path)).status).toBe(200);
    expect((await feedOf(owner.token, 'DELETE')).status).toBe(204);
    expect((await api.call('GET', replaced.path)).status).toBe(410);
    expect((await feedOf(owner.token)).body).toEqual({ link: null });
  });

  it("ends a member's feed when they leave the trip", async () => {
    const { trip, owner, participant } = await tripWithPlans();
    const { link } = (
      await api.call('POST', `/api/trips/${trip.id}/calendar-feed`, { token: participant.token })
    ).body;
    expect((await api.call('GET', link.path)).status).toBe(200);
    await api.call('DELETE', `/api/trip-split/trips/${trip.id}/participants/${participant.user.id}`, {
      token: owner.token,
    });
    expect((await api.call('GET', link.path)).status).toBe(410);
  });

  it('shows a share link holder the itinerary, guide, map places and weather, and nothing else', async () => {
    const { trip, owner, participant, plans } = await tripWithPlans();
    const made = await api.call('POST', `/api/trips/${trip.id}/share-link`, { token: participant.token });
    expect(made.status).toBe(201);
    const path = linkAnswerSchema.parse(made.body).link!.path;
    expect(path).toMatch(new RegExp(`^/shared/${trip.id}/[A-Za-z0-9_-]{67}$`));
    // One link per trip: every member sees the same one.
    expect((await api.call('GET', `/api/trips/${trip.id}/share-link`, { token: owner.token })).body).toEqual(
      made.body,
    );

    const shared = await api.call('GET', `/api${path}`);
    expect(shared.status).toBe(200);
    const view = sharedTripSchema.parse(shared.body); // strict: no other field
    expect(view).toMatchObject({ id: trip.id, trip_name: trip.trip_name, attractions: trip.attractions });
    expect(view.daily_plans.map((p) => p.id)).toEqual([plans.dinner.id, plans.tower.id, plans.tram.id]);
    for (const secret of [owner.user.email, participant.user.email, owner.user.username]) {
      expect(JSON.stringify(shared.body)).not.toContain(secret);
    }
    const weather = await api.call('GET', `/api${path}/weather`);
    expect(weather.status).toBe(200);
    expect(weather.body).toEqual({ available: false }); // 2027 is outside the forecast window

    // The share token opens nothing else: not the feed, not a session.
    const token = path.split('/').pop()!;
    expect((await api.call('GET', `/api/calendar/${trip.id}/${token}.ics`)).status).toBe(404);
    expect((await api.call('GET', `/api/trips/${trip.id}`, { token })).status).toBe(401);

    expect(
      (await api.call('DELETE', `/api/trips/${trip.id}/share-link`, { token: owner.token })).status,
    ).toBe(204);
    expect(await api.call('GET', `/api${path}`)).toMatchObject({
      status: 410,
      body: { error: LINK_REVOKED },
    });
    expect((await api.call('GET', `/api${path}/weather`)).status).toBe(410);
  });

  it("shows a share link holder the trip's city photo, for its own city and coordinates, while the link lives", async () => {
    const { trip, owner } = await tripWithMembers(api, { trip_name: 'Photo trip', city_name: 'Porto' });
    const { link } = linkAnswerSchema.parse(
      (await api.call('POST', `/api/trips/${trip.id}/share-link`, { token: owner.token })).body,
    );
    const photoPath = `/api${link!.path}/photo`;
    const before = places.calls.length;
    // Whatever city the visitor names, the trip's own is asked for; only the width is theirs.
    const res = await api.call('GET', `${photoPath}?maxWidth=640&city=Atlantis&lat=0&lng=0`);
    expect(res.status).toBe(200);
    expect(placePhotoResponseSchema.parse(res.body)).toEqual({
      success: true,
      photoUrl: PLACES_PHOTO_URI,
      attribution: { source: 'google', text: 'Google', url: null },
    });
    const [search, media] = places.calls.slice(before);
    expect(JSON.parse(search!.body)).toMatchObject({
      textQuery: 'Porto',
      locationBias: { circle: { center: { latitude: trip.latitude, longitude: trip.longitude } } },
    });
    expect(media?.url).toMatch(/maxWidthPx=640&/);
    // No session needed, and no other photo than the trip's: /api/places/photo stays members-only.
    expect((await api.call('GET', '/api/places/photo?city=Porto')).status).toBe(401);

    for (const maxWidth of ['wide', '10', '99999']) {
      const bad = await api.call('GET', `${photoPath}?maxWidth=${maxWidth}`);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: expect.any(String) });
    }

    // Forged or turned off: the same answer as the weather's.
    const answersAsWeather = async (path: string) => {
      const weather = await api.call('GET', `${path}/weather`);
      const photo = await api.call('GET', `${path}/photo?maxWidth=640`);
      expect({ status: photo.status, body: photo.body }).toEqual({
        status: weather.status,
        body: weather.body,
      });
      return photo;
    };
    expect(await answersAsWeather(`/api${tamper(link!.path)}`)).toMatchObject({
      status: 404,
      body: { error: LINK_NOT_FOUND },
    });
    await api.call('DELETE', `/api/trips/${trip.id}/share-link`, { token: owner.token });
    expect(await answersAsWeather(`/api${link!.path}`)).toMatchObject({
      status: 410,
      body: { error: LINK_REVOKED },
    });
  });

  it.each([
    ['a short token', 'abc'],
    ['a token with a character outside base64url', `${'a'.repeat(66)}.`],
  ])('answers %s 400 in the error shape', async (_case, token) => {
    const { trip } = await tripWithMembers(api);
    const res = await api.call('GET', `/api/shared/${trip.id}/${encodeURIComponent(token)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: LINK_NOT_FOUND });
  });
});

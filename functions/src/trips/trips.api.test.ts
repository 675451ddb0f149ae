import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRIP_ENDS_BEFORE_START,
  TRIP_IMAGE_MAX_BYTES,
  recommendationsAnswer,
  tripListSchema,
  tripViewSchema,
  type ApiErrorBody,
  type TripView,
} from '@wayfare/contract';
import { revalidate } from '../../test-support/revalidate';
import { startTestApi, targetsEmulatorSuite, type TestApi } from '../../test-support/api-server';
import { newTrip } from '../../test-support/store-adapters';
import { tripWithMembers, signedInUser } from '../../test-support/trip-members';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const edit = {
  trip_name: 'Porto instead',
  description: 'Port wine and azulejos',
  start_date: '2027-05-01',
  end_date: '2027-05-04',
};

describe('trips API over HTTP', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  /** PUT /api/trips/{id} as the browser sends it: multipart fields and an optional file. */
  async function putMultipart(
    tripId: string,
    token: string,
    fields: Record<string, string>,
    file?: { data: Buffer; name: string; type: string },
  ) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    if (file) form.set('image', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const res = await fetch(`${api.baseUrl}/api/trips/${tripId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as TripView & Partial<ApiErrorBody> };
  }

  describe('GET /api/trips', () => {
    it("lists the caller's trips with role, people count and no image", async () => {
      const { trip, owner, participant, stranger } = await tripWithMembers(api);
      const mine = await api.call('GET', '/api/trips', { token: owner.token });
      expect(mine.status).toBe(200);
      expect(tripListSchema.safeParse(mine.body).success).toBe(true); // what the web app checks it against
      expect(mine.body).toEqual([
        expect.objectContaining({
          id: trip.id,
          trip_name: trip.trip_name,
          user_role: 'owner',
          participant_count: 2,
          trip_owner_username: owner.user.username,
          image_url: null,
          total_expenses_cents: 0,
        }),
      ]);
      expect(mine.body[0]).not.toHaveProperty('image_path');
      const theirs = await api.call('GET', '/api/trips', { token: participant.token });
      expect(theirs.body.map((t: { user_role: string }) => t.user_role)).toEqual(['participant']);
      expect((await api.call('GET', '/api/trips', { token: stranger.token })).body).toEqual([]);
    });

    it('answers an unchanged list 304 under its ETag, and every change anew, compressed or not alike', async () => {
      const { trip, owner, participant } = await tripWithMembers(api);
      const list = (token: string, headers: Record<string, string> = {}) =>
        fetch(`${api.baseUrl}/api/trips`, { headers: { authorization: `Bearer ${token}`, ...headers } });
      const first = await list(owner.token, { 'accept-encoding': 'identity' });
      const etag = first.headers.get('etag') as string;
      const plain = await first.text();
      expect(etag).toMatch(/^W\/"/);
      expect(first.headers.get('content-encoding')).toBeNull();
      // Hosting answers conditional requests itself and does not forward If-None-Match to the function.
      if (!targetsEmulatorSuite)
        expect(await revalidate(`${api.baseUrl}/api/trips`, owner.token, etag)).toBe(304);
      for (const coding of ['gzip', 'br']) {
        const coded = await list(owner.token, { 'accept-encoding': coding });
        // fetch decodes the body: the same JSON text, under the same ETag.
        expect(coded.headers.get('content-encoding')).toBe(coding);
        expect([coded.headers.get('etag'), await coded.text()]).toEqual([etag, plain]);
      }

      // Each kind of change is answered at once: a rename, an expense, a member leaving, a new trip.
      const names = async () =>
        ((await (await list(owner.token)).json()) as Array<Record<string, unknown>>).map((t) => [
          t.trip_name,
          t.expense_count,
          t.participant_count,
        ]);
      await api.call('PUT', `/api/trips/${trip.id}`, { token: participant.token, body: edit });
      expect(await names()).toEqual([[edit.trip_name, 0, 2]]);
      const expense = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
        token: owner.token,
        body: {
          title: 'Tram',
          amount: 3,
          expense_date: edit.start_date,
          category: 'transport',
          paid_by: owner.user.id,
          expense_type: 'personal',
        },
      });
      expect(expense.status).toBe(201);
      expect(await names()).toEqual([[edit.trip_name, 1, 2]]);
      await api.store.members.leave(trip.id, participant.user.id);
      expect(await names()).toEqual([[edit.trip_name, 1, 1]]);
      await api.store.trips.create(owner.user.id, newTrip({ trip_name: 'Braga' }));
      expect((await names()).map(([name]) => name).sort()).toEqual(['Braga', edit.trip_name]);
      if (!targetsEmulatorSuite)
        expect(await revalidate(`${api.baseUrl}/api/trips`, owner.token, etag)).toBe(200);
    });

    it('needs a session', async () => {
      const res = await api.call('GET', '/api/trips');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: expect.any(String) });
    });
  });

  describe('GET /api/trips/{id}', () => {
    it('answers a member the trip with its plans (with day numbers), role, guide and attractions', async () => {
      const { trip, owner, participant } = await tripWithMembers(api);
      await api.store.plans.create(trip.id, {
        plan_date: '2027-04-12',
        category: 'Hotel',
        title: 'Check in',
        description: '',
      });
      await api.store.plans.create(trip.id, {
        plan_date: '2027-04-10',
        category: 'Attraction',
        title: 'Tower',
        description: '',
      });
      const res = await api.call('GET', `/api/trips/${trip.id}`, { token: participant.token });
      expect(res.status).toBe(200);
      expect(tripViewSchema.safeParse(res.body).success).toBe(true); // what the web app checks it against
      expect(res.body).toMatchObject({
        id: trip.id,
        user_role: 'participant',
        participant_count: 2,
        trip_owner_username: owner.user.username,
        expense_count: 0,
        recommendations: recommendationsAnswer(trip.recommendations),
        recommendations_provider: 'offline',
        attractions: trip.attractions,
        latitude: trip.latitude,
      });
      expect(
        res.body.daily_plans.map((p: { title: string; day_number: number }) => [p.title, p.day_number]),
      ).toEqual([
        ['Tower', 1],
        ['Check in', 3],
      ]);
    });

    it('answers a stranger and an unknown id the same 404', async () => {
      const { trip, stranger } = await tripWithMembers(api);
      const theirs = await api.call('GET', `/api/trips/${trip.id}`, { token: stranger.token });
      const unknown = await api.call('GET', `/api/trips/${randomUUID()}`, { token: stranger.token });
      expect([theirs.status, unknown.status]).toEqual([404, 404]);
      expect(theirs.body).toEqual(unknown.body);
    });
  });

  describe('PUT /api/trips/{id}', () => {
    it('updates name, dates and description from JSON or multipart, for any member', async () => {
      const { trip, participant } = await tripWithMembers(api);
      const json = await api.call('PUT', `/api/trips/${trip.id}`, { token: participant.token, body: edit });
      expect(json.status).toBe(200);
      expect(json.body).toMatchObject({ ...edit, image_url: null, user_role: 'participant' });
      const multipart = await putMultipart(trip.id, participant.token, {
        ...edit,
        trip_name: '  Porto again ',
      });
      expect(multipart.status).toBe(200);
      expect(multipart.body.trip_name).toBe('Porto again');
      await expect(api.store.trips.get(trip.id)).resolves.toMatchObject({
        trip_name: 'Porto again',
        city_name: 'Lisbon',
      });
    });

    it.each([
      ['an end before the start', { end_date: '2027-04-30' }, TRIP_ENDS_BEFORE_START],
      ['an end on the start day', { end_date: edit.start_date }, TRIP_ENDS_BEFORE_START],
      ['a blank name', { trip_name: '   ' }, 'Trip name is required'],
      ['no description', { description: undefined }, 'Description is required'],
      ['an impossible date', { start_date: '2027-02-30' }, 'That date does not exist'],
    ])('rejects %s with 400', async (_case, change, message) => {
      const { trip, owner } = await tripWithMembers(api);
      const res = await api.call('PUT', `/api/trips/${trip.id}`, {
        token: owner.token,
        body: { ...edit, ...change },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      await expect(api.store.trips.get(trip.id)).resolves.toEqual(trip);
    });

    it('answers a stranger 404 and changes nothing', async () => {
      const { trip, stranger } = await tripWithMembers(api);
      const res = await putMultipart(trip.id, stranger.token, edit, {
        data: PNG,
        name: 'x.png',
        type: 'image/png',
      });
      expect(res.status).toBe(404);
      await expect(api.store.trips.get(trip.id)).resolves.toEqual(trip);
    });

    it('stores an uploaded image, serves it to members through a signed URL and replaces it cleanly', async () => {
      const { trip, owner } = await tripWithMembers(api);
      const first = await putMultipart(trip.id, owner.token, edit, {
        data: PNG,
        name: 'photo.png',
        type: 'image/png',
      });
      expect(first.status).toBe(200);
      expect(first.body.image_url).toMatch(
        new RegExp(`^/api/files/trips/${trip.id}/image\\?u=${owner.user.id}&expires=\\d+&sig=`),
      );

      const image = await fetch(api.baseUrl + first.body.image_url);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);

      const url = String(first.body.image_url);
      const tampered = await fetch(api.baseUrl + url.slice(0, -1) + (url.endsWith('A') ? 'B' : 'A'));
      expect(tampered.status).toBe(404);
      const otherTrip = await tripWithMembers(api);
      const wrongTrip = await fetch(api.baseUrl + url.replace(trip.id, otherTrip.trip.id));
      expect(wrongTrip.status).toBe(404);

      const oldPath = (await api.store.trips.get(trip.id))!.image_path!;
      const second = await putMultipart(trip.id, owner.token, edit, {
        data: PNG,
        name: 'again.png',
        type: 'image/png',
      });
      expect(second.body.image_url).not.toBe(first.body.image_url);
      // The replaced image's URL stops working at once.
      expect((await fetch(api.baseUrl + first.body.image_url)).status).toBe(404);
      expect((await fetch(api.baseUrl + second.body.image_url)).status).toBe(200);
      expect(oldPath).toMatch(new RegExp(`^trips/${trip.id}/[\\w-]+\\.png$`));
    });

    it('checks the real file type, not its name or declared type', async () => {
      const { trip, owner } = await tripWithMembers(api);
      const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const res = await putMultipart(trip.id, owner.token, edit, {
        data: fake,
        name: 'cat.png',
        type: 'image/png',
      });
      expect(res.status).toBe(415);
      expect(res.body.error).toBe('Upload a JPEG, PNG, WebP or GIF image');
      await expect(api.store.trips.get(trip.id)).resolves.toEqual(trip);
    });

    it('refuses an image over the size limit and a second file', async () => {
      const { trip, owner } = await tripWithMembers(api);
      const huge = Buffer.concat([PNG, Buffer.alloc(TRIP_IMAGE_MAX_BYTES)]);
      const tooBig = await putMultipart(trip.id, owner.token, edit, {
        data: huge,
        name: 'big.png',
        type: 'image/png',
      });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body).toEqual({ error: 'The image must be at most 5 MB' });

      const form = new FormData();
      for (const [key, value] of Object.entries(edit)) form.set(key, value);
      form.append('image', new Blob([new Uint8Array(PNG)]), 'a.png');
      form.append('image', new Blob([new Uint8Array(PNG)]), 'b.png');
      const two = await fetch(`${api.baseUrl}/api/trips/${trip.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${owner.token}` },
        body: form,
      });
      expect(two.status).toBe(400);
      expect(await two.json()).toEqual({ error: expect.any(String) });
    });

    it('answers a broken multipart body with 400, not 500', async () => {
      const { trip, owner } = await tripWithMembers(api);
      const res = await api.call('PUT', `/api/trips/${trip.id}`, {
        token: owner.token,
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        body: '--xyz\r\nContent-Disposition: form-data; name="trip_name"\r\n\r\nunfinished',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'The upload could not be read. Please try again.' });
    });
  });

  describe('DELETE /api/trips/{id}', () => {
    it('lets only the owner delete; a participant gets 403 and a stranger 404', async () => {
      const { trip, owner, participant, stranger } = await tripWithMembers(api);
      await api.store.plans.create(trip.id, {
        plan_date: '2027-04-10',
        category: 'Hotel',
        title: 'Inn',
        description: '',
      });
      const uploaded = await putMultipart(trip.id, owner.token, edit, {
        data: PNG,
        name: 'p.png',
        type: 'image/png',
      });
      expect((await api.call('DELETE', `/api/trips/${trip.id}`, { token: stranger.token })).status).toBe(404);
      const denied = await api.call('DELETE', `/api/trips/${trip.id}`, { token: participant.token });
      expect(denied.status).toBe(403);
      expect(denied.body.error).toBe('Only the trip owner can delete this trip');

      const res = await api.call('DELETE', `/api/trips/${trip.id}`, { token: owner.token });
      expect(res.status).toBe(204);
      expect((await api.call('GET', `/api/trips/${trip.id}`, { token: owner.token })).status).toBe(404);
      await expect(api.store.plans.list(trip.id)).resolves.toEqual([]);
      expect((await fetch(api.baseUrl + uploaded.body.image_url)).status).toBe(404);
      expect((await api.call('DELETE', `/api/trips/${trip.id}`, { token: owner.token })).status).toBe(404);
    });
  });

  it('rejects an over-long trip id with 400', async () => {
    const { token } = await signedInUser(api);
    const res = await api.call('GET', `/api/trips/${'x'.repeat(200)}`, { token });
    expect(res.status).toBe(400);
  });
});

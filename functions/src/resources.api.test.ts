import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_STREAMS_PER_ADDRESS, LIVE_STREAMS_PER_USER } from './split/live';
import { startTestApi, type TestApi } from './test-support/api-server';
import { signedInUser, tripWithMembers } from './trips/test-members';

/** An open live stream, read as the browser reads it; `until` reads on until the text holds `marker`. */
async function openStream(api: TestApi, tripId: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${api.baseUrl}/api/trip-split/trips/${tripId}/live`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const reader = response.ok ? response.body!.pipeThrough(new TextDecoderStream()).getReader() : null;
  let text = '';
  return {
    status: response.status,
    body: response.ok ? null : await response.json(),
    async until(marker: string) {
      while (!text.includes(marker)) {
        const { value, done } = await reader!.read();
        if (done) break;
        text += value;
      }
      return text;
    },
    /** Reads to the end of the stream: resolves only once the server has closed it. */
    async toEnd() {
      for (;;) {
        const { value, done } = await reader!.read();
        if (done) return text;
        text += value;
      }
    },
    close: () => controller.abort(),
  };
}

/**
 * What a stranger or a bad day can do to the server's resources (issue #13): memory, disk, sockets, caches.
 * Every assertion is on counts, statuses, bytes or files, never on time.
 */
describe('resources', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
  });
  afterAll(() => api.close());

  describe('Cache-Control', () => {
    it('answers every private /api answer with no-store, the login (and its token) included', async () => {
      const { trip, owner } = await tripWithMembers(api);
      const account = {
        username: 'cache_probe',
        email: 'cache.probe@example.com',
        password: 'a long enough password',
        first_name: 'C',
        last_name: 'P',
      };
      await api.call('POST', '/api/auth/register', { body: account });
      const answers = await Promise.all([
        api.call('POST', '/api/auth/login', { body: account }),
        api.call('POST', '/api/auth/login', { body: { ...account, password: 'wrong password' } }),
        api.call('GET', '/api/trips', { token: owner.token }),
        api.call('GET', `/api/trips/${trip.id}`, { token: owner.token }),
        api.call('GET', `/api/trip-split/trips/${trip.id}/expenses`, { token: owner.token }),
        api.call('GET', '/api/auth/me', { token: owner.token }),
        api.call('GET', '/api/no-such-route', { token: owner.token }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 401, 200, 200, 200, 200, 404]);
      for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('live streams', () => {
    // A server of its own per test: the caps count every stream open on the server, from any earlier test.
    let api: TestApi;
    beforeEach(async () => {
      api = await startTestApi();
    });
    afterEach(() => api.close());

    it('caps open streams per user with a 429 JSON answer, and frees a slot when a stream closes', async () => {
      const { trip, owner } = await tripWithMembers(api);
      const streams = [];
      for (let i = 0; i < LIVE_STREAMS_PER_USER; i += 1) {
        const stream = await openStream(api, trip.id, owner.token);
        expect(stream.status).toBe(200);
        await stream.until('event: ready');
        streams.push(stream);
      }
      const refused = await openStream(api, trip.id, owner.token);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: expect.stringMatching(/Too many live connections/) });

      streams.pop()!.close();
      await expect
        .poll(async () => {
          const again = await openStream(api, trip.id, owner.token);
          if (again.status === 200) streams.push(again);
          return again.status;
        })
        .toBe(200);
      streams.forEach((stream) => stream.close());
    });

    it('caps open streams per address, whoever signs in', async () => {
      const { trip, owner } = await tripWithMembers(api);
      const users = [owner];
      for (let i = 1; i * LIVE_STREAMS_PER_USER <= LIVE_STREAMS_PER_ADDRESS; i += 1) {
        const member = await signedInUser(api);
        await api.store.members.add(trip.id, member.user.id);
        users.push(member);
      }
      const streams = [];
      for (let i = 0; i < LIVE_STREAMS_PER_ADDRESS; i += 1) {
        const stream = await openStream(api, trip.id, users[Math.floor(i / LIVE_STREAMS_PER_USER)]!.token);
        expect(stream.status).toBe(200);
        streams.push(stream);
      }
      const refused = await openStream(api, trip.id, users.at(-1)!.token);
      expect(refused.status).toBe(429);
      streams.forEach((stream) => stream.close());
    });

    it('ends every stream of a deleted trip at once, with an event saying so', async () => {
      const { trip, owner, participant } = await tripWithMembers(api);
      const streams = await Promise.all([
        openStream(api, trip.id, owner.token),
        openStream(api, trip.id, participant.token),
      ]);
      await Promise.all(streams.map((stream) => stream.until('event: ready')));

      expect((await api.call('DELETE', `/api/trips/${trip.id}`, { token: owner.token })).status).toBe(204);
      // Each read ends only because the server closed the stream; the heartbeat (15 s) never comes into it.
      for (const stream of streams) {
        const text = await stream.toEnd();
        expect(text).toContain('event: revoked');
        expect(text).toContain('"reason":"trip.deleted"');
        expect(text).not.toContain(': heartbeat');
      }
    });
  });
});

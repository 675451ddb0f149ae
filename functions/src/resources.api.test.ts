import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './test-support/api-server';
import { tripWithMembers } from './trips/test-members';

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
});

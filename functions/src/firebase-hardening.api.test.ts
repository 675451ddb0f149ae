import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startTestApi, TEST_JWT_SECRET, type TestApi } from '../test-support/api-server';

/** What changes when the app runs as the Cloud Function behind Firebase Hosting. */
describe('firebase mode hardening', () => {
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi({
      WAYFARE_BACKEND: 'firebase',
      JWT_SECRET: TEST_JWT_SECRET,
      RATE_LIMIT_AUTH_PER_IP: '3',
    });
    const account = {
      username: 'hardy',
      email: 'hardy@example.com',
      password: 'hardening pw',
      first_name: 'H',
      last_name: 'Fb',
    };
    expect((await api.call('POST', '/api/auth/register', { body: account })).status).toBe(201);
    token = (await api.call('POST', '/api/auth/login', { body: account })).body.token;
  });
  afterAll(() => api?.close());

  it('starts whatever PORT the Functions runtime sets', () => {
    const env = { WAYFARE_BACKEND: 'firebase', JWT_SECRET: TEST_JWT_SECRET, PORT: 'not-a-number' } as const;
    expect(loadConfig(env).backend).toBe('firebase');
    expect(() => loadConfig({ PORT: 'not-a-number' })).toThrow(/PORT/);
  });

  it.each([
    ['GET', '/api/trips/a%2Fb'],
    ['GET', '/api/trips/..%2F..%2Fetc'],
    ['DELETE', '/api/trips/a%20b'],
    ['DELETE', '/api/trips/t1/daily-plans/a%2Fb'],
    ['GET', '/api/trip-split/trips/a%2Fb/expenses'],
    ['DELETE', '/api/trip-split/expenses/x%2F..%2Fy'],
    ['DELETE', '/api/trip-split/trips/t1/participants/u.1'],
  ])('refuses the id in %s %s with a JSON 400 before any store path is built', async (method, urlPath) => {
    const res = await api.call(method, urlPath, { token });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/not valid/);
  });

  it('refuses such an id on the unauthenticated signed-image route too', async () => {
    const res = await api.call('GET', '/api/files/trips/a%2Fb/image?expires=1&sig=x');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Trip id is not valid' });
  });

  it('answers a path outside /api (normalised by a front end) with JSON, not an HTML page', async () => {
    const res = await api.call('GET', '/etc/passwd');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'No API route for GET /etc/passwd' });
  });

  const loginFrom = (headers: Record<string, string>) =>
    api.call('POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'x' }, headers });

  it('keys rate limits on the address Hosting sets, not on one the caller put in X-Forwarded-For', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await loginFrom({
        'fastly-client-ip': '203.0.113.7',
        'x-forwarded-for': `198.51.100.${i}`,
      });
      expect(res.status).not.toBe(429);
    }
    const spoofed = await loginFrom({
      'fastly-client-ip': '203.0.113.7',
      'x-forwarded-for': '198.51.100.99',
    });
    expect(spoofed.status).toBe(429);
    const otherCaller = await loginFrom({ 'fastly-client-ip': '203.0.113.8' });
    expect(otherCaller.status).not.toBe(429);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripListQuerySchema } from '@wayfare/contract';
import { newTrip } from '../../test-support/store-adapters';
import { startTestApi, targetsEmulatorSuite, type TestApi } from '../../test-support/api-server';
import { registerMember, type RegisteredMember } from '../../test-support/registered-member';
import { cachedAnswerLane } from './cached-answer-lane';

// The heavy user's lists are answered ahead of the app's chain (cached-answer-lane.ts). The lane must answer
// exactly what the routes answer, and leave everything else to them.

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET over plain node:http, so a test can declare an empty body (which the lane leaves to the routes). */
function get(base: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** What differs between any two answers: when they were sent and the request's id. */
const comparable = ({ status, headers, body }: Answer) => {
  const { date: _date, 'x-request-id': id, ...rest } = headers;
  expect(id).toMatch(/^[\w-]{1,64}$/);
  return { status, headers: rest, body: body.toString('base64') };
};

const CODINGS: Array<Record<string, string>> = [
  {},
  { 'accept-encoding': 'gzip' },
  { 'accept-encoding': 'gzip, deflate, br' },
];

describe.skipIf(targetsEmulatorSuite)('the kept-answer lane in the app', () => {
  let api: TestApi;
  let ana: RegisteredMember;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
    ana = await registerMember(api, 'ana', 'lane');
    for (let i = 0; i < 30; i++) await api.store.trips.create(ana.id, newTrip({ trip_name: `Trip ${i}` }));
  });
  afterAll(() => api.close());

  it.each(['/api/trips', '/api/trip-split/user/trips'])(
    'answers %s as its route does: status, headers and bytes, in every coding, paged or whole, and 304',
    async (list) => {
      const auth = { authorization: `Bearer ${ana.token}` };
      const first = await get(api.baseUrl, `${list}?cursor=`, auth);
      const next = JSON.parse(first.body.toString()).next_cursor as string;
      const paths = [
        list,
        `${list}?cursor=`,
        `${list}?limit=5`,
        `${list}?cursor=${encodeURIComponent(next)}`,
      ];
      for (const path of paths) {
        for (const coding of CODINGS) {
          const headers = { ...auth, ...coding };
          // An empty body declared: the lane leaves the request to the app's routes, whose answer is the reference.
          const routed = await get(api.baseUrl, path, { ...headers, 'content-length': '0' });
          const laned = await get(api.baseUrl, path, headers);
          expect(routed.status).toBe(200);
          expect(comparable(laned)).toEqual(comparable(routed));
          const etag = laned.headers.etag as string;
          const again = { ...headers, 'if-none-match': etag };
          const notModified = await get(api.baseUrl, path, again);
          expect(notModified.status).toBe(304);
          expect(comparable(notModified)).toEqual(
            comparable(await get(api.baseUrl, path, { ...again, 'content-length': '0' })),
          );
        }
      }
    },
  );

  it('leaves a missing or bad session and a refused query to the routes, which answer them as before', async () => {
    const routes = {
      noToken: await get(api.baseUrl, '/api/trips?cursor=', {}),
      badToken: await get(api.baseUrl, '/api/trip-split/user/trips', { authorization: 'Bearer junk' }),
      badCursor: await get(api.baseUrl, '/api/trips?cursor=nope', { authorization: `Bearer ${ana.token}` }),
    };
    expect(routes.noToken.status).toBe(401);
    expect(routes.badToken.status).toBe(401);
    expect(routes.badCursor.status).toBe(400);
    for (const answer of Object.values(routes)) {
      expect(JSON.parse(answer.body.toString())).toHaveProperty('error');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe.skipIf(targetsEmulatorSuite)('cachedAnswerLane on its own', () => {
  let api: TestApi;
  let ana: RegisteredMember;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
    ana = await registerMember(api, 'ana', 'lane');
    const app = express();
    const step =
      (name: string): express.RequestHandler =>
      (_req, res, next) => {
        res.setHeader(`x-step-${name}`, 'ran');
        next();
      };
    // The app's first steps run before the lane, as in app.ts.
    app.use(step('one'), step('two'));
    app.use(
      cachedAnswerLane(api, tripListQuerySchema, {
        '/kept': async (userId, query, encoding) => ({
          body: Buffer.from(JSON.stringify({ userId, limit: query.limit, encoding })),
          etag: '"kept"',
        }),
      }),
    );
    // Whatever the lane leaves reaches the rest of the app: here, a teapot.
    app.use((_req, res) => {
      res.status(418).json({ error: 'the rest of the app' });
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await api.close();
  });

  it("answers a signed-in, well-asked GET with the steps' headers and the kept body for that user", async () => {
    const res = await get(base, '/kept?limit=7', {
      authorization: `Bearer ${ana.token}`,
      'accept-encoding': 'br',
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ userId: ana.id, limit: 7, encoding: 'br' });
    expect(res.headers).toMatchObject({
      'x-step-one': 'ran',
      'x-step-two': 'ran',
      etag: '"kept"',
      'content-encoding': 'br',
    });
  });

  it('passes on every other request untouched', async () => {
    const token = { authorization: `Bearer ${ana.token}` };
    const others: Array<[string, string, Record<string, string>]> = [
      ['no session', '/kept', {}],
      ['another scheme', '/kept', { authorization: `Basic ${ana.token}` }],
      ['a forged token', '/kept', { authorization: `Bearer ${ana.token}x` }],
      ['a query the schema refuses', '/kept?limit=0', token],
      ['a declared body', '/kept', { ...token, 'content-length': '0' }],
      ['another path', '/kept/', token],
    ];
    for (const [why, path, headers] of others) {
      const res = await get(base, path, headers);
      expect({ why, status: res.status, kept: res.headers.etag === '"kept"' }).toEqual({
        why,
        status: 418,
        kept: false,
      });
    }
    const posted = await fetch(`${base}/kept`, { method: 'POST', headers: token });
    expect(posted.status).toBe(418);
  });
});

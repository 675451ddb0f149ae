import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { addDays, createTripBody, EMPTY_ANSWERS, toIsoDate } from '@wayfare/contract';
import { load, ms, percentile, startProcess, type Figure, type LoadResult } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const MEMBERS = 20;
const EXPENSES = 2000;
export const MANY_TRIPS = 500;
/** Seconds each read runs unmeasured before the API figures (BENCH_WARM). */
const WARM_SECONDS = Number(process.env.BENCH_WARM ?? 1);
export const TRIP_START = addDays(toIsoDate(new Date()), 7);

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The built server (functions/lib/server.js, as npm start runs it) on a free port and a fresh data folder named
 * after `prefix`, quiet, once it answers /api/health; `stop` ends it and deletes the folder.
 */
export async function startBuiltServer(prefix: string, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    [path.join(ROOT, 'functions/lib/server.js')],
    { PORT: String(port), WAYFARE_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    async () => (await fetch(`${baseUrl}/api/health`)).ok,
  );
  return {
    baseUrl,
    dataDir,
    pid: server.pid,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The bare Express yardstick (bare-server.ts) on a free port, once it answers; `baseUrl` has no trailing slash. */
export async function startBareServer() {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const bare = await startProcess(
    ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')],
    { PORT: String(port) },
    async () => (await fetch(`${baseUrl}/constant`)).ok,
  );
  return { baseUrl, stop: bare.stop };
}

export async function call<T>(
  baseUrl: string,
  method: string,
  route: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(baseUrl + route, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const TRIP_BODY = createTripBody(
  {
    ...EMPTY_ANSWERS,
    destination: 'Lisbon, Portugal',
    dates: '4-7 days',
    startDate: TRIP_START,
    endDate: addDays(TRIP_START, 4),
    budget: 'Moderate',
    interests: ['Food & Dining'],
    travelStyle: 'Group of friends',
  },
  null,
);

/** Puts the token's user in MANY_TRIPS trips (each with its guide), for the list read. */
export async function seedManyTrips(baseUrl: string, token: string): Promise<void> {
  for (let i = 0; i < MANY_TRIPS; i += 25) {
    await Promise.all(
      Array.from({ length: 25 }, () => call(baseUrl, 'POST', '/api/trips', TRIP_BODY, token)),
    );
  }
}

export interface SeededTrip {
  baseUrl: string;
  tripId: string;
  tokens: string[];
  userIds: string[];
}

/** A trip of MEMBERS members and `expenses` expenses, built through the public API. */
export async function seed(baseUrl: string, expenses = EXPENSES): Promise<SeededTrip> {
  const tokens: string[] = [];
  const userIds: string[] = [];
  for (let i = 0; i < MEMBERS; i += 1) {
    const account = {
      username: `bench_${i}`,
      email: `bench${i}@example.com`,
      password: 'bench password',
      first_name: 'Bench',
      last_name: `Member${i}`,
    };
    const { user } = await call<{ user: { id: string } }>(baseUrl, 'POST', '/api/auth/register', account);
    const { token } = await call<{ token: string }>(baseUrl, 'POST', '/api/auth/login', account);
    userIds.push(user.id);
    tokens.push(token);
  }
  const owner = tokens[0] as string;
  const { id: tripId } = await call<{ id: string }>(baseUrl, 'POST', '/api/trips', TRIP_BODY, owner);
  for (let i = 1; i < MEMBERS; i += 1) {
    await call(
      baseUrl,
      'POST',
      `/api/trip-split/trips/${tripId}/participants`,
      { email: `bench${i}@example.com` },
      owner,
    );
  }
  const expense = (i: number) => ({
    title: `Expense ${i}`,
    amount: (((i % 97) + 1) * 1.37).toFixed(2),
    expense_date: TRIP_START,
    category: 'food',
    paid_by: userIds[i % MEMBERS],
    expense_type: 'group',
  });
  for (let i = 0; i < expenses; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, expenses - i) }, (_, k) =>
        call(baseUrl, 'POST', `/api/trip-split/trips/${tripId}/expenses`, expense(i + k), owner),
      ),
    );
  }
  return { baseUrl, tripId, tokens, userIds };
}

/**
 * The lists a user in MANY_TRIPS trips reads: each whole, as spec §7 answers it, and its first page as
 * the screens ask for it.
 */
export const heavyLists = (baseUrl: string): Record<string, string> => ({
  'GET /api/trips': `${baseUrl}/api/trips`,
  'GET /api/trips?cursor= (first page)': `${baseUrl}/api/trips?cursor=`,
  'GET /api/trip-split/user/trips': `${baseUrl}/api/trip-split/user/trips`,
  'GET /api/trip-split/user/trips?cursor= (first page)': `${baseUrl}/api/trip-split/user/trips?cursor=`,
});

/** One request at a time, 100 of them: each one's time, sorted. */
export async function sequential(url: string, headers: Record<string, string> = {}): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 100; i++) {
    const start = performance.now();
    await (await fetch(url, { headers })).arrayBuffer();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

const describe = (r: LoadResult) =>
  `${Math.round(r.requestsPerSecond)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}${r.errors ? `, ${r.errors} errors` : ''}`;

/**
 * The API on the embedded backend (the built server, as npm start runs it) under autocannon, each endpoint beside
 * a bare Express app answering constant JSON in the same run: the ratio is the figure to quote.
 */
export async function runApiBench(
  seconds: number,
): Promise<{ figures: Figure[]; seeded: SeededTrip; stop: () => Promise<void> }> {
  const server = await startBuiltServer('wayfare-bench-', { RATE_LIMIT_AUTH_PER_IP: '100000' });
  const { baseUrl } = server;
  const bare = await startBareServer();

  const seeded = await seed(baseUrl);
  const auth = { authorization: `Bearer ${seeded.tokens[1]}` };
  const busy = { authorization: `Bearer ${seeded.tokens[2]}` };
  await seedManyTrips(baseUrl, seeded.tokens[2] as string);
  const expenses = `${baseUrl}/api/trip-split/trips/${seeded.tripId}/expenses`;
  const yardstick = () => load(`${bare.baseUrl}/constant`, { seconds });
  // [name, load, goal as a ratio of bare throughput]: each endpoint right after the yardstick measured anew, since
  // on a shared machine the yardstick itself moves by half between runs.
  const endpointsFor = (seconds: number): Array<[string, () => Promise<LoadResult>, number]> => [
    ['GET /api/trips', () => load(`${baseUrl}/api/trips`, { seconds, headers: auth }), 0.5],
    ...Object.entries(heavyLists(baseUrl)).map(([name, url]): [string, () => Promise<LoadResult>, number] => [
      `${name} (user in ${MANY_TRIPS} trips)`,
      () => load(url, { seconds, headers: busy }),
      0.5,
    ]),
    [`GET …/expenses (${EXPENSES} expenses)`, () => load(expenses, { seconds, headers: auth }), 0.5],
    [
      `GET …/expenses, Accept-Encoding gzip, br`,
      () => load(expenses, { seconds, headers: { ...auth, 'accept-encoding': 'gzip, deflate, br' } }),
      0.5,
    ],
    [
      'POST …/expenses',
      () =>
        load(`${baseUrl}/api/trip-split/trips/${seeded.tripId}/expenses`, {
          seconds,
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            title: 'Coffee',
            amount: 12.34,
            expense_date: TRIP_START,
            category: 'food',
            paid_by: seeded.userIds[1],
            expense_type: 'group',
          }),
        }),
      0.25,
    ],
  ];
  // Steady-state throughput: each read and the yardstick first run unmeasured for BENCH_WARM seconds (1; 0 for
  // none), so no figure is a route's cold first run (its code not yet optimised, its kept lists not yet built).
  // Writes are not warmed: that would add expenses before the ledger's page is read.
  if (WARM_SECONDS > 0) {
    await load(`${bare.baseUrl}/constant`, { seconds: WARM_SECONDS });
    for (const [name, run] of endpointsFor(WARM_SECONDS)) if (name.startsWith('GET')) await run();
  }
  const runs: Array<[string, LoadResult, LoadResult, number]> = [];
  for (const [name, run, goal] of endpointsFor(seconds))
    runs.push([name, await yardstick(), await run(), goal]);
  // The plain expense page is ~114 kB: the load driver's own reading of it counts, so its figure is also given beside
  // bare Express answering a constant JSON of the same size (context; the goal stays the constant yardstick's).
  const pageBytes = (await (await fetch(expenses, { headers: auth })).arrayBuffer()).byteLength;
  const bareSameSize = await load(`${bare.baseUrl}/sized/${pageBytes}`, { seconds });
  const pageSameSize = await load(expenses, { seconds, headers: auth });
  // One request at a time: the latency a user in MANY_TRIPS trips sees, beside the bare app's, with the size.
  const bareAlone = await sequential(`${bare.baseUrl}/constant`);
  const listsAlone: Figure[] = [];
  for (const [name, url] of Object.entries(heavyLists(baseUrl))) {
    const times = await sequential(url, busy);
    const bytes = (await (await fetch(url, { headers: busy })).arrayBuffer()).byteLength;
    const p50 = percentile(times, 50);
    listsAlone.push({
      name: `api: ${name}, user in ${MANY_TRIPS} trips, one request at a time`,
      value: `p50 ${ms(p50)}, p95 ${ms(percentile(times, 95))}, ${Math.round(bytes / 1000)} kB plain (goal p50 < 10 ms${p50 < 10 ? '' : ', MISS'}); bare Express p50 ${ms(percentile(bareAlone, 50))}`,
    });
  }
  await bare.stop();

  const figures: Figure[] = [
    {
      name: 'api: warm-up before measuring',
      value:
        WARM_SECONDS > 0
          ? `each GET and the yardstick ran ${WARM_SECONDS} s unmeasured first: steady-state throughput`
          : 'none (BENCH_WARM=0): the first figure of each route includes its cold start',
    },
    ...runs.map(([name, bareBeside]) => ({
      name: `api: bare Express, constant JSON (yardstick), before ${name}`,
      value: describe(bareBeside),
    })),
    ...listsAlone,
  ];
  for (const [name, bareBeside, result, goal] of runs) {
    const ratio = result.requestsPerSecond / bareBeside.requestsPerSecond;
    figures.push({
      name: `api: ${name}`,
      value: `${describe(result)}; ${ratio.toFixed(2)}× the bare throughput measured just before (goal ≥ ${goal}×${ratio >= goal ? '' : ', MISS'})`,
    });
  }
  figures.push({
    name: `api: GET …/expenses beside bare Express answering ${Math.round(pageBytes / 1000)} kB of constant JSON`,
    value: `${describe(pageSameSize)}; ${(pageSameSize.requestsPerSecond / bareSameSize.requestsPerSecond).toFixed(2)}× bare at the same size (${describe(bareSameSize)})`,
  });
  return {
    figures,
    seeded,
    stop: server.stop,
  };
}

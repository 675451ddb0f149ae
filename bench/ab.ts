// A/B of two builds of the API on a shared, noisy machine: `AB_BASE=<another build's functions/lib> node --import
// tsx bench/ab.ts` starts that build and this one (functions/lib, `npm run build -w functions`) beside the bare
// Express yardstick, seeds both alike (bench/api.ts), then drives each endpoint in rounds that alternate which build
// goes first, with the yardstick measured again before every round (AB_ONLY=text: only the endpoints whose name
// contains it). Before an endpoint's first round, each build and the yardstick run it unmeasured for AB_WARM seconds
// (1; 0 for none): the figures are steady-state throughput, not a cold first round. Each figure beside its rate says
// the server's CPU a request, from /proc (what a loaded machine's throughput ratio cannot). Loopback only; it stops
// what it starts.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  heavyLists,
  MANY_TRIPS,
  seed,
  seedManyTrips,
  sequential,
  TRIP_START,
  type SeededTrip,
} from './api';
import { cpuMs, load, ms, percentile, startProcess, type LoadResult } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.AB_SECONDS ?? 3);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 3);
const BASE = process.env.AB_BASE;
const WARM_SECONDS = Number(process.env.AB_WARM ?? 1);
const health = (url: string) => async () => (await fetch(url)).ok;

async function startBuild(lib: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-ab-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    [path.join(lib, 'server.js')],
    { PORT: String(port), WAYFARE_DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_AUTH_PER_IP: '100000' },
    health(`${baseUrl}/api/health`),
  );
  const seeded = await seed(baseUrl);
  await seedManyTrips(baseUrl, seeded.tokens[2] as string);
  return {
    seeded,
    pid: server.pid,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One request at a time, as bench/api.ts measures the long lists. */
async function oneAtATime(url: string, headers: Record<string, string>): Promise<LoadResult> {
  const times = await sequential(url, headers);
  return {
    requestsPerSecond: NaN,
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: NaN,
    errors: 0,
  };
}

function endpoints(
  { baseUrl, tripId, tokens, userIds }: SeededTrip,
  seconds: number,
): Record<string, () => Promise<LoadResult>> {
  const auth = { authorization: `Bearer ${tokens[1]}` };
  const busy = { authorization: `Bearer ${tokens[2]}` };
  const gzipBr = { 'accept-encoding': 'gzip, deflate, br' };
  const expenses = `${baseUrl}/api/trip-split/trips/${tripId}/expenses`;
  const expense = { title: 'Coffee', amount: 12.34, expense_date: TRIP_START, category: 'food' };
  const postExpense = (headersEach?: () => Record<string, string>) =>
    load(expenses, {
      seconds,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...expense, paid_by: userIds[1], expense_type: 'group' }),
      ...(headersEach && { headersEach }),
    });
  return {
    'GET /api/trips': () => load(`${baseUrl}/api/trips`, { seconds, headers: auth }),
    [`GET /api/trips, user in ${MANY_TRIPS} trips, gzip, br`]: () =>
      load(`${baseUrl}/api/trips`, { seconds, headers: { ...busy, ...gzipBr } }),
    ...Object.fromEntries(
      Object.entries(heavyLists(baseUrl)).flatMap(([name, url]) => [
        [`${name}, user in ${MANY_TRIPS} trips`, () => load(url, { seconds, headers: busy })],
        [`${name}, user in ${MANY_TRIPS} trips, one at a time`, () => oneAtATime(url, busy)],
      ]),
    ),
    'GET …/expenses': () => load(expenses, { seconds, headers: auth }),
    'GET …/expenses, gzip, br': () => load(expenses, { seconds, headers: { ...auth, ...gzipBr } }),
    'POST …/expenses': () => postExpense(),
    // As the web app sends it (offline/outbox.ts): claim, write and complete of a key of its own.
    'POST …/expenses, Idempotency-Key': () => postExpense(() => ({ 'idempotency-key': randomUUID() })),
  };
}

async function main() {
  if (!BASE) throw new Error('AB_BASE: the directory of the build to compare with (its server.js)');
  const barePort = await freePort();
  const bare = await startProcess(
    ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')],
    { PORT: String(barePort) },
    health(`http://127.0.0.1:${barePort}/constant`),
  );
  const builds = { A: await startBuild(BASE), B: await startBuild(path.join(ROOT, 'functions/lib')) };
  try {
    const runs = { A: endpoints(builds.A.seeded, SECONDS), B: endpoints(builds.B.seeded, SECONDS) };
    const warms = {
      A: endpoints(builds.A.seeded, WARM_SECONDS),
      B: endpoints(builds.B.seeded, WARM_SECONDS),
    };
    console.log(
      `A = ${BASE}, B = functions/lib; ${ROUNDS} rounds of ${SECONDS} s, alternating; ` +
        (WARM_SECONDS > 0
          ? `each endpoint warmed ${WARM_SECONDS} s on both builds and the yardstick first (steady-state figures)`
          : 'nothing warmed first (AB_WARM=0)'),
    );
    const yardstickUrl = `http://127.0.0.1:${barePort}/constant`;
    // AB_ONLY: run only the endpoints whose name contains it.
    const names = Object.keys(runs.A).filter((name) => name.includes(process.env.AB_ONLY ?? ''));
    for (const name of names) {
      if (WARM_SECONDS > 0) {
        await load(yardstickUrl, { seconds: WARM_SECONDS });
        for (const build of ['A', 'B'] as const) await (warms[build][name] as () => Promise<LoadResult>)();
      }
      for (let round = 0; round < ROUNDS; round++) {
        const bareCpuBefore = cpuMs(bare.pid);
        const yardstick = await load(yardstickUrl, { seconds: SECONDS });
        const bareCpu = ((cpuMs(bare.pid) - bareCpuBefore) * 1000) / yardstick.requests;
        const line = [
          `${name}, round ${round + 1}: bare ${Math.round(yardstick.requestsPerSecond)} req/s, ${Math.round(bareCpu)} µs CPU a request`,
        ];
        for (const build of round % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
          const cpuBefore = cpuMs(builds[build].pid);
          const r = await (runs[build][name] as () => Promise<LoadResult>)();
          const perRequest = ((cpuMs(builds[build].pid) - cpuBefore) * 1000) / r.requests;
          // The CPU ratio: what the build's throughput would be beside bare were each held back by its CPU alone.
          const cpu = `${Math.round(perRequest)} µs CPU a request (${(bareCpu / perRequest).toFixed(2)}× bare's)`;
          const rate = Number.isNaN(r.requestsPerSecond)
            ? ''
            : `${Math.round(r.requestsPerSecond)} req/s ${(r.requestsPerSecond / yardstick.requestsPerSecond).toFixed(2)}× bare, `;
          line.push(
            `${build} ${rate}p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, ${cpu}${r.errors ? `, ${r.errors} errors` : ''}`,
          );
        }
        console.log(line.join(' | '));
      }
    }
  } finally {
    await bare.stop();
    await builds.A.stop();
    await builds.B.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

// Expense writes beside the bare yardstick, and the server's memory as writes accumulate.
// node --import tsx bench/writes.ts (after `npm run build -w functions`). The server runs as `npm start` runs it
// (its node flags read from the root package.json). BENCH_SECONDS sets each load run (5), BENCH_WRITES the expenses
// added for the memory figure (20000), BENCH_SERVER_FLAGS extra node flags for the server process (e.g. --cpu-prof
// --cpu-prof-dir=/tmp/prof).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { call, freePort, seed, TRIP_BODY, TRIP_START, type SeededTrip } from './api';
import {
  cpuMs,
  load,
  median,
  ms,
  percentile,
  rssMiB,
  startProcess,
  type Figure,
  type LoadResult,
} from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WRITES = Number(process.env.BENCH_WRITES ?? 20_000);
const ROUNDS = 3;
/** Writes before each RSS reading, so a fresh start is read warmed up as the long-running one is. */
const WARM_UP = 1000;
const RATIO_GOAL = 0.25;
const RSS_GOAL_MIB = 50;

interface CacheReport {
  caches: Array<{ name: string; bytes: number; budget_bytes: number; entries: number }>;
  memory: NodeJS.MemoryUsage;
}

/** How long this disk takes to make a small write durable: what every expense write waits for (group commit). */
function fsyncTimes(dir: string): number[] {
  const file = path.join(dir, 'fsync-probe');
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(16 * 1024, 1);
  const times: number[] = [];
  try {
    for (let i = 0; i < 100; i += 1) {
      fs.writeSync(fd, block);
      const start = performance.now();
      fs.fsyncSync(fd);
      times.push(performance.now() - start);
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file);
  }
  return times.sort((a, b) => a - b);
}

const describe = (r: LoadResult) =>
  `${Math.round(r.requestsPerSecond)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}${r.errors ? `, ${r.errors} errors` : ''}`;
const mib = (value: number) => `${value.toFixed(0)} MiB`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KiB`;

/** The node flags `npm start` gives the server: `node <flags> functions/lib/server.js`. */
function startFlags(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const command = /\bnode ((?:--\S+ )*)functions\/lib\/server\.js/.exec(scripts.start);
  if (!command) throw new Error(`npm start does not run functions/lib/server.js: ${scripts.start}`);
  return (command[1] ?? '').split(' ').filter(Boolean);
}

async function startServer(dataDir: string, port: number) {
  const flags = [...startFlags(), ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)];
  return startProcess(
    [...flags, path.join(ROOT, 'functions/lib/server.js')],
    {
      PORT: String(port),
      WAYFARE_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_AUTH_PER_IP: '100000',
      WAYFARE_CACHE_REPORT: '1',
    },
    async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok,
  );
}

/** A 20-way split: a group expense among the trip's 20 members. */
export const expenseBody = (seeded: SeededTrip) =>
  JSON.stringify({
    title: 'Coffee',
    amount: 12.34,
    expense_date: TRIP_START,
    category: 'food',
    paid_by: seeded.userIds[1],
    expense_type: 'group',
  });

function postExpenses(
  seeded: SeededTrip,
  options: { seconds: number; amount?: number; headersEach?: () => Record<string, string> },
) {
  return load(`${seeded.baseUrl}/api/trip-split/trips/${seeded.tripId}/expenses`, {
    ...options,
    method: 'POST',
    headers: { authorization: `Bearer ${seeded.tokens[1]}`, 'content-type': 'application/json' },
    body: expenseBody(seeded),
  });
}

/** A write's answer as the API gives it (uncompressed), kept by the bare app to answer its floor POSTs with. */
async function keepAnswer(seeded: SeededTrip, barePort: number) {
  const answer = await fetch(`${seeded.baseUrl}/api/trip-split/trips/${seeded.tripId}/expenses`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${seeded.tokens[1]}`,
      'content-type': 'application/json',
      'accept-encoding': 'identity',
    },
    body: expenseBody(seeded),
  });
  if (answer.status !== 201) throw new Error(`POST …/expenses answered ${answer.status}`);
  const kept = await fetch(`http://127.0.0.1:${barePort}/kept-answer`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: await answer.text(),
  });
  if (kept.status !== 204) throw new Error(`the bare app did not keep the answer: ${kept.status}`);
}

/** The floor's load: the write's own body and headers, sent to the bare app's kept answer. */
const postFloor = (seeded: SeededTrip, barePort: number) =>
  load(`http://127.0.0.1:${barePort}/kept-answer`, {
    seconds: SECONDS,
    method: 'POST',
    headers: { authorization: `Bearer ${seeded.tokens[1]}`, 'content-type': 'application/json' },
    body: expenseBody(seeded),
  });

/** What the server's bounded caches hold, and its memory (GET /api/health/caches, on with WAYFARE_CACHE_REPORT=1). */
const cacheReport = (baseUrl: string) => call<CacheReport>(baseUrl, 'GET', '/api/health/caches');
const heap = ({ memory }: CacheReport) =>
  `heap ${mib(memory.heapUsed / 2 ** 20)} used of ${mib(memory.heapTotal / 2 ** 20)}`;

/** Reads a page of the ledger once, so the read caches are in the picture too. */
const readPage = (seeded: SeededTrip) =>
  call(seeded.baseUrl, 'GET', `/api/trip-split/trips/${seeded.tripId}/expenses`, undefined, seeded.tokens[1]);

export async function runWritesBench(): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-writes-'));
  const [apiPort, barePort] = await Promise.all([freePort(), freePort()]);
  const figures: Figure[] = [];
  let server = await startServer(dataDir, apiPort);
  const bare = await startProcess(
    ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')],
    { PORT: String(barePort) },
    async () => (await fetch(`http://127.0.0.1:${barePort}/constant`)).ok,
  );
  try {
    const seeded = await seed(`http://127.0.0.1:${apiPort}`, 0);
    // The same work before each reading: a trip created (its guide loads the city index) and WARM_UP writes.
    const warm = async () => {
      await call(seeded.baseUrl, 'POST', '/api/trips', TRIP_BODY, seeded.tokens[0]);
      await postExpenses(seeded, { seconds: 60, amount: WARM_UP });
      await readPage(seeded);
    };

    // Memory: warmed up, then WRITES more expenses, then a restart on the same data warmed up the same way.
    await warm();
    const before = rssMiB(server.pid);
    const reportBefore = await cacheReport(seeded.baseUrl);
    const started = performance.now();
    const cpuBefore = cpuMs(server.pid);
    const added = await postExpenses(seeded, { seconds: 3600, amount: WRITES });
    const seconds = (performance.now() - started) / 1000;
    const cpuPerWrite = (cpuMs(server.pid) - cpuBefore) / WRITES;
    await readPage(seeded);
    const after = rssMiB(server.pid);
    const reportAfter = await cacheReport(seeded.baseUrl);
    await server.stop();
    server = await startServer(dataDir, apiPort);
    const restarted = rssMiB(server.pid);
    await warm();
    const fresh = rssMiB(server.pid);
    const reportFresh = await cacheReport(seeded.baseUrl);
    const grown = after - fresh;
    figures.push(
      {
        name: `writes: ${WRITES} expenses (20-way split) through POST …/expenses`,
        value: `${seconds.toFixed(1)} s, ${describe(added)}; server CPU ${(cpuPerWrite * 1000).toFixed(0)} µs a write`,
      },
      {
        name: 'writes: server RSS',
        value:
          `warmed up (a trip, ${WARM_UP} writes) ${mib(before)} (${heap(reportBefore)}) → after ${WRITES} ` +
          `more ${mib(after)} (${heap(reportAfter)}); restarted on the same data ${mib(restarted)}, warmed up ` +
          `the same way ${mib(fresh)} (${heap(reportFresh)}): ` +
          `${grown >= 0 ? '+' : ''}${mib(grown)} over a fresh start (goal ≤ ${RSS_GOAL_MIB} MiB${grown <= RSS_GOAL_MIB ? '' : ', MISS'})`,
      },
      { name: 'writes: server node flags (as npm start)', value: startFlags().join(' ') || 'none' },
      ...reportAfter.caches.map((cache) => {
        const was = reportBefore.caches.find((c) => c.name === cache.name);
        return {
          name: `writes: cache ${cache.name}`,
          value:
            `${kib(was?.bytes ?? 0)} → ${kib(cache.bytes)} (${cache.entries} entries) after the ${WRITES} writes; ` +
            `budget ${kib(cache.budget_bytes)}`,
        };
      }),
    );

    // The floor: the bare app answers the same POST with the answer the API gave it, so the ratio shows how much of
    // the bare yardstick's speed a write of this shape leaves before any of the product's own work.
    await keepAnswer(seeded, barePort);

    // Speed: ROUNDS alternating runs of the bare yardstick, the floor and the write, on the restarted server; then
    // the same write as the web app sends it, with an Idempotency-Key of its own (offline/outbox.ts).
    const ratios: number[] = [];
    const keyedRatios: number[] = [];
    const floorRatios: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const yardstick = await load(`http://127.0.0.1:${barePort}/constant`, { seconds: SECONDS });
      const bareCpuBefore = cpuMs(bare.pid);
      const floor = await postFloor(seeded, barePort);
      const floorCpu = ((cpuMs(bare.pid) - bareCpuBefore) * 1000) / floor.requests;
      const floorRatio = floor.requestsPerSecond / yardstick.requestsPerSecond;
      floorRatios.push(floorRatio);
      figures.push({
        name: `writes: round ${round}, the floor: the same POST and answer on bare Express`,
        value:
          `${describe(floor)}, ${floorCpu.toFixed(0)} µs CPU a request; ${floorRatio.toFixed(2)}× bare ` +
          '(its JSON body parser and the answer, nothing else)',
      });
      for (const keyed of [false, true]) {
        const cpuBefore = cpuMs(server.pid);
        const writes = await postExpenses(seeded, {
          seconds: SECONDS,
          ...(keyed && { headersEach: () => ({ 'idempotency-key': randomUUID() }) }),
        });
        const cpu = cpuMs(server.pid) - cpuBefore;
        const ratio = writes.requestsPerSecond / yardstick.requestsPerSecond;
        (keyed ? keyedRatios : ratios).push(ratio);
        const perWrite = (cpu * 1000) / (writes.requestsPerSecond * SECONDS);
        figures.push({
          name: `writes: round ${round}, POST …/expenses (20-way split${keyed ? ', Idempotency-Key' : ''}) beside bare Express`,
          value:
            `${describe(writes)}, server CPU ${(cpu / SECONDS / 10).toFixed(0)}% of a core, ${perWrite.toFixed(0)} µs a write; ` +
            `bare ${describe(yardstick)}; ${ratio.toFixed(2)}× (goal ≥ ${RATIO_GOAL}×${ratio >= RATIO_GOAL ? '' : ', MISS'})`,
        });
      }
    }
    const fsyncs = fsyncTimes(dataDir);
    figures.push({
      name: 'writes: fsync of 16 KiB on the data directory (each 2xx waits for one of the log)',
      value: `p50 ${ms(percentile(fsyncs, 50))}, p90 ${ms(percentile(fsyncs, 90))}, max ${ms(percentile(fsyncs, 100))} (100 in a row)`,
    });
    const loadAverage = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    for (const [keyed, list] of [
      ['', ratios],
      [' with an Idempotency-Key', keyedRatios],
    ] as const) {
      const mid = median(list);
      figures.push({
        name: `writes: POST …/expenses${keyed}, median of the rounds`,
        value: `${mid.toFixed(2)}× bare (goal ≥ ${RATIO_GOAL}×${mid >= RATIO_GOAL ? '' : ', MISS'}); load average ${loadAverage}`,
      });
    }
    const floorMid = median(floorRatios);
    figures.push({
      name: 'writes: the floor, median of the rounds',
      value:
        `${floorMid.toFixed(2)}× bare: the goal of ${RATIO_GOAL}× bare gives a write ` +
        `${(floorMid / RATIO_GOAL).toFixed(1)}× the floor's time in all, ` +
        `${(floorMid / RATIO_GOAL - 1).toFixed(1)}× it for its own work past the body and the answer`,
    });
    return figures;
  } finally {
    await Promise.all([server.stop(), bare.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const loadBefore = os.loadavg()[0] ?? 0;
  const figures = await runWritesBench();
  console.log(`Writes and memory (load average before: ${loadBefore.toFixed(1)}, ${os.cpus().length} cores)`);
  const width = Math.max(...figures.map((f) => f.name.length));
  for (const { name, value } of figures) console.log(`  ${name.padEnd(width)}  ${value}`);
}

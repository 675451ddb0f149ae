// The log's flushes a write costs, keyed (Idempotency-Key, as the web app sends it) and not, in two builds:
// `KEYED_BASE=<another build's functions/lib> node --import tsx bench/keyed-fsyncs.ts` (B = functions/lib). Each
// server runs with bench/fsync-counter.mjs preloaded (node's fs.fsync counted); for each kind of write, rounds
// alternating the builds post KEYED_WRITES expenses (20-way split, KEYED_CONNECTIONS at once: 10) and print the flushes, the CPU
// (from /proc) and the p50 a write.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, seed, type SeededTrip } from './api';
import { cpuMs, load, ms, startProcess } from './support';
import { expenseBody } from './writes';

const BASE = process.env.KEYED_BASE;
const WRITES = Number(process.env.KEYED_WRITES ?? 2000);
const ROUNDS = Number(process.env.KEYED_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.KEYED_CONNECTIONS ?? 10);

async function startBuild(lib: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-fsyncs-'));
  const countFile = path.join(dataDir, 'fsyncs');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    ['--import', path.join(import.meta.dirname, 'fsync-counter.mjs'), path.join(lib, 'server.js')],
    {
      PORT: String(port),
      WAYFARE_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_AUTH_PER_IP: '100000',
      FSYNC_COUNT_FILE: countFile,
    },
    async () => (await fetch(`${baseUrl}/api/health`)).ok,
  );
  const fsyncs = async () => {
    fs.rmSync(countFile, { force: true });
    process.kill(server.pid, 'SIGUSR2');
    while (!fs.existsSync(countFile)) await new Promise((resolve) => setTimeout(resolve, 10));
    return Number(fs.readFileSync(countFile, 'utf8'));
  };
  return {
    seeded: await seed(baseUrl, 0),
    pid: server.pid,
    fsyncs,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function post(seeded: SeededTrip, keyed: boolean, amount: number) {
  return load(`${seeded.baseUrl}/api/trip-split/trips/${seeded.tripId}/expenses`, {
    seconds: 600,
    amount,
    connections: CONNECTIONS,
    method: 'POST',
    headers: { authorization: `Bearer ${seeded.tokens[1]}`, 'content-type': 'application/json' },
    body: expenseBody(seeded),
    ...(keyed && { headersEach: () => ({ 'idempotency-key': randomUUID() }) }),
  });
}

if (!BASE) throw new Error('KEYED_BASE: the directory of the build to compare with (its server.js)');
const builds = {
  A: await startBuild(BASE),
  B: await startBuild(path.join(import.meta.dirname, '../functions/lib')),
};
try {
  console.log(
    `A = ${BASE}, B = functions/lib; ${WRITES} writes a run, ${CONNECTIONS} at once, ${ROUNDS} rounds alternating`,
  );
  for (const build of Object.values(builds))
    for (const keyed of [false, true]) await post(build.seeded, keyed, 200);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const keyed of [false, true]) {
      const line = [`round ${round + 1}, ${keyed ? 'Idempotency-Key' : 'no key'}:`];
      for (const name of round % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
        const build = builds[name];
        const [flushesBefore, cpuBefore] = [await build.fsyncs(), cpuMs(build.pid)];
        const r = await post(build.seeded, keyed, WRITES);
        const [flushes, cpu] = [(await build.fsyncs()) - flushesBefore, cpuMs(build.pid) - cpuBefore];
        line.push(
          `${name} ${(flushes / r.requests).toFixed(2)} flushes, ${Math.round((cpu * 1000) / r.requests)} µs CPU a write, ` +
            `${Math.round(r.requestsPerSecond)} req/s, p50 ${ms(r.p50)}`,
        );
      }
      console.log(line.join(' | '));
    }
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await builds.A.stop();
  await builds.B.stop();
}

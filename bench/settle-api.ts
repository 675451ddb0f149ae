/**
 * POST …/settlements/calculate through the HTTP API on ledgers of growing length: 20 members × 1k, 10k and 100k
 * expenses, and 10k members × 10k, 100k and 1M (BENCH_SETTLE_EXPENSES sets the largest size: seeding 1M expenses
 * takes about a minute here); the server's RSS after each ledger's calculations (it should not grow with the
 * expenses), /api/health and the RSS peak while 40 calculations of the largest run at once. The ledgers are seeded
 * straight into the server's SQLite file (as the store writes them: rows, shares, per-person totals, trip counters),
 * then everything is measured over HTTP against the built server, beside a bare Express app's latency in the same
 * run. /api/health is asked, and the RSS sampled, from a worker thread of its own, so the bench's own work (reading
 * 40 answers of megabytes at once) does not count as the server's delay.
 */
import http from 'node:http';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { splitEqual } from '@wayfare/contract';
import { call, startBareServer, startBuiltServer, TRIP_BODY, TRIP_START } from './api';
import { random } from './split';
import { median, ms, percentile, rssMiB, type Figure } from './support';

const BIG_EXPENSES = Number(process.env.BENCH_SETTLE_EXPENSES ?? 1_000_000);
const BATCH = 20_000;

interface Seeded {
  tripId: string;
  token: string;
  ownerId: string;
}

/** Registers the owner through the API (a real login) and creates the trip; everyone else goes in directly. */
async function ownerAndTrip(baseUrl: string, name: string): Promise<Seeded> {
  const account = {
    username: name,
    email: `${name}@example.com`,
    password: 'bench password',
    first_name: 'Bench',
    last_name: name,
  };
  const { user } = await call<{ user: { id: string } }>(baseUrl, 'POST', '/api/auth/register', account);
  const { token } = await call<{ token: string }>(baseUrl, 'POST', '/api/auth/login', account);
  const { id } = await call<{ id: string }>(baseUrl, 'POST', '/api/trips', TRIP_BODY, token);
  return { tripId: id, token, ownerId: user.id };
}

/**
 * `members` people (the owner and members − 1 new users) and `expenses` expenses, each paid by anyone and split
 * equally among 2–4 people, written as the store writes them, in transactions of BATCH expenses.
 */
async function seedLedger(file: string, trip: Seeded, members: number, expenses: number, seed: number) {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  db.pragma('synchronous = OFF');
  const now = new Date().toISOString();
  const tag = trip.tripId.slice(0, 8);
  const ids = [trip.ownerId];
  const insertUser = db.prepare(
    `INSERT INTO users (id, username, username_key, email, email_key, first_name, last_name, password_hash, created_at)
     VALUES (?, ?, ?, ?, ?, 'Bench', ?, 'x', ?)`,
  );
  const insertMember = db.prepare(
    "INSERT INTO trip_members (trip_id, user_id, role, joined_at) VALUES (?, ?, 'participant', ?)",
  );
  db.transaction(() => {
    for (let i = 1; i < members; i++) {
      const id = `u-${tag}-${i}`;
      const name = `m${tag}${i}`;
      insertUser.run(id, name, name, `${name}@example.com`, `${name}@example.com`, `Member${i}`, now);
      insertMember.run(trip.tripId, id, now);
      ids.push(id);
    }
  })();

  const insertExpense = db.prepare(
    `INSERT INTO expenses (id, trip_id, title, description, amount_minor, expense_date, category, expense_type,
       paid_by, created_by, created_at, updated_at)
     VALUES (?, ?, ?, '', ?, ?, 'food', 'shared', ?, ?, ?, ?)`,
  );
  const insertShare = db.prepare(
    'INSERT INTO expense_shares (expense_id, position, user_id, share_minor) VALUES (?, ?, ?, ?)',
  );
  const paid = new Map<string, number>();
  const owed = new Map<string, number>();
  let total = 0;
  const next = random(seed);
  const pick = () => ids[Math.floor(next() * members)] as string;
  const writeBatch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = `e-${tag}-${String(i).padStart(8, '0')}`;
      const amount = 100 + Math.floor(next() * 30_000);
      const payer = pick();
      const among = [...new Set([pick(), pick(), pick(), pick()].slice(0, 2 + Math.floor(next() * 3)))];
      const shares = splitEqual(amount, among.length);
      insertExpense.run(id, trip.tripId, `Expense ${i}`, amount, TRIP_START, payer, trip.ownerId, now, now);
      among.forEach((user, k) => {
        insertShare.run(id, k, user, shares[k] as number);
        owed.set(user, (owed.get(user) ?? 0) + (shares[k] as number));
      });
      paid.set(payer, (paid.get(payer) ?? 0) + amount);
      total += amount;
    }
  });
  for (let from = 0; from < expenses; from += BATCH) {
    writeBatch(from, Math.min(expenses, from + BATCH));
    // Let the event loop run between batches, so pooled HTTP connections the server closes are noticed.
    await new Promise((resolve) => setImmediate(resolve));
  }

  const insertTotal = db.prepare(
    'INSERT INTO expense_share_totals (trip_id, user_id, share_minor, paid_minor) VALUES (?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const user of new Set([...paid.keys(), ...owed.keys()]))
      insertTotal.run(trip.tripId, user, owed.get(user) ?? 0, paid.get(user) ?? 0);
    db.prepare(
      `UPDATE trips SET expense_count = expense_count + ?, total_expenses_minor = total_expenses_minor + ?,
         ledger_version = ledger_version + 1 WHERE id = ?`,
    ).run(expenses, total, trip.tripId);
  })();
  db.close();
}

/** One request's wall time, body read; throws on a non-2xx. */
async function timed(url: string, init: RequestInit): Promise<number> {
  const start = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status}`);
  return performance.now() - start;
}

/**
 * A POST's wall time, its body read as it comes (compressed: what a browser receives), never decoded: the bench's
 * own decoding of 40 answers of megabytes at once would count as the server's delay. Throws on a non-2xx.
 */
function timedPost(url: string, token: string): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } },
      (res) => {
        res.resume();
        res.once('end', () =>
          res.statusCode && res.statusCode < 300
            ? resolve(performance.now() - start)
            : reject(new Error(`POST ${url}: ${res.statusCode}`)),
        );
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end();
  });
}

const goal = (value: number, limit: number) => `(goal < ${limit} ms${value < limit ? '' : ', MISS'})`;
const spread = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] as number,
  };
};
const count = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

/**
 * From a worker thread: asks `url` again as soon as it answers and samples the server's RSS every 20 ms, until
 * told to stop; then answers the response times and the highest RSS seen.
 */
const PINGER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const times = [];
let peak = 0;
let running = true;
const rss = () => Number(/VmRSS:\\s+(\\d+) kB/.exec(fs.readFileSync('/proc/' + workerData.pid + '/status', 'utf8'))[1]) / 1024;
const sampler = setInterval(() => { peak = Math.max(peak, rss()); }, 20);
parentPort.once('message', () => { running = false; });
(async () => {
  while (running) {
    const start = performance.now();
    const res = await fetch(workerData.url);
    await res.arrayBuffer();
    times.push(performance.now() - start);
  }
  clearInterval(sampler);
  parentPort.postMessage({ times, peak });
})();
`;

function pingWhile(url: string, pid: number) {
  const worker = new Worker(PINGER, { eval: true, workerData: { url, pid } });
  const done = new Promise<{ times: number[]; peak: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const result = await done;
      await worker.terminate();
      return result;
    },
  };
}

export async function runSettleApiBench(): Promise<Figure[]> {
  const server = await startBuiltServer('wayfare-bench-settle-');
  const { baseUrl, dataDir } = server;
  const bare = await startBareServer();
  const figures: Figure[] = [];
  try {
    const bareTimes: number[] = [];
    for (let i = 0; i < 200; i++) bareTimes.push(await timed(`${bare.baseUrl}/constant`, {}));
    figures.push({
      name: 'settle api: bare Express, one request (yardstick)',
      value: `p50 ${ms(median(bareTimes))}`,
    });

    const file = path.join(dataDir, 'wayfare.db');
    // Each series: the same number of members at growing ledger lengths; the largest carries the goal.
    const series = [
      { members: 20, sizes: [1_000, 10_000, 100_000], goal: 20, runs: 20 },
      { members: 10_000, sizes: [10_000, 100_000, BIG_EXPENSES], goal: 1000, runs: 5 },
    ].map((s) => ({ ...s, sizes: [...new Set(s.sizes.filter((n) => n <= BIG_EXPENSES))] }));
    const ledgers: Array<{ members: number; expenses: number; trip: Seeded }> = [];
    const seedStart = performance.now();
    for (const s of series) {
      for (const expenses of s.sizes) {
        const trip = await ownerAndTrip(baseUrl, `settle_${ledgers.length}`);
        await seedLedger(file, trip, s.members, expenses, ledgers.length + 1);
        ledgers.push({ members: s.members, expenses, trip });
      }
    }
    figures.push({
      name: `settle api: seeding ${ledgers.length} ledgers into SQLite (not measured through HTTP)`,
      value: `${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
    });
    const rssSeeded = rssMiB(server.pid);

    const calculate = (trip: Seeded) =>
      timedPost(`${baseUrl}/api/trip-split/trips/${trip.tripId}/settlements/calculate`, trip.token);
    const addExpense = (trip: Seeded) =>
      call(
        baseUrl,
        'POST',
        `/api/trip-split/trips/${trip.tripId}/expenses`,
        {
          title: 'Coffee',
          amount: 12.34,
          expense_date: TRIP_START,
          category: 'food',
          paid_by: trip.ownerId,
          expense_type: 'personal',
        },
        trip.token,
      );

    // Shorter ledgers get fewer runs: they are there for the RSS after them (and the time, for comparison).
    const rssAfter: string[] = [];
    for (const s of series) {
      const after: string[] = [];
      for (const { expenses, trip } of ledgers.filter((l) => l.members === s.members)) {
        const largest = expenses === s.sizes[s.sizes.length - 1];
        const runs = largest ? s.runs : 3;
        const label = `${s.members.toLocaleString('en-US')} members × ${expenses.toLocaleString('en-US')} expenses`;
        const first = await calculate(trip);
        const afterWrite: number[] = [];
        for (let i = 0; i < runs; i++) {
          await addExpense(trip);
          afterWrite.push(await calculate(trip));
        }
        const unchanged: number[] = [];
        for (let i = 0; i < runs; i++) unchanged.push(await calculate(trip));
        const fresh = spread(afterWrite);
        figures.push({
          name: `settle api: calculate, ${label}, after an expense write`,
          value: `p50 ${ms(fresh.p50)}, p95 ${ms(fresh.p95)} over ${runs}${largest ? ` ${goal(fresh.p95, s.goal)}` : ''}`,
        });
        figures.push({
          name: `settle api: calculate, ${label}, first / ledger unchanged`,
          value: `${ms(first)} / p50 ${ms(median(unchanged))}`,
        });
        after.push(`${count(expenses)} ${rssMiB(server.pid).toFixed(0)}`);
      }
      rssAfter.push(`${s.members.toLocaleString('en-US')} members × ${after.join(' / ')}`);
    }
    figures.push({
      name: 'settle api: server RSS (MiB), ledgers seeded → after calculating each ledger, shortest first',
      value: `${rssSeeded.toFixed(0)} → ${rssAfter.join('; ')} (goal: flat as the expenses grow)`,
    });

    // 40 calculations of the largest trip at once, right after a write (so they must plan anew), while
    // /api/health is asked again as soon as it answers.
    const big = ledgers[ledgers.length - 1] as (typeof ledgers)[number];
    const healthTimes: number[] = [];
    let calcTimes: number[] = [];
    let peak = 0;
    for (let round = 0; round < 3; round++) {
      await addExpense(big.trip);
      const pinger = pingWhile(`${baseUrl}/api/health`, server.pid);
      calcTimes = calcTimes.concat(await Promise.all(Array.from({ length: 40 }, () => calculate(big.trip))));
      const pinged = await pinger.stop();
      healthTimes.push(...pinged.times);
      peak = Math.max(peak, pinged.peak);
    }
    const h = spread(healthTimes);
    const calcs = spread(calcTimes);
    const bigLabel = `${big.members.toLocaleString('en-US')} members × ${count(big.expenses)}`;
    figures.push({
      name: `settle api: /api/health while 40 calculations of the ${bigLabel} trip run (3 rounds)`,
      value: `p50 ${ms(h.p50)}, p95 ${ms(h.p95)}, max ${ms(h.max)} over ${healthTimes.length} ${goal(h.p95, 50)}; the 40 calculations p50 ${ms(calcs.p50)}, max ${ms(calcs.max)}`,
    });
    figures.push({
      name: 'settle api: server RSS, peak during those rounds → after them',
      value: `${peak.toFixed(0)} MiB → ${rssMiB(server.pid).toFixed(0)} MiB`,
    });
  } finally {
    await bare.stop();
    await server.stop();
  }
  return figures;
}

// Run directly (node --import tsx bench/settle-api.ts, after npm run build) to print these figures on their own.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await runSettleApiBench()) console.log(`${row.name.padEnd(90)} ${row.value}`);
}

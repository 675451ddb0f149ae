// The embedded store's part of an expense write, without HTTP: CPU a write of
// store.ledger.createExpense with a 20-way split, ten at a time as concurrent requests arrive (one group commit each),
// in a process of its own per round. CPU time of the process (its thread pool's fsyncs included), which a loaded
// machine moves far less than throughput. node --import tsx bench/writes-store.ts; WRITES_STORE_BASE=<another
// checkout's functions/src> alternates rounds between that source and this one; WRITES_STORE_N (8000) writes a
// round after 1000 unmeasured, WRITES_STORE_ROUNDS (4), WRITES_STORE_AT_ONCE (10) the writes that arrive together.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const N = Number(process.env.WRITES_STORE_N ?? 8000);
const ROUNDS = Number(process.env.WRITES_STORE_ROUNDS ?? 4);
const MEMBERS = 20;
const AT_ONCE = Number(process.env.WRITES_STORE_AT_ONCE ?? 10);

/** One round in this process: the µs of CPU a write, for the store under `src`. */
async function round(src: string): Promise<number> {
  type StoreModule = typeof import('../functions/src/store/embedded/sqlite-store');
  const { openSqliteStore } = (await import(
    pathToFileURL(path.join(src, 'store/embedded/sqlite-store.ts')).href
  )) as StoreModule;
  // The trip and expense to write come from this checkout's test helpers, whichever store is measured: they only
  // call the store's port.
  const { tripOfPeople, groupExpense } = await import('../functions/test-support/store-adapters');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-writes-store-'));
  const store = openSqliteStore(path.join(dir, 'wayfare.db'));
  try {
    const names = Array.from({ length: MEMBERS }, (_, i) => `Member${i}`) as [string, ...string[]];
    const { trip, people } = await tripOfPeople(store, names);
    const shares = people.map((person) => ({ user_id: person.id, share_minor: 61 }));
    const expense = groupExpense(shares as [(typeof shares)[number], ...typeof shares]);
    const writes = async (count: number) => {
      for (let i = 0; i < count; i += AT_ONCE) {
        await Promise.all(
          Array.from({ length: AT_ONCE }, () => store.ledger.createExpense(trip.id, expense)),
        );
      }
    };
    await writes(1000);
    const start = process.cpuUsage();
    await writes(N);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / N;
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--round') {
  console.log(JSON.stringify(await round(process.argv[3] as string)));
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sources = {
    ...(process.env.WRITES_STORE_BASE && { A: path.resolve(process.env.WRITES_STORE_BASE) }),
    B: path.join(ROOT, 'functions/src'),
  };
  const results: Record<string, number[]> = { A: [], B: [] };
  const runRound = (src: string) =>
    Number(
      execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--round', src], {
        encoding: 'utf8',
      }),
    );
  console.log(
    `createExpense, ${MEMBERS}-way split, ${AT_ONCE} at a time, ${N} writes a round; ` +
      Object.entries(sources)
        .map(([name, src]) => `${name} = ${path.relative(process.cwd(), src) || src}`)
        .join(', '),
  );
  for (let i = 0; i < ROUNDS; i += 1) {
    const order = Object.keys(sources) as Array<keyof typeof sources>;
    if (i % 2) order.reverse();
    const line = [`round ${i + 1}`];
    for (const name of order) {
      const cpu = runRound(sources[name] as string);
      results[name]?.push(cpu);
      line.push(`${name} ${cpu.toFixed(0)} µs CPU a write`);
    }
    console.log(`${line.join(' | ')}; load average ${os.loadavg()[0]?.toFixed(1)}`);
  }
  for (const [name, list] of Object.entries(results)) {
    if (list.length) console.log(`${name}: median ${median(list).toFixed(0)} µs CPU a write`);
  }
}

// The answer of an expense write (issue #24 item 4): express's res.status(201).json() against sendWriteAnswer
// (functions/src/http/write-answer.ts), each in a server process of its own answering the same 20-way expense
// (5.4 kB of JSON) behind 16 header lines, driven in alternating rounds; the server's CPU a request from /proc.
// node --import tsx bench/writes-answer.ts; WRITES_ANSWER_N (15000) requests a round, WRITES_ANSWER_ROUNDS (6).
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import express from 'express';
import { sendWriteAnswer } from '../functions/src/http/write-answer';
import { freePort } from './api';
import { cpuMs, load, median, startProcess } from './support';

const N = Number(process.env.WRITES_ANSWER_N ?? 15_000);
const ROUNDS = Number(process.env.WRITES_ANSWER_ROUNDS ?? 6);
const WAYS = ['res.json', 'sendWriteAnswer'] as const;
type Way = (typeof WAYS)[number];

/** An answer shaped as POST …/expenses answers a 20-way split (its size and nesting, not its exact fields). */
const person = (i: number) => ({
  user_id: `0190a1b2-c3d4-7e5f-8a9b-${String(i).padStart(12, '0')}`,
  first_name: 'Bench',
  last_name: `Member${i}`,
});
const ANSWER = {
  expense: {
    id: '01a21b06-ce4c-7006-9e99-dc94dbebc8be',
    trip_id: '0137dd19-12b6-4758-9afe-680bf59bbb97',
    title: 'Coffee',
    description: '',
    amount_cents: 1234,
    amount: 12.34,
    currency: 'USD',
    expense_date: '2026-12-04',
    category: 'food',
    expense_type: 'group',
    paid_by_name: 'Bench Member1',
    payers: [{ ...person(1), amount_cents: 1234, amount: 12.34 }],
    participants: Array.from({ length: 20 }, (_, i) => ({
      ...person(i),
      share_cents: 61,
      share_amount: 0.61,
    })),
    split: { method: 'equal', people: Array.from({ length: 20 }, (_, i) => person(i).user_id) },
    created_at: '2026-11-27T03:22:40.123Z',
    updated_at: '2026-11-27T03:22:40.123Z',
    receipt: null,
  },
};

function serve(way: Way, port: number) {
  const app = express();
  app.use((_req, res, next) => {
    for (let i = 0; i < 16; i += 1) res.setHeader(`X-Header-${i}`, 'a header value of a usual length');
    next();
  });
  app.get('/health', (_req, res) => {
    res.end('ok');
  });
  app.post('/answer', (_req, res) => {
    if (way === 'res.json') res.status(201).json(ANSWER);
    else sendWriteAnswer(res, 201, ANSWER);
  });
  app.listen(port, '127.0.0.1');
}

async function main() {
  const servers = await Promise.all(
    WAYS.map(async (way) => {
      const port = await freePort();
      const server = await startProcess(
        ['--import', 'tsx', import.meta.filename, '--serve', way, String(port)],
        {},
        async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok,
      );
      return { way, url: `http://127.0.0.1:${port}/answer`, ...server };
    }),
  );
  const cpu: Record<Way, number[]> = { 'res.json': [], sendWriteAnswer: [] };
  console.log(`A ${Buffer.byteLength(JSON.stringify(ANSWER))}-byte expense answer, ${N} POSTs a round`);
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 ? [...servers].reverse() : servers;
      const line = [`round ${round + 1}`];
      for (const server of order) {
        const before = cpuMs(server.pid);
        const result = await load(server.url, { seconds: 0, amount: N, method: 'POST' });
        const us = ((cpuMs(server.pid) - before) * 1000) / result.requests;
        cpu[server.way].push(us);
        line.push(`${server.way} ${us.toFixed(0)} µs CPU a request`);
      }
      console.log(`${line.join(' | ')}; load average ${os.loadavg()[0]?.toFixed(1)}`);
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  for (const way of WAYS) console.log(`${way}: median ${median(cpu[way]).toFixed(0)} µs CPU a request`);
}

if (process.argv[2] === '--serve') serve(process.argv[3] as Way, Number(process.argv[4]));
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();

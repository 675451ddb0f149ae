// Live updates in firebase mode: the web app on firebase-tools' Hosting emulator, the function in
// the Functions emulator, Firestore the official emulator (the browser's SDK speaks WebChannel only to it), Chromium.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { apiLogin, createTrip, inviteAndAccept, postExpense } from '../e2e/support/seed';
import { registerAccount, startServer } from '../e2e/support/server';
import { emulatorRuntime } from '../functions/test-support/emulator-runtime';
import { EMULATOR_FUNCTION_ENV, startEmulatorSuite } from '../functions/test-support/emulator-suite';
import { runLiveBench } from './live';
import { median, ms, percentile, textAppears, type Figure } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Page opens timed after the first (which meets cold function workers and a cold Firestore listen). */
const OPENS = 5;
const WRITES = 20;
/** Bursts on one trip: parallel expense POSTs by 3 members, concurrent calculations. */
const PARALLEL_WRITES = 20;
const CONCURRENT_CALCULATIONS = 30;

/**
 * Opens the split page in a new context: milliseconds from `page.goto` until its status says "Live", and the bytes
 * its Firestore listen channel has received so far (what change notices cost it).
 */
async function openUntilLive(browser: Browser, baseUrl: string, token: string, tripId: string) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const listens = new Set<string>();
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.includes('Firestore/Listen/channel')) listens.add(e.requestId);
  });
  cdp.on('Network.dataReceived', (e) => {
    if (listens.has(e.requestId)) bytes += e.dataLength;
  });
  const start = performance.now();
  await page.goto(`/trips/${tripId}/split`);
  // Checked every frame in the page (a locator's waitFor polls with a backoff up to 500 ms).
  await page.waitForFunction(
    () => [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent?.trim() === 'Live'),
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return { page, liveMs: performance.now() - start, listenBytes: () => bytes, close: () => context.close() };
}

/**
 * The Functions emulator serves each concurrent request with a worker process of its own, started on demand (Cloud
 * Functions serves up to 80 per instance): rounds of `count` concurrent health checks until one is all answered, so
 * the warm opens below measure the product, not the emulator's process starts.
 */
async function warmWorkers(baseUrl: string, count: number) {
  for (let round = 0; round < 4; round += 1) {
    const answers = await Promise.all(
      Array.from({ length: count }, () => fetch(`${baseUrl}/api/health`).then((res) => res.status)),
    );
    if (answers.every((status) => status === 200)) return;
  }
}

/**
 * A group writing at once on one trip, through Hosting on warm workers: PARALLEL_WRITES expense POSTs by the three
 * members (all must answer 201), then CONCURRENT_CALCULATIONS settlement calculations (all must answer alike).
 */
async function bursts(
  baseUrl: string,
  tripId: string,
  date: string,
  people: Array<{ token: string; userId: string }>,
) {
  const api = (token: string, route: string, body?: unknown) =>
    fetch(`${baseUrl}/api/trip-split${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  await warmWorkers(baseUrl, PARALLEL_WRITES);
  const writesStart = performance.now();
  const writes = await Promise.all(
    Array.from({ length: PARALLEL_WRITES }, (_, i) => {
      const writer = people[i % people.length]!;
      return api(writer.token, `/trips/${tripId}/expenses`, {
        title: `Burst ${i}`,
        amount: ((i + 1) * 1.01).toFixed(2),
        expense_date: date,
        category: 'food',
        paid_by: writer.userId,
        expense_type: 'group',
      }).then((res) => res.status);
    }),
  );
  const writesMs = performance.now() - writesStart;
  if (writes.some((status) => status !== 201)) throw new Error(`burst writes answered ${writes.join(', ')}`);
  await warmWorkers(baseUrl, CONCURRENT_CALCULATIONS);
  const calcStart = performance.now();
  const answers = await Promise.all(
    Array.from({ length: CONCURRENT_CALCULATIONS }, (_, i) =>
      api(people[i % people.length]!.token, `/trips/${tripId}/settlements/calculate`).then(async (res) =>
        res.status === 200
          ? JSON.stringify(((await res.json()) as { balances: unknown }).balances)
          : `${res.status}`,
      ),
    ),
  );
  const calcMs = performance.now() - calcStart;
  const alike = new Set(answers).size === 1 && !/^\d+$/.test(answers[0]!);
  return [
    {
      name: `${PARALLEL_WRITES} parallel expense POSTs by 3 members (warm)`,
      value: `all 201 in ${ms(writesMs)}`,
    },
    {
      name: `${CONCURRENT_CALCULATIONS} concurrent calculations (warm)`,
      value: `${alike ? 'all alike' : `NOT alike: ${[...new Set(answers)].length} answers`} in ${ms(calcMs)}`,
    },
  ];
}

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, max ${ms(sorted.at(-1) as number)}`;
};

/**
 * Member B opens the trip's split page: how long until it says "Live" (the first open, then OPENS more on warm
 * workers); then member A POSTs WRITES expenses one after another, and each is timed until B's open page shows it,
 * from the POST's answer (and from its sending). Expects `npm run build` and `npm run build:emulators -w web`.
 * Skipped, with the reason, where the official Firestore emulator cannot run (no JDK ≥ 21 or no emulator).
 */
export async function runFirebaseLiveBench(browser: Browser): Promise<Figure[]> {
  const runtime = emulatorRuntime();
  if (!runtime.javaBin || !runtime.firestore) {
    return [
      {
        name: 'firebase live',
        value: `skipped: needs the official Firestore emulator, lacking ${runtime.missing.join(' and ')}`,
      },
    ];
  }
  const suite = await startEmulatorSuite({ functionEnv: EMULATOR_FUNCTION_ENV, ports: 'free', quiet: true });
  try {
    const baseUrl = suite.hostingUrl;
    const [anaAccount, beaAccount, caiAccount] = [
      await registerAccount(baseUrl, 'ana'),
      await registerAccount(baseUrl, 'bea'),
      await registerAccount(baseUrl, 'cai'),
    ];
    const ana = await apiLogin(baseUrl, anaAccount);
    const bea = await apiLogin(baseUrl, beaAccount);
    const cai = await apiLogin(baseUrl, caiAccount);
    const trip = await createTrip(baseUrl, ana.token);
    await inviteAndAccept(baseUrl, trip.id, ana.token, { token: bea.token, username: beaAccount.username });
    await inviteAndAccept(baseUrl, trip.id, ana.token, { token: cai.token, username: caiAccount.username });

    const first = await openUntilLive(browser, baseUrl, bea.token, trip.id);
    await first.close();
    await warmWorkers(baseUrl, 10);
    const opens: number[] = [];
    let open = first;
    for (let i = 0; i < OPENS; i += 1) {
      open = await openUntilLive(browser, baseUrl, bea.token, trip.id);
      opens.push(open.liveMs);
      if (i < OPENS - 1) await open.close();
    }

    const { page } = open;
    await page.getByRole('tab', { name: /Expenses/ }).click();
    const bytesBefore = open.listenBytes();
    const fromAnswer: number[] = [];
    const fromSend: number[] = [];
    for (let i = 0; i < WRITES; i += 1) {
      const title = `Firebase live ${i}`;
      const seen = textAppears(page, title);
      const sent = performance.now();
      const res = await postExpense(baseUrl, ana.token, trip.id, {
        title,
        amount: '9.99',
        expense_date: trip.startDate,
        category: 'food',
        paid_by: ana.userId,
        expense_type: 'group',
      });
      const answered = performance.now();
      if (res.status !== 201) throw new Error(`firebase live bench write failed: ${res.status}`);
      await seen;
      fromAnswer.push(performance.now() - answered);
      fromSend.push(performance.now() - sent);
    }
    const bytes = open.listenBytes() - bytesBefore;
    await open.close();
    const burstFigures = await bursts(baseUrl, trip.id, trip.startDate, [ana, bea, cai]);
    return [
      { name: '"Live" shown after open, first open (cold function workers)', value: ms(first.liveMs) },
      {
        name: `"Live" shown after open, ${OPENS} more opens`,
        value: `median ${ms(median(opens))}, max ${ms(Math.max(...opens))}`,
      },
      { name: `expense seen after POST's answer (${WRITES} writes)`, value: stats(fromAnswer) },
      { name: '… after POST sent', value: stats(fromSend) },
      {
        name: 'Firestore listen channel per change notice',
        value: `${(bytes / WRITES).toFixed(0)} bytes`,
      },
      ...burstFigures,
    ];
  } finally {
    await suite.stop();
  }
}

// Run directly (node --import tsx bench/firebase-live.ts) to build and print these beside the embedded SSE figure.
if (import.meta.url === `file://${process.argv[1]}`) {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  execFileSync('npm', ['run', 'build:emulators', '-w', 'web', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  const browser = await launchBrowser();
  const server = await startServer();
  try {
    const [writer, watcher] = [await registerAccount(server.baseUrl), await registerAccount(server.baseUrl)];
    const [a, b] = [await apiLogin(server.baseUrl, writer), await apiLogin(server.baseUrl, watcher)];
    const trip = await createTrip(server.baseUrl, a.token);
    await inviteAndAccept(server.baseUrl, trip.id, a.token, { token: b.token, username: watcher.username });
    const seeded = {
      baseUrl: server.baseUrl,
      tripId: trip.id,
      tokens: [a.token, b.token],
      userIds: [a.userId],
    };
    const figures = [...(await runLiveBench(browser, seeded)), ...(await runFirebaseLiveBench(browser))];
    const width = Math.max(...figures.map((f) => f.name.length));
    for (const { name, value } of figures) console.log(`  ${name.padEnd(width)}  ${value}`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

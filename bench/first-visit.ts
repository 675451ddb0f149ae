// What a first visit to each signed-in page costs on a slow phone, measured in Chromium at 4× CPU
// slowdown with no service worker and a fresh context per route: the main thread's long tasks, script and style
// files requested before and after the load event, when the live stream opened, and a CPU profile's self time per
// file and per function. `node --import tsx bench/first-visit.ts` (after `npm run build`) prints the figures and
// writes them to wayfare-first-visit.json in the temporary folder (FIRST_VISIT_OUT elsewhere); FIRST_VISIT_RUNS (default 1) repeats each route;
// FIRST_VISIT_WEB_DIST serves another build of the web app. Loopback only.
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { call, startBuiltServer, TRIP_BODY, TRIP_START } from './api';
import { writeVisits, type Figure } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.FIRST_VISIT_RUNS ?? 1);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface FirstVisit {
  route: string;
  loadMs: number;
  longTasksMs: number[];
  /** Sum over long tasks of their part beyond 50 ms: what Lighthouse calls total blocking time. */
  blockingMs: number;
  scriptsBeforeLoad: number;
  scriptsAfterLoad: number;
  scriptKbBeforeLoad: number;
  liveOpenedMsAfterLoad: number | null;
  selfMsByFile: Array<[string, number]>;
  selfMsByFunction: Array<[string, number]>;
}

// A profile's url is a page address, empty for native code, or a name of Chromium's own ("v8/LoadTimes").
const fileOf = (url: string) => (url ? (URL.parse(url)?.pathname.split('/').pop() ?? url) : '(native/idle)');

function selfTimes(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    const file = fileOf(url);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]): [string, number] => [k, Math.round(v)]);
  return { selfMsByFile: top(byFile, 12), selfMsByFunction: top(byFunction, 15) };
}

export async function measureFirstVisit(
  browser: Browser,
  baseUrl: string,
  token: string,
  route: string,
): Promise<FirstVisit> {
  // A Moto G Power's screen, as Lighthouse's mobile preset; no service worker, so nothing is precached.
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  await context.addInitScript((t) => {
    localStorage.setItem('token', t);
    const tasks: number[] = [];
    (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration))).observe({
      type: 'longtask',
      buffered: true,
    });
  }, token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const scripts: Array<{ at: number; bytes: Promise<number> }> = [];
  let liveAt: number | null = null;
  const started = performance.now();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('/live')) liveAt ??= performance.now() - started;
  });
  page.on('response', (response) => {
    if (!/\.(js|css)$/.test(new URL(response.url()).pathname)) return;
    const at = performance.now() - started;
    scripts.push({
      at,
      bytes: response.body().then(
        (b) => b.length,
        () => 0,
      ),
    });
  });
  await cdp.send('Profiler.start');
  await page.goto(route, { waitUntil: 'load', timeout: 120_000 });
  const loadMs = performance.now() - started;
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const longTasksMs = (
    await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks)
  ).map(Math.round);
  await context.close();
  const before = scripts.filter((s) => s.at <= loadMs);
  const bytesBefore = (await Promise.all(before.map((s) => s.bytes))).reduce((a, b) => a + b, 0);
  return {
    route,
    loadMs: Math.round(loadMs),
    longTasksMs: longTasksMs.sort((a, b) => b - a),
    blockingMs: longTasksMs.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0),
    scriptsBeforeLoad: before.length,
    scriptsAfterLoad: scripts.length - before.length,
    scriptKbBeforeLoad: Math.round(bytesBefore / 1024),
    liveOpenedMsAfterLoad: liveAt === null ? null : Math.round(liveAt - loadMs),
    ...selfTimes(profile),
  };
}

/** A trip of three members and a few expenses, owned by the returned token's user. */
export async function seedSmallTrip(baseUrl: string): Promise<{ token: string; tripId: string }> {
  const tokens: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const account = {
      username: `visit_${i}`,
      email: `visit${i}@example.com`,
      password: 'bench password',
      first_name: 'Visit',
      last_name: `Member${i}`,
    };
    const { user } = await call<{ user: { id: string } }>(baseUrl, 'POST', '/api/auth/register', account);
    ids.push(user.id);
    tokens.push((await call<{ token: string }>(baseUrl, 'POST', '/api/auth/login', account)).token);
  }
  const [owner] = tokens as [string];
  const { id: tripId } = await call<{ id: string }>(baseUrl, 'POST', '/api/trips', TRIP_BODY, owner);
  for (let i = 1; i < 3; i++) {
    // Added at once by default; an invitation (where the invitee's setting asks for one) is accepted.
    const { outcome } = await call<{ outcome: string }>(
      baseUrl,
      'POST',
      `/api/trip-split/trips/${tripId}/participants`,
      { email: `visit${i}@example.com` },
      owner,
    );
    if (outcome !== 'added')
      await call(baseUrl, 'POST', `/api/trip-split/invitations/${tripId}/accept`, undefined, tokens[i]);
  }
  for (let i = 0; i < 12; i++) {
    const body = { title: `Expense ${i}`, amount: '12.50', expense_date: TRIP_START, category: 'food' };
    await call(
      baseUrl,
      'POST',
      `/api/trip-split/trips/${tripId}/expenses`,
      { ...body, paid_by: ids[i % 3], expense_type: 'group' },
      owner,
    );
  }
  return { token: owner, tripId };
}

export const signedInRoutes = (tripId: string) => ({
  'my trips': '/trips',
  'trip details': `/trips/${tripId}`,
  'trip split': `/trips/${tripId}/split`,
  'split overview': '/trip-split',
});

export function describeFirstVisits(visits: Record<string, FirstVisit[]>): Figure[] {
  return Object.entries(visits).map(([label, runs]) => ({
    name: `first visit at 4× CPU: ${label}`,
    value: runs
      .map(
        (v) =>
          `load ${v.loadMs} ms, blocking ${v.blockingMs} ms (long tasks ${v.longTasksMs.slice(0, 5).join(', ') || 'none'}), ` +
          `${v.scriptsBeforeLoad} JS/CSS files (${v.scriptKbBeforeLoad} kB) before load + ${v.scriptsAfterLoad} after, ` +
          `live stream ${v.liveOpenedMsAfterLoad === null ? 'not opened' : `opened ${v.liveOpenedMsAfterLoad} ms after load`}`,
      )
      .join(' | '),
  }));
}

async function main() {
  // FIRST_VISIT_WEB_DIST: another build of the web app (an A/B of two builds, served by the same server).
  const server = await startBuiltServer('wayfare-first-visit-', {
    RATE_LIMIT_AUTH_PER_IP: '100000',
    WAYFARE_WEB_DIST: process.env.FIRST_VISIT_WEB_DIST ?? path.join(ROOT, 'web/dist'),
  });
  const { baseUrl } = server;
  const browser = await launchBrowser();
  try {
    const { token, tripId } = await seedSmallTrip(baseUrl);
    const visits: Record<string, FirstVisit[]> = {};
    for (const [label, route] of Object.entries(signedInRoutes(tripId))) {
      for (let run = 0; run < RUNS; run++)
        (visits[label] ??= []).push(await measureFirstVisit(browser, baseUrl, token, route));
    }
    for (const { name, value } of describeFirstVisits(visits)) console.log(`${name}: ${value}`);
    for (const [label, runs] of Object.entries(visits)) {
      console.log(`\n${label}: self time by file (ms)`, JSON.stringify(runs[0]?.selfMsByFile));
      console.log(`${label}: self time by function (ms)`, JSON.stringify(runs[0]?.selfMsByFunction));
    }
    writeVisits('FIRST_VISIT_OUT', 'wayfare-first-visit.json', visits);
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

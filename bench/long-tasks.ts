// What each long task of a first visit is made of. `node --import tsx bench/long-tasks.ts` (after
// `npm run build`) opens each signed-in page at 4× CPU slowdown (no service worker, a fresh context, a phone's
// screen) under a Chromium trace, and prints for every main-thread task of 50 ms or more: when it started after
// navigation, how long it took, its time by kind (script evaluation, style, layout, parsing, garbage collection…),
// the functions that took the most self time inside it (from the trace's CPU profile), and the LCP candidates with
// their times. LONG_TASKS_WEB_DIST serves another build; LONG_TASKS_OUT names the JSON written (default in the
// temporary folder). Loopback only: the network is not throttled, so this shows the main thread's work, not waits.
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { startBuiltServer } from './api';
import { seedSmallTrip, signedInRoutes } from './first-visit';
import { writeVisits } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const LONG_MS = 50;
// LONG_TASKS_ROUTES=<regex>: only the routes whose label or path it matches; LONG_TASKS_VISIT=returning: each route's
// second visit (its service worker and the HTTP cache holding the app) rather than a first.
const ONLY = process.env.LONG_TASKS_ROUTES ? new RegExp(process.env.LONG_TASKS_ROUTES) : undefined;
const RETURNING = process.env.LONG_TASKS_VISIT === 'returning';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export interface LongTask {
  startMs: number;
  durationMs: number;
  byKind: Record<string, number>;
  topFunctions: Array<[string, number]>;
}

export interface TracedVisit {
  route: string;
  longTasks: LongTask[];
  lcpCandidates: Array<{ atMs: number; node: string; size: number }>;
}

const fileOf = (url: string) => (url ? (URL.parse(url)?.pathname.split('/').pop() ?? url) : 'native');

// The trace's event names grouped as Lighthouse's main-thread breakdown groups them.
const KIND: Record<string, string> = {
  EvaluateScript: 'script',
  FunctionCall: 'script',
  'v8.evaluateModule': 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  EventDispatch: 'script',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'v8.produceModuleCache': 'compile',
  UpdateLayoutTree: 'style+layout',
  Layout: 'style+layout',
  ParseHTML: 'parse html',
  ParseAuthorStyleSheet: 'parse css',
  Paint: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
};

/** Self time per kind: each event's duration less its children's that are counted under a kind too. */
function kindsWithin(events: TraceEvent[], start: number, end: number): Record<string, number> {
  const inside = events
    .filter((e) => e.ph === 'X' && e.ts >= start && e.ts + (e.dur ?? 0) <= end && KIND[e.name])
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const byKind: Record<string, number> = {};
  const stack: TraceEvent[] = [];
  for (const event of inside) {
    while (stack.length && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= event.ts) stack.pop();
    const parent = stack.at(-1);
    const kind = KIND[event.name]!;
    byKind[kind] = (byKind[kind] ?? 0) + (event.dur ?? 0) / 1000;
    if (parent) byKind[KIND[parent.name]!] = (byKind[KIND[parent.name]!] ?? 0) - (event.dur ?? 0) / 1000;
    stack.push(event);
  }
  return Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, Math.round(v)]));
}

function analyse(events: TraceEvent[], route: string): TracedVisit {
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' && (e.args?.data as { isLoadingMainFrame?: boolean })?.isLoadingMainFrame,
  );
  if (!navigation) throw new Error('the trace has no navigationStart');
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.pid === navigation.pid &&
      (e.args as { name?: string })?.name === 'CrRendererMain',
  );
  const onMain = events.filter((e) => e.pid === navigation.pid && (!main || e.tid === main.tid));
  const t0 = navigation.ts;

  // The CPU profile: nodes and samples arrive in ProfileChunk events, with time deltas.
  const nodes = new Map<number, ProfileNode>();
  const samples: Array<{ ts: number; id: number }> = [];
  let sampleTs = events.find((e) => e.name === 'Profile' && e.pid === navigation.pid)?.args?.data as
    { startTime: number } | undefined;
  let clock = sampleTs?.startTime ?? 0;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === navigation.pid)) {
    const data = (chunk.args?.data ?? {}) as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data.cpuProfile?.samples ?? []).forEach((id, i) => {
      clock += data.timeDeltas?.[i] ?? 0;
      samples.push({ ts: clock, id });
    });
  }
  sampleTs = undefined;

  const longTasks = onMain
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) >= LONG_MS * 1000 && e.ts >= t0)
    .map((task): LongTask => {
      const end = task.ts + (task.dur ?? 0);
      const byFunction = new Map<string, number>();
      samples.forEach(({ ts, id }, i) => {
        if (ts < task.ts || ts > end) return;
        const frame = nodes.get(id)?.callFrame;
        if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') return;
        const key = `${frame.functionName || '(anonymous)'} ${fileOf(frame.url)}:${frame.lineNumber + 1}`;
        const ms = ((samples[i + 1]?.ts ?? ts) - ts) / 1000;
        byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
      });
      return {
        startMs: Math.round((task.ts - t0) / 1000),
        durationMs: Math.round((task.dur ?? 0) / 1000),
        byKind: kindsWithin(onMain, task.ts, end),
        topFunctions: [...byFunction]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([k, v]): [string, number] => [k, Math.round(v)]),
      };
    });
  const lcpCandidates = events
    .filter((e) => e.name === 'largestContentfulPaint::Candidate')
    .map((e) => {
      const data = (e.args?.data ?? {}) as { nodeName?: string; size?: number };
      return { atMs: Math.round((e.ts - t0) / 1000), node: data.nodeName ?? '?', size: data.size ?? 0 };
    });
  return { route, longTasks, lcpCandidates };
}

export async function traceFirstVisit(
  browser: Browser,
  baseUrl: string,
  token: string,
  route: string,
  returning = false,
) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: returning ? 'allow' : 'block',
  });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  if (returning) {
    // A returning visit: the route opened once before, its service worker (registered once the page settles) and
    // the HTTP cache holding the app.
    await page.goto(route, { waitUntil: 'load', timeout: 120_000 });
    await page.evaluate(() => navigator.serviceWorker.ready);
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'disabled-by-default-v8.cpu_profiler',
      'blink.user_timing',
      'loading',
      '__metadata',
      'blink',
      'v8',
    ],
  });
  await page.goto(route, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  await context.close();
  return analyse(trace.traceEvents, route);
}

async function main() {
  const server = await startBuiltServer('wayfare-long-tasks-', {
    RATE_LIMIT_AUTH_PER_IP: '100000',
    WAYFARE_WEB_DIST: process.env.LONG_TASKS_WEB_DIST ?? path.join(ROOT, 'web/dist'),
  });
  const browser = await launchBrowser();
  try {
    const { token, tripId } = await seedSmallTrip(server.baseUrl);
    const visits: TracedVisit[] = [];
    for (const [label, route] of Object.entries(signedInRoutes(tripId))) {
      if (ONLY && !ONLY.test(label) && !ONLY.test(route)) continue;
      const visit = await traceFirstVisit(browser, server.baseUrl, token, route, RETURNING);
      visits.push(visit);
      console.log(`\n${label} (${route}): LCP candidates ${JSON.stringify(visit.lcpCandidates)}`);
      for (const task of visit.longTasks)
        console.log(
          `  ${task.startMs} ms: ${task.durationMs} ms ${JSON.stringify(task.byKind)} ${JSON.stringify(task.topFunctions)}`,
        );
    }
    writeVisits('LONG_TASKS_OUT', 'wayfare-long-tasks.json', visits);
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

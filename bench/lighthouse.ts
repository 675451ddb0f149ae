/**
 * Lighthouse 13 (mobile preset: a Moto G Power's screen, simulated slow 4G and a 4× slower CPU), performance only, on
 * every signed-in route, as a first visit (nothing cached, no service worker) and as a returning one (the route
 * opened before: the service worker and the HTTP cache hold the app). Lighthouse 13 needs Node ≥ 22.19: it runs
 * through npx with the registry's `node@22` package (a Node 22 binary) beside `lighthouse@13`, whatever Node runs
 * the bench. Chromium is Debian's, started by itself on a profile Playwright prepared and closed (the session token in
 * localStorage; for a first visit set from a same-origin JSON answer, so no app file is cached), with a debugging port
 * Lighthouse connects to, so no driver's scripts run in the audited page. LIGHTHOUSE_RUNS (default 3) runs per route
 * and visit; the median is printed beside the goal. Loopback only: throttling is simulated.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { BROWSER_ARGS, CHROMIUM } from '../e2e/support/browser';
import { freePort } from './api';
import { median, type Figure } from './support';

const GOAL = 90;
const NODE_22 = 'node@22.23.3';
const LIGHTHOUSE = 'lighthouse@13.5.0';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// LIGHTHOUSE_VISITS=first audits first visits only (an A/B of two builds in half the time).
const VISITS = (process.env.LIGHTHOUSE_VISITS ?? 'first,returning').split(',') as Visit[];
// LIGHTHOUSE_KEEP=<folder> keeps each run's full report there (the LCP element, its request chain, the long tasks).
const KEEP = process.env.LIGHTHOUSE_KEEP;
// LIGHTHOUSE_ROUTES=<regex> audits only the routes whose label or path it matches (e.g. `split` or `^/trips/?$`).
const ONLY = process.env.LIGHTHOUSE_ROUTES ? new RegExp(process.env.LIGHTHOUSE_ROUTES) : undefined;
const run = promisify(execFile);

/** Waits until Chromium answers on its debugging port. */
async function waitForDebuggingPort(port: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline) throw new Error('Chromium did not open its debugging port');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Visit = 'first' | 'returning';

/** A Chromium profile signed in as `token`: with nothing else for a first visit, with `route` opened for a return. */
async function prepareProfile(baseUrl: string, token: string, route: string, visit: Visit): Promise<string> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: BROWSER_ARGS,
    serviceWorkers: visit === 'first' ? 'block' : 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  if (visit === 'returning') {
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'load' });
    // The worker registers once the page settles; a returning visit is one it controls.
    await page.evaluate(() =>
      Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 20_000))]),
    );
  }
  await context.close();
  return profile;
}

interface Audit {
  score: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
}

async function audit(baseUrl: string, token: string, route: string, visit: Visit): Promise<Audit> {
  const profile = await prepareProfile(baseUrl, token, route, visit);
  const port = await freePort();
  const report = path.join(profile, 'report.json');
  // A process group of its own, so its helper processes end with it (they kept writing to the profile being removed).
  const audited = spawn(
    CHROMIUM,
    [...BROWSER_ARGS, `--user-data-dir=${profile}`, `--remote-debugging-port=${port}`],
    { detached: true },
  );
  try {
    await waitForDebuggingPort(port);
    const lighthouse = [
      'lighthouse',
      JSON.stringify(`${baseUrl}${route}`),
      `--port=${port}`,
      '--output=json',
      `--output-path=${JSON.stringify(report)}`,
      '--only-categories=performance',
      // The profile holds the session; a first visit's profile holds nothing else.
      '--disable-storage-reset',
      '--quiet',
      ...(process.env.LIGHTHOUSE_TRACE ? ['--save-assets'] : []),
    ].join(' ');
    await run('npx', ['--yes', '-p', NODE_22, '-p', LIGHTHOUSE, '-c', lighthouse], { timeout: 240_000 });
    if (KEEP) {
      fs.mkdirSync(KEEP, { recursive: true });
      const name = `${visit}-${route.split('/')[1]}-${route.split('/').length}-${Date.now()}.json`;
      fs.copyFileSync(report, path.join(KEEP, name));
      // With LIGHTHOUSE_TRACE: the trace and the DevTools log, which replay Lighthouse's simulation offline.
      for (const asset of ['trace', 'devtoolslog']) {
        const file = report.replace(/\.json$/, `-0.${asset}.json`);
        if (fs.existsSync(file))
          fs.copyFileSync(file, path.join(KEEP, name.replace(/\.json$/, `.${asset}.json`)));
      }
    }
    const lhr = JSON.parse(fs.readFileSync(report, 'utf8')) as {
      categories: { performance?: { score: number | null } };
      audits: Record<string, { numericValue?: number }>;
    };
    const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      tbtMs: value('total-blocking-time'),
      lcpMs: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
    };
  } finally {
    if (audited.exitCode === null && audited.signalCode === null && audited.pid !== undefined) {
      const { pid } = audited;
      await new Promise((resolve) => {
        audited.once('exit', resolve);
        process.kill(-pid, 'SIGTERM');
      });
    }
    // The helpers may still write to the profile for a moment after the browser exits.
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

export async function runLighthouseBench(
  baseUrl: string,
  token: string,
  routes: Record<string, string>,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [label, route] of Object.entries(routes)) {
    if (ONLY && !ONLY.test(label) && !ONLY.test(route)) continue;
    for (const visit of VISITS) {
      const audits: Audit[] = [];
      for (let i = 0; i < RUNS; i++) audits.push(await audit(baseUrl, token, route, visit));
      const score = median(audits.map((a) => a.score));
      figures.push({
        name: `lighthouse 13 mobile, ${label} (${route}), ${visit} visit`,
        value:
          `${score} (goal ≥ ${GOAL}${score >= GOAL ? '' : ', MISS'}; runs ${audits.map((a) => a.score).join(', ')}), ` +
          `TBT ${Math.round(median(audits.map((a) => a.tbtMs)))} ms (goal < 200), ` +
          `LCP ${(median(audits.map((a) => a.lcpMs)) / 1000).toFixed(1)} s (goal < 2.5), ` +
          `CLS ${median(audits.map((a) => a.cls)).toFixed(3)}`,
      });
    }
  }
  return figures;
}

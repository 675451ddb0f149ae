/**
 * Lighthouse (mobile preset: a Moto G Power's screen, simulated slow 4G and a 4× slower CPU) on the signed-in trip
 * page, performance category only. Chromium is Debian's with the same network-quiet flags as the e2e tests. Playwright
 * opens the profile once to put the session token in its localStorage (and the service worker a returning user has),
 * then closes; the audited Chromium is started on that profile by itself, with a debugging port Lighthouse connects to,
 * so no driver's scripts run in the page (Playwright's add tasks of their own to its main thread). Lighthouse is told
 * not to clear storage. Everything is loopback: throttling is simulated
 * (no network), and only the performance audits run, none of which fetch anything outside the page under test.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { BROWSER_ARGS } from '../e2e/support/browser';
import { freePort } from './api';
import type { Figure } from './support';

const GOAL = 90;
const CHROMIUM = '/usr/bin/chromium';

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

export async function runLighthouseBench(baseUrl: string, token: string, route: string): Promise<Figure[]> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-lighthouse-'));
  const signIn = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: BROWSER_ARGS,
  });
  const page = signIn.pages()[0] ?? (await signIn.newPage());
  await page.goto(`${baseUrl}/login`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  // The app shell precached, as a returning user has it (the worker is active once its install cached it).
  await page.evaluate(() =>
    Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 10_000))]),
  );
  await signIn.close();

  const port = await freePort();
  const audited = spawn(CHROMIUM, [
    ...BROWSER_ARGS,
    `--user-data-dir=${profile}`,
    `--remote-debugging-port=${port}`,
    'about:blank',
  ]);
  try {
    await waitForDebuggingPort(port);
    const result = await lighthouse(`${baseUrl}${route}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
    return [
      {
        name: `lighthouse mobile performance, signed-in trip page (${route})`,
        value: `${score} (goal ≥ ${GOAL}${score >= GOAL ? '' : ', MISS'})`,
      },
      {
        name: 'lighthouse: FCP, LCP, TBT, CLS, Speed Index',
        value: [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ]
          .map(metric)
          .join(', '),
      },
    ];
  } finally {
    await new Promise((resolve) => {
      audited.once('exit', resolve);
      audited.kill();
    });
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

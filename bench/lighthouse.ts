/**
 * Lighthouse (mobile preset: a Moto G Power's screen, simulated slow 4G and a 4× slower CPU) on the signed-in trip
 * page, performance category only. Chromium is Debian's, started by Playwright with the same network-quiet flags as
 * the e2e tests plus a debugging port Lighthouse connects to; the session token is put in the profile's
 * localStorage first and Lighthouse is told not to clear storage. Everything is loopback: throttling is simulated
 * (no network), and only the performance audits run, none of which fetch anything outside the page under test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { BROWSER_ARGS } from '../e2e/support/browser';
import { freePort } from './api';
import type { Figure } from './support';

const GOAL = 90;

export async function runLighthouseBench(baseUrl: string, token: string, route: string): Promise<Figure[]> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-lighthouse-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: [...BROWSER_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${baseUrl}/login`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto('about:blank');

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
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

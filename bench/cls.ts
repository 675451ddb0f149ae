import type { Browser } from 'playwright-core';
import { VIEWPORTS } from '../e2e/support/browser';
import type { Figure } from './support';

const SETTLE_MS = 2500;
const GOAL = 0.05;

/**
 * Cumulative layout shift of each route at the phone and desktop sizes, signed in, from Chromium's layout-shift
 * entries (shifts right after input do not count, as in the CLS definition), summed over the page's first load.
 */
export async function runClsBench(
  browser: Browser,
  baseUrl: string,
  token: string,
  routes: Record<string, string>,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [label, route] of Object.entries(routes)) {
    const values: string[] = [];
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport });
      await context.addInitScript((t) => {
        localStorage.setItem('token', t);
        (window as unknown as { __cls: number }).__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >)
            if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      }, token);
      const page = await context.newPage();
      await page.goto(route, { waitUntil: 'load' });
      await page.waitForTimeout(SETTLE_MS);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      await context.close();
      values.push(`${size} ${cls.toFixed(3)}${cls < GOAL ? '' : ' (MISS)'}`);
    }
    figures.push({ name: `cls: ${label} (${route})`, value: `${values.join(', ')}; goal < ${GOAL}` });
  }
  return figures;
}

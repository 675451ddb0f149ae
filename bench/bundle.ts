import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { openAndSettle, type Figure } from './support';

const WEB_DIST = path.resolve(import.meta.dirname, '../web/dist');

/**
 * The form layer's budget: no page's first load may grow by more than GROWTH_GOAL_KB over its figure before it.
 * These are that figure, JS + CSS gzip in kB measured by this same method on commit 9b5c25d (the merge before
 * react-hook-form came in, at 56b7a8d), built from a worktree of it and served by its own server, signed
 * in as a trip's owner (a trip of 3 members and 20 expenses; the routes load the same files at the bench's size).
 */
const BASELINE_COMMIT = '9b5c25d';
const BASELINE_KB: Record<string, number> = {
  home: 155.3,
  login: 159.7,
  signup: 160.0,
  'my trips': 173.7,
  'trip details': 257.9,
  'edit trip': 211.2,
  'trip split': 193.7,
  'split overview': 188.8,
  'not found': 155.3,
};
const GROWTH_GOAL_KB = 10;

const kB = (bytes: number) => bytes / 1024;

/**
 * Gzip size of the JS and CSS a browser actually loads for each route (entry plus lazy chunks fetched while the
 * page settles), measured by loading the page in Chromium (1280×720) against the running server, beside the
 * route's figure before the form layer and the +10 kB it may grow by.
 */
export async function runBundleBench(
  browser: Browser,
  baseUrl: string,
  token: string,
  routes: Record<string, string>,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [label, route] of Object.entries(routes)) {
    const context = await browser.newContext({ baseURL: baseUrl });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await context.newPage();
    const assets = new Set<string>();
    page.on('response', (res) => {
      const { pathname } = new URL(res.url());
      if (/\.(js|css)$/.test(pathname)) assets.add(pathname);
    });
    // Not 'networkidle': the split page keeps its live stream open.
    await openAndSettle(page, route);
    await context.close();
    let js = 0;
    let css = 0;
    for (const asset of assets) {
      const size = gzipSync(fs.readFileSync(path.join(WEB_DIST, asset))).length;
      if (asset.endsWith('.js')) js += size;
      else css += size;
    }
    const total = kB(js + css);
    const baseline = BASELINE_KB[label];
    const growth =
      baseline === undefined
        ? ''
        : `; before the form layer (${BASELINE_COMMIT}) ${baseline.toFixed(1)} kB, ${compare(total, baseline)}`;
    figures.push({
      name: `web: ${label} (${route})`,
      value: `JS ${kB(js).toFixed(1)} kB + CSS ${kB(css).toFixed(1)} kB = ${total.toFixed(1)} kB gzip, ${assets.size} files${growth}`,
    });
  }
  return figures;
}

function compare(total: number, baseline: number): string {
  const growth = total - baseline;
  const ok = growth <= GROWTH_GOAL_KB;
  return `${growth >= 0 ? '+' : '−'}${Math.abs(growth).toFixed(1)} kB (goal ≤ +${GROWTH_GOAL_KB} kB${ok ? '' : ', MISS'})`;
}

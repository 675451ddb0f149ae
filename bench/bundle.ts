import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import type { Figure } from './support';

const WEB_DIST = path.resolve(import.meta.dirname, '../web/dist');
const SETTLE_MS = 2000;

/**
 * Gzip size of the JS and CSS a browser actually loads for each route (entry plus lazy chunks fetched while the
 * page settles), measured by loading the page in Chromium against the running server.
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
    // Not 'networkidle': the split page keeps its live stream open. Lazy chunks arrive within the settle time.
    await page.goto(route, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    await context.close();
    let js = 0;
    let css = 0;
    for (const asset of assets) {
      const size = gzipSync(fs.readFileSync(path.join(WEB_DIST, asset))).length;
      if (asset.endsWith('.js')) js += size;
      else css += size;
    }
    figures.push({
      name: `web: ${label} (${route})`,
      value: `JS ${(js / 1024).toFixed(1)} kB + CSS ${(css / 1024).toFixed(1)} kB gzip, ${assets.size} files`,
    });
  }
  return figures;
}

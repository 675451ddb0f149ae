/**
 * Renders the app icons of the web app manifest from web/public/favicon.svg's drawing, with the browser the e2e
 * tests use (no image library needed): `node --import tsx scripts/pwa-icons.ts`. The PNGs are committed; run this
 * again only when the logo changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'web/public/icons');
const logo = fs.readFileSync(path.join(ROOT, 'web/public/favicon.svg'), 'utf8');
const drawing = logo.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

/** `any` icons keep the favicon's rounded square; maskable ones fill the square and keep the mark in its safe zone. */
const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const svg = (maskable: boolean) =>
  maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0f6b74"/><g transform="translate(3.2 3.2) scale(0.8)">${drawing}</g></svg>`
    : logo;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
fs.mkdirSync(OUT, { recursive: true });
for (const { file, size, maskable } of ICONS) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg(maskable)}`,
  );
  await page.screenshot({ path: path.join(OUT, file), omitBackground: true });
  await page.close();
}
await browser.close();

import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { STEP_CEILING_MS } from './step';

/** Headless, with the background services that reach for the network switched off. */
export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's chromium: the browser every e2e test and bench drives. */
export const CHROMIUM = '/usr/bin/chromium';

/** Debian's chromium with BROWSER_ARGS. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  // Every page's steps wait up to the one step ceiling (support/step.ts), not Playwright's 30 s: on two busy cores an
  // on-device receipt scan or a lazy chunk took longer. Each step still returns as soon as the page shows it.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(STEP_CEILING_MS);
    return context;
  };
  return browser;
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../artifacts/screenshots');

/** Saves a full-page screenshot under e2e/artifacts/screenshots/ (untracked) for people to look at, with animations settled. */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/**
 * Waits until every animation in the element (a dialog's entrance, a step's transition) has finished; one cancelled
 * on the way (its element replaced by the next step) counts as done.
 */
export const animationsSettled = (element: Locator) =>
  element.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => null))),
  );

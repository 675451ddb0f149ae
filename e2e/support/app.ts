import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, VIEWPORTS } from './browser';
import { startServer, type RunningServer } from './server';

/**
 * The built server (as npm start runs it) and one Chromium for a test file: started before its tests, stopped
 * and its data folder removed after them. Call it at the top of a describe block.
 */
export function appUnderTest(options?: Parameters<typeof startServer>[0]) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(options), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  return {
    get server(): RunningServer {
      if (!server) throw new Error('the server starts in beforeAll');
      return server;
    },
    get browser(): Browser {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    /**
     * A page in a context of its own, signed in when given a session token. The app's service worker is blocked
     * unless asked for: page.route cannot see the requests a service worker makes.
     */
    async newPage(
      options: {
        viewport?: { width: number; height: number };
        token?: string;
        bypassCSP?: boolean;
        serviceWorkers?: 'allow' | 'block';
        locale?: string;
      } = {},
    ): Promise<Page> {
      const {
        viewport = VIEWPORTS.desktop,
        token,
        bypassCSP = false,
        serviceWorkers = 'block',
        locale,
      } = options;
      const context = await this.browser.newContext({
        viewport,
        baseURL: this.server.baseUrl,
        bypassCSP,
        serviceWorkers,
        locale,
      });
      if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
      return context.newPage();
    },
  };
}

/** Opens the trip's split page and waits until it is live (its change stream connected). */
export async function openSplit(page: Page, tripId: string): Promise<void> {
  await page.goto(`/trips/${tripId}/split`);
  await page.getByRole('heading', { name: 'Trip Split' }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
}

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { apiLogin, createTrip } from './support/seed';
import { registerAccount, startServer, type RunningServer } from './support/server';

const SIGNED_OUT_ROUTES = ['/', '/login', '/signup', '/trip-split', '/nowhere'];
const signedInRoutes = (tripId: string) => [
  '/',
  '/trips',
  `/trips/${tripId}`,
  `/trips/${tripId}/edit`,
  `/trips/${tripId}/split`,
  '/trip-split',
  '/nowhere',
];

/** axe-core on every route, signed out and signed in, at phone and desktop sizes: no serious or critical issue. */
describe('accessibility (axe-core)', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let tripId: string;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const account = await registerAccount(server.baseUrl);
    ({ token } = await apiLogin(server.baseUrl, account));
    tripId = (await createTrip(server.baseUrl, token)).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const signedIn of [false, true]) {
      it(`has no serious violations ${signedIn ? 'signed in' : 'signed out'} on a ${size}`, async () => {
        // bypassCSP: our CSP rightly refuses the inline axe script the checker injects.
        const context = await browser.newContext({ viewport, baseURL: server.baseUrl, bypassCSP: true });
        if (signedIn) await context.addInitScript((t) => localStorage.setItem('token', t), token);
        const page = await context.newPage();
        const found: Record<string, unknown> = {};
        for (const route of signedIn ? signedInRoutes(tripId) : SIGNED_OUT_ROUTES) {
          await page.goto(route);
          // Not 'networkidle': the split page keeps its live stream open.
          await page.waitForLoadState('load');
          await page.waitForTimeout(1500);
          const violations = await seriousViolations(page);
          if (violations.length) found[route] = violations;
        }
        await context.close();
        expect(found).toEqual({});
      });
    }
  }
});

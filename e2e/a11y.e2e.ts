import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { appUnderTest } from './support/app';
import { VIEWPORTS } from './support/browser';
import { apiLogin, createTrip } from './support/seed';
import { registerAccount } from './support/server';

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
  const app = appUnderTest();
  let token: string;
  let tripId: string;
  beforeAll(async () => {
    const account = await registerAccount(app.server.baseUrl);
    ({ token } = await apiLogin(app.server.baseUrl, account));
    tripId = (await createTrip(app.server.baseUrl, token)).id;
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const signedIn of [false, true]) {
      it(`has no serious violations ${signedIn ? 'signed in' : 'signed out'} on a ${size}`, async () => {
        // bypassCSP: our CSP rightly refuses the inline axe script the checker injects.
        const page = await app.newPage({ viewport, token: signedIn ? token : undefined, bypassCSP: true });
        const found: Record<string, unknown> = {};
        for (const route of signedIn ? signedInRoutes(tripId) : SIGNED_OUT_ROUTES) {
          await page.goto(route);
          // Not 'networkidle': the split page keeps its live stream open. Checked once the page has its heading
          // and nothing on it is still loading (skeletons and loading states are aria-busy).
          await page.waitForFunction(
            () => document.querySelector('h1') && !document.querySelector('[aria-busy="true"]'),
          );
          const violations = await seriousViolations(page);
          if (violations.length) found[route] = violations;
        }
        await page.context().close();
        expect(found).toEqual({});
      });
    }
  }
});

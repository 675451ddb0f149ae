import { STEP_CEILING_MS } from './support/step';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRIP_PAGE_DEFAULT } from '@wayfare/contract';
import { appUnderTest } from './support/app';
import { animationsSettled, screenshot, VIEWPORTS } from './support/browser';
import { registerAccount } from './support/server';

const WAIT = { timeout: STEP_CEILING_MS };
const TRIPS = TRIP_PAGE_DEFAULT + 6;
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

// A member of many trips sees the first page of each list, and the next one loads as they scroll to it.
describe('the trip lists page as the person scrolls', () => {
  const app = appUnderTest();
  let token: string;

  beforeAll(async () => {
    const account = await registerAccount(app.server.baseUrl, 'paula');
    const login = await fetch(`${app.server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    token = ((await login.json()) as { token: string }).token;
    const trip = {
      destination: 'Porto',
      startDate: isoDay(3),
      endDate: isoDay(6),
      numberOfPeople: 1,
      preferences: {
        destination: 'Porto',
        dates: '',
        startDate: isoDay(3),
        endDate: isoDay(6),
        budget: 'Moderate',
        interests: [],
        travelStyle: 'Couple',
      },
      travelStyle: 'Couple',
      budgetRange: 'Moderate',
      interests: [],
      latitude: 41.1579,
      longitude: -8.6291,
    };
    for (let i = 0; i < TRIPS; i++) {
      const res = await fetch(`${app.server.baseUrl}/api/trips`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(trip),
      });
      expect(res.status).toBe(201);
    }
  });

  it('shows a page of trips on /trips and /trip-split, and the rest once scrolled to the end, at both sizes', async () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const page = await app.newPage({ viewport, token });
      for (const [route, status, cards] of [
        [
          '/trips',
          `Showing ${TRIP_PAGE_DEFAULT} trips`,
          page.getByRole('list', { name: 'Your trips' }).getByRole('article'),
        ],
        [
          '/trip-split',
          `Showing ${TRIP_PAGE_DEFAULT} of ${TRIPS} trips`,
          page.getByRole('heading', { level: 2, name: /Porto/ }),
        ],
      ] as const) {
        await page.goto(route);
        const more = page.getByText(status);
        await more.waitFor(WAIT);
        expect(await cards.count()).toBe(TRIP_PAGE_DEFAULT);
        await more.scrollIntoViewIfNeeded();
        await screenshot(page, `trip-lists${route.replace('/', '-')}-more-${size}`);
        // At the end of the list the next page comes by itself; the last page leaves no "Load more".
        await page.getByRole('button', { name: 'Load more' }).waitFor({ ...WAIT, state: 'detached' });
        expect(await cards.count()).toBe(TRIPS);
      }
      await page.context().close();
    }
  });

  it('keeps keyboard focus in place around the Delete Trip dialog of a card', async () => {
    const page = await app.newPage({ viewport: VIEWPORTS.phone, token });
    await page.goto('/trips');
    const cards = page.getByRole('list', { name: 'Your trips' }).getByRole('article');
    await cards.first().waitFor(WAIT);
    const before = await cards.count();
    const dialog = page.getByRole('dialog', { name: 'Delete Trip' });
    const openDialog = async () => {
      await cards
        .first()
        .getByRole('button', { name: /^Actions for/ })
        .focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Delete Trip' }).focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor(WAIT);
      await animationsSettled(dialog);
    };
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element === document.body
          ? '<body>'
          : element?.getAttribute('aria-label') || element?.textContent;
      });

    await openDialog();
    // Escape hands focus back to the card's ⋮ button (the hidden menu item cannot take it).
    await page.keyboard.press('Escape');
    await dialog.waitFor({ ...WAIT, state: 'hidden' });
    expect(await focused()).toMatch(/^Actions for /);

    await openDialog();
    await dialog.getByRole('button', { name: 'Delete Trip' }).click();
    await dialog.waitFor({ ...WAIT, state: 'hidden' });
    await page.waitForFunction((count) => document.querySelectorAll('article').length < count, before, WAIT);
    // The card and its ⋮ button are gone: focus goes to Plan New Adventure, not to <body>.
    expect(await focused()).toBe('Plan New Adventure');
    await page.context().close();
  });
});

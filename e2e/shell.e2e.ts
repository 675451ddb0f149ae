import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FirstLoadTable } from '../web/src/shared/earlyAnswers';
import { appUnderTest } from './support/app';
import { screenshot, VIEWPORTS } from './support/browser';
import { tripOfAnaAndBea } from './support/seed';

/**
 * A signed-in page's frame (header, heading, loading state) is in index.html and drawn before the app's
 * code runs (web/vite-first-load.ts writes it, web/src/firstLoad.ts draws it); the app's first render draws the same,
 * so nothing flashes, moves or shows twice.
 */
describe('the frame of a signed-in page, drawn from index.html before the app runs', () => {
  const app = appUnderTest();
  let token: string;
  let tripId: string;
  let tripName: string;
  let html: string;
  /** The app's entry script (the first-load script runs it). */
  let entry: string;

  beforeAll(async () => {
    const { trip, ana } = await tripOfAnaAndBea(app.server.baseUrl);
    ({ id: tripId, name: tripName } = trip);
    token = ana.token;
    html = await (await fetch(`${app.server.baseUrl}/trips`)).text();
    const table = /<script type="application\/json" id="first-load">(.*?)<\/script>/s.exec(html)?.[1];
    if (!table) throw new Error('index.html has no first-load table');
    ({ entry } = JSON.parse(table) as FirstLoadTable);
  });

  const PAGES = [
    {
      route: '/trips',
      heading: 'My Trips',
      subtitle: 'Every trip you plan or join, in one place.',
      loading: (page: Page): Locator => page.getByRole('status', { name: 'Loading your trips' }),
    },
    {
      route: '/trip-split',
      heading: 'Trip Expense Sharing',
      subtitle: 'Shared costs across all your trips, and who owes whom.',
      loading: (page: Page): Locator => page.getByRole('status').getByText('Loading Your Trips...'),
    },
  ];

  /** A signed-in first visit of `route` in which the app's entry script never arrives: only index.html runs. */
  async function withoutTheApp(route: string, viewport: { width: number; height: number }, signedIn = true) {
    const page = await app.newPage({ token: signedIn ? token : undefined, viewport });
    await page.route(`**${entry}`, (request) => request.abort());
    await page.goto(route);
    return page;
  }

  /** The header's link to /trips and the user's name (in the folded menu on a phone, so not shown there). */
  const myTrips = (page: Page) => page.locator('header a[href="/trips"]');
  const userName = (page: Page) => page.locator('header [data-user="first-name"]');

  /** Where the frame's parts lie: the header, its link and the user's name, the heading and its subtitle. */
  const boxes = (page: Page, subtitle: string) =>
    Promise.all([
      page.getByRole('banner').boundingBox(),
      myTrips(page).boundingBox(),
      userName(page).boundingBox(),
      page.getByRole('heading', { level: 1 }).boundingBox(),
      page.getByText(subtitle, { exact: true }).boundingBox(),
    ]);

  it('index.html holds each page frame: the heading and subtitle, as text, before any script has run', () => {
    const templates = [...html.matchAll(/<template id="first-load-frame-\d+">(.*?)<\/template>/gs)].map(
      ([, markup]) => markup ?? '',
    );
    expect(templates).toHaveLength(4);
    for (const { heading, subtitle } of PAGES) {
      const frame = templates.filter((markup) => markup.includes(`>${heading}</h1>`));
      expect(frame, heading).toHaveLength(1);
      expect(frame[0]).toContain(`>${subtitle}</p>`);
    }
    // No inline script: the CSP admits scripts from the site's own files only.
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/json")[^>]*>/);
  });

  it.each(PAGES)(
    '$route: the frame shows without the app, and the app then draws it again, unmoved and once',
    async ({ route, heading, subtitle, loading }) => {
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        const frame = await withoutTheApp(route, viewport);
        await frame.getByRole('heading', { level: 1, name: heading }).waitFor();
        await expect(frame.getByText(subtitle, { exact: true }).isVisible()).resolves.toBe(true);
        await expect(loading(frame).isVisible()).resolves.toBe(true);
        // The header is the signed-in one, with the user's name.
        await expect(myTrips(frame).getAttribute('aria-current')).resolves.toBe(
          route === '/trips' ? 'page' : null,
        );
        await expect(userName(frame).textContent()).resolves.toBe('Ana');
        // Its buttons cannot act before the app runs: inert, they take no press (the app's own take it).
        await expect(frame.locator('#root button:not([inert])').count()).resolves.toBe(0);
        // The toolbar's button keeps its place, hidden: it cannot act before the app runs.
        await expect(frame.getByRole('button', { name: 'Plan New Adventure' }).count()).resolves.toBe(0);
        await screenshot(frame, `shell-frame${route.replaceAll('/', '-')}-${viewport.width}`);
        const framed = await boxes(frame, subtitle);
        await frame.context().close();

        const page = await visit(route, viewport);
        await page.getByRole('heading', { level: 2, name: tripName }).waitFor();
        await expect(boxes(page, subtitle), size).resolves.toEqual(framed);
        await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
        await expect(page.getByText(subtitle, { exact: true }).count()).resolves.toBe(1);
        const seen = await painted(page);
        // Once the heading is painted it stays, in every frame until the page has its data.
        expect(
          seen.slice(seen.indexOf(heading)).every((h1) => h1 === heading),
          seen.join(', '),
        ).toBe(true);
        await expect(layoutShift(page), size).resolves.toBe(0);
        await page.context().close();
      }
    },
  );

  it('trip details and its split page: the header and a loading state without the app, then the page, unmoved', async () => {
    for (const [route, heading] of [
      [`/trips/${tripId}`, tripName],
      [`/trips/${tripId}/split`, 'Trip Split'],
    ] as const) {
      for (const viewport of Object.values(VIEWPORTS)) {
        const frame = await withoutTheApp(route, viewport);
        await frame.getByRole('status').getByText('Loading…').waitFor();
        await expect(myTrips(frame).getAttribute('aria-current')).resolves.toBe('page');
        const header = await frame.getByRole('banner').boundingBox();
        await frame.context().close();

        const page = await visit(route, viewport);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await expect(page.getByRole('banner').boundingBox()).resolves.toEqual(header);
        await expect(layoutShift(page), route).resolves.toBe(0);
        await page.context().close();
      }
    }
  });

  it('the web app manifest is linked once the page has settled, not from index.html', async () => {
    expect(html).not.toContain('rel="manifest"');
    const page = await visit(`/trips/${tripId}`, VIEWPORTS.phone);
    await page.getByRole('heading', { level: 1, name: tripName }).waitFor();
    const link = page.locator('head link[rel="manifest"]');
    await link.waitFor({ state: 'attached' });
    await expect(link.getAttribute('href')).resolves.toBe('/manifest.webmanifest');
    await expect(page.locator('link[rel="manifest"]').count()).resolves.toBe(1);
    await page.context().close();
  });

  it('a signed-out visitor gets no frame (the page asks to sign in)', async () => {
    const page = await withoutTheApp('/trips', VIEWPORTS.phone, false);
    await page.waitForFunction(() => document.readyState === 'complete');
    await expect(page.locator('#root').innerHTML()).resolves.toBe('');
    await page.context().close();
  });

  /**
   * A signed-in first visit of `route`, recording what the first heading says in each animation frame and the
   * layout shifts, from before anything is painted.
   */
  async function visit(route: string, viewport: { width: number; height: number }) {
    const page = await app.newPage({ token, viewport });
    await page.addInitScript(() => {
      const w = window as unknown as { __h1: string[]; __cls: number };
      w.__h1 = [];
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
          w.__cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      const frame = () => {
        w.__h1.push(document.querySelector('h1')?.textContent ?? '');
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.goto(route);
    return page;
  }

  /** What the first heading said, frame after frame (a run of frames saying the same counted once). */
  const painted = (page: Page) =>
    page.evaluate(() =>
      (window as unknown as { __h1: string[] }).__h1.filter((h1, i, all) => i === 0 || all[i - 1] !== h1),
    );

  /** The page's layout shifts so far, once the frame being drawn has been painted. */
  const layoutShift = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve((window as unknown as { __cls: number }).__cls)),
          ),
        ),
    );
});

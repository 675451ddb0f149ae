import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EarlyAnswers } from '../web/src/shared/earlyAnswers';
import { appUnderTest } from './support/app';
import { VIEWPORTS } from './support/browser';
import { tripOfAnaAndBea } from './support/seed';

/**
 * A deep link's first visit (no service worker, nothing cached). index.html's first-load script starts the
 * page's files and first API reads before the app runs; the app must take each of those answers instead of asking
 * again, and the browser must reuse each early download.
 */
describe('first visit of a signed-in page: files and answers started from index.html', () => {
  const app = appUnderTest();
  let tripId: string;
  let tripName: string;
  let token: string;

  beforeAll(async () => {
    const { trip, ana } = await tripOfAnaAndBea(app.server.baseUrl);
    ({ id: tripId, name: tripName } = trip);
    token = ana.token;
  });

  /** Opens `route` on a first visit; resolves once `shown` shows, with what was requested until then. */
  async function firstVisit(route: string, shown: (page: Page) => Promise<void>) {
    const page = await app.newPage({ token, viewport: VIEWPORTS.phone });
    // The split page's live stream, once open, reads the ledger again (what changed before it opened): on a slow
    // machine it opens before the page is measured, so here it never does, and every read counted is a first read.
    await page.route('**/api/trip-split/trips/*/live', () => {});
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET')
        requests.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    await page.goto(route);
    await shown(page);
    const left = await page.evaluate(() => {
      const early = (window as { wayfareEarlyAnswers?: EarlyAnswers }).wayfareEarlyAnswers;
      return early ? Object.keys(early.answers) : null;
    });
    const seen = [...requests];
    await page.context().close();
    const count = (address: string) => seen.filter((r) => r === address).length;
    return { left, seen, count };
  }

  const heading = (name: string | RegExp) => (page: Page) =>
    page.getByRole('heading', { level: 1, name }).waitFor();

  // The page's heading is in index.html's frame (e2e/shell.e2e.ts): wait for the page's data, the trip's card.
  it.each([
    ['/trips', ['/api/trips?cursor=', '/api/trip-split/invitations']],
    ['/trip-split', ['/api/trip-split/user/trips?cursor=', '/api/trip-split/invitations']],
  ])('%s: each early answer is taken, and asked for once', async (route, api) => {
    const { left, count, seen } = await firstVisit(route, (page) =>
      page.getByRole('heading', { level: 2, name: tripName }).waitFor(),
    );
    expect(left).toEqual([]);
    for (const address of api) expect(count(address), address).toBe(1);
    for (const file of seen.filter((r) => r.startsWith('/assets/'))) expect(count(file), file).toBe(1);
  });

  it('trip details and its split page: the same, with the trip read before the page chunk ran', async () => {
    const details = await firstVisit(`/trips/${tripId}`, heading(tripName));
    expect(details.left).toEqual([]);
    expect(details.count(`/api/trips/${tripId}`)).toBe(1);

    const split = await firstVisit(`/trips/${tripId}/split`, async (page) => {
      await heading('Trip Split')(page);
      await page.getByRole('region', { name: 'Money at a glance' }).waitFor();
      // The tabs come once the glance is drawn, with the ledger and the invite link read then (not early answers).
      await page.getByRole('tab', { name: /Participants/ }).waitFor();
      await page
        .getByRole('button', { name: 'Create invite link' })
        .or(page.getByText(/Works until/))
        .first()
        .waitFor();
    });
    expect(split.left).toEqual([]);
    const reads = [
      '',
      '/participants',
      '/invitations',
      '/expenses',
      '/settlements',
      '/budget',
      '/invite-link',
    ].map((part) => (part === '' ? `/api/trips/${tripId}` : `/api/trip-split/trips/${tripId}${part}`));
    for (const address of reads) expect(split.count(address), address).toBe(1);
    for (const visit of [details, split])
      for (const file of visit.seen.filter((r) => r.startsWith('/assets/')))
        expect(visit.count(file), file).toBe(1);
  });
});

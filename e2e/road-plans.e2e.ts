import { STEP_CEILING_MS } from './support/step';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUnderTest } from './support/app';
import { seriousViolations } from './support/axe';
import { screenshot, VIEWPORTS } from './support/browser';
import { apiLogin, inviteAndAccept } from './support/seed';
import { registerAccount } from './support/server';

const WAIT = { timeout: STEP_CEILING_MS };
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('plans with times, calendar and share links in a real browser', () => {
  const app = appUnderTest();
  let token: string;
  let tripId: string;

  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(app.server.baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? (undefined as T) : ((await res.json()) as T);
  };
  const day = (page: Page, n: number) => page.locator('section[data-date]').filter({ hasText: `Day ${n}` });

  beforeAll(async () => {
    const account = await registerAccount(app.server.baseUrl, 'tomas');
    ({ token } = await apiLogin(app.server.baseUrl, account));
    const { id } = await api<{ id: string }>('POST', '/api/trips', {
      destination: 'Lisbon',
      startDate: isoDay(3),
      endDate: isoDay(6),
      numberOfPeople: 1,
      preferences: {
        destination: 'Lisbon',
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
      latitude: 38.7223,
      longitude: -9.1393,
    });
    tripId = id;
    const { daily_plans } = await api<{ daily_plans: Array<{ id: string }> }>('GET', `/api/trips/${id}`);
    for (const plan of daily_plans) await api('DELETE', `/api/trips/${id}/daily-plans/${plan.id}`);
    await api('POST', `/api/trips/${id}/daily-plans/bulk`, {
      plans: [
        { plan_date: isoDay(3), category: 'Attraction', title: 'Belém Tower' },
        {
          plan_date: isoDay(3),
          category: 'Activity',
          title: 'Tram 28',
          start_time: '10:15',
          duration_minutes: 45,
        },
      ],
    });
  });

  it('adds a timed plan, shows its time, orders the day by time, and keeps the time across a reload', async () => {
    const page = await app.newPage({ viewport: VIEWPORTS.phone, token });
    await page.goto(`/trips/${tripId}`);
    await page.getByRole('button', { name: 'Add New Plan' }).click();
    await page.getByText('Restaurant', { exact: true }).click();
    await page.getByLabel('Title').fill('Breakfast at Manteigaria');
    const duration = page.getByLabel('Duration in minutes (optional)');
    expect(await duration.isDisabled()).toBe(true);
    await page.getByLabel('Start time (optional)').fill('08:30');
    await duration.fill('2000');
    await page.getByText('Enter whole minutes from 1 to 1440').waitFor(WAIT);
    expect(await page.getByRole('button', { name: 'Add Plan', exact: true }).isDisabled()).toBe(true);
    await duration.fill('60');
    await screenshot(page, 'trip-add-timed-plan-phone');
    await page.getByRole('button', { name: 'Add Plan', exact: true }).click();
    await page.getByText('Plan Added Successfully!').waitFor(WAIT);

    // Timed plans first by start time, then the untimed one.
    await day(page, 1).getByText('08:30 · 1 h').waitFor(WAIT);
    const bubbles = await day(page, 1).locator('li').allTextContents();
    expect(bubbles.map((text) => text.slice(0, 12))).toEqual([
      'Breakfast at',
      'Tram 28 10:1',
      'Belém Tower ',
    ]);
    await page.reload();
    await day(page, 1).getByText('10:15 · 45 min').waitFor(WAIT);
    await day(page, 1).getByText('08:30 · 1 h').waitFor(WAIT);
    await page.context().close();

    // The smallest phone: the hero's five actions still fit, nothing scrolls sideways.
    const small = await app.newPage({ viewport: { width: 360, height: 740 }, token });
    await small.goto(`/trips/${tripId}`);
    await small.getByRole('button', { name: 'Calendar and sharing' }).waitFor(WAIT);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const split = (await small.getByRole('link', { name: 'Trip Split' }).boundingBox())!;
    expect(split.x + split.width).toBeLessThanOrEqual(360);
    await screenshot(small, 'trip-details-timed-plans-360');
    await small.context().close();
  });

  it('downloads the .ics, makes a share link that opens a read-only trip without login, and turns it off', async () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      // bypassCSP: our CSP rightly refuses the inline axe script the checker injects.
      const page = await app.newPage({ viewport, token, bypassCSP: true });
      await page.goto(`/trips/${tripId}`);
      await page.getByRole('button', { name: 'Calendar and sharing' }).click();
      const dialog = page.getByRole('dialog', { name: 'Calendar & sharing' });
      await dialog.waitFor(WAIT);
      const download = page.waitForEvent('download', WAIT);
      const downloadButton = dialog.getByRole('button', { name: 'Download .ics file' });
      await downloadButton.click();
      const file = await download;
      // Disabled while the file came, the button has the focus again after: the keyboard goes on from there.
      const focused = await downloadButton.elementHandle();
      await page.waitForFunction((button) => button === document.activeElement, focused, WAIT);
      expect(file.suggestedFilename()).toMatch(/\.ics$/);
      expect(
        await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
      ).toContain('BEGIN:VCALENDAR');

      // Made on the first pass; the second finds them made.
      if (size === 'phone') {
        await dialog.getByRole('button', { name: 'Make my calendar feed' }).click();
        await dialog.getByRole('button', { name: 'Make a share link' }).click();
      }
      const feedUrl = await dialog.getByLabel('Calendar feed address').inputValue();
      expect(feedUrl).toMatch(/\/api\/calendar\/.+\.ics$/);
      const shareUrl = await dialog.getByLabel('Share link', { exact: true }).inputValue();
      expect(shareUrl).toContain(`/shared/${tripId}/`);
      await screenshot(page, `trip-links-dialog-${size}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();

      // A stranger's browser: no session at all.
      const visitor = await app.newPage({ viewport, bypassCSP: true });
      // The hero's city photo is asked at the link's own address: the members' /api/places/photo would be a 401.
      const photoAddresses: string[] = [];
      visitor.on('request', (request) => {
        if (/\/api\/(places\/photo|shared\/.+\/photo)/.test(request.url()))
          photoAddresses.push(request.url());
      });
      const photoAnswer = visitor.waitForResponse(
        (res) => /\/api\/shared\/.+\/photo\?/.test(res.url()),
        WAIT,
      );
      await visitor.goto(shareUrl);
      const photo = await photoAnswer;
      expect(photo.status()).toBe(200);
      // The e2e server's Wikipedia is a closed port: no photo, so the gradient stays (it has no stand-in).
      expect(await photo.json()).toEqual({ success: false, photoUrl: null });
      await visitor.getByRole('heading', { level: 1, name: /Lisbon/ }).waitFor(WAIT);
      await visitor.getByText('Shared trip · read only').waitFor(WAIT);
      await visitor.getByRole('heading', { name: 'AI Travel Guide' }).waitFor(WAIT);
      await visitor.getByRole('heading', { name: 'Trip Map' }).waitFor(WAIT);
      await visitor.getByText('Tram 28').waitFor(WAIT);
      expect(await visitor.getByText('Trip Split').count()).toBe(0);
      expect(await visitor.getByRole('button', { name: /Remove/ }).count()).toBe(0);
      expect(photoAddresses).toEqual([
        `${new URL(shareUrl).origin}/api${new URL(shareUrl).pathname}/photo?maxWidth=800`,
      ]);
      await screenshot(visitor, `shared-trip-${size}`);
      expect(await seriousViolations(visitor)).toEqual([]);
      await visitor.context().close();
    }

    const page = await app.newPage({ token });
    await page.goto(`/trips/${tripId}`);
    await page.getByRole('button', { name: 'Calendar and sharing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Calendar & sharing' });
    const shareUrl = await dialog.getByLabel('Share link', { exact: true }).inputValue();
    const shareSlot = dialog.locator('section').filter({ hasText: 'Read-only share link' });
    await shareSlot.getByRole('button', { name: 'Turn off' }).click();
    await shareSlot.getByRole('button', { name: 'Turn off', exact: true }).click();
    await dialog.getByRole('button', { name: 'Make a share link' }).waitFor(WAIT);
    await page.context().close();

    const visitor = await app.newPage({ viewport: VIEWPORTS.phone });
    await visitor.goto(shareUrl);
    await visitor.getByRole('heading', { name: 'This share link was turned off' }).waitFor(WAIT);
    await screenshot(visitor, 'shared-trip-revoked-phone');
    await visitor.context().close();
  });

  it("counts the trip's members on the list card, the header and the Travelers card", async () => {
    const friend = await registerAccount(app.server.baseUrl, 'ines');
    const friendSession = await apiLogin(app.server.baseUrl, friend);
    // Added by the owner (a participant at once, spec §6).
    await inviteAndAccept(app.server.baseUrl, tripId, token, {
      token: friendSession.token,
      username: friend.username,
    });
    const page = await app.newPage({ viewport: VIEWPORTS.phone, token });
    await page.goto('/trips');
    await page.getByRole('article').filter({ hasText: 'Lisbon' }).getByText('2 People').waitFor(WAIT);
    await page.goto(`/trips/${tripId}`);
    await page
      .locator('header', { has: page.getByRole('heading', { level: 1, name: 'Trip to Lisbon' }) })
      .getByText('2 People')
      .waitFor(WAIT);
    expect(await page.getByRole('definition').filter({ hasText: 'People' }).allTextContents()).toEqual([
      '2 People',
    ]);
    await page.context().close();
  });
});

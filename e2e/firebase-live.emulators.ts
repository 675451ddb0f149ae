import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { runEmulatedFunctionOn } from '../functions/test-support/api-server';
import { launchBrowser, screenshot, VIEWPORTS } from './support/browser';
import { apiLogin, createTrip, inviteAndAccept } from './support/seed';
import { registerAccount } from './support/server';

/**
 * The web app as firebase-tools' Hosting emulator serves it (built with `--mode emulators`, under Hosting's own
 * headers and CSP, no bypass). Runs in the `emulators` project, whose global setup started the suite;
 * WAYFARE_API_TARGET is Hosting's address.
 */
const HOSTING = process.env.WAYFARE_API_TARGET as string;
/**
 * Browsers reach Firestore over WebChannel (HTTP/1.1), which only the official emulator speaks; the Node.js emulator
 * speaks gRPC alone, so on it the browser's listener cannot connect (Node's SDK can:
 * functions/src/firebase-live.api.test.ts).
 */
const browserCanReachFirestore = process.env.WAYFARE_EMULATED_FIRESTORE === 'official';

describe('the split page in a browser, inside the emulator suite', () => {
  let browser: Browser;
  let page: Page;
  let trip: Awaited<ReturnType<typeof createTrip>>;
  let bea: Awaited<ReturnType<typeof apiLogin>>;
  const cspViolations: string[] = [];

  beforeAll(async () => {
    // The function on the suite's default settings, whichever suite ran before this one.
    await runEmulatedFunctionOn();
    browser = await launchBrowser();
    const [anaAccount, beaAccount] = await Promise.all([
      registerAccount(HOSTING, 'ana'),
      registerAccount(HOSTING, 'bea'),
    ]);
    const ana = await apiLogin(HOSTING, anaAccount);
    bea = await apiLogin(HOSTING, beaAccount);
    trip = await createTrip(HOSTING, ana.token);
    await inviteAndAccept(HOSTING, trip.id, ana.token, { token: bea.token, username: beaAccount.username });
    const context = await browser.newContext({ baseURL: HOSTING, viewport: VIEWPORTS.phone });
    await context.addInitScript((token) => localStorage.setItem('token', token), ana.token);
    page = await context.newPage();
    page.on('console', (message) => {
      // WebChannel's connectivity probe image (www.google.com) is refused by design; requests the app needs are not.
      if (/Content Security Policy/.test(message.text()) && !/cleardot\.gif/.test(message.text())) {
        cspViolations.push(message.text());
      }
    });
  });
  afterAll(() => browser?.close());

  it("signs in to the Auth emulator with the API's custom token, within Hosting's CSP", async () => {
    const signedIn = page.waitForResponse((r) => r.url().includes('accounts:signInWithCustomToken'));
    await page.goto(`/trips/${trip.id}/split`);
    await page.getByRole('heading', { name: 'Trip Split' }).waitFor();
    expect((await signedIn).status()).toBe(200);
    await page.getByRole('tab', { name: /Expenses/ }).click();
    await page.getByText('No expenses yet. Add the first one.').waitFor();
    expect(cspViolations).toEqual([]);
  });

  it.runIf(browserCanReachFirestore)("shows another member's expense on the open page, live", async () => {
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    const saved = await fetch(`${HOSTING}/api/trip-split/trips/${trip.id}/expenses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bea.token}` },
      body: JSON.stringify({
        title: 'Ferry to Cacilhas',
        amount: '12.40',
        expense_date: trip.startDate,
        category: 'transport',
        paid_by: bea.userId,
        expense_type: 'group',
      }),
    });
    expect(saved.status).toBe(201);
    // Waits on what the page shows, no time limit of its own: how fast is bench/firebase-live.ts's figure.
    await page.getByText('Ferry to Cacilhas').waitFor();
    await screenshot(page, 'emulators-split-live-390');
    expect(cspViolations).toEqual([]);
  });

  it.runIf(!browserCanReachFirestore)(
    'says it is still connecting, never "Live", while Firestore is out of reach',
    async () => {
      console.info(
        '[emulators] browser live update not checked: needs the official Firestore emulator (Java 21+)',
      );
      await page.getByRole('status').filter({ hasText: 'Connecting…' }).waitFor();
      await page.waitForEvent('requestfailed', (r) => r.url().includes('Firestore/Listen'));
      expect(await page.getByRole('status').filter({ hasText: 'Live' }).count()).toBe(0);
    },
  );
});

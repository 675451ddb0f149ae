import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchBrowser, screenshot, VIEWPORTS } from './support/browser';
import { apiLogin, createTrip } from './support/seed';
import { registerAccount, startServer, type RunningServer } from './support/server';

const LIVE_WITHIN_MS = 1500;

/** Waits for the dialog's opening animation, so screenshots and contrast checks see it as people do. */
const settled = (dialog: Locator) =>
  dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));

describe('group expense splitting, live across two browsers', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let tripId: string;
  let tripName: string;
  let ana: { token: string; userId: string };
  let bea: { token: string; userId: string };
  let beaUsername: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const anaAccount = await registerAccount(server.baseUrl, 'ana');
    const beaAccount = await registerAccount(server.baseUrl, 'bea');
    ana = await apiLogin(server.baseUrl, anaAccount);
    bea = await apiLogin(server.baseUrl, beaAccount);
    beaUsername = beaAccount.username;
    ({ id: tripId, name: tripName } = await createTrip(server.baseUrl, ana.token));
    const added = await fetch(`${server.baseUrl}/api/trip-split/trips/${tripId}/participants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ana.token}` },
      body: JSON.stringify({ username: beaAccount.username }),
    });
    expect(added.status).toBe(201);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** A browser context signed in as the given session (the token in local storage, as login leaves it). */
  async function signedIn(token: string, viewport: { width: number; height: number }): Promise<Page> {
    // bypassCSP: the app's CSP rightly refuses the inline axe script the accessibility check injects.
    // No service worker: page.route (the failure cases) cannot see the requests one makes.
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport,
      bypassCSP: true,
      serviceWorkers: 'block',
    });
    contexts.push(context);
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    return context.newPage();
  }

  it("shows one member's expense on the other's open page within a second, then settles it", async () => {
    const anaPage = await signedIn(ana.token, VIEWPORTS.desktop);
    const beaPage = await signedIn(bea.token, VIEWPORTS.phone);
    for (const page of [anaPage, beaPage]) {
      await page.goto(`/trips/${tripId}/split`);
      await page.getByRole('heading', { name: 'Trip Split' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    }
    const participants = beaPage.getByRole('list', { name: 'Participants' });
    await expect.poll(() => participants.getByRole('listitem').count()).toBe(2);
    expect(await participants.getByText('Trip Owner').count()).toBe(1);
    expect(await seriousViolations(beaPage)).toEqual([]);
    await screenshot(anaPage, 'split-participants-1280');
    await screenshot(beaPage, 'split-participants-390');

    // Blank add-participant input: the spec's message, from the client.
    await anaPage.getByRole('button', { name: 'Add Participant' }).click();
    await anaPage.getByText('Provide an email or a username').waitFor();

    await beaPage.getByRole('tab', { name: /Expenses/ }).click();
    await beaPage.getByText('No expenses yet. Add the first one.').waitFor();

    await anaPage.getByRole('tab', { name: /Expenses/ }).click();
    await anaPage.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = anaPage.getByRole('dialog', { name: 'Add Expense' });
    await dialog.getByLabel('Title').fill('Dinner at Time Out Market');
    await dialog.getByLabel('Amount ($)').fill('90');
    await settled(dialog);
    expect(await seriousViolations(anaPage)).toEqual([]);
    await screenshot(anaPage, 'split-expense-form-1280');
    const saved = anaPage.waitForResponse(
      (r) => r.url().endsWith(`/trips/${tripId}/expenses`) && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    expect((await saved).status()).toBe(201);
    const savedAt = Date.now();

    // Bea did nothing: the expense arrives on her open page through the live stream.
    await beaPage.getByText('Dinner at Time Out Market').waitFor({ timeout: LIVE_WITHIN_MS });
    expect(Date.now() - savedAt).toBeLessThan(LIVE_WITHIN_MS);
    await beaPage.getByText('$45.00').first().waitFor();
    await screenshot(beaPage, 'split-expenses-390');
    await screenshot(anaPage, 'split-expenses-1280');

    // Bea calculates; the pending settlement shows on both pages.
    await beaPage.getByRole('tab', { name: /Settlements/ }).click();
    await anaPage.getByRole('tab', { name: /Settlements/ }).click();
    await beaPage.getByRole('button', { name: 'Calculate Settlements' }).click();
    await beaPage.getByText('Bea pays Ana $45.00').waitFor();
    await anaPage.getByText('Bea pays Ana $45.00').waitFor({ timeout: LIVE_WITHIN_MS });
    expect(await seriousViolations(beaPage)).toEqual([]);
    await screenshot(beaPage, 'split-settlements-390');

    let confirmText = '';
    beaPage.once('dialog', (d) => {
      confirmText = d.message();
      void d.accept();
    });
    await beaPage.getByRole('button', { name: /Mark as Paid/ }).click();
    await beaPage.getByText('All Settled!').waitFor();
    expect(confirmText).toBe('Mark this settlement as paid?');
    await anaPage.getByText('All Settled!').waitFor({ timeout: LIVE_WITHIN_MS });
    await screenshot(anaPage, 'split-settled-1280');
  });

  it('shows the overview with the trip card, your share and the add-expense modal', async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const page = await signedIn(bea.token, viewport);
      await page.goto('/trip-split');
      await page.getByRole('heading', { name: tripName }).waitFor();
      await page.getByText('Participant', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Show details' }).click();
      await page.getByText('Your share').waitFor();
      await page.getByText('$45.00').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `overview-${name}`);

      await page.getByRole('button', { name: 'Add Expense' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Expense' });
      const submit = dialog.getByRole('button', { name: 'Add Expense' });
      await dialog.getByText('Please fill in all required fields (title, amount, and who paid)').waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel('Title').fill('Tram tickets');
      await dialog.getByLabel('Amount ($)').fill('12');
      await dialog.getByText('Custom amounts').click();
      await dialog.getByText('Enter custom amounts').waitFor();
      await dialog.getByLabel(/Amount for Ana/).fill('5');
      await dialog.getByText('Split does not add up to total yet').waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel(/Amount for Bea/).fill('7');
      await dialog.getByText('Split adds up to $12.00').waitFor();
      await settled(dialog);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `overview-add-expense-${name}`);
      if (name === 'desktop') {
        await submit.click();
        await page.getByText('Tram tickets').waitFor();
      } else {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      }
    }
  });
  it('adds and removes a participant, edits and deletes an expense, each seen live by the other member', async () => {
    const cai = await registerAccount(server.baseUrl, 'cai');
    const anaPage = await signedIn(ana.token, VIEWPORTS.desktop);
    const beaPage = await signedIn(bea.token, VIEWPORTS.phone);
    for (const page of [anaPage, beaPage]) {
      await page.goto(`/trips/${tripId}/split`);
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    }
    const confirms: string[] = [];
    anaPage.on('dialog', (d) => {
      confirms.push(d.message());
      void d.accept();
    });

    const identifier = anaPage.getByLabel('Email or username');
    await identifier.fill('nobody_by_that_name');
    await anaPage.getByRole('button', { name: 'Add Participant' }).click();
    await anaPage.getByText('No user found with that username').waitFor();
    await identifier.fill(cai.email);
    await anaPage.getByRole('button', { name: 'Add Participant' }).click();
    await anaPage.getByText('Cai Tester was added to the trip.').waitFor();
    const beaList = beaPage.getByRole('list', { name: 'Participants' });
    await beaList.getByText('Cai Tester').waitFor({ timeout: LIVE_WITHIN_MS });

    await anaPage.getByRole('button', { name: 'Remove Cai Tester' }).click();
    await beaList.getByText('Cai Tester').waitFor({ state: 'detached', timeout: LIVE_WITHIN_MS });
    expect(confirms).toEqual(['Are you sure you want to remove this participant?']);

    const created = await fetch(`${server.baseUrl}/api/trip-split/trips/${tripId}/expenses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ana.token}` },
      body: JSON.stringify({
        title: 'Museum tickets',
        amount: 30,
        expense_date: '2027-04-12',
        paid_by: ana.userId,
      }),
    });
    expect(created.status).toBe(201);
    await anaPage.getByRole('tab', { name: /Expenses/ }).click();
    await beaPage.getByRole('tab', { name: /Expenses/ }).click();
    await beaPage.getByText('Museum tickets').waitFor({ timeout: LIVE_WITHIN_MS });

    await anaPage.getByRole('button', { name: 'Edit Museum tickets' }).click();
    const dialog = anaPage.getByRole('dialog', { name: 'Edit Expense' });
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Museum tickets');
    expect(await dialog.getByLabel('Amount ($)').inputValue()).toBe('30.00');
    await dialog.getByLabel('Amount ($)').fill('40');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const museum = beaPage.getByRole('listitem').filter({ hasText: 'Museum tickets' });
    await museum.getByText('$40.00').waitFor({ timeout: LIVE_WITHIN_MS });

    await anaPage.getByRole('button', { name: 'Delete Museum tickets' }).click();
    await museum.waitFor({ state: 'detached', timeout: LIVE_WITHIN_MS });
    expect(confirms.at(-1)).toBe('Are you sure you want to delete this expense?');
  });

  it("shows a long ledger a page at a time: 'Load more' with loading and retry, a live change refetches as many as are shown", async () => {
    const { id: bigTrip } = await createTrip(server.baseUrl, ana.token);
    const post = (title: string, token = ana.token) =>
      fetch(`${server.baseUrl}/api/trip-split/trips/${bigTrip}/expenses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title, amount: 2, expense_date: '2027-04-12', paid_by: ana.userId }),
      });
    const added = await fetch(`${server.baseUrl}/api/trip-split/trips/${bigTrip}/participants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ana.token}` },
      body: JSON.stringify({ username: beaUsername }),
    });
    expect(added.status).toBe(201);
    for (let i = 0; i < 55; i += 1) expect((await post(`Snack ${i}`)).status).toBe(201);

    let total = 55;
    for (const [name, viewport] of [
      ['390', VIEWPORTS.phone],
      ['1280', VIEWPORTS.desktop],
    ] as const) {
      const page = await signedIn(ana.token, viewport);
      await page.goto(`/trips/${bigTrip}/split`);
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      await page.getByRole('tab', { name: new RegExp(`^Expenses\\s*${total}$`) }).click();
      const rows = page.getByRole('list', { name: 'Expenses' }).getByRole('listitem');
      await expect.poll(() => rows.count()).toBe(50);
      await page.getByText(`Showing 50 of ${total}`).waitFor();

      // The next page fails once: an error with Retry, then it loads.
      let failNext = true;
      await page.route(/\/expenses\?.*cursor=/, (route) => {
        if (!failNext) return route.continue();
        failNext = false;
        return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' });
      });
      await page.getByRole('button', { name: 'Load more' }).click();
      await page.getByText('boom').waitFor();
      await screenshot(page, `split-load-more-error-${name}`);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => rows.count()).toBe(total);
      expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
      expect(await rows.last().textContent()).toContain('Snack 0');
      await screenshot(page, `split-load-more-${name}`);

      // Another member's write arrives live; the refetch keeps everything shown, the new one on top.
      const title = `Late snack ${name}`;
      expect((await post(title, bea.token)).status).toBe(201);
      await rows.first().getByText(title).waitFor({ timeout: LIVE_WITHIN_MS });
      // As many as were shown come back, the new one on top: the oldest moves behind 'Load more'.
      await page.getByText(`Showing ${total} of ${total + 1}`).waitFor();
      expect(await rows.count()).toBe(total);
      total += 1;
      await page.getByRole('tab', { name: new RegExp(`^Expenses\\s*${total}$`) }).waitFor();
    }
  });
});

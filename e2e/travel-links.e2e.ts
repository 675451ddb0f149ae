import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { animationsSettled, launchBrowser, screenshot, VIEWPORTS } from './support/browser';
import { apiLogin, createTrip, inviteAndAccept } from './support/seed';
import { registerAccount, startServer, type RunningServer } from './support/server';

describe('joining by link, and the ledger out and in', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let tripId: string;
  let ana: { token: string; userId: string };
  let bea: { token: string; userId: string };
  let cai: { email: string; password: string };
  let dan: { token: string; userId: string };
  let beaUsername: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const [anaAccount, beaAccount, caiAccount, danAccount] = await Promise.all(
      ['ana', 'bea', 'cai', 'dan'].map((name) => registerAccount(server.baseUrl, name)),
    );
    ana = await apiLogin(server.baseUrl, anaAccount!);
    bea = await apiLogin(server.baseUrl, beaAccount!);
    dan = await apiLogin(server.baseUrl, danAccount!);
    cai = caiAccount!;
    beaUsername = beaAccount!.username;
    ({ id: tripId } = await createTrip(server.baseUrl, ana.token));
    await inviteAndAccept(server.baseUrl, tripId, ana.token, {
      token: bea.token,
      username: beaUsername,
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  async function pageAs(token: string | null, viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport,
      bypassCSP: true,
      acceptDownloads: true,
    });
    contexts.push(context);
    if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
    return context.newPage();
  }

  it('lets a visitor open the link, log in and land on the trip; a turned-off link says so', async () => {
    const anaPage = await pageAs(ana.token, VIEWPORTS.desktop);
    await anaPage.goto(`/trips/${tripId}/split`);
    await anaPage.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    await anaPage.getByRole('button', { name: 'Create invite link' }).click();
    const link = await anaPage.getByLabel('Invite link', { exact: true }).inputValue();
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/join/[A-Za-z0-9_-]{43}$`));
    await anaPage.getByRole('img', { name: 'QR code of the invite link' }).waitFor();
    await anaPage.getByText(/^Works until/).waitFor();
    expect(await seriousViolations(anaPage)).toEqual([]);
    await screenshot(anaPage, 'invite-link-1280');

    // Cai is signed out: he is asked to log in, and joins right after.
    const caiPage = await pageAs(null, VIEWPORTS.phone);
    await caiPage.goto(new URL(link).pathname);
    await caiPage.getByRole('heading', { name: "You're invited to a trip" }).waitFor();
    expect(await seriousViolations(caiPage)).toEqual([]);
    await screenshot(caiPage, 'join-signed-out-390');
    await caiPage.getByRole('link', { name: 'Log in to join' }).click();
    await caiPage.getByText('Log in to join the trip you were invited to.').waitFor();
    await caiPage.getByLabel('Email').fill(cai.email);
    await caiPage.getByLabel('Password').fill(cai.password);
    await caiPage.getByRole('button', { name: 'Log in' }).click();
    await caiPage.waitForURL(`**/trips/${tripId}/split`);
    await caiPage.getByRole('heading', { name: 'Trip Split' }).waitFor();
    // Ana's open page shows him joined, live.
    const participants = anaPage.getByRole('list', { name: 'Participants' });
    await expect.poll(() => participants.getByRole('listitem').count()).toBe(3);

    await anaPage.getByRole('button', { name: 'Turn off link' }).click();
    await anaPage.getByRole('button', { name: 'Create invite link' }).waitFor();
    const danPage = await pageAs(dan.token, VIEWPORTS.phone);
    await danPage.goto(new URL(link).pathname);
    await danPage.getByRole('heading', { name: "This invite link can't be used" }).waitFor();
    await danPage.getByText(/turned off by a member of the trip/).waitFor();
    await danPage.getByRole('link', { name: 'Go to my trips' }).waitFor();
    await screenshot(danPage, 'join-turned-off-390');
  });

  it('imports a Splitwise export after a preview, exports the ledger as CSV, and imports that into a new trip', async () => {
    const page = await pageAs(bea.token, VIEWPORTS.desktop);
    await page.goto(`/trips/${tripId}/split`);
    await page.getByRole('tab', { name: /Expenses/ }).click();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import expenses' });
    const start = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const csv = [
      'Date,Description,Category,Cost,Currency,Ana,Bea,Zoe',
      '',
      `${start},Dinner at Ramiro,Dining out,90.00,USD,60.00,-30.00,-30.00`,
      `${start},Hotel Porto,Hotel,300.00,EUR,200.00,-100.00,-100.00`,
      `${start},Bea paid Ana,Payment,10.00,USD,-10.00,10.00,0.00`,
      '',
      `${start},Total balance, , ,USD,50.00,-20.00,-30.00`,
    ].join('\n');
    const fileField = 'Splitwise group export or ledger exported here (CSV)';
    await dialog.getByLabel(fileField).setInputFiles({
      name: 'splitwise.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    // The euro hotel is converted at the reference rate of its date, its amount as paid shown beneath.
    await dialog.getByText(/^2 expenses to add · \$/).waitFor();
    await dialog
      .getByRole('row', { name: /Hotel Porto/ })
      .getByText('€300.00')
      .waitFor();
    // The settle-up payment is recorded as paid, not dropped.
    await dialog.getByRole('heading', { name: '1 payment to record as paid' }).waitFor();
    await dialog.getByText(/paid .* \$10\.00$/).waitFor();
    const confirm = dialog.getByRole('button', { name: /^Import/ });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('combobox').selectOption({ label: 'Leave out' });
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    await animationsSettled(dialog);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'import-preview-1280');
    // On a phone the preview's table scrolls inside the dialog, the amounts as paid beneath the converted ones.
    await page.setViewportSize(VIEWPORTS.phone);
    await animationsSettled(dialog);
    await screenshot(page, 'import-preview-390');
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(await confirm.textContent()).toBe('Import 3 rows');
    await confirm.click();
    await page.getByText('Imported 2 expenses and 1 payment.').waitFor();
    await page.getByText('Dinner at Ramiro').waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/-ledger\.csv$/);
    const text = fs.readFileSync((await file.path())!, 'utf8');
    const [header, ...rows] = text.trim().split('\n');
    expect(header).toMatch(/^Date,Title,Category,Currency,Amount,Rate,Home amount \(USD\),Payers,/);
    expect(header).toContain(`(@${beaUsername})`);
    expect(rows.find((row) => row.includes('Dinner at Ramiro'))).toContain(
      'Dinner at Ramiro,food,USD,90.00,1,90.00',
    );
    expect(rows.find((row) => row.includes('Hotel Porto'))).toMatch(
      /Hotel Porto,accommodation,EUR,300\.00,[0-9.]+,/,
    );
    expect(rows.find((row) => row.includes(',payment,'))).toMatch(
      /^[0-9-]+,Payment,payment,USD,10\.00,1,10\.00,/,
    );

    // The file back into a new trip of Ana and Bea: each matched by username, Cai (no longer in it) left out.
    const { id: copyId } = await createTrip(server.baseUrl, ana.token, 'Porto');
    await inviteAndAccept(server.baseUrl, copyId, ana.token, { token: bea.token, username: beaUsername });
    await page.goto(`/trips/${copyId}/split`);
    await page.getByRole('tab', { name: /Expenses/ }).click();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await dialog.getByLabel(fileField).setInputFiles({
      name: 'ledger.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(text),
    });
    await expect.poll(() => dialog.getByText('(matched by username)').count()).toBe(2);
    await dialog.getByRole('combobox').selectOption({ label: 'Leave out' });
    const again = dialog.getByRole('button', { name: 'Import 3 rows' });
    await expect.poll(() => again.isDisabled()).toBe(false);
    await again.click();
    await page.getByText('Imported 2 expenses and 1 payment.').waitFor();
    await page.getByText('Hotel Porto').waitFor();
  });
});

import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { convertMinor, divideRates } from '@wayfare/contract';
import snapshot from '../functions/src/rates/ecb-snapshot.json' with { type: 'json' };
import { launchBrowser, VIEWPORTS } from './support/browser';
import { apiLogin, createTrip } from './support/seed';
import { registerAccount, startServer, type RunningServer } from './support/server';

describe('an expense in another currency, on a phone, offline from the rate service', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('records yen at the bundled ECB rate and lists them beside the dollars they convert to', async () => {
    const ana = await apiLogin(server.baseUrl, await registerAccount(server.baseUrl, 'ana'));
    const { id: trip } = await createTrip(server.baseUrl, ana.token, 'Kyoto');
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: VIEWPORTS.phone,
      serviceWorkers: 'block',
    });
    await context.addInitScript((t) => localStorage.setItem('token', t), ana.token);
    const page = await context.newPage();
    await page.goto(`/trips/${trip}/split`);
    await page.getByRole('tab', { name: /Expenses/ }).click();
    await page.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await dialog.getByLabel('Title').fill('Ramen');
    await dialog.getByLabel('Currency').selectOption('JPY');
    await dialog.getByText(`Bundled ECB rate of ${snapshot.date} (offline)`).waitFor();
    const rate = divideRates(snapshot.rates.USD, snapshot.rates.JPY) as string;
    expect(await dialog.getByLabel('Rate (USD per 1 JPY)').inputValue()).toBe(rate);
    await dialog.getByLabel('Amount (¥)').fill('10000');
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      convertMinor(10000, rate, 'JPY', 'USD') / 100,
    );
    await dialog.getByText(`= ${dollars} in the trip's currency`).waitFor();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Add Expense' }).click();

    const list = page.getByRole('list', { name: 'Expenses' });
    await list.getByText('¥10,000').waitFor();
    await list.getByText(dollars).first().waitFor();
    await list.getByText(`1 JPY = ${rate} USD · Bundled ECB rate of ${snapshot.date} (offline)`).waitFor();
    await context.close();
  });
});

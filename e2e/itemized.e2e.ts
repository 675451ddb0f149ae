/**
 * Itemized expenses and receipt scanning in the browser, against the built server with no Gemini key:
 * a dinner receipt photographed (a photo the test renders), read on the server's device, its lines tapped to people
 * at 390px, saved, and its items shown in the list; the overview's modal with the same split at 1280px.
 */
import { describe, expect, it } from 'vitest';
import { receiptPhoto } from '../functions/test-support/receipt-fixtures';
import { appUnderTest, openSplit } from './support/app';
import { seriousViolations } from './support/axe';
import { animationsSettled, screenshot, VIEWPORTS } from './support/browser';
import { tripOfAnaAndBea } from './support/seed';

describe('itemized expenses and receipt scanning', () => {
  const app = appUnderTest();

  it('scans a receipt offline at 390px, taps each line to who had it, and saves it with its photo', async () => {
    const { trip, ana, bea } = await tripOfAnaAndBea(app.server.baseUrl);
    const photo = await receiptPhoto({
      name: 'dinner',
      lines: [
        'THE HARBOUR GRILL',
        `Date: ${trip.startDate}`,
        'Soup of the day       6.50',
        'Fish and Chips       15.50',
        'Sparkling water       3.00',
        'Subtotal             25.00',
        'Tax                   2.00',
        'Tip                   3.00',
        'TOTAL USD            30.00',
      ],
      total: 3000,
      date: trip.startDate,
      currency: 'USD',
      rotate: 1,
    });

    const page = await app.newPage({ viewport: VIEWPORTS.phone, token: ana.token, bypassCSP: true });
    await openSplit(page, trip.id);
    await page.getByRole('tab', { name: /Expenses/ }).click();
    await page.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await animationsSettled(dialog);
    await dialog.getByLabel('Receipt photo to scan').setInputFiles({
      name: 'dinner.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await dialog.getByText('Filled from the photo: read on this device — check the amounts.').waitFor();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('THE HARBOUR GRILL');
    expect(await dialog.getByLabel('Amount ($)').inputValue()).toBe('30.00');
    await dialog.getByText('Unassigned: $25.00').waitFor();

    // One-handed: tap a line, then who had it.
    const who = (item: string) => dialog.getByRole('group', { name: `Who had ${item}` });
    await who('Soup of the day').getByRole('button', { name: 'Ana' }).click();
    await dialog.getByRole('button', { name: 'Tap to choose who had it' }).first().click();
    await who('Fish and Chips').getByRole('button', { name: 'Bea' }).click();
    await dialog.getByRole('button', { name: 'Tap to choose who had it' }).click();
    await who('Sparkling water').getByRole('button', { name: 'Ana' }).click();
    await who('Sparkling water').getByRole('button', { name: 'Bea' }).click();
    await dialog.getByText('Unassigned: $0.00').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'itemized-scan-form-390');

    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/trips/${trip.id}/expenses`) && r.request().method() === 'POST',
    );
    const attached = page.waitForResponse(
      (r) => r.url().endsWith('/receipt') && r.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    expect((await saved).status()).toBe(201);
    expect((await attached).status()).toBe(200);

    const row = page.getByRole('list', { name: 'Expenses' }).getByRole('listitem').first();
    await row.getByText('Items (3)').click();
    // Soup 6.50 + water 1.50 = 8.00 for Ana, fish 15.50 + water 1.50 = 17.00 for Bea; tax and tip 5.00 by that.
    await row.getByText('Ana Tester: $8.00 + $1.60 tax and tip (by what each had)').waitFor();
    await row.getByText('Bea Tester: $17.00 + $3.40 tax and tip (by what each had)').waitFor();
    await row.getByRole('button', { name: /Receipt for THE HARBOUR GRILL/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'itemized-list-390');

    const { balances } = (await (
      await fetch(`${app.server.baseUrl}/api/trip-split/trips/${trip.id}/settlements/calculate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bea.token}` },
      })
    ).json()) as { balances: Array<{ user_id: string; total_owed_cents: number }> };
    expect(Object.fromEntries(balances.map((b) => [b.user_id, b.total_owed_cents]))).toEqual({
      [ana.userId]: 960,
      [bea.userId]: 2040,
    });
  });

  it('the overview modal offers the itemized split at 1280px, keyboard usable', async () => {
    const { trip, ana } = await tripOfAnaAndBea(app.server.baseUrl);
    const page = await app.newPage({ viewport: VIEWPORTS.desktop, token: ana.token, bypassCSP: true });
    await page.goto('/trip-split');
    await page.getByRole('heading', { name: trip.name }).waitFor();
    await page.getByRole('button', { name: 'Show details' }).click();
    await page.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await animationsSettled(dialog);
    await dialog.getByLabel('Title').fill('Pizza night');
    await dialog.getByLabel('Amount ($)').fill('24');
    await dialog.getByRole('radio', { name: 'Itemized' }).check();
    await dialog.getByLabel('Name of item 1').fill('Margherita');
    await dialog.getByLabel('Price of Margherita').fill('24');
    const ana2 = dialog
      .getByRole('group', { name: 'Who had Margherita' })
      .getByRole('button', { name: 'Ana' });
    await ana2.focus();
    await page.keyboard.press('Enter');
    expect(await ana2.getAttribute('aria-pressed')).toBe('true');
    await dialog.getByText('Unassigned: $0.00').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'itemized-modal-1280');
  });
});

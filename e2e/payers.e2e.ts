/** Several payers per expense in the browser: a dinner two people paid, on a phone. */
import { describe, expect, it } from 'vitest';
import { appUnderTest, openSplit } from './support/app';
import { seriousViolations } from './support/axe';
import { animationsSettled, screenshot, VIEWPORTS } from './support/browser';
import { tripOfAnaAndBea } from './support/seed';

describe('several payers', () => {
  const app = appUnderTest();

  it('records a dinner two people paid from the keyboard at 390px, lists who paid what, and balances count each part', async () => {
    const {
      trip: { id: tripId },
      ana,
      bea,
    } = await tripOfAnaAndBea(app.server.baseUrl);

    const page = await app.newPage({ viewport: VIEWPORTS.phone, token: ana.token, bypassCSP: true });
    await openSplit(page, tripId);
    await page.getByRole('tab', { name: /Expenses/ }).click();
    await page.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await animationsSettled(dialog);
    await dialog.getByLabel('Title').fill('Dinner at Taberna');
    await dialog.getByLabel('Amount ($)').fill('90.01');
    const several = dialog.getByRole('checkbox', { name: 'Several people paid' });
    await several.focus();
    await page.keyboard.press('Space');
    expect(await several.isChecked()).toBe(true);
    await dialog.getByText('Left to assign: $90.01').waitFor();
    await dialog.getByLabel('Paid by Ana Tester').fill('60');
    await dialog.getByText('Left to assign: $30.01').waitFor();
    await dialog.getByLabel(/^Paid by Bea/).focus();
    await page.keyboard.type('30.01');
    await dialog.getByText('All $90.01 assigned').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'split-several-payers-form-390');

    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/trips/${tripId}/expenses`) && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    expect((await saved).status()).toBe(201);

    const row = page.getByRole('list', { name: 'Expenses' }).getByRole('listitem').first();
    await row.getByText(/Paid by Ana Tester and Bea/).waitFor();
    await row.getByText('Who paid what').click();
    await row.getByText('paid $60.00').waitFor();
    await row.getByText('paid $30.01').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'split-several-payers-list-390');

    const calculated = await fetch(
      `${app.server.baseUrl}/api/trip-split/trips/${tripId}/settlements/calculate`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${bea.token}` },
      },
    );
    const { balances } = (await calculated.json()) as {
      balances: Array<{ user_id: string; total_paid_cents: number; balance_cents: number }>;
    };
    expect(Object.fromEntries(balances.map((b) => [b.user_id, b.total_paid_cents]))).toEqual({
      [ana.userId]: 6000,
      [bea.userId]: 3001,
    });
    expect(balances.reduce((sum, b) => sum + b.balance_cents, 0)).toBe(0);
  });
});

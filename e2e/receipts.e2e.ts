import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, openSplit } from './support/app';
import { seriousViolations } from './support/axe';
import { screenshot, VIEWPORTS } from './support/browser';
import { postExpense, tripOfAnaAndBea } from './support/seed';

describe('receipts on expenses, in the browser', () => {
  const app = appUnderTest();
  let tripId: string;
  let ana: { token: string; userId: string };
  let bea: { token: string; userId: string };

  beforeAll(async () => {
    const { trip, ...members } = await tripOfAnaAndBea(app.server.baseUrl);
    ({ ana, bea } = members);
    tripId = trip.id;
    const res = await postExpense(app.server.baseUrl, ana.token, tripId, {
      title: 'Hotel',
      amount: 240,
      expense_date: trip.startDate,
      category: 'accommodation',
      paid_by: ana.userId,
      expense_type: 'group',
    });
    expect(res.status).toBe(201);
  });

  // bypassCSP: the app's CSP rightly refuses the inline axe script the accessibility check injects. The service
  // worker stays, as for a member: it answers the signed receipt images like any other request.
  const signedIn = (token: string, viewport: { width: number; height: number }) =>
    app.newPage({ token, viewport, bypassCSP: true, serviceWorkers: 'allow' });
  const loaded = (page: Page, selector: string) =>
    page.locator(selector).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

  it('attaches a phone photo from the edit form; both members see its thumbnail and open the photo', async () => {
    const photo = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#e8dcc4' } })
      .jpeg()
      .toBuffer();
    const anaPage = await signedIn(ana.token, VIEWPORTS.phone);
    const beaPage = await signedIn(bea.token, VIEWPORTS.desktop);
    for (const page of [anaPage, beaPage]) {
      await openSplit(page, tripId);
      await page.getByRole('tab', { name: /Expenses/ }).click();
    }

    await anaPage.getByRole('button', { name: 'Edit Hotel' }).click();
    const dialog = anaPage.getByRole('dialog', { name: 'Edit Expense' });
    const receipt = dialog.getByRole('group', { name: 'Receipt' });
    await receipt.getByRole('button', { name: 'Attach receipt' }).waitFor();
    await receipt
      .getByLabel('Receipt file')
      .setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo });
    await receipt.getByRole('button', { name: 'Replace' }).waitFor();
    await expect.poll(() => loaded(anaPage, '[role="group"] img')).toBe(true);
    expect(await seriousViolations(anaPage)).toEqual([]);
    await receipt.scrollIntoViewIfNeeded();
    await screenshot(anaPage, 'receipt-form-390');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The other member's open page hears of it and shows the thumbnail, signed for them.
    for (const page of [anaPage, beaPage]) {
      const thumbnail = page.getByRole('button', { name: 'Receipt for Hotel' });
      await thumbnail.waitFor();
      await expect.poll(() => loaded(page, 'button[aria-label="Receipt for Hotel"] img')).toBe(true);
      if (page === anaPage) await screenshot(page, 'receipt-list-390');
      await thumbnail.click();
      const view = page.getByRole('dialog', { name: 'Receipt: Hotel' });
      await view.getByRole('img', { name: 'Receipt for Hotel' }).waitFor();
      await expect.poll(() => loaded(page, 'img[alt="Receipt for Hotel"]')).toBe(true);
    }
    expect(await seriousViolations(anaPage)).toEqual([]);
    await screenshot(anaPage, 'receipt-view-390');
    const src = await beaPage.getByRole('img', { name: 'Receipt for Hotel' }).getAttribute('src');
    expect(src).toContain(`u=${bea.userId}`);
    await anaPage
      .getByRole('dialog', { name: 'Receipt: Hotel' })
      .getByRole('button', { name: 'Dismiss' })
      .click();
    await anaPage.getByRole('dialog', { name: 'Receipt: Hotel' }).waitFor({ state: 'detached' });
    await beaPage.keyboard.press('Escape');
    await beaPage.getByRole('dialog', { name: 'Receipt: Hotel' }).waitFor({ state: 'detached' });
  });

  it('attaches a PDF chosen while adding an expense, uploaded once the expense exists', async () => {
    const page = await signedIn(ana.token, VIEWPORTS.desktop);
    await page.goto(`/trips/${tripId}/split`);
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    await page.getByRole('tab', { name: /Expenses/ }).click();
    await page.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await dialog.getByLabel('Title').fill('Museum');
    await dialog.getByLabel('Amount ($)').fill('32');
    await dialog.getByLabel('Receipt file').setInputFiles({
      name: 'tickets.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
    });
    await dialog.getByText(/^tickets\.pdf, .*: attached once the expense is added\.$/).waitFor();
    const created = page.waitForResponse(
      (r) => r.url().endsWith(`/trips/${tripId}/expenses`) && r.request().method() === 'POST',
    );
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/receipt') && r.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    expect((await created).status()).toBe(201);
    expect((await uploaded).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    // The list shows the PDF's thumbnail, which opens it in a new tab.
    await page.getByRole('link', { name: 'Receipt for Museum (PDF, opens in a new tab)' }).waitFor();
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUnderTest, openSplit } from './support/app';
import { seriousViolations } from './support/axe';
import { screenshot, VIEWPORTS } from './support/browser';
import { postExpense, tripOfAnaAndBea } from './support/seed';

/** Changes arrive through the live stream, with no reload; how fast is a figure of bench/live.ts, not a test limit. */
const LIVE_WAIT_MS = 30_000;

/** The calendar day `days` after yyyy-MM-dd `date`. */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('the money at a glance and what changed', () => {
  const app = appUnderTest();
  let tripId: string;
  let startDate: string;
  let ana: { token: string; userId: string };
  let bea: { token: string; userId: string };
  let hotelId: string;

  beforeAll(async () => {
    const seeded = await tripOfAnaAndBea(app.server.baseUrl);
    ({ ana, bea } = seeded);
    tripId = seeded.trip.id;
    // Under way: started two days ago, seven days long, so today is day three (43% of the trip gone).
    startDate = plusDays(new Date().toISOString().slice(0, 10), -2);
    const moved = await fetch(`${app.server.baseUrl}/api/trips/${tripId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ana.token}` },
      body: JSON.stringify({
        trip_name: seeded.trip.name,
        description: 'Tiles and trams',
        start_date: startDate,
        end_date: plusDays(startDate, 6),
      }),
    });
    if (moved.status !== 200)
      throw new Error(`moving the trip failed: ${moved.status} ${await moved.text()}`);
    const spend = async (who: { token: string; userId: string }, body: Record<string, unknown>) => {
      const res = await postExpense(app.server.baseUrl, who.token, tripId, {
        expense_type: 'group',
        paid_by: who.userId,
        ...body,
      });
      if (res.status !== 201) throw new Error(`expense failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { expense: { id: string } }).expense.id;
    };
    hotelId = await spend(ana, {
      title: 'Hotel',
      amount: '480.00',
      category: 'accommodation',
      expense_date: startDate,
    });
    await spend(bea, {
      title: 'Dinner',
      amount: '60.00',
      category: 'food',
      expense_date: plusDays(startDate, 1),
    });
    await spend(ana, {
      title: 'Tram',
      amount: '12.00',
      category: 'transport',
      expense_date: plusDays(startDate, 2),
    });
  });

  /** A member's page of the trip, live. */
  async function onDayThree(token: string, viewport: { width: number; height: number }): Promise<Page> {
    const page = await app.newPage({ token, viewport, locale: 'en-US', bypassCSP: true });
    await openSplit(page, tripId);
    return page;
  }

  it('shows the share of the budget spent against the trip gone, then the charts with their tables, by keyboard too', async () => {
    const phone = await onDayThree(bea.token, VIEWPORTS.phone);
    const summary = phone.getByRole('region', { name: 'Money at a glance' });
    await summary.getByText(/% of the budget spent with 43% of the trip gone/).waitFor();
    await summary.getByText('Biggest category: Accommodation, 87% of spending').waitFor();
    await summary.getByText(/^Fronted most: Ana /).waitFor();
    await screenshot(phone, 'budget-summary-390');

    await phone.getByRole('tab', { name: 'Budget' }).click();
    const byDay = phone.getByRole('figure').filter({ hasText: 'By day' });
    await byDay.getByRole('img').waitFor();
    expect(await byDay.getByRole('img').getAttribute('aria-label')).toMatch(
      /^Spending on each of the trip's 7 days/,
    );
    // The numbers a tap away, reached by keyboard: focus the disclosure and press Enter.
    const show = byDay.getByRole('button', { name: 'Show the numbers' });
    await show.focus();
    await phone.keyboard.press('Enter');
    const table = byDay.getByRole('table', { name: 'By day' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(8);
    expect(await seriousViolations(phone)).toEqual([]);
    await screenshot(phone, 'budget-charts-390');

    const desktop = await onDayThree(ana.token, VIEWPORTS.desktop);
    await desktop.getByRole('tab', { name: 'Budget' }).click();
    await desktop.getByRole('figure').filter({ hasText: 'By person: paid and share' }).waitFor();
    await desktop.getByRole('button', { name: /Set budget|Edit budget/ }).click();
    await desktop.getByLabel('Budget (USD)').fill('1500');
    await desktop.getByRole('button', { name: 'Save budget' }).click();
    await desktop.getByText('$552.00 of $1,500.00 spent').first().waitFor();
    expect(await seriousViolations(desktop)).toEqual([]);
    await screenshot(desktop, 'budget-charts-1280');

    // The overview's trip card has the same charts on its Budget tab.
    await desktop.goto('/trip-split');
    await desktop.getByRole('button', { name: 'Show details' }).click();
    await desktop.getByRole('tab', { name: 'Budget' }).click();
    await desktop.getByRole('figure').filter({ hasText: 'By day' }).getByRole('img').waitFor();
    await desktop.getByText('37% of the budget spent with 43% of the trip gone').waitFor();
    await screenshot(desktop, 'budget-overview-1280');

    // Bea's open page follows the new budget live.
    await phone
      .getByText('37% of the budget spent with 43% of the trip gone')
      .first()
      .waitFor({ timeout: LIVE_WAIT_MS });
  });

  it('answers who deleted the hotel, and undoes the delete in one tap', async () => {
    const phone = await onDayThree(bea.token, VIEWPORTS.phone);
    await phone.getByRole('tab', { name: 'History' }).click();
    const history = phone.getByRole('list', { name: 'History, newest first' });
    await history.waitFor();

    const removed = await fetch(`${app.server.baseUrl}/api/trip-split/expenses/${hotelId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(removed.status).toBe(204);
    const deletion = history.getByRole('listitem').filter({ hasText: /deleted “Hotel” \(\$480\.00\)/ });
    await deletion.waitFor({ timeout: LIVE_WAIT_MS });
    await screenshot(phone, 'budget-history-390');

    await deletion.getByRole('button', { name: 'Restore “Hotel”' }).click();
    await history
      .getByRole('listitem')
      .filter({ hasText: /restored “Hotel” \(\$480\.00\)/ })
      .waitFor();
    await deletion.getByText('Restored').waitFor();
    await phone.getByRole('tab', { name: /Expenses/ }).click();
    await phone.getByText('Hotel', { exact: true }).waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
  });
});

import type { Browser } from 'playwright-core';
import { TRIP_START, type SeededTrip } from './api';
import { ms, percentile, textAppears, type Figure } from './support';

const WRITES = 50;

/**
 * Live propagation on the embedded backend: member B has the trip's split page open on the Expenses tab; member A
 * POSTs an expense; the figure is the time until B's page shows it (SSE notice, refetch, render), over WRITES writes.
 */
export async function runLiveBench(browser: Browser, seeded: SeededTrip): Promise<Figure[]> {
  const [writer, watcher] = seeded.tokens as [string, string];
  const context = await browser.newContext({
    baseURL: seeded.baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript((t) => localStorage.setItem('token', t), watcher);
  const page = await context.newPage();
  await page.goto(`/trips/${seeded.tripId}/split`);
  await page.getByRole('tab', { name: /Expenses/ }).click();
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });

  const times: number[] = [];
  for (let i = 0; i < WRITES; i += 1) {
    const title = `Live propagation ${i}`;
    const seen = textAppears(page, title);
    const start = performance.now();
    const res = await fetch(`${seeded.baseUrl}/api/trip-split/trips/${seeded.tripId}/expenses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${writer}` },
      body: JSON.stringify({
        title,
        amount: 9.99,
        expense_date: TRIP_START,
        category: 'food',
        paid_by: seeded.userIds[0],
        expense_type: 'group',
      }),
    });
    if (res.status !== 201) throw new Error(`live bench write failed: ${res.status}`);
    await seen;
    times.push(performance.now() - start);
  }
  await context.close();
  times.sort((a, b) => a - b);
  return [
    {
      name: `live: POST expense → other member's page shows it (${WRITES} writes)`,
      value: `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(times.at(-1) as number)}`,
    },
  ];
}

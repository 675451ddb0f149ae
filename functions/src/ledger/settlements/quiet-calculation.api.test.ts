import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerChange } from '@wayfare/contract';
import { startTestApi, type TestApi } from '../../../test-support/api-server';
import { readEvents } from '../../../test-support/event-stream';
import { tripOfThree } from '../../../test-support/registered-member';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const expense = (paidBy: string, title: string) => ({
  title,
  amount: '90.00',
  expense_date: '2027-04-11',
  paid_by: paidBy,
});

// The embedded app's live stream is its notices port's output; firebase mode's notice documents come from the same
// `changed` flag, which the store contract suite checks on the Firestore adapter (emulators project).
describe('a settlement calculation that changes nothing', () => {
  it('tells no open ledger page: 30 calculations of an unchanged ledger send one notice, the first', async () => {
    const { ana, bea, tripId, create } = await tripOfThree(api, 'quiet');
    const response = await fetch(`${api.baseUrl}/api/trip-split/trips/${tripId}/live`, {
      headers: { authorization: `Bearer ${bea.token}` },
    });
    const stream = readEvents(response);
    await stream.waitFor((e) => e.event === 'ready');

    expect((await create(ana, expense(ana.id, 'Dinner'))).status).toBe(201);
    const calculate = () =>
      api.call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, { token: ana.token });
    const first = await calculate();
    expect(first.status).toBe(200);
    expect(first.body.settlements).toHaveLength(2);
    for (let i = 1; i < 30; i += 1) {
      const again = await calculate();
      expect([again.status, again.body.settlements]).toEqual([200, first.body.settlements]);
    }
    // A later write's notice arrives after any the calculations sent: the stream keeps the order of the changes.
    const later = await create(bea, expense(bea.id, 'Lunch'));
    await stream.waitFor((e) => e.data.includes(later.body.expense.id));
    await stream.cancel();

    const changes = stream.received
      .filter((e) => e.event === 'change')
      .map((e) => (JSON.parse(e.data) as LedgerChange).kind);
    expect(changes).toEqual(['expense.created', 'settlements.calculated', 'expense.created']);
  });
});

import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dinnerForThree, noExpenses } from '@/test-support/expenses';
import { participant } from '@/test-support/people';
import { ALICE, Providers } from '@/test-support/session';
import { heldAfterFirst, stubApi } from '@/test-support/stubApi';
import { clearOutbox, flushOutbox } from '@/shared/offline/outbox';
import { ledgerApi } from './ledgerApi';
import { useLiveLedger } from './live/useLiveLedger';

const LEDGER = '/api/trip-split/trips/t1';

/** The split page's part: its expense titles and how many wait on the device. */
function Ledger() {
  const { expenses, pending } = useLiveLedger('t1');
  return (
    <>
      <p>{pending.length} waiting</p>
      <ul aria-label="Expenses">
        {expenses.data.map((e) => (
          <li key={e.id}>{e.title}</li>
        ))}
      </ul>
    </>
  );
}

afterEach(() => clearOutbox());

describe('an expense made offline, sent by the outbox', () => {
  it('shows in the list from its answer at once, while the ledger read after it is still unanswered', async () => {
    let online = false;
    const expenses = heldAfterFirst(noExpenses());
    const requests = stubApi({
      [`GET ${LEDGER}/participants`]: { body: { participants: [participant('Alice')] } },
      [`GET ${LEDGER}/invitations`]: { body: { invitations: [] } },
      [`GET ${LEDGER}/settlements`]: { body: { settlements: [] } },
      // The live stream (opened once the page settles) stays open and quiet.
      [`GET ${LEDGER}/live`]: () =>
        new Response(new ReadableStream(), { headers: { 'Content-Type': 'text/event-stream' } }),
      [`GET ${LEDGER}/expenses`]: expenses.route,
      [`POST ${LEDGER}/expenses`]: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return { status: 201, body: { expense: dinnerForThree() } };
      },
    });
    const made = await ledgerApi.createExpense(ALICE.userId, 't1', {
      title: 'Dinner',
      amount: '30',
      expense_date: '2027-03-05',
      paid_by: ALICE.userId,
    });
    expect('queued' in made).toBe(true);

    render(
      <Providers>
        <Ledger />
      </Providers>,
    );
    expect(await screen.findByText('1 waiting')).toBeVisible();
    expect(screen.queryByText('Dinner')).toBeNull();

    online = true;
    await expect(flushOutbox(ALICE.userId)).resolves.toBe('done');
    expect(await screen.findByText('Dinner')).toBeVisible();
    expect(await screen.findByText('0 waiting')).toBeVisible();
    // The ledger was asked again after the send, and has not answered: the row came from the send's own answer.
    await waitFor(() => expect(expenses.held()).toBeGreaterThan(0));
    expect(expenses.reads()).toBe(expenses.held() + 1);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
    expenses.release();
  });
});

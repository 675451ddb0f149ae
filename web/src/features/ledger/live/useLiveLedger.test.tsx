import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noExpenses } from '@/test-support/expenses';
import { participant } from '@/test-support/people';
import { Providers, testQueryClient } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { tripView } from '@/test-support/trips';
import { useLiveLedger } from './useLiveLedger';

const LEDGER = '/api/trip-split/trips/t1';

/** The trip's live stream: stays open, and sends a change notice when the test calls `notice()`. */
function liveStream() {
  let push = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = () => controller.enqueue(new TextEncoder().encode('id: 2\nevent: change\ndata: {}\n\n'));
    },
  });
  return {
    response: () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    notice: () => push(),
  };
}

function Ledger() {
  const ledger = useLiveLedger('t1');
  return (
    <p>
      {ledger.live} · {ledger.participants.data.length} people · {ledger.expenses.expense_count} expenses
    </p>
  );
}

describe('useLiveLedger', () => {
  it("refetches exactly the trip's ledger queries on a live change notice, not the trip, plans or trip list", async () => {
    const stream = liveStream();
    let people = 1;
    const requests = stubApi({
      [`GET ${LEDGER}/participants`]: () => ({
        body: { participants: [participant('Alice'), participant('Bob')].slice(0, people) },
      }),
      [`GET ${LEDGER}/invitations`]: { body: { invitations: [] } },
      [`GET ${LEDGER}/expenses`]: { body: noExpenses() },
      [`GET ${LEDGER}/settlements`]: { body: { settlements: [] } },
      [`GET ${LEDGER}/live`]: stream.response,
    });
    const queryClient = testQueryClient();
    // What other screens read and left in the cache: the trip (with its plans) and the trip list.
    queryClient.setQueryData(['trip', 't1'], tripView());
    queryClient.setQueryData(['trips'], [tripView()]);

    render(
      <Providers queryClient={queryClient}>
        <Ledger />
      </Providers>,
    );
    const reads = () =>
      requests.filter((r) => r.path !== `${LEDGER}/live`).map((r) => r.path.slice(LEDGER.length));
    const ledgerReads = ['/expenses', '/invitations', '/participants', '/settlements'];
    // The stream opens once the page has settled (SETTLE_DELAY_MS after load), then reads the ledger again: what
    // changed before it opened is not missed.
    await screen.findByText('connecting · 1 people · 0 expenses');
    expect(requests.some((r) => r.path === `${LEDGER}/live`)).toBe(false);
    await screen.findByText('live · 1 people · 0 expenses');
    await waitFor(() => expect(reads()).toHaveLength(8));
    expect(reads().slice(0, 4).sort()).toEqual(ledgerReads);
    expect(reads().slice(4).sort()).toEqual(ledgerReads);

    people = 2;
    stream.notice();
    await screen.findByText('live · 2 people · 0 expenses');
    await waitFor(() => expect(reads()).toHaveLength(12));
    expect(reads().slice(8).sort()).toEqual(ledgerReads);
    expect(requests.every((r) => r.path.startsWith(LEDGER))).toBe(true);
    expect(queryClient.getQueryState(['trip', 't1'])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(['trips'])?.isInvalidated).toBe(false);
  });
});

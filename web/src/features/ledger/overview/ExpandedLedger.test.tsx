import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CalculateSettlementsResponse, Settlement, SplitTripSummary } from '@wayfare/contract';
import { expenseAnswer, noExpenses } from '@/test-support/expenses';
import { balance, participant, settlement } from '@/test-support/people';
import { Providers } from '@/test-support/session';
import { stubApi, type StubAnswer, type StubRequest } from '@/test-support/stubApi';
import { ExpandedLedger } from './ExpandedLedger';

const LEDGER = '/api/trip-split/trips/t1';
const CALCULATE = `${LEDGER}/settlements/calculate`;

const trip: SplitTripSummary = {
  id: 't1',
  trip_name: 'Lisbon',
  city_name: 'Lisbon',
  start_date: '2027-04-10',
  end_date: '2027-04-14',
  image_url: null,
  user_role: 'owner',
  trip_owner_username: 'ana',
  participant_count: 2,
  expense_count: 1,
  total_expenses_cents: 12000,
  total_expenses: 120,
  your_share_cents: 6000,
  home_currency: 'USD',
};

/** A $120 dinner Ana paid, halved with Bea: the trip's one expense. */
const dinner = expenseAnswer({ 'u-ana': 12000 }, { 'u-ana': 6000, 'u-bea': 6000 });

/**
 * The card's ledger answered over HTTP: the trip's settlements are `listed()` at each read, and a calculation answers
 * with `calculated()` (which may hold its answer back).
 */
function ledgerApi(
  listed: () => Settlement[],
  calculated: () => StubAnswer | Promise<StubAnswer>,
): StubRequest[] {
  return stubApi({
    [`GET ${LEDGER}/participants`]: { body: { participants: [participant('Ana'), participant('Bea')] } },
    [`GET ${LEDGER}/invitations`]: { body: { invitations: [] } },
    [`GET ${LEDGER}/expenses`]: {
      body: noExpenses({
        expenses: [dinner],
        expense_count: 1,
        total_expenses_cents: 12000,
        total_expenses: 120,
      }),
    },
    [`GET ${LEDGER}/settlements`]: () => ({ body: { settlements: listed() } }),
    [`POST ${CALCULATE}`]: calculated,
    // The live stream stays unanswered: this test's changes come from its own clicks.
    [`GET ${LEDGER}/live`]: () => new Promise<StubAnswer>(() => {}),
  });
}

const calculations = (requests: StubRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === CALCULATE).length;

const renderCard = () =>
  render(
    <Providers>
      <ExpandedLedger trip={trip} onChanged={() => {}} />
    </Providers>,
  );

describe('ExpandedLedger settlements (spec §4: recalculated on the overview card)', () => {
  it('recalculates each time its Settlements tab opens, busy meanwhile, and shows the answer without a click on Calculate Settlements', async () => {
    const stale = settlement('s1', 'Bea', 'Ana', 4229);
    const fresh = settlement('s1', 'Bea', 'Ana', 6000);
    let current = stale;
    let answer: (given: StubAnswer) => void = () => {};
    const requests = ledgerApi(
      () => [current],
      () => new Promise<StubAnswer>((resolve) => (answer = resolve)),
    );
    renderCard();
    // A list that is not empty is not recalculated by merely showing the card.
    await screen.findByRole('tab', { name: /Settlements\s*1/ });
    expect(calculations(requests)).toBe(0);

    await userEvent.click(screen.getByRole('tab', { name: /Settlements/ }));
    // While the server calculates: the last list stays in place (no jump), marked busy, the button "Calculating...".
    // A loading button keeps focus and ignores presses (shared/ui/Button): aria-disabled, not disabled.
    expect(await screen.findByRole('button', { name: /Calculating/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByText('Bea pays Ana $42.29').closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(calculations(requests)).toBe(1);

    current = fresh;
    const result: CalculateSettlementsResponse = {
      balances: [balance('Ana', 6000), balance('Bea', -6000)],
      settlements: [fresh],
      method: 'exact',
    };
    answer({ body: result });
    expect(await screen.findByText('Bea pays Ana $60.00')).toBeInTheDocument();
    expect(screen.queryByText('Bea pays Ana $42.29')).toBeNull();
    expect(screen.getByRole('button', { name: /Calculate Settlements/ })).toBeEnabled();
    expect(screen.getByText('Bea pays Ana $60.00').closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'false',
    );

    // Choosing the open tab again is not an opening; leaving and coming back is.
    await userEvent.click(screen.getByRole('tab', { name: /Settlements/ }));
    expect(calculations(requests)).toBe(1);
    await userEvent.click(screen.getByRole('tab', { name: /Expenses/ }));
    await userEvent.click(screen.getByRole('tab', { name: /Settlements/ }));
    await waitFor(() => expect(calculations(requests)).toBe(2));
    answer({ body: result });
    await screen.findByRole('button', { name: /Calculate Settlements/ });
    expect(screen.getByText('Bea pays Ana $60.00')).toBeInTheDocument();
  });

  it('calculates once when the list is empty while the trip has expenses, and not again when that answers an empty list', async () => {
    const requests = ledgerApi(
      () => [],
      () => ({
        body: { balances: [balance('Ana', 0), balance('Bea', 0)], settlements: [], method: 'exact' },
      }),
    );
    renderCard();
    await waitFor(() => expect(calculations(requests)).toBe(1));
    // The calculation's answer is read again (the list's second read), and the list stays empty...
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'GET' && r.path === `${LEDGER}/settlements`)).toHaveLength(
        2,
      ),
    );
    await screen.findByRole('tab', { name: /Settlements\s*0/ });
    // ... and a render later still no second calculation: the empty answer is not chased in a loop.
    await userEvent.click(screen.getByRole('tab', { name: /People/ }));
    await screen.findByText('Bea Doe');
    expect(calculations(requests)).toBe(1);
  });

  it('shows a failed recalculation as an error with Calculate Settlements as the way out', async () => {
    let fail = true;
    const requests = ledgerApi(
      () => [settlement('s1', 'Bea', 'Ana', 6000)],
      () =>
        fail
          ? { status: 500, body: { error: 'Failed to calculate settlements' } }
          : { body: { balances: [], settlements: [settlement('s1', 'Bea', 'Ana', 6000)], method: 'exact' } },
    );
    renderCard();
    await screen.findByRole('tab', { name: /Settlements\s*1/ });
    await userEvent.click(screen.getByRole('tab', { name: /Settlements/ }));
    expect(await screen.findByText('Failed to calculate settlements')).toBeVisible();
    expect(screen.getByText('Bea pays Ana $60.00')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Calculate Settlements/ }));
    await waitFor(() => expect(screen.queryByText('Failed to calculate settlements')).toBeNull());
    expect(calculations(requests)).toBe(2);
  });
});

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BudgetResponse } from '@wayfare/contract';
import { dinnerForThree, noExpenses } from '@/test-support/expenses';
import { participant, settlement } from '@/test-support/people';
import { ALICE, Providers, testQueryClient } from '@/test-support/session';
import { queryKeys } from '@/shared/query/queryKeys';
import { stubApi, type StubAnswer, type StubRoutes } from '@/test-support/stubApi';
import { tripView } from '@/test-support/trips';
import { TripSplitPage } from './TripSplitPage';

const LEDGER = '/api/trip-split/trips/t1';
const LEDGER_READS = ['/participants', '/invitations', '/expenses', '/settlements'];

/** No budget set and nothing spent: the glance's headline is "$0.00 spent". */
const nothingSpent: BudgetResponse = {
  budget: null,
  suggestion: null,
  home_currency: 'USD',
  plan: null,
  plan_source: null,
  spending: { spent_minor: 0, outside_days_minor: 0, by_day: [], by_category: [], by_person: [] },
};

afterEach(() => vi.unstubAllGlobals());

/** The API of trip t1's split page: Alice and Bob, no expenses, nothing spent; `answers` in place of any of them. */
function stubSplitPage(answers: StubRoutes = {}) {
  return stubApi({
    'GET /api/trips/t1': { body: tripView() },
    [`GET ${LEDGER}/budget`]: { body: nothingSpent },
    [`GET ${LEDGER}/participants`]: { body: { participants: [participant('Alice'), participant('Bob')] } },
    [`GET ${LEDGER}/invitations`]: { body: { invitations: [] } },
    [`GET ${LEDGER}/expenses`]: { body: noExpenses() },
    [`GET ${LEDGER}/settlements`]: { body: { settlements: [] } },
    [`GET ${LEDGER}/invite-link`]: { body: { link: null } },
    [`GET ${LEDGER}/live`]: () =>
      new Response(new ReadableStream(), { headers: { 'Content-Type': 'text/event-stream' } }),
    ...answers,
  });
}

const renderSplitPage = (queryClient?: QueryClient, user?: typeof ALICE) =>
  render(
    <Providers path="/trips/t1/split" queryClient={queryClient} user={user}>
      <Routes>
        <Route path="/trips/:tripId/split" element={<TripSplitPage />} />
      </Routes>
    </Providers>,
  );

describe('TripSplitPage', () => {
  it('draws the header and the glance first; the ledger is read once they are on screen, then its tabs show with it', async () => {
    let answerTrip: (answer: StubAnswer) => void = () => {};
    const requests = stubSplitPage({
      'GET /api/trips/t1': () => new Promise<StubAnswer>((resolve) => (answerTrip = resolve)),
      // The live stream, once open, reads the ledger again (what changed before it opened): on a slow machine it
      // opens within this test, so here it never does, and every read counted is a first read.
      [`GET ${LEDGER}/live`]: () => new Promise<StubAnswer>(() => {}),
    });
    const ledgerReads = () =>
      requests.filter((r) => LEDGER_READS.some((part) => r.path === `${LEDGER}${part}`)).map((r) => r.path);

    renderSplitPage();
    // While the trip is on its way: the placeholder, the budget asked for, the ledger not yet.
    expect(await screen.findByRole('status', { name: 'Loading trip expenses' })).toBeVisible();
    expect(requests.some((r) => r.path === `${LEDGER}/budget`)).toBe(true);
    expect(ledgerReads()).toEqual([]);

    answerTrip({ body: tripView() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip Split' })).toBeVisible();
    const glance = await screen.findByRole('region', { name: 'Money at a glance' });
    expect(within(glance).getByText('$0.00 spent')).toBeVisible();

    // Then the tabs, with the ledger's figures, each part read once.
    expect(await screen.findByRole('tab', { name: /Participants\s*2/ })).toBeVisible();
    expect(screen.getByText('Alice Doe')).toBeVisible();
    expect(screen.getByText('Bob Doe')).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading trip expenses' })).toBeNull();
    expect(ledgerReads().sort()).toEqual(LEDGER_READS.map((part) => `${LEDGER}${part}`).sort());
  });

  it('offers a guest session the ledger and its expenses, and none of what only the trip members may do', async () => {
    const requests = stubSplitPage({
      [`GET ${LEDGER}/settlements`]: { body: { settlements: [settlement('s1', 'Bob', 'Alice', 1500)] } },
    });
    renderSplitPage(undefined, { ...ALICE, guestTripId: 't1' });
    expect(await screen.findByRole('tab', { name: /Participants\s*2/ })).toBeVisible();
    expect(screen.getByText('Bob Doe')).toBeVisible();
    for (const name of ['Back to Trip', 'Leave Trip', 'Add Participant', 'Add someone without an account']) {
      expect(screen.queryByRole('button', { name }), name).toBeNull();
    }
    expect(screen.queryByRole('combobox', { name: /^Weight of/ })).toBeNull();
    // The trip's invitations are the members' business: not even read.
    expect(requests.some((r) => r.path === `${LEDGER}/invitations`)).toBe(false);

    await userEvent.click(screen.getByRole('tab', { name: /Expenses/ }));
    expect(await screen.findByRole('button', { name: 'Add Expense' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: /Settlements/ }));
    expect(await screen.findByText('Pending')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Mark as Paid/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Calculate Settlements' })).toBeNull();
  });

  it('keeps the tab chosen when the ledger is read again from nothing (its placeholder shown meanwhile)', async () => {
    const people = { body: { participants: [participant('Alice')] } };
    let answerPeople: ((answer: StubAnswer) => void) | null = null;
    stubSplitPage({
      [`GET ${LEDGER}/participants`]: () =>
        answerPeople ? new Promise<StubAnswer>((resolve) => (answerPeople = resolve)) : people,
    });
    const queryClient = testQueryClient();
    renderSplitPage(queryClient);
    await userEvent.click(await screen.findByRole('tab', { name: /Expenses/ }));
    expect(await screen.findByText('No expenses yet. Add the first one.')).toBeVisible();

    // The participants' read again from nothing, unanswered for now: the tabs make way for the placeholder.
    answerPeople = () => {};
    act(() => void queryClient.resetQueries({ queryKey: queryKeys.participants('t1') }));
    expect(await screen.findByRole('status', { name: 'Loading trip expenses' })).toBeVisible();
    answerPeople(people);
    expect(await screen.findByText('No expenses yet. Add the first one.')).toBeVisible();
    expect(screen.getByRole('tab', { name: /Expenses/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows no count on the tab of a list whose read failed, rather than 0', async () => {
    stubSplitPage({
      [`GET ${LEDGER}/participants`]: { status: 503, body: { error: 'Service unavailable' } },
    });
    renderSplitPage();
    expect(await screen.findByText('Service unavailable')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Participants' })).toBeVisible();
    expect(screen.getByRole('tab', { name: /^Expenses\s*0$/ })).toBeVisible();
    expect(screen.getByRole('tab', { name: /^Settlements\s*0$/ })).toBeVisible();
  });
  it('offers Try Again in the Expenses panel when their read failed, which reads them (only them) again', async () => {
    let expenseReads = 0;
    const requests = stubSplitPage({
      [`GET ${LEDGER}/expenses`]: () => {
        expenseReads += 1;
        return expenseReads === 1
          ? { status: 503, body: { error: 'Database unavailable' } }
          : {
              body: noExpenses({
                expenses: [dinnerForThree()],
                expense_count: 1,
                total_expenses_cents: 3000,
              }),
            };
      },
      // The live stream never connects: its first connection would read the whole ledger again by itself.
      [`GET ${LEDGER}/live`]: () => new Promise<StubAnswer>(() => {}),
    });
    renderSplitPage();
    await userEvent.click(await screen.findByRole('tab', { name: /Expenses/ }));
    expect(await screen.findByText('Database unavailable')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Expenses' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    const list = await screen.findByRole('list', { name: 'Expenses' });
    expect(within(list).getByText('Dinner')).toBeVisible();
    expect(screen.queryByText('Database unavailable')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(expenseReads).toBe(2);
    // The other parts of the ledger were not read again: the list's own read, not the page's refresh.
    for (const part of ['/participants', '/invitations', '/settlements']) {
      expect(requests.filter((r) => r.path === `${LEDGER}${part}`)).toHaveLength(1);
    }
  });
});

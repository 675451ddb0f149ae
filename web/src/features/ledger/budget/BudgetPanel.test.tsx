import { render as renderBare, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityResponse, BudgetResponse } from '@wayfare/contract';
import { Providers } from '@/test-support/session';
import { stubApi } from '@/test-support/stubApi';
import { ActivityList } from './ActivityList';
import { BudgetPanel } from './BudgetPanel';
import { GlanceSummary } from './GlanceSummary';

const render = (ui: ReactElement) => renderBare(ui, { wrapper: Providers });
const BUDGET = 'GET /api/trip-split/trips/t1/budget';
const person = (user_id: string, first_name: string) => ({
  user_id,
  first_name,
  last_name: 'Silva',
  email: '',
  is_guest: false,
  left: false,
});

/** Day four of a seven-day trip: $1,240 of a $2,000 budget spent, food the biggest, Ana fronted most. */
const dayFour: BudgetResponse = {
  budget: {
    kind: 'total',
    amount_minor: 200000,
    categories: { food: 80000 },
    updated_at: '',
    updated_by: 'u1',
  },
  suggestion: null,
  home_currency: 'USD',
  plan: { total_minor: 200000, per_day_minor: 28571, categories: { food: 80000 } },
  plan_source: 'set',
  spending: {
    spent_minor: 124000,
    outside_days_minor: 0,
    by_day: ['10', '11', '12', '13', '14', '15', '16'].map((d, i) => ({
      date: `2027-04-${d}`,
      spent_minor: [50000, 30000, 24000, 20000, 0, 0, 0][i] as number,
    })),
    by_category: [
      { category: 'food', spent_minor: 70000, budget_minor: 80000 },
      { category: 'accommodation', spent_minor: 54000, budget_minor: null },
    ],
    by_person: [
      { ...person('u1', 'Ana'), paid_minor: 100000, share_minor: 62000 },
      { ...person('u2', 'Bea'), paid_minor: 24000, share_minor: 62000 },
    ],
  },
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2027, 3, 13, 12) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the money at a glance', () => {
  it('says in one screen what share of the budget is spent against the trip gone, the pace, the biggest category and who fronted most', async () => {
    stubApi({ [BUDGET]: { body: dayFour } });
    render(<GlanceSummary tripId="t1" />);
    const summary = await screen.findByRole('region', { name: 'Money at a glance' });
    expect(summary).toHaveTextContent('62% of the budget spent with 57% of the trip gone');
    expect(summary).toHaveTextContent("At this pace: $2,170.00 by the trip's end (109% of the budget)");
    expect(summary).toHaveTextContent('Biggest category: Food, 56% of spending');
    expect(summary).toHaveTextContent(
      'Fronted most: Ana Silva paid $1,000.00, $380.00 more than their share',
    );
    expect(within(summary).getByRole('img')).toHaveAccessibleName(
      '62% of the budget spent, 57% of the trip gone',
    );
  });

  it('draws each chart as an image with a text alternative, its numbers one tap away as a table', async () => {
    stubApi({ [BUDGET]: { body: dayFour } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<BudgetPanel tripId="t1" />);
    const byDay = (await screen.findByText('By day')).closest('figure') as HTMLElement;
    expect(within(byDay).getByRole('img')).toHaveAccessibleName(
      "Spending on each of the trip's 7 days, against a daily budget of $285.71. The biggest day: $500.00.",
    );
    expect(within(byDay).queryByRole('table')).toBeNull();
    await user.click(within(byDay).getByRole('button', { name: 'Show the numbers' }));
    const table = within(byDay).getByRole('table', { name: 'By day' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Day 1 · Apr 10$500.00-$214.29');

    const people = screen.getByText('By person: paid and share').closest('figure') as HTMLElement;
    await user.click(within(people).getByRole('button', { name: 'Show the numbers' }));
    expect(within(people).getAllByRole('row')[2]).toHaveTextContent('Bea Silva$240.00$620.00-$380.00');
    const categories = screen.getByText('By category').closest('figure') as HTMLElement;
    expect(within(categories).getByRole('img')).toHaveAccessibleName(
      'Biggest category: Food, 56% of spending',
    );
  });

  it('sets the budget from the suggestion, explained, in the home currency', async () => {
    const suggested: BudgetResponse = {
      ...dayFour,
      budget: null,
      suggestion: {
        kind: 'total',
        amount_minor: 200000,
        basis: 'budget-choice',
        explanation: 'About $200 a day.',
      },
      plan_source: 'suggested',
    };
    const requests = stubApi({
      [BUDGET]: { body: suggested },
      'PUT /api/trip-split/trips/t1/budget': { body: dayFour },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<BudgetPanel tripId="t1" />);
    expect(await screen.findByText('$1,240.00 of $2,000.00 spent (suggested budget)')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Set budget' }));
    const amount = screen.getByRole('textbox', { name: 'Budget (USD)' });
    expect(amount).toHaveValue('2000.00');
    expect(amount).toHaveAccessibleDescription('Suggested: About $200 a day.');
    await user.click(screen.getByRole('radio', { name: 'Each day' }));
    await user.clear(amount);
    await user.type(amount, '300');
    await user.click(screen.getByRole('button', { name: 'By category (optional)' }));
    await user.type(screen.getByLabelText('Food (USD) (optional)'), '100');
    await user.click(screen.getByRole('button', { name: 'Save budget' }));
    expect(await screen.findByRole('button', { name: 'Edit budget' })).toBeVisible();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      kind: 'per_day',
      amount_minor: 30000,
      categories: { food: 10000 },
    });
  });

  it('refuses category budgets above the budget before sending anything', async () => {
    const requests = stubApi({ [BUDGET]: { body: dayFour } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<BudgetPanel tripId="t1" />);
    await user.click(await screen.findByRole('button', { name: 'Edit budget' }));
    // Open from the start: the budget has a food amount, shown for editing.
    expect(screen.getByLabelText('Food (USD) (optional)')).toHaveValue('800.00');
    await user.clear(screen.getByLabelText('Food (USD) (optional)'));
    await user.type(screen.getByLabelText('Food (USD) (optional)'), '2500');
    await user.click(screen.getByRole('button', { name: 'Save budget' }));
    expect(screen.getByRole('textbox', { name: 'Budget (USD)' })).toHaveAccessibleDescription(
      'The category budgets add up to more than the budget',
    );
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });
});

describe('the history', () => {
  const hotel = {
    id: 'e1',
    title: 'Hotel',
    description: '',
    amount_cents: 42000,
    expense_date: '2027-04-11',
    category: 'accommodation' as const,
    expense_type: 'group' as const,
    payers: [{ user_id: 'u1', paid_cents: 42000 }],
    shares: [
      { user_id: 'u1', share_cents: 21000 },
      { user_id: 'u2', share_cents: 21000 },
    ],
    split: { method: 'equal' as const, people: [] },
    created_by: 'u1',
  };
  const page: ActivityResponse = {
    home_currency: 'USD',
    next_cursor: null,
    people: { u1: person('u1', 'Ana'), u2: person('u2', 'Bea') },
    entries: [
      {
        id: 'a2',
        trip_id: 't1',
        at: '2027-04-13T09:00:00.000Z',
        actor_id: 'u1',
        kind: 'expense.deleted',
        expense: { ...hotel, amount_cents: 48000 },
        restored_as: null,
      },
      {
        id: 'a1',
        trip_id: 't1',
        at: '2027-04-12T09:00:00.000Z',
        actor_id: 'u2',
        kind: 'expense.updated',
        before: hotel,
        after: {
          ...hotel,
          amount_cents: 48000,
          shares: [
            { user_id: 'u1', share_cents: 24000 },
            { user_id: 'u2', share_cents: 24000 },
          ],
        },
      },
    ],
  };

  it('answers who changed the hotel to 480, and undoes a delete in one tap', async () => {
    let restored = false;
    const requests = stubApi({
      'GET /api/trip-split/trips/t1/activity': () => ({
        body: restored
          ? { ...page, entries: [{ ...page.entries[0], restored_as: 'e9' }, page.entries[1]] }
          : page,
      }),
      'POST /api/trip-split/trips/t1/activity/a2/restore': () => {
        restored = true;
        return { status: 201, body: { expense_id: 'e9' } };
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<ActivityList tripId="t1" />);
    const history = await screen.findByRole('list', { name: 'History, newest first' });
    expect(history.firstElementChild).toHaveTextContent('Ana Silva deleted “Hotel” ($480.00)');
    const edit = screen.getByText('Bea Silva edited “Hotel”').closest('li') as HTMLElement;
    expect(edit).toHaveTextContent('Amount: $420.00 → $480.00');
    expect(edit).toHaveTextContent(
      'Split: Ana Silva $210.00, Bea Silva $210.00 → Ana Silva $240.00, Bea Silva $240.00',
    );
    await user.click(screen.getByRole('button', { name: 'Restore “Hotel”' }));
    expect(await screen.findByText('Restored')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Restore “Hotel”' })).toBeNull();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/trip-split/trips/t1/activity/a2/restore',
    ]);
  });
});

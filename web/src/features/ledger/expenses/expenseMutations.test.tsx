import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useInfiniteQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPENSE_CHANGED, type Expense, type ExpensesResponse } from '@wayfare/contract';
import { ADD_EXPENSE } from '@/test-support/expenseForms';
import { dinnerForThree, expenseAnswer, noExpenses } from '@/test-support/expenses';
import { participant } from '@/test-support/people';
import { render } from '@/test-support/render';
import { heldAfterFirst, stubApi } from '@/test-support/stubApi';
import { ExpenseForm } from './ExpenseForm';
import { ExpenseList } from './ExpenseList';
import { flattenPages, NO_EXPENSES } from './expensePages';
import { expensesQuery } from '../queries';

const LIST = 'GET /api/trip-split/trips/t1/expenses';
const PEOPLE = ['Alice', 'Bob', 'Carol'].map((name) => participant(name));
const taxi = () =>
  expenseAnswer({ 'u-bob': 2000 }, { 'u-alice': 1000, 'u-bob': 1000 }, { id: 'e2', title: 'Taxi' });
const page = (expenses: Expense[]): ExpensesResponse =>
  noExpenses({ expenses, expense_count: expenses.length, total_expenses_cents: 1 });

/**
 * The trip's list as the split page shows it (the expense query, its rows with Edit and Delete), with the add form
 * or the edit form open on demand.
 */
function Ledger() {
  const { data } = useInfiniteQuery(expensesQuery('t1'));
  const [form, setForm] = useState<'add' | Expense | null>(null);
  const shown = data ? flattenPages(data.pages) : NO_EXPENSES;
  return (
    <>
      <button type="button" onClick={() => setForm('add')}>
        New expense
      </button>
      <ExpenseList
        expenses={shown.data}
        total={shown.expense_count}
        more={{ available: false, loading: false, error: null, load: async () => {} }}
        pending={[]}
        onEdit={setForm}
      />
      {form && (
        <ExpenseForm
          variant="split-page"
          tripId="t1"
          participants={PEOPLE}
          userId="u-alice"
          expense={form === 'add' ? null : form}
          onClose={() => setForm(null)}
        />
      )}
    </>
  );
}

const rows = () => within(screen.getByRole('list', { name: 'Expenses' })).getAllByRole('listitem');

describe('your own expense writes show at once, before any refetch answers', () => {
  let list: ReturnType<typeof heldAfterFirst> | undefined;
  afterEach(() => list?.release());

  it('a created expense appears on top of the first page', async () => {
    list = heldAfterFirst(page([taxi()]));
    stubApi({ [LIST]: list.route, [ADD_EXPENSE]: { status: 201, body: { expense: dinnerForThree() } } });
    render(<Ledger />);
    expect(await screen.findByText('Taxi')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'New expense' }));
    await userEvent.type(screen.getByLabelText(/^Title/), 'Dinner');
    await userEvent.type(screen.getByLabelText(/^Amount/), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));

    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByText('Dinner')).toBeVisible();
    expect(within(rows()[1]!).getByText('Taxi')).toBeVisible();
    // The ledger was asked again, and has not answered: the row came from the write's own answer.
    expect(list.reads()).toBe(2);
  });

  it('an edited expense shows its saved fields in place', async () => {
    list = heldAfterFirst(page([dinnerForThree(), taxi()]));
    const saved = { ...dinnerForThree(), title: 'Late dinner' };
    stubApi({ [LIST]: list.route, 'PUT /api/trip-split/expenses/e1': { body: { expense: saved } } });
    render(<Ledger />);

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Dinner' }));
    const title = screen.getByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Late dinner');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Late dinner')).toBeVisible();
    expect(within(rows()[0]!).getByText('Late dinner')).toBeVisible();
    expect(rows()).toHaveLength(2);
    expect(list.reads()).toBe(2);
  });

  it('a deleted expense leaves the list once the server confirmed it', async () => {
    list = heldAfterFirst(page([dinnerForThree(), taxi()]));
    stubApi({ [LIST]: list.route, 'DELETE /api/trip-split/expenses/e1': { status: 204 } });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    render(<Ledger />);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Dinner' }));

    await vi.waitFor(() => expect(screen.queryByText('Dinner')).toBeNull());
    expect(rows()).toHaveLength(1);
    expect(list.reads()).toBe(2);
  });

  it('a refused delete keeps the row and says why', async () => {
    list = heldAfterFirst(page([dinnerForThree()]));
    stubApi({
      [LIST]: list.route,
      'DELETE /api/trip-split/expenses/e1': {
        status: 403,
        body: { error: 'Only its creator can delete it' },
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    render(<Ledger />);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Dinner' }));

    expect(await screen.findByText('Only its creator can delete it')).toBeVisible();
    expect(screen.getByText('Dinner')).toBeVisible();
    expect(list.reads()).toBe(1);
  });

  it('a delete made on an older version is refused: the row shows the newer one and who made it', async () => {
    list = heldAfterFirst(page([{ ...dinnerForThree(), version: 1 }]));
    const bobs = { ...dinnerForThree(), title: 'Late dinner', version: 2 };
    const requests = stubApi({
      [LIST]: list.route,
      'DELETE /api/trip-split/expenses/e1': {
        status: 412,
        body: {
          error: EXPENSE_CHANGED,
          expense: bobs,
          changed_by: { user_id: 'u-bob', first_name: 'Bob', last_name: 'Doe' },
          changed_at: bobs.updated_at,
        },
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    render(<Ledger />);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Dinner' }));

    expect(
      await screen.findByText(/^Bob Doe changed this expense at .*, so it was not deleted\./),
    ).toBeVisible();
    expect(within(rows()[0]!).getByText('Late dinner')).toBeVisible();
    expect(requests.find((r) => r.method === 'DELETE')?.headers.get('If-Match')).toBe('"1"');
  });
});

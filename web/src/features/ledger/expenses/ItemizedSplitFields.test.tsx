import { screen, within } from '@testing-library/react';
import { render } from '@/test-support/render';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { itemizedView, type Expense } from '@wayfare/contract';
import { ADD_EXPENSE, renderExpenseForm } from '@/test-support/expenseForms';
import { expenseAnswer } from '@/test-support/expenses';
import { addLine, unassigned } from '@/test-support/itemizedLines';
import { stubApi } from '@/test-support/stubApi';
import { ExpenseList } from './ExpenseList';

describe('the itemized split on the page form', () => {
  it('page form: lines tapped to people, the running unassigned amount, tip by what each had, then saved', async () => {
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderExpenseForm();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Dinner');
    await userEvent.type(screen.getByLabelText(/^Amount/), '40');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Itemized' }));
    expect(screen.queryByRole('radio', { name: 'Group (split equally)' })).toBeNull();
    expect(unassigned()).toHaveTextContent('Unassigned: $40.00');

    await addLine(0, 'Soup', '5', ['Alice']);
    expect(unassigned()).toHaveTextContent('Unassigned: $35.00');
    await addLine(1, 'Steak', '15', ['Bob']);
    await addLine(2, 'Wine', '16', []);
    // A line nobody had yet stays unassigned, and nothing is sent.
    expect(unassigned()).toHaveTextContent('Unassigned: $20.00');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    expect(await screen.findAllByText('Assign every item to at least one person')).not.toHaveLength(0);
    expect(requests).toEqual([]);

    const wine = screen.getByRole('group', { name: 'Who had Wine' });
    await userEvent.click(within(wine).getByRole('button', { name: 'Bob' }));
    await userEvent.click(within(wine).getByRole('button', { name: 'Carol' }));
    expect(within(wine).getByRole('button', { name: 'Carol' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(screen.getByLabelText('Tip'), '4');
    expect(unassigned()).toHaveTextContent('Unassigned: $0.00');
    // Tip 4 over items 5 / 23 / 8: 0.55, 2.55 and the rest 0.90.
    const totals = within(screen.getByRole('list', { name: 'What each person pays' }));
    expect(totals.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Alice Doe$5.55',
      'Bob Doe$25.55',
      'Carol Doe$8.90',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({
      amount: '40.00',
      expense_type: 'shared',
      split: {
        method: 'itemized',
        items: [
          { name: 'Soup', amount: '5.00', people: [{ user_id: 'u-alice', shares: 1 }] },
          { name: 'Steak', amount: '15.00', people: [{ user_id: 'u-bob', shares: 1 }] },
          {
            name: 'Wine',
            amount: '16.00',
            people: [
              { user_id: 'u-bob', shares: 1 },
              { user_id: 'u-carol', shares: 1 },
            ],
          },
        ],
        extras: [{ kind: 'tip', amount: '4.00' }],
        extras_by: 'proportional',
      },
    });
  });

  it('edit: both forms prefill the stored lines, and a line can be removed by keyboard', async () => {
    const itemized = itemizedView(
      {
        items: [
          { name: 'Soup', amount: 500, quantity: null, people: [{ user_id: 'u-alice', shares: 1 }] },
          { name: 'Wine', amount: 2500, quantity: 2, people: [{ user_id: 'u-bob', shares: 2 }] },
        ],
        extras: [],
        extras_by: 'proportional',
      },
      'USD',
    );
    const expense: Expense = expenseAnswer(
      { 'u-alice': 3000 },
      { 'u-alice': 500, 'u-bob': 2500 },
      { expense_type: 'shared', split: { method: 'itemized', itemized, people: [] } },
    );
    stubApi({});
    renderExpenseForm({ expense });
    expect(screen.getByRole('checkbox', { name: 'Itemized' })).toBeChecked();
    expect(screen.getByLabelText('Price of Wine')).toHaveDisplayValue('25.00');
    expect(screen.getByLabelText('Quantity of Wine')).toHaveDisplayValue('2');
    expect(unassigned()).toHaveTextContent('Unassigned: $0.00');
    screen.getByRole('button', { name: 'Remove Wine' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByLabelText('Price of Wine')).toBeNull();
    expect(unassigned()).toHaveTextContent('Unassigned: $25.00');
  });

  it('the expense list shows how the shares came about: each person’s items and part of the tip, each item’s people', async () => {
    const itemized = itemizedView(
      {
        items: [
          { name: 'Soup', amount: 500, quantity: null, people: [{ user_id: 'u-alice', shares: 1 }] },
          {
            name: 'Wine',
            amount: 2000,
            quantity: 2,
            people: [
              { user_id: 'u-alice', shares: 1 },
              { user_id: 'u-bob', shares: 1 },
            ],
          },
        ],
        extras: [{ kind: 'tip', amount: 500 }],
        extras_by: 'proportional',
      },
      'USD',
    );
    const expense = expenseAnswer(
      { 'u-alice': 3000 },
      { 'u-alice': 1800, 'u-bob': 1200 },
      { expense_type: 'shared', split: { method: 'itemized', itemized, people: [] } },
    );
    const more = { available: false, loading: false, error: null, load: async () => undefined };
    render(<ExpenseList expenses={[expense]} total={1} more={more} pending={[]} />);
    await userEvent.click(screen.getByText('Items (2)'));
    const people = within(screen.getByRole('list', { name: 'What each person had' }));
    expect(people.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Alice Doe: $15.00 + $3.00 tax and tip (by what each had)',
      'Bob Doe: $10.00 + $2.00 tax and tip (by what each had)',
    ]);
    const items = within(screen.getByRole('list', { name: 'Items' }));
    expect(items.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Soup $5.00: Alice Doe',
      '2 × Wine $20.00: Alice Doe, Bob Doe',
    ]);
  });

  it('unequal shares of a line: Carol had two of the three glasses', async () => {
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderExpenseForm();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Wine');
    await userEvent.type(screen.getByLabelText(/^Amount/), '30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Itemized' }));
    await addLine(0, 'Wine', '30', ['Bob', 'Carol']);
    await userEvent.click(screen.getByText('Unequal shares'));
    await userEvent.selectOptions(screen.getByLabelText('Shares of Wine for Carol Doe'), '×2');
    const totals = within(screen.getByRole('list', { name: 'What each person pays' }));
    expect(totals.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Bob Doe$10.00',
      'Carol Doe$20.00',
    ]);
    expect(screen.getByRole('button', { name: 'Carol ×2' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({
      split: {
        items: [
          {
            name: 'Wine',
            people: [
              { user_id: 'u-bob', shares: 1 },
              { user_id: 'u-carol', shares: 2 },
            ],
          },
        ],
      },
    });
  });
});

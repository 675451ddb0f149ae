import { screen } from '@testing-library/react';
import { render } from '../../test-support/render';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { itemizedView } from '@wayfare/contract';
import { ADD_EXPENSE } from '../../test-support/expenseForms';
import { expenseAnswer } from '../../test-support/expenses';
import { addLine, unassigned } from '../../test-support/itemizedLines';
import { participant } from '../../test-support/people';
import { stubApi } from '../../test-support/stubApi';
import { AddExpenseModal } from './AddExpenseModal';

const PEOPLE = [participant('Alice'), participant('Bob'), participant('Carol')];

describe('the itemized split in the overview modal', () => {
  it('overview modal: "Itemized" beside the other methods, saved only once nothing is unassigned', async () => {
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = vi.fn();
    render(<AddExpenseModal tripId="t1" participants={PEOPLE} userId="u-alice" onClose={onClose} />);
    await userEvent.type(screen.getByLabelText(/^Title/), 'Pizza');
    await userEvent.type(screen.getByLabelText(/^Amount/), '20');
    await userEvent.click(screen.getByRole('radio', { name: 'Itemized' }));
    expect(screen.queryByRole('radio', { name: 'Selected people' })).toBeNull();
    await addLine(0, 'Margherita', '12', ['Alice', 'Carol']);
    expect(screen.getByRole('button', { name: 'Add Expense' })).toBeDisabled();
    expect(screen.getByText('Assign what is left before saving')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: 'Equally' }));
    await userEvent.type(screen.getByLabelText('Service'), '8');
    expect(unassigned()).toHaveTextContent('Unassigned: $0.00');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({
      split: { method: 'itemized', extras: [{ kind: 'service', amount: '8.00' }], extras_by: 'equal' },
    });
    expect(requests[0]?.body).not.toHaveProperty('participants');
  });

  it('edit in the overview modal: the itemized method chosen, the shares of a line kept (Bob ×2)', () => {
    const itemized = itemizedView(
      {
        items: [
          {
            name: 'Wine',
            amount: 3000,
            quantity: null,
            people: [
              { user_id: 'u-alice', shares: 1 },
              { user_id: 'u-bob', shares: 2 },
            ],
          },
        ],
        extras: [],
        extras_by: 'proportional',
      },
      'USD',
    );
    const expense = expenseAnswer(
      { 'u-alice': 3000 },
      { 'u-alice': 1000, 'u-bob': 2000 },
      { expense_type: 'shared', split: { method: 'itemized', itemized, people: [] } },
    );
    render(
      <AddExpenseModal
        tripId="t1"
        participants={PEOPLE}
        userId="u-alice"
        expense={expense}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Itemized' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Bob ×2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAYERS_MUST_ADD_UP, SHARES_EXCEED_AMOUNT } from '@wayfare/contract';
import { participant } from '../../test-support/people';
import { stubApi } from '../../test-support/stubApi';
import { ExpenseFormModal } from './ExpenseFormModal';

const PEOPLE = [participant('Alice'), participant('Bob'), participant('Carol')];
const EXPENSES = 'POST /api/trip-split/trips/t1/expenses';

function renderForm() {
  const onClose = vi.fn();
  render(
    <ExpenseFormModal tripId="t1" participants={PEOPLE} userId="u-alice" expense={null} onClose={onClose} />,
  );
  return onClose;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));

describe('ExpenseFormModal', () => {
  it('asks for a title, then a valid amount, and sends nothing until both are given', async () => {
    const requests = stubApi({});
    renderForm();
    expect(screen.getByRole('dialog', { name: 'Add Expense' })).toBeVisible();
    await submit();
    expect(await screen.findByText('Title is required')).toBeVisible();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Dinner');
    await submit();
    expect(await screen.findByText('Enter a valid amount')).toBeVisible();
    expect(requests).toEqual([]);
  });

  it('sends a group expense split equally, paid by the signed-in user by default, and closes', async () => {
    const requests = stubApi({ [EXPENSES]: { status: 201, body: {} } });
    const onClose = renderForm();
    expect(screen.getByLabelText('Paid by')).toHaveDisplayValue('Alice Doe');
    await userEvent.type(screen.getByLabelText(/^Title/), ' Dinner ');
    await userEvent.type(screen.getByLabelText(/^Amount/), '30');
    await userEvent.click(screen.getByRole('radio', { name: 'Group (split equally)' }));
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({ title: 'Dinner', paid_by: 'u-alice', expense_type: 'group' });
    expect(requests[0]?.body).not.toHaveProperty('splits');
  });

  it('custom split: asks what each non-payer owes, and refuses amounts owed above the expense', async () => {
    const requests = stubApi({ [EXPENSES]: { status: 201, body: {} } });
    const onClose = renderForm();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Taxi');
    await userEvent.type(screen.getByLabelText(/^Amount/), '30');
    await userEvent.click(screen.getByRole('radio', { name: 'Shared (custom split)' }));
    // The payer owes nothing to themselves: only the others have a row.
    expect(screen.queryByLabelText('Amount owed by Alice Doe')).toBeNull();
    await userEvent.type(screen.getByLabelText('Amount owed by Bob Doe'), '40');
    await submit();
    expect(await screen.findByText(SHARES_EXCEED_AMOUNT)).toBeVisible();
    expect(requests).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Amount owed by Bob Doe'));
    await userEvent.type(screen.getByLabelText('Amount owed by Bob Doe'), '10');
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({
      expense_type: 'shared',
      // Exact dollar text, as the forms send every amount (read by the browser's locale).
      splits: [{ user_id: 'u-bob', amount: '10.00' }],
    });
  });

  it('moves the rows with the payer: the new payer has none, the old one gets one', async () => {
    stubApi({});
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Shared (custom split)' }));
    await userEvent.selectOptions(screen.getByLabelText('Paid by'), 'Bob Doe');
    expect(screen.queryByLabelText('Amount owed by Bob Doe')).toBeNull();
    expect(screen.getByLabelText('Amount owed by Alice Doe')).toBeVisible();
  });

  it('several payers: each part typed, left to assign shown live, saved only once it reaches 0', async () => {
    const requests = stubApi({ [EXPENSES]: { status: 201, body: {} } });
    const onClose = renderForm();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Dinner');
    await userEvent.type(screen.getByLabelText(/^Amount/), '90.01');
    // Keyboard only: the toggle is a labelled checkbox.
    screen.getByRole('checkbox', { name: 'Several people paid' }).focus();
    await userEvent.keyboard(' ');
    expect(screen.queryByRole('combobox', { name: 'Paid by' })).toBeNull();
    expect(screen.getByText('Left to assign: $90.01')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Paid by Bob Doe'), '60');
    await userEvent.type(screen.getByLabelText('Paid by Carol Doe'), '40');
    expect(screen.getByText('$9.99 more than the amount')).toBeVisible();
    await submit();
    expect(await screen.findByText(PAYERS_MUST_ADD_UP)).toBeVisible();
    expect(requests).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Paid by Carol Doe'));
    await userEvent.type(screen.getByLabelText('Paid by Carol Doe'), '30.01');
    expect(screen.getByText('All $90.01 assigned')).toBeVisible();
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({
      paid_by: 'u-bob',
      payers: [
        { user_id: 'u-bob', amount: '60.00' },
        { user_id: 'u-carol', amount: '30.01' },
      ],
    });
  });

  it("shows the server's refusal and stays open", async () => {
    stubApi({ [EXPENSES]: { status: 403, body: { error: 'You are not a member of this trip' } } });
    const onClose = renderForm();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Dinner');
    await userEvent.type(screen.getByLabelText(/^Amount/), '30');
    await submit();
    expect(await screen.findByText('You are not a member of this trip')).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });
});

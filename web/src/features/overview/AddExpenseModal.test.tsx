import { screen } from '@testing-library/react';
import { render } from '../../test-support/render';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSUPPORTED_RECEIPT } from '@wayfare/contract';
import {
  ADD_EXPENSE,
  HOME_CURRENCY_NOW_EUROS,
  chooseReceipt,
  homeCurrencyChangesToEuros,
  inGerman,
} from '../../test-support/expenseForms';
import { dinnerForThree, euroDinnerPaidByTwo } from '../../test-support/expenses';
import { participant } from '../../test-support/people';
import { stubApi } from '../../test-support/stubApi';
import { AddExpenseModal } from './AddExpenseModal';

const PEOPLE = [participant('Alice'), participant('Bob'), participant('Carol')];

function renderModal() {
  const onClose = vi.fn();
  render(<AddExpenseModal tripId="t1" participants={PEOPLE} userId="u-alice" onClose={onClose} />);
  return onClose;
}

const addButton = () => screen.getByRole('button', { name: 'Add Expense' });

async function fillBasics(title: string, amount: string) {
  await userEvent.type(screen.getByLabelText(/^Title/), title);
  await userEvent.type(screen.getByLabelText(/^Amount/), amount);
}

describe('AddExpenseModal', () => {
  it('keeps Add Expense disabled with the required-fields message until title and amount are given', async () => {
    renderModal();
    expect(
      screen.getByText('Please fill in all required fields (title, amount, and who paid)'),
    ).toBeVisible();
    expect(addButton()).toBeDisabled();
    await fillBasics('Dinner', '30');
    expect(screen.getByText('Split adds up to $30.00')).toBeVisible();
    expect(screen.getAllByText('$10.00')).toHaveLength(3);
    expect(addButton()).toBeEnabled();
  });

  it('equal split without the payer: the others share the whole amount', async () => {
    renderModal();
    await fillBasics('Dinner', '30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include payer' }));
    expect(screen.getAllByText('$15.00')).toHaveLength(2);
    expect(screen.getByText('Split adds up to $30.00')).toBeVisible();
  });

  it('selected people: asks for at least one', async () => {
    renderModal();
    await fillBasics('Dinner', '30');
    await userEvent.click(screen.getByRole('radio', { name: 'Selected people' }));
    for (const name of ['Alice Doe', 'Bob Doe', 'Carol Doe']) {
      const box = screen.getByRole('checkbox', { name });
      if ((box as HTMLInputElement).checked) await userEvent.click(box);
    }
    expect(screen.getByText('Select at least one participant')).toBeVisible();
    expect(addButton()).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bob Doe' }));
    expect(screen.getByText('Split adds up to $30.00')).toBeVisible();
  });

  it('percentages: asks for them', async () => {
    renderModal();
    await fillBasics('Dinner', '30');
    await userEvent.click(screen.getByRole('radio', { name: 'Percentages' }));
    expect(screen.getByText('Enter percentages for participants')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Percentage for Alice Doe'), '50');
    await userEvent.type(screen.getByLabelText('Percentage for Bob Doe'), '50');
    expect(screen.getByText('Split adds up to $30.00')).toBeVisible();
    expect(addButton()).toBeEnabled();
  });

  it('custom amounts must add up to the total, then the shares are sent', async () => {
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderModal();
    await fillBasics('Taxi', '30');
    await userEvent.click(screen.getByRole('radio', { name: 'Custom amounts' }));
    expect(screen.getByText('Enter custom amounts')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Amount for Alice Doe'), '10');
    await userEvent.type(screen.getByLabelText('Amount for Bob Doe'), '5');
    expect(screen.getByText('Split does not add up to total yet')).toBeVisible();
    expect(screen.getByText('So far $15.00 is assigned.')).toBeVisible();
    expect(addButton()).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Amount for Carol Doe'), '15');
    expect(addButton()).toBeEnabled();
    await userEvent.click(addButton());
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({
      expense_type: 'shared',
      participants: [
        // Exact dollar text, as the forms send every amount (read by the browser's locale).
        { user_id: 'u-alice', share_amount: '10.00' },
        { user_id: 'u-bob', share_amount: '5.00' },
        { user_id: 'u-carol', share_amount: '15.00' },
      ],
    });
  });

  it('several payers: Add Expense stays disabled until what each paid adds up to the amount', async () => {
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderModal();
    await fillBasics('Dinner', '30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Several people paid' }));
    expect(screen.getByText('Enter what each person paid')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Paid by Alice Doe'), '10');
    expect(screen.getByText('Left to assign: $20.00')).toBeVisible();
    expect(screen.getByText('What each person paid must add up to the amount exactly')).toBeVisible();
    expect(addButton()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Paid by Carol Doe'), '20');
    expect(screen.getByText('All $30.00 assigned')).toBeVisible();
    expect(addButton()).toBeEnabled();
    await userEvent.click(addButton());
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({
      paid_by: 'u-alice',
      payers: [
        { user_id: 'u-alice', amount: '10.00' },
        { user_id: 'u-carol', amount: '20.00' },
      ],
    });
  });

  it('says so when the expense cannot be created', async () => {
    stubApi({ [ADD_EXPENSE]: { status: 400, body: { error: 'Amount is too large' } } });
    const onClose = renderModal();
    await fillBasics('Dinner', '30');
    await userEvent.click(addButton());
    expect(await screen.findByText('Amount is too large')).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('AddExpenseModal: locale, receipts and foreign payers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('custom amounts with a decimal comma in de-DE must add up, then go as exact dot-decimal text', async () => {
    inGerman();
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderModal();
    await fillBasics('Taxi', '15,38');
    await userEvent.click(screen.getByRole('radio', { name: 'Custom amounts' }));
    await userEvent.type(screen.getByLabelText('Amount for Alice Doe'), '10,38');
    expect(screen.getByText('Split does not add up to total yet')).toBeVisible();
    expect(screen.getByText(/^So far 10,38\s\$ is assigned\.$/)).toBeVisible();
    await userEvent.type(screen.getByLabelText('Amount for Bob Doe'), '5');
    expect(screen.getByText(/^Split adds up to 15,38\s\$$/)).toBeVisible();
    await userEvent.click(addButton());
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({
      amount: '15.38',
      split: {
        method: 'custom',
        people: [
          { user_id: 'u-alice', amount: '10.38' },
          { user_id: 'u-bob', amount: '5.00' },
          { user_id: 'u-carol', amount: '0.00' },
        ],
      },
    });
  });

  it("says the trip's home currency changed under the save and keeps the entries to save again", async () => {
    const requests = stubApi(homeCurrencyChangesToEuros());
    const onClose = renderModal();
    await fillBasics('Taxi', '30');
    await userEvent.click(addButton());
    expect(await screen.findByText(HOME_CURRENCY_NOW_EUROS)).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Taxi');
    expect(screen.getByLabelText('Amount ($)')).toHaveValue('30');
    expect(await screen.findByDisplayValue('0.92')).toHaveAccessibleName('Rate (EUR per 1 USD)');

    await userEvent.click(addButton());
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.filter((r) => r.method === 'POST')[1]?.body).toMatchObject({
      amount: '30.00',
      currency: 'USD',
    });
  });

  it('attaches a receipt chosen while adding once the expense exists', async () => {
    const created = dinnerForThree();
    const requests = stubApi({
      [ADD_EXPENSE]: { status: 201, body: { expense: created } },
      'PUT /api/trip-split/expenses/e1/receipt': { body: { expense: created } },
    });
    const onClose = renderModal();
    await fillBasics('Dinner', '30');
    await chooseReceipt(new File(['%PDF'], 'bill.pdf', { type: 'application/pdf' }));
    await userEvent.click(addButton());
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      ADD_EXPENSE,
      'PUT /api/trip-split/expenses/e1/receipt',
    ]);
  });

  it('refuses a receipt of another type as soon as it is chosen, and adds the expense without it', async () => {
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderModal();
    await fillBasics('Dinner', '30');
    await chooseReceipt(new File(['zip'], 'bill.zip', { type: 'application/zip' }), { anyType: true });
    expect(screen.getByText(UNSUPPORTED_RECEIPT)).toBeVisible();
    await userEvent.click(addButton());
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests).toHaveLength(1);
  });

  it('edits a euro expense of a dollar trip paid by two: their parts prefilled in euros', async () => {
    const dinner = euroDinnerPaidByTwo();
    render(
      <AddExpenseModal
        tripId="t1"
        participants={PEOPLE}
        userId="u-alice"
        expense={dinner}
        home="USD"
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Paid by Alice Doe')).toHaveDisplayValue('60.00');
    expect(screen.getByLabelText('Paid by Bob Doe')).toHaveDisplayValue('30.01');
    expect(screen.getByText('All €90.01 assigned')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });
});

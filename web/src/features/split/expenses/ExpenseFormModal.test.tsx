import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYERS_MUST_ADD_UP, SHARES_EXCEED_AMOUNT } from '@wayfare/contract';
import {
  ADD_EXPENSE,
  HOME_CURRENCY_NOW_EUROS,
  chooseReceipt,
  homeCurrencyChangesToEuros,
  inGerman,
  renderExpenseForm,
} from '../../../test-support/expenseForms';
import { dinnerForThree, euroDinnerPaidByTwo } from '../../../test-support/expenses';
import { stubApi } from '../../../test-support/stubApi';

const RECEIPT = '/api/trip-split/expenses/e1/receipt';

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));

describe('ExpenseFormModal', () => {
  it('asks for a title, then a valid amount, and sends nothing until both are given', async () => {
    const requests = stubApi({});
    renderExpenseForm();
    expect(screen.getByRole('dialog', { name: 'Add Expense' })).toBeVisible();
    await submit();
    expect(await screen.findByText('Title is required')).toBeVisible();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Dinner');
    await submit();
    expect(await screen.findByText('Enter a valid amount')).toBeVisible();
    expect(requests).toEqual([]);
  });

  it('sends a group expense split equally, paid by the signed-in user by default, and closes', async () => {
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderExpenseForm();
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
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderExpenseForm();
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
    renderExpenseForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Shared (custom split)' }));
    await userEvent.selectOptions(screen.getByLabelText('Paid by'), 'Bob Doe');
    expect(screen.queryByLabelText('Amount owed by Bob Doe')).toBeNull();
    expect(screen.getByLabelText('Amount owed by Alice Doe')).toBeVisible();
  });

  it('several payers: each part typed, left to assign shown live, saved only once it reaches 0', async () => {
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderExpenseForm();
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
    stubApi({ [ADD_EXPENSE]: { status: 403, body: { error: 'You are not a member of this trip' } } });
    const onClose = renderExpenseForm();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Dinner');
    await userEvent.type(screen.getByLabelText(/^Amount/), '30');
    await submit();
    expect(await screen.findByText('You are not a member of this trip')).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ExpenseFormModal: locale, server rules, receipts and foreign payers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads amounts with a decimal comma in de-DE and sends exact dot-decimal text', async () => {
    inGerman();
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderExpenseForm();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Kaffee');
    await userEvent.type(screen.getByLabelText(/^Amount/), '15,38');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Several people paid' }));
    await userEvent.type(screen.getByLabelText('Paid by Alice Doe'), '10,38');
    expect(screen.getByText(/^Left to assign: 5,00\s\$$/)).toBeVisible();
    await userEvent.type(screen.getByLabelText('Paid by Bob Doe'), '5');
    expect(screen.getByText(/^All 15,38\s\$ assigned$/)).toBeVisible();
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({
      amount: '15.38',
      payers: [
        { user_id: 'u-alice', amount: '10.38' },
        { user_id: 'u-bob', amount: '5.00' },
      ],
    });
  });

  it("refuses what the server's body schema refuses, at the field, with its words", async () => {
    const requests = stubApi({});
    renderExpenseForm();
    await userEvent.click(screen.getByLabelText(/^Title/));
    await userEvent.paste('x'.repeat(201));
    await userEvent.type(screen.getByLabelText(/^Amount/), '30');
    await submit();
    expect(await screen.findByText('Title must be at most 200 characters')).toBeVisible();
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Title/)).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it("says the trip's home currency changed under the save, keeps the entries, shows them converted, and saves again", async () => {
    const requests = stubApi(homeCurrencyChangesToEuros());
    const onClose = renderExpenseForm({ home: 'USD' });
    await userEvent.type(screen.getByLabelText(/^Title/), 'Taxi');
    await userEvent.type(screen.getByLabelText(/^Amount/), '30');
    await submit();
    expect(await screen.findByText(HOME_CURRENCY_NOW_EUROS)).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    // Nothing typed is lost: the dollars stay dollars, now with their rate to the trip's euros.
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Taxi');
    expect(screen.getByLabelText('Amount ($)')).toHaveValue('30');
    expect(await screen.findByDisplayValue('0.92')).toHaveAccessibleName('Rate (EUR per 1 USD)');
    expect(screen.getByText("= €27.60 in the trip's currency")).toBeVisible();

    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const adds = requests.filter((r) => r.method === 'POST');
    expect(adds[0]?.body).toMatchObject({ title: 'Taxi', amount: '30.00', currency: 'USD' });
    expect(adds[1]?.body).toMatchObject({ title: 'Taxi', amount: '30.00', currency: 'USD' });
  });

  it('attaches a receipt chosen while adding, right after the expense is created; a failed upload keeps the expense and offers a retry', async () => {
    let uploads = 0;
    const created = dinnerForThree();
    const requests = stubApi({
      [ADD_EXPENSE]: { status: 201, body: { expense: created } },
      [`PUT ${RECEIPT}`]: () =>
        ++uploads === 1
          ? { status: 400, body: { error: 'The upload was cut off' } }
          : { status: 200, body: { expense: created } },
    });
    const onClose = renderExpenseForm();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Dinner');
    await userEvent.type(screen.getByLabelText(/^Amount/), '30');
    await chooseReceipt(new File(['jpeg'], 'bill.jpg', { type: 'image/jpeg' }));
    expect(screen.getByText(/^bill\.jpg, .*: attached once the expense is added\.$/)).toBeVisible();
    await submit();
    expect(
      await screen.findByText(
        'The expense was added, but its receipt could not be attached: The upload was cut off',
      ),
    ).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([ADD_EXPENSE, `PUT ${RECEIPT}`]);

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    // The expense was created once; only the upload was sent again.
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      ADD_EXPENSE,
      `PUT ${RECEIPT}`,
      `PUT ${RECEIPT}`,
    ]);
    expect(requests[2]?.body).toMatchObject({ receipt: expect.any(File) });
  });

  it('edits a euro expense of a dollar trip paid by two: their parts prefilled in euros, all assigned', async () => {
    const dinner = euroDinnerPaidByTwo();
    const requests = stubApi({ 'PUT /api/trip-split/expenses/e1': { body: { expense: dinner } } });
    const onClose = renderExpenseForm({ expense: dinner, home: 'USD' });
    expect(screen.getByLabelText(/^Amount/)).toHaveDisplayValue('90.01');
    expect(screen.getByLabelText('Paid by Alice Doe')).toHaveDisplayValue('60.00');
    expect(screen.getByLabelText('Paid by Bob Doe')).toHaveDisplayValue('30.01');
    expect(screen.getByText('All €90.01 assigned')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({
      currency: 'EUR',
      amount: '90.01',
      payers: [
        { user_id: 'u-alice', amount: '60.00' },
        { user_id: 'u-bob', amount: '30.01' },
      ],
    });
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYERS_MUST_ADD_UP, SHARES_EXCEED_AMOUNT } from '@wayfare/contract';
import { expenseAnswer } from '../../test-support/expenses';
import { participant } from '../../test-support/people';
import { stubApi } from '../../test-support/stubApi';
import { ExpenseFormModal } from './ExpenseFormModal';

const PEOPLE = [participant('Alice'), participant('Bob'), participant('Carol')];
const EXPENSES = 'POST /api/trip-split/trips/t1/expenses';
const RECEIPT = '/api/trip-split/expenses/e1/receipt';

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

describe('ExpenseFormModal: locale, server rules, receipts and foreign payers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads amounts with a decimal comma in de-DE and sends exact dot-decimal text', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    const requests = stubApi({ [EXPENSES]: { status: 201, body: {} } });
    const onClose = renderForm();
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
    renderForm();
    await userEvent.click(screen.getByLabelText(/^Title/));
    await userEvent.paste('x'.repeat(201));
    await userEvent.type(screen.getByLabelText(/^Amount/), '30');
    await submit();
    expect(await screen.findByText('Title must be at most 200 characters')).toBeVisible();
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Title/)).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it('attaches a receipt chosen while adding, right after the expense is created; a failed upload keeps the expense and offers a retry', async () => {
    let uploads = 0;
    const created = expenseAnswer({ 'u-alice': 3000 }, { 'u-alice': 1000, 'u-bob': 1000, 'u-carol': 1000 });
    const requests = stubApi({
      [EXPENSES]: { status: 201, body: { expense: created } },
      [`PUT ${RECEIPT}`]: () =>
        ++uploads === 1
          ? { status: 400, body: { error: 'The upload was cut off' } }
          : { status: 200, body: { expense: created } },
    });
    const onClose = renderForm();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Dinner');
    await userEvent.type(screen.getByLabelText(/^Amount/), '30');
    await userEvent.upload(
      screen.getByLabelText('Receipt file'),
      new File(['jpeg'], 'bill.jpg', { type: 'image/jpeg' }),
    );
    expect(screen.getByText(/^bill\.jpg, .*: attached once the expense is added\.$/)).toBeVisible();
    await submit();
    expect(
      await screen.findByText(
        'The expense was added, but its receipt could not be attached: The upload was cut off',
      ),
    ).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([EXPENSES, `PUT ${RECEIPT}`]);

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    // The expense was created once; only the upload was sent again.
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      EXPENSES,
      `PUT ${RECEIPT}`,
      `PUT ${RECEIPT}`,
    ]);
    expect(requests[2]?.body).toMatchObject({ receipt: expect.any(File) });
  });

  it('edits a euro expense of a dollar trip paid by two: their parts prefilled in euros, all assigned', async () => {
    // 90.01 EUR at 1.1 USD per EUR: 99.01 USD, paid 60.00 EUR (66.00 USD) and 30.01 EUR (33.01 USD).
    const dinner = expenseAnswer(
      { 'u-alice': 6600, 'u-bob': 3301 },
      { 'u-alice': 3301, 'u-bob': 3300, 'u-carol': 3300 },
      {
        currency: 'EUR',
        original_amount_minor: 9001,
        original_amount: 90.01,
        rate: '1.1',
        rate_source: 'ecb',
        rate_date: '2027-04-09',
      },
    );
    const requests = stubApi({ 'PUT /api/trip-split/expenses/e1': { body: { expense: dinner } } });
    const onClose = vi.fn();
    render(
      <ExpenseFormModal
        tripId="t1"
        participants={PEOPLE}
        userId="u-alice"
        expense={dinner}
        home="USD"
        onClose={onClose}
      />,
    );
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

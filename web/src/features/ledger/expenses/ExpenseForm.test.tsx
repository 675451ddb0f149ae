import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PAYERS_MUST_ADD_UP,
  SHARES_EXCEED_AMOUNT,
  UNSUPPORTED_RECEIPT,
  itemizedView,
} from '@wayfare/contract';
import {
  ADD_EXPENSE,
  HOME_CURRENCY_NOW_EUROS,
  chooseReceipt,
  homeCurrencyChangesToEuros,
  inGerman,
  renderExpenseForm,
} from '@/test-support/expenseForms';
import { dinnerForThree, euroDinnerPaidByTwo, expenseAnswer } from '@/test-support/expenses';
import { addLine, unassigned } from '@/test-support/itemizedLines';
import { participant } from '@/test-support/people';
import { stubApi } from '@/test-support/stubApi';
import type { ExpenseFormVariant } from './ExpenseForm';

const RECEIPT = '/api/trip-split/expenses/e1/receipt';

const addButton = () => screen.getByRole('button', { name: 'Add Expense' });
const submit = () => userEvent.click(addButton());

/** Add Expense pressed, and the form closed by its save. */
async function savedAndClosed(onClose: () => void) {
  await submit();
  await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
}

async function fillBasics(title: string, amount: string) {
  await userEvent.type(screen.getByLabelText(/^Title/), title);
  await userEvent.type(screen.getByLabelText(/^Amount/), amount);
}

/** The overview card's form (spec §5's add-expense modal). */
const renderOverviewForm = (options: Parameters<typeof renderExpenseForm>[0] = {}) =>
  renderExpenseForm({ variant: 'overview', ...options });

/** A refusal of the add, in the server's words, as each screen's tests have it. */
const REFUSAL: Record<ExpenseFormVariant, { status: number; error: string }> = {
  'split-page': { status: 403, error: 'You are not a member of this trip' },
  overview: { status: 400, error: 'Amount is too large' },
};

describe.each<ExpenseFormVariant>(['split-page', 'overview'])('ExpenseForm opened from the %s', (variant) => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the server's refusal and stays open", async () => {
    const { status, error } = REFUSAL[variant];
    stubApi({ [ADD_EXPENSE]: { status, body: { error } } });
    const onClose = renderExpenseForm({ variant });
    await fillBasics('Dinner', '30');
    await submit();
    expect(await screen.findByText(error)).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says the trip's home currency changed under the save, keeps the entries, shows them converted, and saves again", async () => {
    const requests = stubApi(homeCurrencyChangesToEuros());
    const onClose = renderExpenseForm({ variant, home: 'USD' });
    await fillBasics('Taxi', '30');
    await submit();
    expect(await screen.findByText(HOME_CURRENCY_NOW_EUROS)).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    // Nothing typed is lost: the dollars stay dollars, now with their rate to the trip's euros.
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Taxi');
    expect(screen.getByLabelText('Amount ($)')).toHaveValue('30');
    expect(await screen.findByDisplayValue('0.92')).toHaveAccessibleName('Rate (EUR per 1 USD)');
    expect(screen.getByText("= €27.60 in the trip's currency")).toBeVisible();

    await savedAndClosed(onClose);
    const adds = requests.filter((r) => r.method === 'POST');
    expect(adds[0]?.body).toMatchObject({ title: 'Taxi', amount: '30.00', currency: 'USD' });
    expect(adds[1]?.body).toMatchObject({ title: 'Taxi', amount: '30.00', currency: 'USD' });
  });

  it('edits a euro expense of a dollar trip paid by two: their parts prefilled in euros, all assigned', async () => {
    const dinner = euroDinnerPaidByTwo();
    const requests = stubApi({ 'PUT /api/trip-split/expenses/e1': { body: { expense: dinner } } });
    const onClose = renderExpenseForm({ variant, expense: dinner, home: 'USD' });
    expect(screen.getByLabelText(/^Amount/)).toHaveDisplayValue('90.01');
    expect(screen.getByLabelText('Paid by Alice Doe')).toHaveDisplayValue('60.00');
    expect(screen.getByLabelText('Paid by Bob Doe')).toHaveDisplayValue('30.01');
    expect(screen.getByText('All €90.01 assigned')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
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

  it('attaches a receipt chosen while adding once the expense exists', async () => {
    const created = dinnerForThree();
    const requests = stubApi({
      [ADD_EXPENSE]: { status: 201, body: { expense: created } },
      [`PUT ${RECEIPT}`]: { body: { expense: created } },
    });
    const onClose = renderExpenseForm({ variant });
    await fillBasics('Dinner', '30');
    await chooseReceipt(new File(['%PDF'], 'bill.pdf', { type: 'application/pdf' }));
    await savedAndClosed(onClose);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([ADD_EXPENSE, `PUT ${RECEIPT}`]);
  });
});

describe('ExpenseForm opened from the split page (the simple form)', () => {
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
    await fillBasics(' Dinner ', '30');
    await userEvent.click(screen.getByRole('radio', { name: 'Group (split equally)' }));
    await savedAndClosed(onClose);
    expect(requests[0]?.body).toMatchObject({ title: 'Dinner', paid_by: 'u-alice', expense_type: 'group' });
    expect(requests[0]?.body).not.toHaveProperty('splits');
  });

  it('custom split: asks what each non-payer owes, and refuses amounts owed above the expense', async () => {
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderExpenseForm();
    await fillBasics('Taxi', '30');
    await userEvent.click(screen.getByRole('radio', { name: 'Shared (custom split)' }));
    // The payer owes nothing to themselves: only the others have a row.
    expect(screen.queryByLabelText('Amount owed by Alice Doe')).toBeNull();
    await userEvent.type(screen.getByLabelText('Amount owed by Bob Doe'), '40');
    await submit();
    expect(await screen.findByText(SHARES_EXCEED_AMOUNT)).toBeVisible();
    expect(requests).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Amount owed by Bob Doe'));
    await userEvent.type(screen.getByLabelText('Amount owed by Bob Doe'), '10');
    await savedAndClosed(onClose);
    expect(requests[0]?.body).toMatchObject({
      expense_type: 'shared',
      // Exact dollar text, as the form sends every amount (read by the browser's locale).
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
    await fillBasics('Dinner', '90.01');
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
    await savedAndClosed(onClose);
    expect(requests[0]?.body).toMatchObject({
      paid_by: 'u-bob',
      payers: [
        { user_id: 'u-bob', amount: '60.00' },
        { user_id: 'u-carol', amount: '30.01' },
      ],
    });
  });
});

describe('ExpenseForm opened from the split page: locale, server rules and receipts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads amounts with a decimal comma in de-DE and sends exact dot-decimal text', async () => {
    inGerman();
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderExpenseForm();
    await fillBasics('Kaffee', '15,38');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Several people paid' }));
    await userEvent.type(screen.getByLabelText('Paid by Alice Doe'), '10,38');
    expect(screen.getByText(/^Left to assign: 5,00\s\$$/)).toBeVisible();
    await userEvent.type(screen.getByLabelText('Paid by Bob Doe'), '5');
    expect(screen.getByText(/^All 15,38\s\$ assigned$/)).toBeVisible();
    await savedAndClosed(onClose);
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
    await fillBasics('Dinner', '30');
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
});

describe('ExpenseForm opened from an overview card (the add-expense modal)', () => {
  it('keeps Add Expense disabled with the required-fields message until title and amount are given', async () => {
    renderOverviewForm();
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
    renderOverviewForm();
    await fillBasics('Dinner', '30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include payer' }));
    expect(screen.getAllByText('$15.00')).toHaveLength(2);
    expect(screen.getByText('Split adds up to $30.00')).toBeVisible();
  });

  it('offers no "By weight" while everyone counts as one share', () => {
    renderOverviewForm();
    expect(screen.queryByRole('checkbox', { name: 'By weight' })).toBeNull();
  });

  it('splits by weight when asked: Bob counting as 2 pays half, sent with the shares shown', async () => {
    const requests = stubApi({
      [ADD_EXPENSE]: {
        body: expenseAnswer({ 'u-alice': 4000 }, { 'u-alice': 1000, 'u-bob': 2000, 'u-carol': 1000 }),
      },
    });
    const onClose = renderOverviewForm({
      participants: [participant('Alice'), participant('Bob', { weight: 2 }), participant('Carol')],
    });
    await fillBasics('Dinner', '40');
    expect(screen.getAllByText('$13.33')).toHaveLength(2);
    await userEvent.click(screen.getByRole('checkbox', { name: 'By weight' }));
    expect(screen.getByText('Bob Doe ×2')).toBeVisible();
    expect(screen.getAllByText('$10.00')).toHaveLength(2);
    expect(screen.getByText('$20.00')).toBeVisible();
    await savedAndClosed(onClose);
    expect(requests[0]?.body).toMatchObject({
      expense_type: 'shared',
      split: {
        method: 'by_shares',
        people: [
          { user_id: 'u-alice', shares: 1 },
          { user_id: 'u-bob', shares: 2 },
          { user_id: 'u-carol', shares: 1 },
        ],
      },
    });
  });

  it('selected people: asks for at least one', async () => {
    renderOverviewForm();
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
    renderOverviewForm();
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
    const onClose = renderOverviewForm();
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
    await savedAndClosed(onClose);
    expect(requests[0]?.body).toMatchObject({
      expense_type: 'shared',
      participants: [
        // Exact dollar text, as the form sends every amount (read by the browser's locale).
        { user_id: 'u-alice', share_amount: '10.00' },
        { user_id: 'u-bob', share_amount: '5.00' },
        { user_id: 'u-carol', share_amount: '15.00' },
      ],
    });
  });

  it('several payers: Add Expense stays disabled until what each paid adds up to the amount', async () => {
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderOverviewForm();
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
    await savedAndClosed(onClose);
    expect(requests[0]?.body).toMatchObject({
      paid_by: 'u-alice',
      payers: [
        { user_id: 'u-alice', amount: '10.00' },
        { user_id: 'u-carol', amount: '20.00' },
      ],
    });
  });
});

describe('ExpenseForm opened from an overview card: locale, receipts and the itemized method', () => {
  afterEach(() => vi.restoreAllMocks());

  it('custom amounts with a decimal comma in de-DE must add up, then go as exact dot-decimal text', async () => {
    inGerman();
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderOverviewForm();
    await fillBasics('Taxi', '15,38');
    await userEvent.click(screen.getByRole('radio', { name: 'Custom amounts' }));
    await userEvent.type(screen.getByLabelText('Amount for Alice Doe'), '10,38');
    expect(screen.getByText('Split does not add up to total yet')).toBeVisible();
    expect(screen.getByText(/^So far 10,38\s\$ is assigned\.$/)).toBeVisible();
    await userEvent.type(screen.getByLabelText('Amount for Bob Doe'), '5');
    expect(screen.getByText(/^Split adds up to 15,38\s\$$/)).toBeVisible();
    await savedAndClosed(onClose);
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

  it('refuses a receipt of another type as soon as it is chosen, and adds the expense without it', async () => {
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderOverviewForm();
    await fillBasics('Dinner', '30');
    await chooseReceipt(new File(['zip'], 'bill.zip', { type: 'application/zip' }), { anyType: true });
    expect(screen.getByText(UNSUPPORTED_RECEIPT)).toBeVisible();
    await savedAndClosed(onClose);
    expect(requests).toHaveLength(1);
  });

  it('"Itemized" beside the other methods, saved only once nothing is unassigned', async () => {
    const requests = stubApi({ [ADD_EXPENSE]: { status: 201, body: {} } });
    const onClose = renderOverviewForm();
    await fillBasics('Pizza', '20');
    await userEvent.click(screen.getByRole('radio', { name: 'Itemized' }));
    expect(screen.queryByRole('radio', { name: 'Selected people' })).toBeNull();
    await addLine(0, 'Margherita', '12', ['Alice', 'Carol']);
    expect(addButton()).toBeDisabled();
    expect(screen.getByText('Assign what is left before saving')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: 'Equally' }));
    await userEvent.type(screen.getByLabelText('Service'), '8');
    expect(unassigned()).toHaveTextContent('Unassigned: $0.00');
    await savedAndClosed(onClose);
    expect(requests[0]?.body).toMatchObject({
      split: { method: 'itemized', extras: [{ kind: 'service', amount: '8.00' }], extras_by: 'equal' },
    });
    expect(requests[0]?.body).not.toHaveProperty('participants');
  });

  it('edit: the itemized method chosen, the shares of a line kept (Bob ×2)', () => {
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
    renderOverviewForm({ expense });
    expect(screen.getByRole('radio', { name: 'Itemized' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Bob ×2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });
});

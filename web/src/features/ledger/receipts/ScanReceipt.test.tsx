import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NO_TOTAL_FOUND, READ_ON_DEVICE, type ReceiptScanResponse } from '@wayfare/contract';
import { ADD_EXPENSE, renderExpenseForm } from '@/test-support/expenseForms';
import { dinnerForThree } from '@/test-support/expenses';
import { unassigned } from '@/test-support/itemizedLines';
import { stubApi } from '@/test-support/stubApi';

const SCAN = 'POST /api/trip-split/trips/t1/receipt-scan';
const photo = () => new File(['jpeg bytes'], 'dinner.jpg', { type: 'image/jpeg' });
const scanPhoto = () => userEvent.upload(screen.getByLabelText('Receipt photo to scan'), photo());

const harbourGrill: ReceiptScanResponse = {
  source: 'device',
  notices: [READ_ON_DEVICE],
  receipt: {
    merchant: 'The Harbour Grill',
    date: '2027-04-11',
    currency: 'USD',
    total: 4500,
    tax: 300,
    tip: null,
    items: [
      { name: 'Soup', amount: 1200, quantity: null },
      { name: 'Fish and chips', amount: 3000, quantity: 2 },
    ],
  },
};

describe('Scan receipt on the add form', () => {
  it('fills title, date, amount and the item lines for review, saves nothing until added, then attaches the photo', async () => {
    const requests = stubApi({
      [SCAN]: { body: harbourGrill },
      [ADD_EXPENSE]: { status: 201, body: { expense: dinnerForThree() } },
      'PUT /api/trip-split/expenses/e1/receipt': { body: { expense: dinnerForThree() } },
    });
    const onClose = renderExpenseForm();
    await scanPhoto();
    expect(
      await screen.findByText('Filled from the photo: read on this device — check the amounts.'),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Title/)).toHaveDisplayValue('The Harbour Grill');
    expect(screen.getByLabelText(/^Amount/)).toHaveDisplayValue('45.00');
    expect(screen.getByRole('checkbox', { name: 'Itemized' })).toBeChecked();
    expect(screen.getByLabelText('Price of Fish and chips')).toHaveDisplayValue('30.00');
    expect(screen.getByLabelText('Quantity of Fish and chips')).toHaveDisplayValue('2');
    expect(screen.getByLabelText('Tax')).toHaveDisplayValue('3.00');
    // The tax is spread over the lines; the lines themselves are still to assign.
    expect(unassigned()).toHaveTextContent('Unassigned: $42.00');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([SCAN]);
    expect(requests[0]?.body).toEqual({ receipt: expect.any(File) });

    // Tap who had what, then add it.
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Who had Soup' })).getByRole('button', { name: 'Bob' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tap to choose who had it' }));
    const fish = screen.getByRole('group', { name: 'Who had Fish and chips' });
    await userEvent.click(within(fish).getByRole('button', { name: 'Alice' }));
    await userEvent.click(within(fish).getByRole('button', { name: 'Carol' }));
    expect(unassigned()).toHaveTextContent('Unassigned: $0.00');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      SCAN,
      ADD_EXPENSE,
      'PUT /api/trip-split/expenses/e1/receipt',
    ]);
    expect(requests[1]?.body).toMatchObject({
      title: 'The Harbour Grill',
      amount: '45.00',
      expense_date: '2027-04-11',
      split: { method: 'itemized', extras: [{ kind: 'tax', amount: '3.00' }] },
    });
    expect((requests[2]?.body as { receipt: File }).receipt.name).toBe('dinner.jpg');
  });

  it('a scan without a total says so and leaves the form as typed', async () => {
    stubApi({
      [SCAN]: {
        body: {
          ...harbourGrill,
          notices: [NO_TOTAL_FOUND],
          receipt: { ...harbourGrill.receipt, total: null },
        },
      },
    });
    renderExpenseForm();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Lunch');
    await scanPhoto();
    expect(await screen.findByText(NO_TOTAL_FOUND)).toBeVisible();
    expect(screen.getByLabelText(/^Title/)).toHaveDisplayValue('Lunch');
    expect(screen.getByLabelText(/^Amount/)).toHaveDisplayValue('');
    expect(screen.getByRole('checkbox', { name: 'Itemized' })).not.toBeChecked();
    expect(screen.getByText(/attached once the expense is added/)).not.toHaveTextContent('dinner.jpg');
  });

  it('says when the photo could not be read, and keeps the form', async () => {
    stubApi({
      [SCAN]: {
        status: 422,
        body: { error: 'This photo could not be read. Try another photo, or a PDF of the receipt.' },
      },
    });
    renderExpenseForm();
    await scanPhoto();
    expect(await screen.findByRole('alert')).toHaveTextContent('This photo could not be read.');
    expect(screen.getByRole('button', { name: 'Scan receipt' })).toBeEnabled();
  });
});

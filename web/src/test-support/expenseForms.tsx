import { screen } from '@testing-library/react';
import { render } from './render';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { HOME_CURRENCY_CHANGED, type Expense, type Participant } from '@wayfare/contract';
import { ExpenseForm, type ExpenseFormVariant } from '@/features/ledger/expenses/ExpenseForm';
import { noExpenses } from './expenses';
import { participant } from './people';
import type { StubRoutes } from './stubApi';

/** Adding an expense to trip t1, as the stubbed API names the request. */
export const ADD_EXPENSE = 'POST /api/trip-split/trips/t1/expenses';

/** The browser's language is German for this test (the setup restores it after each test). */
export const inGerman = () => vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');

/** Chooses `file` as an expense's receipt (the add form's picker or the edit form's control); `anyType` gets a type past the picker's accept list too. */
export const chooseReceipt = (file: File, { anyType = false } = {}) =>
  userEvent.upload(screen.getByLabelText('Receipt file'), file, { applyAccept: !anyType });

/**
 * The expense form on trip t1 for Alice, as the split page opens it unless `variant` says the overview, adding (no
 * `expense`) or editing; among Alice, Bob and Carol unless `participants` says otherwise. Returns its onClose, which
 * a save calls.
 */
export function renderExpenseForm({
  variant = 'split-page',
  expense = null,
  home,
  participants = ['Alice', 'Bob', 'Carol'].map((name) => participant(name)),
}: {
  variant?: ExpenseFormVariant;
  expense?: Expense | null;
  home?: string;
  participants?: Participant[];
} = {}) {
  const onClose = vi.fn();
  render(
    <ExpenseForm
      variant={variant}
      tripId="t1"
      participants={participants}
      userId="u-alice"
      expense={expense}
      home={home}
      onClose={onClose}
    />,
  );
  return onClose;
}

/**
 * The API while another member changes trip t1's home currency from dollars to euros: the first add is refused
 * (409), the trip's ledger now answers in euros, a dollar is 0.92 euros, and the next add is stored.
 */
export function homeCurrencyChangesToEuros(): StubRoutes {
  let adds = 0;
  return {
    [ADD_EXPENSE]: () =>
      ++adds === 1 ? { status: 409, body: { error: HOME_CURRENCY_CHANGED } } : { status: 201, body: {} },
    'GET /api/trip-split/trips/t1/expenses': { body: noExpenses({ home_currency: 'EUR' }) },
    'GET /api/rates': {
      body: { from: 'USD', to: 'EUR', rate: '0.92', source: 'ecb', rate_date: '2027-04-09' },
    },
  };
}

/** What an expense form says once the save was refused because the trip's home currency became euros. */
export const HOME_CURRENCY_NOW_EUROS =
  "The trip's home currency changed to EUR while this expense was being saved, so it was not saved. " +
  'Your entries are kept: check the amounts, now converted to EUR, and save again.';

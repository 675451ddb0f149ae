import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { Expense, Participant } from '@wayfare/contract';
import { ExpenseFormModal } from '../features/split/ExpenseFormModal';
import { participant } from './people';

/** Adding an expense to trip t1, as the stubbed API names the request. */
export const ADD_EXPENSE = 'POST /api/trip-split/trips/t1/expenses';

/** The browser's language is German for this test (the setup restores it after each test). */
export const inGerman = () => vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');

/** Chooses `file` as an expense's receipt (the add form's picker or the edit form's control); `anyType` gets a type past the picker's accept list too. */
export const chooseReceipt = (file: File, { anyType = false } = {}) =>
  userEvent.upload(screen.getByLabelText('Receipt file'), file, { applyAccept: !anyType });

/**
 * The split page's expense form on trip t1 for Alice, adding (no `expense`) or editing; among Alice, Bob and Carol
 * unless `participants` says otherwise. Returns its onClose, which a save calls.
 */
export function renderExpenseForm({
  expense = null,
  home,
  participants = ['Alice', 'Bob', 'Carol'].map((name) => participant(name)),
}: { expense?: Expense | null; home?: string; participants?: Participant[] } = {}) {
  const onClose = vi.fn();
  render(
    <ExpenseFormModal
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

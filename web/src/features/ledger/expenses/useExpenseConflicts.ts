import { useState } from 'react';
import type { Expense, ExpenseBodyInput, ExpenseConflict } from '@wayfare/contract';
import { errorMessage } from '@/shared/api';
import { combinedBody, expenseConflictOf } from './expenseConflict';
import type { ExpenseConflictDialogProps } from './ExpenseConflictDialog';
import { useShowCurrentExpense, useUpdateExpense } from './expenseMutations';

/** A refused save waiting for the person's choice: yours, and the version it was made on. */
interface Pending {
  conflict: ExpenseConflict;
  mine: ExpenseBodyInput;
  opened: Expense;
  busy: boolean;
  error: string | null;
}

/**
 * An edit's saves, each made on the version it was opened on (or last chose to build on): a save someone else's
 * change refused is kept, never lost nor written over theirs, until the person chooses in the conflict dialog.
 * `bodyOf` is the body the form would send for a stored expense, to compare versions field by field.
 */
export function useExpenseConflicts(
  expense: Expense | null,
  bodyOf: (stored: Expense) => ExpenseBodyInput | null,
  onClose: () => void,
) {
  const update = useUpdateExpense();
  const showCurrent = useShowCurrentExpense();
  const [pending, setPending] = useState<Pending | null>(null);

  /** Saves `body` made on `opened`; false when it was refused for a newer version (the dialog then shows). */
  async function saveOn(body: ExpenseBodyInput, opened: Expense): Promise<boolean> {
    try {
      await update.mutateAsync({ id: opened.id, body, version: opened.version });
      return true;
    } catch (error) {
      const conflict = expenseConflictOf(error);
      if (!conflict) throw error;
      setPending({ conflict, mine: body, opened, busy: false, error: null });
      return false;
    }
  }

  /** Sends the chosen body on their version; closes once saved. */
  async function resolve(current: Pending, body: ExpenseBodyInput) {
    setPending({ ...current, busy: true, error: null });
    try {
      if (await saveOn(body, current.conflict.expense)) {
        setPending(null);
        onClose();
      }
    } catch (error) {
      setPending({ ...current, busy: false, error: errorMessage(error, 'Failed to save expense') });
    }
  }

  let dialog: Omit<ExpenseConflictDialogProps, 'participants'> | null = null;
  if (pending) {
    const { conflict, mine, opened, busy, error } = pending;
    const theirs = bodyOf(conflict.expense) ?? mine;
    const before = bodyOf(opened) ?? theirs;
    const combined = combinedBody(before, mine, theirs);
    dialog = {
      conflict,
      opened: before,
      theirs,
      mine,
      combined,
      busy,
      error,
      onKeepMine: () => void resolve(pending, mine),
      onTakeTheirs: () => {
        showCurrent(conflict.expense);
        setPending(null);
        onClose();
      },
      onCombine: () => void (combined && resolve(pending, combined)),
    };
  }

  return {
    /** Saves an edit of `expense`; false when it waits for the person's choice. */
    save: (body: ExpenseBodyInput) => (expense ? saveOn(body, expense) : Promise.resolve(true)),
    dialog,
  };
}

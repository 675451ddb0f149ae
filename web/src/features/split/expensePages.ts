import {
  DEFAULT_HOME_CURRENCY,
  EXPENSE_PAGE_DEFAULT,
  EXPENSE_PAGE_MAX,
  type Expense,
  type ExpensesResponse,
} from '@wayfare/contract';

/** The expenses a screen has loaded so far, page by page, and the trip-wide figures of the latest answer. */
export interface ExpensePages {
  data: Expense[];
  error: string | null;
  next_cursor: string | null;
  expense_count: number;
  total_expenses_cents: number;
  your_share_cents: number;
  /** The currency of every amount of the trip's ledger. */
  home_currency: string;
}

export const NO_EXPENSES: ExpensePages = {
  data: [],
  error: null,
  next_cursor: null,
  expense_count: 0,
  total_expenses_cents: 0,
  your_share_cents: 0,
  home_currency: DEFAULT_HOME_CURRENCY,
};

/**
 * How many expenses a live refetch asks for: as many as are shown (so 'Load more' pages stay in view; a new one
 * on top moves the oldest behind 'Load more' again), at least one page, at most what one answer holds.
 */
export const refetchLimit = (shown: number) =>
  Math.min(EXPENSE_PAGE_MAX, Math.max(EXPENSE_PAGE_DEFAULT, shown));

/** A first-page (re)fetch replaces what is shown. */
export const firstPage = (answer: ExpensesResponse): ExpensePages => ({
  data: answer.expenses,
  error: null,
  next_cursor: answer.next_cursor,
  expense_count: answer.expense_count,
  total_expenses_cents: answer.total_expenses_cents,
  your_share_cents: answer.your_share_cents,
  home_currency: answer.home_currency ?? DEFAULT_HOME_CURRENCY,
});

/**
 * A 'Load more' answer extends the list only if it continues what is shown now (a live refetch may have replaced
 * the list meanwhile: then it is dropped); rows already shown are not repeated.
 */
export function appendPage(current: ExpensePages, cursor: string, answer: ExpensesResponse): ExpensePages {
  if (current.next_cursor !== cursor) return current;
  const shown = new Set(current.data.map((e) => e.id));
  return {
    ...firstPage(answer),
    data: [...current.data, ...answer.expenses.filter((e) => !shown.has(e.id))],
  };
}

import type { InfiniteData } from '@tanstack/react-query';
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

/** What one page is asked with: `limit` rows (the server's page without), after `cursor` when given. */
export interface ExpensePageParam {
  limit?: number;
  cursor?: string;
}

/**
 * How many expenses a live refetch asks for: as many as are shown (so 'Load more' pages stay in view; a new one
 * on top moves the oldest behind 'Load more' again), at least one page, at most what one answer holds.
 */
export const refetchLimit = (shown: number) =>
  Math.min(EXPENSE_PAGE_MAX, Math.max(EXPENSE_PAGE_DEFAULT, shown));

/**
 * The pages of the expense query as one list: rows in page order, none repeated (a row a write moved across a page
 * boundary between two 'Load more's shows once), the trip-wide figures and the cursor of the latest page.
 */
export function flattenPages(pages: readonly ExpensesResponse[]): ExpensePages {
  const last = pages.at(-1);
  if (!last) return NO_EXPENSES;
  const seen = new Set<string>();
  const data = pages.flatMap((page) =>
    page.expenses.filter((expense) => !seen.has(expense.id) && Boolean(seen.add(expense.id))),
  );
  return {
    data,
    error: null,
    next_cursor: last.next_cursor,
    expense_count: last.expense_count,
    total_expenses_cents: last.total_expenses_cents,
    your_share_cents: last.your_share_cents,
    home_currency: last.home_currency ?? DEFAULT_HOME_CURRENCY,
  };
}

/**
 * Before a live refetch: the pages shown folded into one that shows the same, whose refetch asks for as many rows
 * as are shown (refetchLimit) in one request. Refetching the pages one by one would cost a request per page.
 */
export function collapseExpensePages(
  data: InfiniteData<ExpensesResponse, unknown>,
): InfiniteData<ExpensesResponse, unknown> {
  const last = data.pages.at(-1);
  if (!last) return data;
  if (data.pages.length === 1)
    return { pages: data.pages, pageParams: [{ limit: refetchLimit(last.expenses.length) }] };
  const merged = flattenPages(data.pages);
  return {
    pages: [{ ...last, expenses: merged.data }],
    pageParams: [{ limit: refetchLimit(merged.data.length) }],
  };
}

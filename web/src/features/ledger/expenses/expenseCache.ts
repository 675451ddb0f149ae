import type { InfiniteData } from '@tanstack/react-query';
import type { Expense, ExpensesResponse } from '@wayfare/contract';

/** The expense query's cache: keyset pages, newest first (undefined before its first read). */
export type ExpenseCache = InfiniteData<ExpensesResponse, unknown> | undefined;

/**
 * Your own write as the cache shows it at once, before the refetch it triggers answers. Only the rows move here;
 * the trip-wide money figures stay the server's (the refetch brings them), the count follows the rows.
 */
const eachPage = (data: ExpenseCache, change: (page: ExpensesResponse, index: number) => ExpensesResponse) =>
  data && { ...data, pages: data.pages.map(change) };

/** A created expense on top of the first page (the newest first), counted once; already there, it is replaced. */
export function withCreatedExpense(data: ExpenseCache, created: Expense): ExpenseCache {
  if (data?.pages.some((page) => page.expenses.some((expense) => expense.id === created.id)))
    return withSavedExpense(data, created);
  return eachPage(data, (page, index) => ({
    ...page,
    expenses: index === 0 ? [created, ...page.expenses] : page.expenses,
    expense_count: page.expense_count + 1,
  }));
}

/** An edited expense (or one whose receipt changed) in place of the row it was. */
export const withSavedExpense = (data: ExpenseCache, saved: Expense): ExpenseCache =>
  eachPage(data, (page) => ({
    ...page,
    expenses: page.expenses.map((expense) => (expense.id === saved.id ? saved : expense)),
  }));

/** A deleted expense gone from whichever page showed it, counted out once. */
export function withoutExpense(data: ExpenseCache, id: string): ExpenseCache {
  if (!data?.pages.some((page) => page.expenses.some((expense) => expense.id === id))) return data;
  return eachPage(data, (page) => ({
    ...page,
    expenses: page.expenses.filter((expense) => expense.id !== id),
    expense_count: Math.max(0, page.expense_count - 1),
  }));
}

import { describe, expect, it } from 'vitest';
import type { Expense, ExpensesResponse } from '@wayfare/contract';
import { expenseAnswer, noExpenses } from '@/test-support/expenses';
import { withCreatedExpense, withSavedExpense, withoutExpense, type ExpenseCache } from './expenseCache';

const expense = (id: string, title = id): Expense =>
  expenseAnswer({ 'u-alice': 100 }, { 'u-alice': 100 }, { id, title });
const pages = (...lists: string[][]): ExpenseCache => ({
  pages: lists.map((ids): ExpensesResponse =>
    noExpenses({ expenses: ids.map((id) => expense(id)), expense_count: 3 }),
  ),
  pageParams: lists.map(() => ({})),
});
const ids = (data: ExpenseCache) => data?.pages.map((page) => page.expenses.map((row) => row.id));

describe('the expense cache after your own write', () => {
  it('puts a created expense on top of the first page and counts it on every page', () => {
    const data = withCreatedExpense(pages(['b', 'c'], ['d']), expense('a'));
    expect(ids(data)).toEqual([['a', 'b', 'c'], ['d']]);
    expect(data?.pages.map((page) => page.expense_count)).toEqual([4, 4]);
  });

  it('does not show or count a created expense twice (a refetch brought it already)', () => {
    const data = withCreatedExpense(pages(['a', 'b']), expense('a', 'Renamed'));
    expect(ids(data)).toEqual([['a', 'b']]);
    expect(data?.pages[0]?.expense_count).toBe(3);
    expect(data?.pages[0]?.expenses[0]?.title).toBe('Renamed');
  });

  it('replaces a saved expense in whichever page shows it, leaving the others as they were', () => {
    const before = pages(['a'], ['b', 'c']);
    const data = withSavedExpense(before, expense('c', 'Edited'));
    expect(ids(data)).toEqual([['a'], ['b', 'c']]);
    expect(data?.pages[1]?.expenses[1]?.title).toBe('Edited');
    expect(data?.pages[0]?.expenses[0]).toBe(before?.pages[0]?.expenses[0]);
  });

  it('removes a deleted expense and counts it out once; an unknown id changes nothing', () => {
    const before = pages(['a', 'b'], ['c']);
    const data = withoutExpense(before, 'b');
    expect(ids(data)).toEqual([['a'], ['c']]);
    expect(data?.pages.map((page) => page.expense_count)).toEqual([2, 2]);
    expect(withoutExpense(before, 'zz')).toBe(before);
  });

  it('leaves a cache that was never read empty', () => {
    expect(withCreatedExpense(undefined, expense('a'))).toBeUndefined();
    expect(withSavedExpense(undefined, expense('a'))).toBeUndefined();
    expect(withoutExpense(undefined, 'a')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { Expense, ExpensesResponse } from '@wayfare/contract';
import { NO_EXPENSES, collapseExpensePages, flattenPages, refetchLimit } from './expensePages';

const expense = (id: string) => ({ id, title: id }) as Expense;
const answer = (ids: string[], next: string | null, count = 9): ExpensesResponse => ({
  expenses: ids.map(expense),
  next_cursor: next,
  expense_count: count,
  total_expenses_cents: count * 100,
  total_expenses: count,
  your_share_cents: count * 10,
});

describe('expense pages', () => {
  it('refetches what is shown, at least a page and at most what one answer holds', () => {
    expect([0, 3, 50, 120, 200, 5000].map(refetchLimit)).toEqual([50, 50, 50, 120, 200, 200]);
  });

  it('shows the pages as one list with the latest figures and cursor, each row once', () => {
    expect(flattenPages([])).toBe(NO_EXPENSES);
    const shown = flattenPages([answer(['a', 'b'], 'c1'), answer(['b', 'c', 'd'], null, 10)]);
    expect(shown.data.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(shown).toMatchObject({ error: null, next_cursor: null, expense_count: 10, your_share_cents: 100 });
  });

  it('folds the pages shown into one before a live refetch, which then asks for as many rows in one request', () => {
    const pages = [answer(['a', 'b'], 'c1'), answer(['c'], 'c2', 10)];
    const folded = collapseExpensePages({ pages, pageParams: [{}, { cursor: 'c1' }] });
    expect(folded.pageParams).toEqual([{ limit: 50 }]);
    expect(folded.pages).toHaveLength(1);
    expect(flattenPages(folded.pages)).toEqual(flattenPages(pages)); // the same on screen
    const many = answer(
      Array.from({ length: 120 }, (_, i) => `e${i}`),
      'c3',
    );
    expect(collapseExpensePages({ pages: [many], pageParams: [{}] }).pageParams).toEqual([{ limit: 120 }]);
  });
});

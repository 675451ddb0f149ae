import { describe, expect, it } from 'vitest';
import type { Expense, ExpensesResponse } from '@wayfare/contract';
import { NO_EXPENSES, appendPage, firstPage, refetchLimit } from './expensePages';

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

  it('replaces on a first page and appends a continuation with the latest figures', () => {
    const shown = firstPage(answer(['a', 'b'], 'c1'));
    expect(shown).toEqual({
      ...NO_EXPENSES,
      data: [expense('a'), expense('b')],
      next_cursor: 'c1',
      expense_count: 9,
      total_expenses_cents: 900,
      your_share_cents: 90,
    });
    const more = appendPage(shown, 'c1', answer(['b', 'c', 'd'], null, 10));
    expect(more.data.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(more).toMatchObject({ next_cursor: null, expense_count: 10, your_share_cents: 100 });
  });

  it('drops a continuation of a list a live refetch has replaced meanwhile', () => {
    const refetched = firstPage(answer(['z', 'a'], 'c2'));
    expect(appendPage(refetched, 'c1', answer(['c'], null))).toBe(refetched);
  });
});

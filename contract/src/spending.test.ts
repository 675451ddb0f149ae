import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  budgetBodySchema,
  CATEGORIES_EXCEED_BUDGET,
  guideTotalPerPersonUsdCents,
  suggestedBudgetUsdCents,
} from './budget';
import { budgetPaceOf, budgetPlanOf, spendingOf, tripDaysOf } from './spending';
import { EXPENSE_CATEGORIES } from './ledger';

const days = tripDaysOf('2027-04-10', '2027-04-16');

describe('spending at a glance', () => {
  it('lists each trip day once, in order', () => {
    expect(days).toEqual([
      '2027-04-10',
      '2027-04-11',
      '2027-04-12',
      '2027-04-13',
      '2027-04-14',
      '2027-04-15',
      '2027-04-16',
    ]);
    expect(tripDaysOf(null, '2027-04-16')).toEqual([]);
    expect(tripDaysOf('2027-04-16', '2027-04-10')).toEqual([]);
  });

  it('breaks the spending down by day and by category, each adding up to the total exactly', () => {
    const expense = fc.record({
      amount_minor: fc.integer({ min: 1, max: 1_000_000_000 }),
      category: fc.constantFrom(...EXPENSE_CATEGORIES),
      expense_date: fc.constantFrom(...days, '2027-04-01', '2027-05-01'),
    });
    fc.assert(
      fc.property(fc.array(expense, { maxLength: 60 }), (expenses) => {
        const summary = spendingOf(expenses, days);
        const total = expenses.reduce((sum, e) => sum + e.amount_minor, 0);
        expect(summary.spent_minor).toBe(total);
        const byDay = summary.by_day.reduce((sum, d) => sum + d.spent_minor, 0);
        expect(byDay + summary.outside_days_minor).toBe(total);
        expect(summary.by_category.reduce((sum, c) => sum + c.spent_minor, 0)).toBe(total);
        expect(summary.by_day.map((d) => d.date)).toEqual(days);
        const spent = summary.by_category.map((c) => c.spent_minor);
        expect(spent).toEqual([...spent].sort((a, b) => b - a));
      }),
    );
  });

  it('shows a category with a budget and no spending yet', () => {
    const summary = spendingOf([], days, { food: 5000 });
    expect(summary.by_category).toEqual([{ category: 'food', spent_minor: 0, budget_minor: 5000 }]);
  });

  it('spreads a total budget over the days and a daily one over the trip', () => {
    expect(budgetPlanOf({ kind: 'total', amount_minor: 70001, categories: { food: 7000 } }, 7)).toEqual({
      total_minor: 70001,
      per_day_minor: 10000,
      categories: { food: 7000 },
    });
    expect(budgetPlanOf({ kind: 'per_day', amount_minor: 10000, categories: { food: 3000 } }, 7)).toEqual({
      total_minor: 70000,
      per_day_minor: 10000,
      categories: { food: 21000 },
    });
    expect(budgetPlanOf({ kind: 'per_day', amount_minor: 10000, categories: { food: 3000 } }, 0)).toEqual({
      total_minor: null,
      per_day_minor: 10000,
      categories: {},
    });
  });

  it('tells day four of seven: spent so far against the budget, time gone, and the pace to the end', () => {
    const spending = spendingOf(
      [
        { amount_minor: 62000, category: 'food', expense_date: '2027-04-11' },
        { amount_minor: 62000, category: 'accommodation', expense_date: '2027-04-10' },
      ],
      days,
    );
    const plan = budgetPlanOf({ kind: 'total', amount_minor: 200000, categories: {} }, days.length);
    expect(budgetPaceOf(spending, plan, '2027-04-13')).toEqual({
      trip_days: 7,
      days_gone: 4,
      spent_minor: 124000,
      projected_minor: 217000,
      spent_percent: 62,
      time_percent: 57,
      projected_percent: 109,
    });
    expect(budgetPaceOf(spending, plan, '2027-04-01')).toMatchObject({ days_gone: 0, projected_minor: null });
    expect(budgetPaceOf(spending, plan, '2027-06-01')).toMatchObject({
      days_gone: 7,
      projected_minor: 124000,
    });
    expect(budgetPaceOf(spending, null, '2027-04-13')).toMatchObject({
      spent_percent: null,
      time_percent: 57,
    });
  });
});

describe('budget', () => {
  it('takes minor units, optional categories that fit in the budget', () => {
    expect(budgetBodySchema.parse({ kind: 'total', amount_minor: 100000 })).toEqual({
      kind: 'total',
      amount_minor: 100000,
      categories: {},
    });
    const over = budgetBodySchema.safeParse({ kind: 'total', amount_minor: 100, categories: { food: 101 } });
    expect(over.error?.issues[0]?.message).toBe(CATEGORIES_EXCEED_BUDGET);
    for (const bad of [
      { kind: 'total', amount_minor: 10.5 },
      { kind: 'total', amount_minor: 0 },
      { kind: 'monthly', amount_minor: 100 },
      { kind: 'total', amount_minor: 100, categories: { spa: 5 } },
      { kind: 'total', amount_minor: 100, extra: 1 },
    ]) {
      expect(budgetBodySchema.safeParse(bad).success).toBe(false);
    }
  });

  it("reads the guide's total per person in US dollars", () => {
    const offline = [
      'Estimated spend per person for 5 days on a moderate budget, in US dollars, flights excluded:',
      '- Accommodation: about $110 a night × 4 nights',
      '- Total: about $1,400 per person',
    ].join('\n');
    expect(guideTotalPerPersonUsdCents(offline)).toBe(140000);
    expect(guideTotalPerPersonUsdCents('Total: roughly US$ 812.5 each')).toBe(81250);
    expect(guideTotalPerPersonUsdCents('Total: about €900 per person')).toBeNull();
    expect(guideTotalPerPersonUsdCents('Food: $50 a day')).toBeNull();
  });

  it('suggests the guide total × people, else the budget choice × days × people', () => {
    expect(
      suggestedBudgetUsdCents({ guideBudget: 'Total: $1,000', budget_range: 'Luxury', days: 3, people: 2 }),
    ).toMatchObject({ cents: 200000, basis: 'guide' });
    expect(
      suggestedBudgetUsdCents({ guideBudget: 'No figures', budget_range: 'Moderate', days: 3, people: 2 }),
    ).toMatchObject({ cents: 120000, basis: 'budget-choice' });
    expect(
      suggestedBudgetUsdCents({ guideBudget: null, budget_range: 'No limit', days: 3, people: 2 }),
    ).toBeNull();
    expect(
      suggestedBudgetUsdCents({ guideBudget: null, budget_range: 'Moderate', days: null, people: 2 }),
    ).toBeNull();
  });
});

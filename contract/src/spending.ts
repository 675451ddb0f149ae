/**
 * "At a glance": where the money went — by category, by trip day, by person — and how the spending
 * compares with the budget so far and at the current pace. Integer minor units of the trip's home currency
 * throughout; every breakdown adds up to the total spent exactly.
 */
import type { BudgetCategories, BudgetKind } from './budget';
import { EXPENSE_CATEGORIES, type ExpenseCategory } from './ledger';
import { addDays, daysBetween, MAX_TRIP_DAYS } from './trip-views';

export interface SpendingByDay {
  /** yyyy-MM-dd, one entry per trip day in order. */
  date: string;
  spent_minor: number;
}

export interface SpendingByCategory {
  category: ExpenseCategory;
  spent_minor: number;
  /** The category's budget for the whole trip; null without one. */
  budget_minor: number | null;
}

export interface SpendingByPerson {
  user_id: string;
  first_name: string;
  last_name: string;
  left: boolean;
  /** What they paid (their payer parts). */
  paid_minor: number;
  /** What they owe (their shares). */
  share_minor: number;
}

/** The spending of a trip's whole ledger, as GET /budget answers it. */
export interface SpendingSummary {
  spent_minor: number;
  /** One entry per trip day (none without both dates). */
  by_day: SpendingByDay[];
  /** Spent on dates outside the trip's days (all of it when the trip has no dates). */
  outside_days_minor: number;
  /** Every category that has spending or a budget, the largest spending first. */
  by_category: SpendingByCategory[];
  /** Everyone who paid or owes, the largest payer first. */
  by_person: SpendingByPerson[];
}

/** The budget as the charts compare with it: the whole trip's amount, a day's, and each category's for the trip. */
export interface BudgetPlan {
  /** Null for a daily budget on a trip without dates (its length is unknown). */
  total_minor: number | null;
  /** Null for a total budget on a trip without dates. */
  per_day_minor: number | null;
  categories: BudgetCategories;
}

/** The trip's days, yyyy-MM-dd, in order; none without both dates (or with an end before the start). */
export function tripDaysOf(start: string | null, end: string | null): string[] {
  if (!start || !end) return [];
  const count = daysBetween(start, end) + 1;
  if (count < 1) return [];
  return Array.from({ length: Math.min(count, MAX_TRIP_DAYS) }, (_, i) => addDays(start, i));
}

/** A budget spread over the trip's `days` (0 when it has no dates). A daily amount's day is rounded down. */
export function budgetPlanOf(
  budget: { kind: BudgetKind; amount_minor: number; categories: BudgetCategories },
  days: number,
): BudgetPlan {
  const scale = (amount: number) => (budget.kind === 'total' ? amount : amount * days);
  const categories: BudgetCategories = {};
  if (budget.kind === 'total' || days > 0) {
    for (const category of EXPENSE_CATEGORIES) {
      const amount = budget.categories[category];
      if (amount !== undefined) categories[category] = scale(amount);
    }
  }
  if (budget.kind === 'per_day') {
    return {
      total_minor: days > 0 ? budget.amount_minor * days : null,
      per_day_minor: budget.amount_minor,
      categories,
    };
  }
  return {
    total_minor: budget.amount_minor,
    per_day_minor: days > 0 ? Math.floor(budget.amount_minor / days) : null,
    categories,
  };
}

/** An expense as the glance sums it. */
export type SpentExpense = { amount_minor: number; category: ExpenseCategory; expense_date: string };

/** By day and by category, from the trip's expenses; `people` is added by the caller (it needs names). */
export function spendingOf(
  expenses: Iterable<SpentExpense>,
  days: readonly string[],
  categoryBudgets: BudgetCategories = {},
): Omit<SpendingSummary, 'by_person'> {
  const byDay = new Map(days.map((date) => [date, 0]));
  const byCategory = new Map<ExpenseCategory, number>();
  let spent = 0;
  let outside = 0;
  for (const { amount_minor, category, expense_date } of expenses) {
    spent += amount_minor;
    byCategory.set(category, (byCategory.get(category) ?? 0) + amount_minor);
    const day = byDay.get(expense_date);
    if (day === undefined) outside += amount_minor;
    else byDay.set(expense_date, day + amount_minor);
  }
  const by_category = EXPENSE_CATEGORIES.filter(
    (category) => byCategory.has(category) || categoryBudgets[category] !== undefined,
  )
    .map((category) => ({
      category,
      spent_minor: byCategory.get(category) ?? 0,
      budget_minor: categoryBudgets[category] ?? null,
    }))
    .sort((a, b) => b.spent_minor - a.spent_minor);
  return {
    spent_minor: spent,
    by_day: [...byDay].map(([date, spent_minor]) => ({ date, spent_minor })),
    outside_days_minor: outside,
    by_category,
  };
}

/** How far the trip and its spending are on `today` (the viewer's local date), against the budget plan. */
export interface BudgetPace {
  trip_days: number;
  /** Trip days up to and including today, 0 before the trip, all of them after it. */
  days_gone: number;
  /** Spent so far (everything recorded), and at this pace by the trip's end (null before the trip or without dates). */
  spent_minor: number;
  projected_minor: number | null;
  /** Whole percents; null without a budget total (or without dates, for time). */
  spent_percent: number | null;
  time_percent: number | null;
  projected_percent: number | null;
}

const percentOf = (part: number, whole: number | null) =>
  whole === null || whole <= 0 ? null : Math.round((part * 100) / whole);

export function budgetPaceOf(
  spending: Pick<SpendingSummary, 'spent_minor' | 'by_day'>,
  plan: BudgetPlan | null,
  today: string,
): BudgetPace {
  const days = spending.by_day.length;
  const first = spending.by_day[0]?.date;
  const gone = first === undefined ? 0 : Math.min(days, Math.max(0, daysBetween(first, today) + 1));
  const projected =
    gone === 0
      ? null
      : gone >= days
        ? spending.spent_minor
        : Math.round((spending.spent_minor * days) / gone);
  const total = plan?.total_minor ?? null;
  return {
    trip_days: days,
    days_gone: gone,
    spent_minor: spending.spent_minor,
    projected_minor: projected,
    spent_percent: percentOf(spending.spent_minor, total),
    time_percent: days === 0 ? null : Math.round((gone * 100) / days),
    projected_percent: projected === null ? null : percentOf(projected, total),
  };
}

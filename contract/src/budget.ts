/**
 * The trip budget: a total or per-day amount in the trip's home currency (integer minor units), optional
 * per category, and what the budget can be prefilled with. Shared by the API (bodies, answers) and the web app.
 */
import { z } from 'zod';
import { MAX_MINOR } from './money';
import { BUDGET_OPTIONS, type BudgetOption } from './question-flow';
import { EXPENSE_CATEGORIES, type ExpenseCategory } from './ledger';

export const BUDGET_KINDS = ['total', 'per_day'] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];

export const CATEGORIES_EXCEED_BUDGET = 'The category budgets add up to more than the budget';

const budgetAmount = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of minor units` })
    .int(`${label} must be a whole number of minor units`)
    .positive(`${label} must be more than 0`)
    .max(MAX_MINOR, `${label} is too large`);

export const budgetCategoriesSchema = z.partialRecord(
  z.enum(EXPENSE_CATEGORIES),
  budgetAmount('A category budget'),
);
export type BudgetCategories = Partial<Record<ExpenseCategory, number>>;

/**
 * PUT /trip-split/trips/{tripId}/budget: the whole budget, replacing the one before. `amount_minor` and each category
 * are in the trip's home currency's minor units, for the whole trip (`total`) or each trip day (`per_day`).
 */
export const budgetBodySchema = z
  .strictObject({
    kind: z.enum(BUDGET_KINDS, { error: 'Choose a total or a daily budget' }),
    amount_minor: budgetAmount('The budget'),
    categories: budgetCategoriesSchema.default({}),
  })
  .refine((body) => sumValues(body.categories) <= body.amount_minor, {
    message: CATEGORIES_EXCEED_BUDGET,
    path: ['categories'],
  });
export type BudgetBody = z.output<typeof budgetBodySchema>;

const sumValues = (categories: BudgetCategories) =>
  Object.values(categories).reduce<number>((sum, value) => sum + (value ?? 0), 0);

/** A budget as stored and answered: its amounts in the trip's home currency. */
export interface TripBudget {
  kind: BudgetKind;
  amount_minor: number;
  categories: BudgetCategories;
  updated_at: string;
  /** Who set it last; null for a budget written without a member (none today). */
  updated_by: string | null;
}

/**
 * What the budget form starts from when the trip has none (docs/api.md, "Budget, money at a glance and activity history"): the AI guide's own
 * per-person total when it states one in US dollars, else the question flow's budget choice from DAILY_BUDGET_USD;
 * either times the number of people (and days, for the table), converted to the home currency at the bundled
 * reference rate.
 */
export interface BudgetSuggestion {
  kind: 'total';
  amount_minor: number;
  basis: 'guide' | 'budget-choice';
  /** One sentence saying how the figure was made, shown beside it. */
  explanation: string;
}

/**
 * Spend per person per day in US dollars for each question-flow budget choice: the offline guide's daily figures
 * (stay at a shared room's price, food, local transport, activities), rounded. "No limit" suggests nothing.
 */
export const DAILY_BUDGET_USD: Record<BudgetOption, number | null> = {
  'Budget-friendly': 75,
  Moderate: 200,
  Luxury: 570,
  'No limit': null,
};

const isBudgetOption = (value: string | null): value is BudgetOption =>
  (BUDGET_OPTIONS as readonly string[]).includes(value ?? '');

/**
 * The guide's stated total per person, in whole US cents, from its budget section: a line naming a "total" with a
 * dollar figure ("- Total: about $1,234 per person"). Null when the section states none, or not in dollars.
 */
export function guideTotalPerPersonUsdCents(budgetSection: string): number | null {
  for (const line of budgetSection.split('\n')) {
    if (!/\btotal\b/i.test(line)) continue;
    const figure = /(?:US\$|\$)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/.exec(line);
    if (!figure) continue;
    const whole = Number((figure[1] as string).replaceAll(',', ''));
    const cents = Number((figure[2] ?? '0').padEnd(2, '0'));
    const total = whole * 100 + cents;
    return total > 0 && total <= MAX_MINOR ? total : null;
  }
  return null;
}

/**
 * The prefill in US cents before conversion, and how it was made: the guide's total × people, else the budget
 * choice's daily figure × days × people (days need both trip dates). Null when neither applies.
 */
export function suggestedBudgetUsdCents(trip: {
  guideBudget: string | null;
  budget_range: string | null;
  days: number | null;
  people: number;
}): { cents: number; basis: BudgetSuggestion['basis']; explanation: string } | null {
  const people = Math.max(1, trip.people);
  const perPerson = trip.guideBudget === null ? null : guideTotalPerPersonUsdCents(trip.guideBudget);
  if (perPerson !== null) {
    return {
      cents: Math.min(perPerson * people, MAX_MINOR),
      basis: 'guide',
      explanation: `The AI guide's estimated total per person × ${people} ${people === 1 ? 'person' : 'people'}.`,
    };
  }
  const daily = isBudgetOption(trip.budget_range) ? DAILY_BUDGET_USD[trip.budget_range] : null;
  if (daily === null || trip.days === null || trip.days < 1) return null;
  return {
    cents: Math.min(daily * 100 * trip.days * people, MAX_MINOR),
    basis: 'budget-choice',
    explanation: `“${trip.budget_range}” at about US$${daily} a day per person × ${trip.days} ${
      trip.days === 1 ? 'day' : 'days'
    } × ${people} ${people === 1 ? 'person' : 'people'}.`,
  };
}

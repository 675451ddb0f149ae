/**
 * The budget's answer: the budget (budget.ts) beside the spending it is compared with (spending.ts), which itself
 * reads the budget's kinds and categories.
 */
import type { BudgetSuggestion, TripBudget } from './budget';
import type { BudgetPlan, SpendingSummary } from './spending';

/**
 * GET /trip-split/trips/{tripId}/budget (and PUT's answer): the budget set, the prefill, and the trip's spending
 * against the budget the charts use — the one set, else the suggestion (`plan_source` says which).
 */
export interface BudgetResponse {
  budget: TripBudget | null;
  suggestion: BudgetSuggestion | null;
  home_currency: string;
  plan: BudgetPlan | null;
  plan_source: 'set' | 'suggested' | null;
  spending: SpendingSummary;
}

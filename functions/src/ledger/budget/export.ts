import { stringify } from 'csv-stringify/sync';
import { EXPENSE_CATEGORIES, minorToDecimalText, minorUnits, type TripBudget } from '@wayfare/contract';

/**
 * The trip budget at the end of the CSV export, after a blank line (only when one is set, so a ledger without a
 * budget exports exactly as before): "Budget", total or per day, the currency and the amount, then one row per
 * category budget. The Splitwise import reads only expense rows up to its "Total balance" line.
 */
export function budgetCsv(budget: TripBudget | null, home: string): string {
  if (!budget) return '';
  const amount = (minor: number) => minorToDecimalText(minor, minorUnits(home));
  const per = budget.kind === 'total' ? 'total' : 'per day';
  return stringify([
    [],
    ['Budget', per, home, amount(budget.amount_minor)],
    ...EXPENSE_CATEGORIES.flatMap((category) => {
      const minor = budget.categories[category];
      return minor === undefined ? [] : [[`Budget: ${category}`, per, home, amount(minor)]];
    }),
  ]);
}

/** The budget as the JSON export carries it: its amounts in the home currency's minor units; null without one. */
export const budgetJson = (budget: TripBudget | null) =>
  budget && {
    kind: budget.kind,
    amount_minor: budget.amount_minor,
    categories: budget.categories,
    updated_at: budget.updated_at,
    updated_by: budget.updated_by,
  };

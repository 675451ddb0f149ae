import { splitByShares, splitCustom, splitEqual, splitPercent, sumMinor } from '../money';
import type { ItemizedSplit } from '../itemized';

export const EXPENSE_CATEGORIES = [
  'food',
  'transport',
  'accommodation',
  'entertainment',
  'shopping',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const DEFAULT_EXPENSE_CATEGORY: ExpenseCategory = 'food';

/** personal: the payer bears it all; group: equal among all participants; shared: custom per non-payer. */
export const EXPENSE_TYPES = ['personal', 'group', 'shared'] as const;
export type ExpenseType = (typeof EXPENSE_TYPES)[number];
export const DEFAULT_EXPENSE_TYPE: ExpenseType = 'group';

/**
 * How a split was decided, kept beside the computed cents so an edit can keep it or re-apply it: equal (the
 * remainder on the last person), custom amounts (a mismatch with the total adjusted onto the last person),
 * percentages (normalised, rounding onto the last person), whole shares (by_shares: in proportion, rounding onto
 * the last person; a person's shares default to their participant weight) or personal (the payer bears it all).
 * The simple form's types map onto them: group and shared-without-amounts are equal, shared with amounts is custom
 * with the payer last (bearing the rest), personal is personal.
 */
export const SPLIT_METHODS = ['equal', 'custom', 'percent', 'personal', 'itemized', 'by_shares'] as const;
export type SplitMethod = (typeof SPLIT_METHODS)[number];

/**
 * A split as stored: the people in order, each with their weight: cents for custom and itemized (each person's
 * total), a percentage for percent, whole shares for by_shares, null for equal and personal. An itemized split
 * keeps its items and extras in the minor units of `currency`, the one the expense was paid in (itemized.ts).
 */
export interface StoredSplit {
  method: SplitMethod;
  people: Array<{ user_id: string; weight: number | null }>;
  itemized?: ItemizedSplit & { currency: string };
}

/** The split to store: each person's total in home minor units (the decided custom split's), and the items. */
export const itemizedStored = (
  decided: StoredSplit,
  itemized: ItemizedSplit,
  currency: string,
): StoredSplit => ({ method: 'itemized', people: decided.people, itemized: { ...itemized, currency } });

/**
 * The stored split applied to a total: each person's share in cents, in the split's order, or null when it cannot
 * be applied (no people; custom amounts that would leave the last person below zero; percentages or shares
 * without a positive total).
 */
export function applySplit(totalMinor: number, split: StoredSplit): number[] | null {
  const weights = split.people.map((p) => p.weight ?? 0);
  switch (split.method) {
    case 'personal':
      return split.people.length === 1 ? [totalMinor] : null;
    case 'equal':
      return split.people.length > 0 ? splitEqual(totalMinor, split.people.length) : null;
    case 'custom':
      return splitCustom(totalMinor, weights);
    case 'percent':
      return splitPercent(totalMinor, weights);
    case 'by_shares':
      return splitByShares(totalMinor, weights);
    case 'itemized':
      // What the items decided, or nothing: a new total needs the items changed to match it.
      return sumMinor(weights) === totalMinor ? weights : null;
  }
}

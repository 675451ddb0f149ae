import {
  DEFAULT_HOME_CURRENCY,
  convertParts,
  divideRates,
  minorUnits,
  normalizeRate,
  paidIn,
  type Expense,
  type ExpenseBodyInput,
} from '@wayfare/contract';

/** The currency part of an expense form: what the amounts are typed in, and the rate the member typed ('' none). */
export interface CurrencyDraft {
  /** Absent: the trip's home currency. */
  currency?: string;
  /** The member's own rate as typed; absent (never edited) or empty: the reference rate the form shows. */
  rate?: string;
  /** The trip's home currency the draft was made for (absent: US dollars). */
  home?: string;
}

export const homeOf = (draft: CurrencyDraft) => draft.home ?? DEFAULT_HOME_CURRENCY;
export const currencyOf = (draft: CurrencyDraft) => draft.currency ?? homeOf(draft);
/** The decimals amounts are typed with: the draft currency's ISO 4217 minor units. */
export const digitsOf = (draft: CurrencyDraft) => minorUnits(currencyOf(draft));
export const isForeign = (draft: CurrencyDraft) => currencyOf(draft) !== homeOf(draft);

export const RATE_FORMAT = 'Enter the rate as a number, like 0.0062';

/** A typed rate as exact text: a decimal comma (a German keyboard) read as the point; null when it is not a rate. */
export const readTypedRate = (text: string) => {
  const trimmed = text.trim();
  return normalizeRate(trimmed.includes('.') ? trimmed : trimmed.replace(',', '.'));
};

/**
 * The body's currency and rate: none for an amount in a two-decimal home currency (the request of a trip without
 * currencies, unchanged); the currency otherwise, and the member's rate when they typed one.
 */
export function currencyBody(
  draft: CurrencyDraft,
): { fields: Pick<ExpenseBodyInput, 'currency' | 'rate'> } | { error: string } {
  if (!isForeign(draft)) {
    return { fields: minorUnits(homeOf(draft)) === 2 ? {} : { currency: homeOf(draft) } };
  }
  const typed = draft.rate?.trim() ?? '';
  if (!typed) return { fields: { currency: currencyOf(draft) } };
  const rate = readTypedRate(typed);
  return rate ? { fields: { currency: currencyOf(draft), rate } } : { error: RATE_FORMAT };
}

/** An edit's currency part: the expense's currency, and its rate when it was the member's own. */
export function currencyDraftOf(expense: Expense, home: string): CurrencyDraft {
  const paid = paidIn(expense, home);
  return { home, currency: paid.currency, ...(paid.rate_source === 'member' && { rate: paid.rate }) };
}

/**
 * Amounts of an expense's home-currency split back in the currency it was paid in, for an edit form: converted at
 * the inverse of its rate, the last one taking what makes them add up to the amount paid (the remainder rule).
 */
export function partsInPaidCurrency(expense: Expense, home: string, homeParts: number[]): number[] {
  const paid = paidIn(expense, home);
  if (paid.currency === home) return homeParts;
  const inverse = divideRates('1', paid.rate) ?? '1';
  const back = convertParts(expense.amount_cents, homeParts, inverse, home, paid.currency).parts;
  const last = back.length - 1;
  if (last >= 0)
    back[last] = Math.max(0, (back[last] as number) + paid.minor - back.reduce((a, b) => a + b, 0));
  return back;
}

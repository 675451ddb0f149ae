/**
 * The expense form's draft (ExpenseForm.tsx) as typed, and the request body read from it: amounts are text in the
 * person's locale and in the draft's currency, read once here and sent as exact dot-decimal text.
 *
 * Every draft has the same basics (title, amount, date, category, who paid, the currency and its rate) and one of
 * the two splits spec §5 gives its two screens: the split page's simple form (personal, group or shared with what
 * each non-payer owes, kept as decided on an edit) and the overview's add-expense modal (equal, custom or percent
 * among everyone or selected people, the payer included or not, checked live). Both offer the itemized split.
 */
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  DEFAULT_HOME_CURRENCY,
  PAYERS_MUST_ADD_UP,
  convertParts,
  divideRates,
  expenseBodySchema,
  minorToDecimalText,
  minorUnits,
  normalizeRate,
  paidIn,
  sumMinor,
  type Expense,
  type ExpenseBodyInput,
  type ExpenseCategory,
} from '@wayfare/contract';
import { formatTypedAmount, hasTooManyDecimals, readTypedAmount } from '@/shared/forms/typed-amount';

// ---------------------------------------------------------------------------------------------------------------
// The currency: what the amounts are typed in, and the member's own rate.

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

/** The spec's refusal of an amount that is not a positive amount of money. */
export const INVALID_AMOUNT = 'Enter a valid amount';

/**
 * The refusal of the draft's typed amount: the spec's words, and the reason after them when it is a positive
 * number with more decimals than its currency has ("Enter a valid amount: JPY has no decimals").
 */
export function invalidAmount(draft: CurrencyDraft, text: string, locale: string): string {
  const digits = digitsOf(draft);
  if (!hasTooManyDecimals(text, locale, digits)) return INVALID_AMOUNT;
  const reason = digits === 0 ? 'has no decimals' : `has at most ${digits} decimals`;
  return `${INVALID_AMOUNT}: ${currencyOf(draft)} ${reason}`;
}

/** A typed rate as exact text: a decimal comma (a German keyboard) read as the point; null when it is not a rate. */
export const readTypedRate = (text: string) => {
  const trimmed = text.trim();
  return normalizeRate(trimmed.includes('.') ? trimmed : trimmed.replace(',', '.'));
};

/**
 * The body's currency, always named (an amount left to mean "the home currency" would change its meaning if the
 * home currency were changed while the form was open: $30 stored as €30), and the member's rate when they typed one.
 */
export function currencyBody(
  draft: CurrencyDraft,
): { fields: Pick<ExpenseBodyInput, 'currency' | 'rate'> } | { error: string } {
  if (!isForeign(draft)) return { fields: { currency: homeOf(draft) } };
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

// ---------------------------------------------------------------------------------------------------------------
// Who paid: one payer, or several with each one's part.

/** Who paid, as the form types it: one payer, or (several_payers) each person's part as typed text. */
export interface PayerFields {
  amount: string;
  paid_by: string;
  several_payers: boolean;
  /** By user id: what each person paid, as typed in the person's locale; blank is nothing. */
  paid: Record<string, string>;
}

export const PAYER_MESSAGES = {
  typed: 'Enter what each person paid in dollars, like 12.50',
  none: 'Enter what each person paid',
  notAddingUp: PAYERS_MUST_ADD_UP,
} as const;

export interface PayersCheck {
  /** Each payer's part in cents, in participant order, when several paid and the parts add up to the amount. */
  payers: Array<{ user_id: string; cents: number }> | null;
  /** The amount less the parts typed so far (negative when they come to more); null when it cannot be told yet. */
  leftCents: number | null;
  /** The first thing to fix before saving, or null. */
  error: string | null;
}

/**
 * The typed parts of several payers, read in `locale`, paid_by's first (the form keeps it the first payer, see
 * firstPayer): blank and zero parts are nobody's, and the rest must add up to the amount exactly. One payer
 * (several_payers off) needs no check.
 */
export function checkPayers(fields: PayerFields, locale: string, digits = 2): PayersCheck {
  if (!fields.several_payers) return { payers: null, leftCents: null, error: null };
  const total = readTypedAmount(fields.amount, locale, digits);
  const parts: Array<{ user_id: string; cents: number }> = [];
  const typed = Object.entries(fields.paid).sort(
    ([a], [b]) => Number(b === fields.paid_by) - Number(a === fields.paid_by),
  );
  for (const [user_id, raw] of typed) {
    const text = raw.trim();
    if (!text) continue;
    const cents = readTypedAmount(text, locale, digits);
    if (cents === null) return { payers: null, leftCents: null, error: PAYER_MESSAGES.typed };
    if (cents > 0) parts.push({ user_id, cents });
  }
  const leftCents = total === null ? null : total - sumMinor(parts.map((p) => p.cents));
  if (parts.length === 0) return { payers: null, leftCents, error: PAYER_MESSAGES.none };
  if (leftCents !== 0) return { payers: null, leftCents, error: PAYER_MESSAGES.notAddingUp };
  return { payers: parts, leftCents, error: null };
}

/** The first person with a part typed, in participant order (`everyone`): the expense's paid_by while several paid. */
export function firstPayer(
  paid: PayerFields['paid'],
  everyone: readonly string[],
  locale: string,
  digits = 2,
) {
  return everyone.find((id) => (readTypedAmount(paid[id] ?? '', locale, digits) ?? 0) > 0);
}

/** Who paid in a request body: paid_by alone, or the checked parts (paid_by then is the first of them). */
export function payersBody(
  fields: PayerFields,
  check: PayersCheck,
  digits = 2,
): Pick<ExpenseBodyInput, 'paid_by' | 'payers'> {
  if (!check.payers) return { paid_by: fields.paid_by };
  return {
    paid_by: (check.payers[0] as { user_id: string }).user_id,
    payers: check.payers.map((p) => ({ user_id: p.user_id, amount: minorToDecimalText(p.cents, digits) })),
  };
}

/**
 * Edit mode: several payers prefilled with their parts in the locale, in the currency the expense was paid in (the
 * form's amount is typed in it; the answer's parts are in the home currency, converted back as its split's custom
 * amounts are, so they add up to the amount paid); one payer leaves the parts empty.
 */
export function payerFieldsFromExpense(
  expense: Expense,
  locale: string,
  home: string = DEFAULT_HOME_CURRENCY,
): Pick<PayerFields, 'several_payers' | 'paid'> {
  if (expense.payers.length < 2) return { several_payers: false, paid: {} };
  const digits = minorUnits(paidIn(expense, home).currency);
  const parts = partsInPaidCurrency(
    expense,
    home,
    expense.payers.map((p) => p.amount_cents),
  );
  return {
    several_payers: true,
    paid: Object.fromEntries(
      expense.payers.map((p, i) => [p.user_id, formatTypedAmount(parts[i] as number, locale, digits)]),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The basics every draft has, whatever its split.

/** The fields every expense draft has, whatever the split; amounts are typed in the draft's currency. */
export interface ExpenseBasics extends CurrencyDraft, PayerFields {
  title: string;
  /** Only the split page's form shows it; the overview's keeps an edited expense's own. */
  description: string;
  expense_date: string;
  category: ExpenseCategory;
}

/** A new expense's basics: a food expense dated `today`, paid by `payer`, in the trip's home currency. */
export const emptyBasics = (today: string, payer: string, home?: string): ExpenseBasics => ({
  ...(home && { home, currency: home }),
  title: '',
  description: '',
  amount: '',
  expense_date: today,
  category: 'food',
  paid_by: payer,
  several_payers: false,
  paid: {},
});

/** Edit mode: the basics prefilled from the expense, its amount in the currency it was paid in. */
export function basicsFromExpense(
  expense: Expense,
  locale: string,
  home: string,
  currency: CurrencyDraft,
): ExpenseBasics {
  return {
    ...currency,
    title: expense.title,
    description: expense.description,
    amount: formatTypedAmount(paidIn(expense, home).minor, locale, digitsOf(currency)),
    expense_date: expense.expense_date,
    category: expense.category,
    paid_by: expense.paid_by,
    ...payerFieldsFromExpense(expense, locale, home),
  };
}

/** The basics read for a body: the amount in minor units of `digits` decimals, who paid and the currency. */
interface BasicsReading {
  total: number;
  digits: number;
  payers: PayersCheck;
  currency: Pick<ExpenseBodyInput, 'currency' | 'rate'>;
}

/** The amount, who paid and the currency read, or the first of them to fix and the field it is about. */
export function readBasics(
  draft: ExpenseBasics,
  locale: string,
): BasicsReading | { error: string; field: 'amount' | 'paid' | 'rate' } {
  const digits = digitsOf(draft);
  const total = readTypedAmount(draft.amount, locale, digits);
  if (total === null || total <= 0)
    return { error: invalidAmount(draft, draft.amount, locale), field: 'amount' };
  const payers = checkPayers(draft, locale, digits);
  if (payers.error) return { error: payers.error, field: 'paid' };
  const currency = currencyBody(draft);
  if ('error' in currency) return { error: currency.error, field: 'rate' };
  return { total, digits, payers, currency: currency.fields };
}

/** The body's basics from their reading (the description is each split's to send). */
export const basicsBody = (draft: ExpenseBasics, read: BasicsReading) => ({
  title: draft.title.trim(),
  amount: minorToDecimalText(read.total, read.digits),
  expense_date: draft.expense_date,
  category: draft.category,
  ...payersBody(draft, read.payers, read.digits),
  ...read.currency,
});

/**
 * A form's body as the server will parse it: returned when the body schema takes it, else its refusals are added to
 * the form's issues at the field each is about (`fieldOf` a body field) and the form is refused.
 */
export function checkedBody(
  body: ExpenseBodyInput,
  ctx: z.RefinementCtx,
  fieldOf: (bodyField: string) => string,
): ExpenseBodyInput {
  const parsed = expenseBodySchema.safeParse(body);
  if (parsed.success) return body;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', path: [fieldOf(String(issue.path[0] ?? ''))], message: issue.message });
  }
  return body;
}

/** Where the server's rule about a body field is shown: several payers' at theirs, the split's at `splitField`. */
export const bodyFieldOn =
  <Field extends string>(splitField: Field, splitKeys: readonly string[]) =>
  (key: string): Field =>
    (key === 'payers' ? 'paid' : splitKeys.includes(key) ? splitField : key) as Field;

// ---------------------------------------------------------------------------------------------------------------

/** What a split's own changes of the draft need of its form. */
export type DraftSetter<D extends FieldValues> = Pick<UseFormReturn<D>, 'setValue' | 'formState'>;

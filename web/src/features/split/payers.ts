import {
  PAYERS_MUST_ADD_UP,
  formatTypedAmount,
  minorToDecimalText,
  readTypedAmount,
  sumCents,
  type Expense,
  type ExpenseBodyInput,
} from '@wayfare/contract';

/** Who paid, as both expense forms type it: one payer, or (several_payers) each person's part as typed text. */
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
  const leftCents = total === null ? null : total - sumCents(parts.map((p) => p.cents));
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

/** Edit mode: several payers prefilled with their parts in the locale; one payer leaves the parts empty. */
export function payerFieldsFromExpense(
  expense: Expense,
  locale: string,
): Pick<PayerFields, 'several_payers' | 'paid'> {
  if (expense.payers.length < 2) return { several_payers: false, paid: {} };
  return {
    several_payers: true,
    paid: Object.fromEntries(
      expense.payers.map((p) => [p.user_id, formatTypedAmount(p.amount_cents, locale)]),
    ),
  };
}

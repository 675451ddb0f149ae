/** The split page's draft (spec §5's simple expense form): personal, group or shared with what each non-payer owes. */
import { z } from 'zod';
import {
  CHOOSE_PAYER,
  DEFAULT_HOME_CURRENCY,
  SHARES_EXCEED_AMOUNT,
  applySplit,
  formatMoney,
  minorToDecimalText,
  paidIn,
  sumMinor,
  type Expense,
  type ExpenseBodyInput,
  type ExpenseSplit,
  type ExpenseType,
} from '@wayfare/contract';
import { formatTypedAmount, formatTypedNumber, readTypedAmount } from '@/shared/forms/typed-amount';
import {
  type ExpenseBasics,
  basicsBody,
  basicsFromExpense,
  bodyFieldOn,
  checkedBody,
  currencyDraftOf,
  currencyOf,
  digitsOf,
  emptyBasics,
  isForeign,
  readBasics,
} from './expenseDraft';
import { type ItemizedDraft, itemizedBody, itemizedDraftFromView, readItemizedDraft } from './itemizedDraft';

// ---------------------------------------------------------------------------------------------------------------
// The split page's split (spec §5's simple expense form): personal, group, or shared with what each non-payer owes.

export interface SplitPageDraft extends ExpenseBasics {
  expense_type: ExpenseType;
  /** shared: dollars owed by each non-payer, by user id. */
  splits: Record<string, string>;
  /**
   * Edit mode, while nobody has touched the split (type, amounts owed or payer): the expense's split as it was
   * decided, which the body then leaves to the server to keep, or to re-apply when only the amount changed.
   */
  kept: ExpenseSplit | null;
  /** The "Itemized" option: the item lines the split is decided from; null or absent: off. */
  itemized?: ItemizedDraft | null;
}

export function emptySplitPageDraft(today: string, payer: string, home?: string): SplitPageDraft {
  return { ...emptyBasics(today, payer, home), expense_type: 'group', splits: {}, kept: null };
}

/**
 * Edit mode: the form prefilled from the expense, whichever screen made it: a shared expense shows what each person
 * owes (the payer's own share is what the payer bears), and the split is kept as decided until someone changes it.
 */
export function splitPageDraftFromExpense(expense: Expense, locale: string, trip?: string): SplitPageDraft {
  const home = trip ?? DEFAULT_HOME_CURRENCY;
  // Without a trip currency or an expense currency (an answer from before currencies) the draft is in dollars.
  const currency = trip || expense.currency ? currencyDraftOf(expense, home) : {};
  const paid = paidIn(expense, home);
  // The shares are in the home currency: for an expense paid in another, the split is kept as decided instead.
  const splits =
    expense.expense_type === 'shared' && paid.currency === home
      ? Object.fromEntries(
          expense.participants.map((p) => [
            p.user_id,
            formatTypedAmount(p.share_cents, locale, digitsOf(currency)),
          ]),
        )
      : {};
  return {
    ...basicsFromExpense(expense, locale, home, currency),
    expense_type: expense.expense_type,
    splits,
    // An itemized split is shown as its items, sent again as typed.
    kept: expense.split.itemized ? null : expense.split,
    ...(expense.split.itemized && {
      itemized: itemizedDraftFromView(expense.split.itemized, locale, digitsOf(currency)),
    }),
  };
}

/** The draft after a change of the split (type, amounts owed or payer): it is decided again as the form shows it. */
export const changeSplit = (draft: SplitPageDraft, patch: Partial<SplitPageDraft>): SplitPageDraft => ({
  ...draft,
  ...patch,
  kept: null,
});

/**
 * While the split is kept: what each person owes at the amount typed, the stored method applied as the server will
 * apply it (so a new amount shows its new shares); null when nothing is kept or the amount is not valid yet.
 */
export function keptSplits(draft: SplitPageDraft, locale: string): Record<string, string> | null {
  // In another currency the server converts first: the shares are known only once it has.
  if (isForeign(draft)) return null;
  const digits = digitsOf(draft);
  const total = readTypedAmount(draft.amount, locale, digits);
  if (!draft.kept || total === null || total <= 0) return null;
  const { method, people } = draft.kept;
  const cents = applySplit(total, {
    method,
    people: people.map((p) => ({
      user_id: p.user_id,
      weight: p.amount_cents ?? p.percent ?? p.shares ?? null,
    })),
  });
  return (
    cents &&
    Object.fromEntries(
      people.map((p, i) => [p.user_id, formatTypedAmount(cents[i] as number, locale, digits)]),
    )
  );
}

const METHOD_LABEL: Record<ExpenseSplit['method'], string> = {
  equal: 'Equally',
  custom: 'Custom amounts',
  percent: 'Percentages',
  personal: 'Personal',
  itemized: 'Itemized',
  by_shares: 'By shares',
};

/**
 * "Percentages: Ana 50%, Cai 50%": a stored split in words, names looked up by user id, money in the locale and
 * the trip's currency (the one stored amounts are in).
 */
export function describeSplit(
  split: ExpenseSplit,
  nameOf: (userId: string) => string,
  locale: string,
  currency: string = DEFAULT_HOME_CURRENCY,
): string {
  const people = split.people.map((p) => {
    const name = nameOf(p.user_id);
    if (p.percent !== null) return `${name} ${formatTypedNumber(p.percent, locale)}%`;
    if (p.amount_cents !== null) return `${name} ${formatMoney(p.amount_cents, locale, currency)}`;
    if (p.shares !== undefined) return `${name} ×${formatTypedNumber(p.shares, locale)}`;
    return name;
  });
  return `${METHOD_LABEL[split.method]}: ${people.join(', ')}`;
}

/** A field of the split page's draft, where a refusal is shown (the amounts owed: `splits`; several payers: `paid`). */
export type SplitPageField = keyof Omit<SplitPageDraft, 'kept' | 'home' | 'several_payers'>;

/**
 * The request body for a draft, or the first thing to fix and the field it is about. Shared (spec §5): custom
 * amounts per non-payer, zeros dropped, the payer bears the rest (so they may not exceed the total); none given means
 * the server divides the amount equally among the non-payers. Several payers' parts must add up to the amount.
 */
export function splitPageBody(
  draft: SplitPageDraft,
  locale: string,
): { body: ExpenseBodyInput } | { error: string; field: SplitPageField } {
  if (!draft.paid_by) return { error: CHOOSE_PAYER, field: 'paid_by' };
  if (!draft.title.trim()) return { error: 'Title is required', field: 'title' };
  if (!draft.expense_date) return { error: 'Date is required', field: 'expense_date' };
  const read = readBasics(draft, locale);
  if ('error' in read) return read;
  const { total, digits } = read;
  const body: ExpenseBodyInput = {
    ...basicsBody(draft, read),
    description: draft.description.trim(),
    expense_type: draft.expense_type,
  };
  if (draft.itemized) {
    const items = readItemizedDraft(draft.itemized, total, locale, digits);
    if (!items.split || items.error)
      return { error: items.error ?? 'Add at least one item', field: 'itemized' };
    return { body: { ...body, expense_type: 'shared', split: itemizedBody(items.split, digits) } };
  }
  // The split as decided: no people named, so the server keeps it (or re-applies it to a new amount).
  if (draft.expense_type !== 'shared' || draft.kept) return { body };

  const entered: Array<{ user_id: string; cents: number }> = [];
  for (const [user_id, text] of Object.entries(draft.splits)) {
    if (user_id === draft.paid_by || !text.trim()) continue;
    const cents = readTypedAmount(text, locale, digits);
    if (cents === null) {
      return {
        field: 'splits',
        error:
          currencyOf(draft) === 'USD'
            ? 'Enter amounts in dollars, like 12.50'
            : `Enter amounts in ${currencyOf(draft)}, like ${minorToDecimalText(1250, digits)}`,
      };
    }
    if (cents > 0) entered.push({ user_id, cents });
  }
  if (entered.length === 0) return { body };
  if (sumMinor(entered.map((e) => e.cents)) > total) return { error: SHARES_EXCEED_AMOUNT, field: 'splits' };
  return {
    body: {
      ...body,
      splits: entered.map((e) => ({ user_id: e.user_id, amount: minorToDecimalText(e.cents, digits) })),
    },
  };
}

/**
 * The split page's form (spec §5) for react-hook-form: its input is the draft as typed, its output the request
 * body, refused with the spec's messages at the field each is about, then checked against the very body schema the
 * server parses (a title past 200 characters is refused here with the server's words).
 */
export const splitPageFormSchema = (locale: string) =>
  z.custom<SplitPageDraft>().transform((draft, ctx) => {
    const built = splitPageBody(draft, locale);
    if ('error' in built) {
      ctx.addIssue({ code: 'custom', path: [built.field], message: built.error });
      return z.NEVER;
    }
    return checkedBody(built.body, ctx, bodyFieldOn<SplitPageField>('splits', ['participants', 'split']));
  });

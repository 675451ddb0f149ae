import { z } from 'zod';
import {
  minorToDecimalText,
  DEFAULT_HOME_CURRENCY,
  SPLIT_TOLERANCE_MINOR,
  splitCustom,
  splitEqual,
  splitPercent,
  sumMinor,
  paidIn,
  type Expense,
  type ExpenseBodyInput,
  type ExpenseCategory,
  type SplitMethod as StoredSplitMethod,
} from '@wayfare/contract';
import {
  checkPayers,
  checkedBody,
  currencyBody,
  currencyDraftOf,
  digitsOf,
  INVALID_AMOUNT,
  invalidAmount,
  partsInPaidCurrency,
  payerFieldsFromExpense,
  payersBody,
  type CurrencyDraft,
} from './expense-draft';
import {
  emptyItemizedDraft,
  itemizedBody,
  itemizedDraftFromView,
  readItemizedDraft,
  type ItemizedDraft,
} from './itemized-draft';
import { formatTypedAmount, formatTypedNumber, localeSeparators, readTypedAmount } from './typed-amount';

export const SPLIT_NOT_ADDING_UP = 'Split does not add up to total yet';

/** The modal's methods: the stored ones but personal (the payer alone, chosen as people). */
export type ModalSplitMethod = Exclude<StoredSplitMethod, 'personal'>;

/** The overview's add-expense modal as typed; amounts in the draft's currency. */
export interface ModalDraft extends CurrencyDraft {
  title: string;
  /** The modal shows no description; an edit keeps the expense's own. */
  description: string;
  amount: string;
  paid_by: string;
  /** Several people paid: each one's part in `paid` (split/payers.ts). */
  several_payers: boolean;
  paid: Record<string, string>;
  category: ExpenseCategory;
  expense_date: string;
  method: ModalSplitMethod;
  scope: 'all' | 'selected';
  selected: string[];
  /** Default on: the payer shares in the cost too. */
  include_payer: boolean;
  /** By user id: amounts (custom) or percentages (percent), as typed in the person's locale. */
  values: Record<string, string>;
  /** The item lines (itemized), whose people are the split's; absent reads as none typed yet. */
  itemized?: ItemizedDraft;
}

export const MODAL_MESSAGES = {
  required: 'Please fill in all required fields (title, amount, and who paid)',
  amount: INVALID_AMOUNT,
  participants: 'Select at least one participant',
  percent: 'Enter percentages for participants',
  custom: 'Enter custom amounts',
  uncomputable: 'Unable to compute split',
  notAddingUp: SPLIT_NOT_ADDING_UP,
} as const;

/** Who shares the cost: everyone or the selected people, without the payer when the toggle is off. */
export function splitPeople(draft: ModalDraft, everyone: readonly string[]): string[] {
  const chosen = draft.scope === 'all' ? [...everyone] : everyone.filter((id) => draft.selected.includes(id));
  return draft.include_payer ? chosen : chosen.filter((id) => id !== draft.paid_by);
}

/** A typed percentage; blank is 0, and the locale's decimal comma reads like a dot ("33,5" in de-DE). */
const percentage = (text: string | undefined, locale: string) => {
  const typed = (text ?? '').trim();
  const { decimal } = localeSeparators(locale);
  const value = Number((decimal === ',' ? typed.replace(',', '.') : typed) || '0');
  return Number.isFinite(value) && value >= 0 ? value : NaN;
};

/** A typed custom amount in minor units of `digits` decimals; blank is 0, null when it is not an amount. */
const typedCents = (text: string | undefined, locale: string, digits = 2) =>
  text?.trim() ? readTypedAmount(text, locale, digits) : 0;

export interface ModalSplit {
  /** The shares in cents when the split is valid. */
  shares: Array<{ user_id: string; cents: number }> | null;
  /** What the typed amounts add up to so far (custom: dollars entered; otherwise the computed shares). */
  allocatedCents: number;
  /** The first message of spec §5 that applies, or null when the expense can be submitted. */
  error: string | null;
}

/** Spec §5's checks in order, amounts read as typed in `locale`; submit stays disabled while `error` is set. */
export function computeModalSplit(
  draft: ModalDraft,
  everyone: readonly string[],
  locale: string,
): ModalSplit {
  const fail = (error: string, allocatedCents = 0): ModalSplit => ({ shares: null, allocatedCents, error });
  if (!draft.title.trim() || !draft.amount.trim() || !draft.paid_by) return fail(MODAL_MESSAGES.required);
  const digits = digitsOf(draft);
  const total = readTypedAmount(draft.amount, locale, digits);
  if (total === null || total <= 0) return fail(invalidAmount(draft, draft.amount, locale));
  const payers = checkPayers(draft, locale, digits);
  if (payers.error) return fail(payers.error);
  const currency = currencyBody(draft);
  if ('error' in currency) return fail(currency.error);
  if (draft.method === 'itemized') {
    // The people are the items' (itemized-draft.ts); what is assigned so far is the total less the unassigned.
    const read = readItemizedDraft(draft.itemized ?? emptyItemizedDraft(), total, locale, digits);
    if (read.error) return fail(read.error, total - read.unassigned);
    const shares = read.people.map((p) => ({ user_id: p.user_id, cents: p.total }));
    return { shares, allocatedCents: total, error: null };
  }
  const people = splitPeople(draft, everyone);
  if (people.length === 0) return fail(MODAL_MESSAGES.participants);

  let cents: number[] | null;
  if (draft.method === 'equal') {
    cents = splitEqual(total, people.length);
  } else if (draft.method === 'percent') {
    const percents = people.map((id) => percentage(draft.values[id], locale));
    if (percents.some(Number.isNaN) || !(sumMinor(percents) > 0)) return fail(MODAL_MESSAGES.percent);
    cents = splitPercent(total, percents);
  } else {
    const typed = people.map((id) => typedCents(draft.values[id], locale, digits));
    if (typed.some((c) => c === null) || typed.every((c) => c === 0)) return fail(MODAL_MESSAGES.custom);
    const entered = typed as number[];
    const allocated = sumMinor(entered);
    if (Math.abs(allocated - total) > SPLIT_TOLERANCE_MINOR)
      return fail(MODAL_MESSAGES.notAddingUp, allocated);
    cents = splitCustom(total, entered);
  }
  if (!cents) return fail(MODAL_MESSAGES.uncomputable);
  const shares = people.map((user_id, i) => ({ user_id, cents: cents[i] as number }));
  return { shares, allocatedCents: sumMinor(cents), error: null };
}

/** A new expense's draft: equal among everyone, the payer included, paid by `payer`. */
export function emptyModalDraft(
  today: string,
  payer: string,
  everyone: readonly string[],
  home?: string,
): ModalDraft {
  return {
    ...(home && { home, currency: home }),
    title: '',
    description: '',
    amount: '',
    paid_by: payer,
    several_payers: false,
    paid: {},
    category: 'food',
    expense_date: today,
    method: 'equal',
    scope: 'all',
    selected: [...everyone],
    include_payer: true,
    values: {},
    itemized: emptyItemizedDraft(),
  };
}

/**
 * Edit mode: the modal prefilled with the expense's stored split, whichever form made it. A personal expense is
 * the payer alone; 'Everyone' when the split's people are all of today's participants (the payer aside when not
 * included), else the selected people.
 */
export function modalDraftFromExpense(
  expense: Expense,
  everyone: readonly string[],
  locale: string,
  home: string = DEFAULT_HOME_CURRENCY,
): ModalDraft {
  const { split } = expense;
  const currency = currencyDraftOf(expense, home);
  const digits = digitsOf(currency);
  // Custom amounts are stored in the home currency: shown back in the currency the expense was paid in.
  const custom = partsInPaidCurrency(
    expense,
    home,
    split.people.map((p) => p.amount_cents ?? 0),
  );
  const people = split.people.map((p) => p.user_id);
  const include_payer = split.method === 'personal' || people.includes(expense.paid_by);
  const chosen = split.method === 'personal' ? [expense.paid_by] : people;
  const all = everyone.filter((id) => include_payer || id !== expense.paid_by);
  const everyoneIn = all.length === chosen.length && all.every((id) => chosen.includes(id));
  const values = Object.fromEntries(
    split.people.flatMap((p, i) => {
      if (split.method === 'percent' && p.percent !== null)
        return [[p.user_id, formatTypedNumber(p.percent, locale)]];
      if (split.method === 'custom' && p.amount_cents !== null) {
        return [[p.user_id, formatTypedAmount(custom[i] as number, locale, digits)]];
      }
      return [];
    }),
  );
  return {
    ...currency,
    title: expense.title,
    description: expense.description,
    amount: formatTypedAmount(paidIn(expense, home).minor, locale, digits),
    paid_by: expense.paid_by,
    ...payerFieldsFromExpense(expense, locale, home),
    category: expense.category,
    expense_date: expense.expense_date,
    method: split.method === 'personal' ? 'equal' : split.method,
    scope: everyoneIn ? 'all' : 'selected',
    selected: chosen,
    include_payer,
    values,
    itemized: split.itemized ? itemizedDraftFromView(split.itemized, locale, digits) : emptyItemizedDraft(),
  };
}

/**
 * The request body: the split as decided (method, people, amounts or percentages), which the server stores and
 * computes the shares from, and those shares (zeros dropped), which it checks are the same.
 */
export function modalExpenseBody(
  draft: ModalDraft,
  shares: NonNullable<ModalSplit['shares']>,
  locale: string,
): ExpenseBodyInput {
  const digits = digitsOf(draft);
  const dollars = (text: string | undefined) =>
    minorToDecimalText(typedCents(text, locale, digits) ?? 0, digits);
  // computeModalSplit refused a draft whose rate is not one.
  const currency = currencyBody(draft);
  const everyoneEqual = draft.method === 'equal' && draft.scope === 'all' && draft.include_payer;
  const people = shares.map((s) => s.user_id);
  const total = readTypedAmount(draft.amount, locale, digits);
  const items =
    draft.method === 'itemized'
      ? readItemizedDraft(draft.itemized ?? emptyItemizedDraft(), total, locale, digits).split
      : null;
  const split: NonNullable<ExpenseBodyInput['split']> = items
    ? itemizedBody(items, digits)
    : draft.method === 'equal'
      ? { method: 'equal', people: people.map((user_id) => ({ user_id })) }
      : draft.method === 'percent'
        ? {
            method: 'percent',
            people: people.map((user_id) => ({
              user_id,
              percent: percentage(draft.values[user_id], locale),
            })),
          }
        : {
            method: 'custom',
            people: people.map((user_id) => ({ user_id, amount: dollars(draft.values[user_id]) })),
          };
  return {
    title: draft.title.trim(),
    description: draft.description,
    amount: minorToDecimalText(total ?? 0, digits),
    ...payersBody(draft, checkPayers(draft, locale, digits), digits),
    category: draft.category,
    expense_date: draft.expense_date,
    expense_type: everyoneEqual ? 'group' : 'shared',
    // An itemized split's shares are the server's to decide from the items.
    ...(!items && {
      participants: shares
        .filter((s) => s.cents > 0)
        .map((s) => ({ user_id: s.user_id, share_amount: minorToDecimalText(s.cents, digits) })),
    }),
    split,
    ...('fields' in currency && currency.fields),
  };
}

/** Where the server's rule about a body field is shown on the modal: the split's own message line (`values`). */
const modalFieldOf = (key: string): keyof ModalDraft =>
  key === 'payers'
    ? 'paid'
    : key === 'participants' || key === 'split' || key === 'expense_type'
      ? 'values'
      : (key as keyof ModalDraft);

/**
 * The overview's modal (spec §5) for react-hook-form, for everyone in `everyone`: its input is the draft as typed,
 * its output the request body. Spec §5's first message that applies refuses it (the modal shows it live and keeps
 * Add Expense disabled meanwhile), then the body schema the server parses checks it.
 */
export const modalExpenseFormSchema = (everyone: readonly string[], locale: string) =>
  z.custom<ModalDraft>().transform((draft, ctx) => {
    const computed = computeModalSplit(draft, everyone, locale);
    if (!computed.shares) {
      ctx.addIssue({
        code: 'custom',
        path: ['values'],
        message: computed.error ?? MODAL_MESSAGES.uncomputable,
      });
      return z.NEVER;
    }
    return checkedBody(modalExpenseBody(draft, computed.shares, locale), ctx, modalFieldOf);
  });

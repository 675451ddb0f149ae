/** The overview's draft (spec §5's add-expense modal): equal, custom, percent or itemized, among chosen people. */
import { z } from 'zod';
import {
  DEFAULT_HOME_CURRENCY,
  SPLIT_TOLERANCE_MINOR,
  minorToDecimalText,
  splitCustom,
  splitEqual,
  splitByShares,
  splitPercent,
  sumMinor,
  type Expense,
  type ExpenseBodyInput,
  type SplitMethod as StoredSplitMethod,
} from '@wayfare/contract';
import {
  formatTypedAmount,
  formatTypedNumber,
  localeSeparators,
  readTypedAmount,
} from '@/shared/forms/typed-amount';
import {
  type ExpenseBasics,
  INVALID_AMOUNT,
  basicsBody,
  basicsFromExpense,
  bodyFieldOn,
  checkedBody,
  currencyDraftOf,
  digitsOf,
  emptyBasics,
  partsInPaidCurrency,
  readBasics,
} from './expenseDraft';
import {
  type ItemizedDraft,
  emptyItemizedDraft,
  itemizedBody,
  itemizedDraftFromView,
  readItemizedDraft,
} from './itemizedDraft';

// ---------------------------------------------------------------------------------------------------------------
// The overview's split (spec §5's add-expense modal): equal, custom, percent or itemized, among chosen people.

export const SPLIT_NOT_ADDING_UP = 'Split does not add up to total yet';

/**
 * The overview's methods: the stored ones but personal (the payer alone, chosen as people) and by shares (equal
 * "by weight", the draft's `weights`).
 */
export type OverviewSplitMethod = Exclude<StoredSplitMethod, 'personal' | 'by_shares'>;

export interface OverviewDraft extends ExpenseBasics {
  method: OverviewSplitMethod;
  scope: 'all' | 'selected';
  selected: string[];
  /** Default on: the payer shares in the cost too. */
  include_payer: boolean;
  /** By user id: amounts (custom) or percentages (percent), as typed in the person's locale. */
  values: Record<string, string>;
  /** The item lines (itemized), whose people are the split's; absent reads as none typed yet. */
  itemized?: ItemizedDraft;
  /**
   * Equal "by weight": each person's whole shares by user id (their participant weight when it was turned on, or
   * the shares stored with the expense being edited), sent as a by_shares split; absent or null: plain equal.
   */
  weights?: Record<string, number> | null;
}

export const OVERVIEW_MESSAGES = {
  required: 'Please fill in all required fields (title, amount, and who paid)',
  amount: INVALID_AMOUNT,
  participants: 'Select at least one participant',
  percent: 'Enter percentages for participants',
  custom: 'Enter custom amounts',
  uncomputable: 'Unable to compute split',
  notAddingUp: SPLIT_NOT_ADDING_UP,
} as const;

/** Who shares the cost: everyone or the selected people, without the payer when the toggle is off. */
export function splitPeople(draft: OverviewDraft, everyone: readonly string[]): string[] {
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

export interface OverviewSplit {
  /** The shares in cents when the split is valid. */
  shares: Array<{ user_id: string; cents: number }> | null;
  /** What the typed amounts add up to so far (custom: dollars entered; otherwise the computed shares). */
  allocatedCents: number;
  /** The first message of spec §5 that applies, or null when the expense can be submitted. */
  error: string | null;
}

/** Spec §5's checks in order, amounts read as typed in `locale`; submit stays disabled while `error` is set. */
export function computeOverviewSplit(
  draft: OverviewDraft,
  everyone: readonly string[],
  locale: string,
): OverviewSplit {
  const fail = (error: string, allocatedCents = 0): OverviewSplit => ({
    shares: null,
    allocatedCents,
    error,
  });
  if (!draft.title.trim() || !draft.amount.trim() || !draft.paid_by) return fail(OVERVIEW_MESSAGES.required);
  const read = readBasics(draft, locale);
  if ('error' in read) return fail(read.error);
  const { total, digits } = read;
  if (draft.method === 'itemized') {
    // The people are the items'; what is assigned so far is the total less the unassigned.
    const items = readItemizedDraft(draft.itemized ?? emptyItemizedDraft(), total, locale, digits);
    if (items.error) return fail(items.error, total - items.unassigned);
    const shares = items.people.map((p) => ({ user_id: p.user_id, cents: p.total }));
    return { shares, allocatedCents: total, error: null };
  }
  const people = splitPeople(draft, everyone);
  if (people.length === 0) return fail(OVERVIEW_MESSAGES.participants);

  let cents: number[] | null;
  if (draft.method === 'equal' && draft.weights) {
    const { weights } = draft;
    cents = splitByShares(
      total,
      people.map((id) => weights[id] ?? 1),
    );
  } else if (draft.method === 'equal') {
    cents = splitEqual(total, people.length);
  } else if (draft.method === 'percent') {
    const percents = people.map((id) => percentage(draft.values[id], locale));
    if (percents.some(Number.isNaN) || !(sumMinor(percents) > 0)) return fail(OVERVIEW_MESSAGES.percent);
    cents = splitPercent(total, percents);
  } else {
    const typed = people.map((id) => typedCents(draft.values[id], locale, digits));
    if (typed.some((c) => c === null) || typed.every((c) => c === 0)) return fail(OVERVIEW_MESSAGES.custom);
    const entered = typed as number[];
    const allocated = sumMinor(entered);
    if (Math.abs(allocated - total) > SPLIT_TOLERANCE_MINOR)
      return fail(OVERVIEW_MESSAGES.notAddingUp, allocated);
    cents = splitCustom(total, entered);
  }
  if (!cents) return fail(OVERVIEW_MESSAGES.uncomputable);
  const shares = people.map((user_id, i) => ({ user_id, cents: cents[i] as number }));
  return { shares, allocatedCents: sumMinor(cents), error: null };
}

/** A new expense's draft: equal among everyone, the payer included, paid by `payer`. */
export function emptyOverviewDraft(
  today: string,
  payer: string,
  everyone: readonly string[],
  home?: string,
): OverviewDraft {
  return {
    ...emptyBasics(today, payer, home),
    method: 'equal',
    scope: 'all',
    selected: [...everyone],
    include_payer: true,
    values: {},
    itemized: emptyItemizedDraft(),
  };
}

/**
 * Edit mode: the overview's draft prefilled with the expense's stored split, whichever screen made it. A personal
 * expense is the payer alone; 'Everyone' when the split's people are all of today's participants (the payer aside
 * when not included), else the selected people.
 */
export function overviewDraftFromExpense(
  expense: Expense,
  everyone: readonly string[],
  locale: string,
  home: string = DEFAULT_HOME_CURRENCY,
): OverviewDraft {
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
  const method = split.method === 'personal' || split.method === 'by_shares' ? 'equal' : split.method;
  return {
    ...basicsFromExpense(expense, locale, home, currency),
    method,
    scope: everyoneIn ? 'all' : 'selected',
    selected: chosen,
    include_payer,
    values,
    // Equal by weight, with the shares it was stored with: a weight changed since does not move its money.
    weights:
      split.method === 'by_shares'
        ? Object.fromEntries(split.people.map((p) => [p.user_id, p.shares ?? 1]))
        : null,
    itemized: split.itemized ? itemizedDraftFromView(split.itemized, locale, digits) : emptyItemizedDraft(),
  };
}

/**
 * The request body of a draft computeOverviewSplit accepted: the split as decided (method, people, amounts or
 * percentages), which the server stores and computes the shares from, and those shares (zeros dropped), which it
 * checks are the same.
 */
export function overviewBody(
  draft: OverviewDraft,
  shares: NonNullable<OverviewSplit['shares']>,
  locale: string,
): ExpenseBodyInput {
  const read = readBasics(draft, locale);
  if ('error' in read) throw new Error(read.error);
  const { total, digits } = read;
  const dollars = (text: string | undefined) =>
    minorToDecimalText(typedCents(text, locale, digits) ?? 0, digits);
  const everyoneEqual =
    draft.method === 'equal' && !draft.weights && draft.scope === 'all' && draft.include_payer;
  const people = shares.map((s) => s.user_id);
  const items =
    draft.method === 'itemized'
      ? readItemizedDraft(draft.itemized ?? emptyItemizedDraft(), total, locale, digits).split
      : null;
  const { weights } = draft;
  const split: NonNullable<ExpenseBodyInput['split']> = items
    ? itemizedBody(items, digits)
    : draft.method === 'equal' && weights
      ? { method: 'by_shares', people: people.map((user_id) => ({ user_id, shares: weights[user_id] ?? 1 })) }
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
    ...basicsBody(draft, read),
    description: draft.description,
    expense_type: everyoneEqual ? 'group' : 'shared',
    // An itemized split's shares are the server's to decide from the items.
    ...(!items && {
      participants: shares
        .filter((s) => s.cents > 0)
        .map((s) => ({ user_id: s.user_id, share_amount: minorToDecimalText(s.cents, digits) })),
    }),
    split,
  };
}

/**
 * The overview's form (spec §5) for react-hook-form, for everyone in `everyone`: its input is the draft as typed,
 * its output the request body. Spec §5's first message that applies refuses it (the form shows it live and keeps
 * Add Expense disabled meanwhile), then the body schema the server parses checks it; the split's refusals show on
 * its own message line (`values`).
 */
export const overviewFormSchema = (everyone: readonly string[], locale: string) =>
  z.custom<OverviewDraft>().transform((draft, ctx) => {
    const computed = computeOverviewSplit(draft, everyone, locale);
    if (!computed.shares) {
      ctx.addIssue({
        code: 'custom',
        path: ['values'],
        message: computed.error ?? OVERVIEW_MESSAGES.uncomputable,
      });
      return z.NEVER;
    }
    return checkedBody(
      overviewBody(draft, computed.shares, locale),
      ctx,
      bodyFieldOn<keyof OverviewDraft>('values', ['participants', 'split', 'expense_type']),
    );
  });

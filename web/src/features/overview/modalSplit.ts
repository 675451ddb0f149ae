import {
  SPLIT_TOLERANCE_CENTS,
  parseDollarsToCents,
  splitCustom,
  splitEqual,
  splitPercent,
  sumCents,
  type ExpenseBodyInput,
  type ExpenseCategory,
} from '@wayfare/contract';

export const SPLIT_NOT_ADDING_UP = 'Split does not add up to total yet';

export type SplitMethod = 'equal' | 'custom' | 'percent';

/** The overview's add-expense modal as typed. */
export interface ModalDraft {
  title: string;
  amount: string;
  paid_by: string;
  category: ExpenseCategory;
  expense_date: string;
  method: SplitMethod;
  scope: 'all' | 'selected';
  selected: string[];
  /** Default on: the payer shares in the cost too. */
  include_payer: boolean;
  /** By user id: dollars (custom) or percentages (percent), as typed. */
  values: Record<string, string>;
}

export const MODAL_MESSAGES = {
  required: 'Please fill in all required fields (title, amount, and who paid)',
  amount: 'Enter a valid amount',
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

const number = (text: string | undefined) => {
  const value = Number((text ?? '').trim() || '0');
  return Number.isFinite(value) && value >= 0 ? value : NaN;
};

export interface ModalSplit {
  /** The shares in cents when the split is valid. */
  shares: Array<{ user_id: string; cents: number }> | null;
  /** What the typed amounts add up to so far (custom: dollars entered; otherwise the computed shares). */
  allocatedCents: number;
  /** The first message of spec §5 that applies, or null when the expense can be submitted. */
  error: string | null;
}

/** Spec §5's checks in order; submit stays disabled while `error` is set. */
export function computeModalSplit(draft: ModalDraft, everyone: readonly string[]): ModalSplit {
  const fail = (error: string, allocatedCents = 0): ModalSplit => ({ shares: null, allocatedCents, error });
  if (!draft.title.trim() || !draft.amount.trim() || !draft.paid_by) return fail(MODAL_MESSAGES.required);
  const total = parseDollarsToCents(draft.amount);
  if (total === null || total <= 0) return fail(MODAL_MESSAGES.amount);
  const people = splitPeople(draft, everyone);
  if (people.length === 0) return fail(MODAL_MESSAGES.participants);

  let cents: number[] | null;
  if (draft.method === 'equal') {
    cents = splitEqual(total, people.length);
  } else if (draft.method === 'percent') {
    const percents = people.map((id) => number(draft.values[id]));
    if (percents.some(Number.isNaN) || !(sumCents(percents) > 0)) return fail(MODAL_MESSAGES.percent);
    cents = splitPercent(total, percents);
  } else {
    const typed = people.map((id) => (draft.values[id]?.trim() ? parseDollarsToCents(draft.values[id]) : 0));
    if (typed.some((c) => c === null) || typed.every((c) => c === 0)) return fail(MODAL_MESSAGES.custom);
    const entered = typed as number[];
    const allocated = sumCents(entered);
    if (Math.abs(allocated - total) > SPLIT_TOLERANCE_CENTS)
      return fail(MODAL_MESSAGES.notAddingUp, allocated);
    cents = splitCustom(total, entered);
  }
  if (!cents) return fail(MODAL_MESSAGES.uncomputable);
  const shares = people.map((user_id, i) => ({ user_id, cents: cents[i] as number }));
  return { shares, allocatedCents: sumCents(cents), error: null };
}

/** The request body: explicit shares (zeros dropped), which the server checks add up exactly. */
export function modalExpenseBody(
  draft: ModalDraft,
  shares: NonNullable<ModalSplit['shares']>,
): ExpenseBodyInput {
  const everyoneEqual = draft.method === 'equal' && draft.scope === 'all' && draft.include_payer;
  return {
    title: draft.title.trim(),
    amount: draft.amount.trim(),
    paid_by: draft.paid_by,
    category: draft.category,
    expense_date: draft.expense_date,
    expense_type: everyoneEqual ? 'group' : 'shared',
    participants: shares
      .filter((s) => s.cents > 0)
      .map((s) => ({ user_id: s.user_id, share_amount: s.cents / 100 })),
  };
}

/** The itemized split's draft (item lines with who had them; tax, service and tip), both screens offer it. */
import {
  ASSIGN_EVERY_ITEM,
  EXTRA_KINDS,
  minorToDecimalText,
  minorUnits,
  splitItemized,
  sumMinor,
  type ExpenseBodyInput,
  type ExtraKind,
  type ExtrasBy,
  type ItemizedPerson,
  type ItemizedSplit,
  type ItemizedView,
  type ScannedReceipt,
} from '@wayfare/contract';
import { formatTypedAmount, readTypedAmount } from '@/shared/forms/typed-amount';

// The itemized split: item lines with who had them, and the tax, service and tip lines.

export interface ItemLineDraft {
  name: string;
  amount: string;
  /** Blank for none. */
  quantity: string;
  /** Who had it, in the order they were tapped. */
  people: string[];
  /** A person's shares of the line when not 1 (kept from a stored split; the form taps people equally). */
  shares: Record<string, number>;
}

export interface ItemizedDraft {
  items: ItemLineDraft[];
  extras: Record<ExtraKind, string>;
  extras_by: ExtrasBy;
}

export const ITEMIZED_MESSAGES = {
  noItems: 'Add at least one item',
  itemAmount: 'Enter a valid amount for each item',
  extraAmount: 'Enter valid amounts for tax, service and tip',
  assign: ASSIGN_EVERY_ITEM,
  leftover: 'Assign what is left before saving',
  over: 'The items come to more than the total',
} as const;

export const emptyItemLine = (): ItemLineDraft => ({
  name: '',
  amount: '',
  quantity: '',
  people: [],
  shares: {},
});

export const emptyItemizedDraft = (): ItemizedDraft => ({
  items: [emptyItemLine()],
  extras: { tax: '', service: '', tip: '' },
  extras_by: 'proportional',
});

export interface ItemizedReading {
  /** The split in minor units when every line reads and has people (the leftover may still be non-zero). */
  split: ItemizedSplit | null;
  /** The total less every assigned line and the extras: what is still to assign (negative when over). */
  unassigned: number;
  /** What each person pays so far, in the order they first appear. */
  people: ItemizedPerson[];
  /** The first thing to fix, or null when the split can be saved. */
  error: string | null;
}

const typedOrZero = (text: string, locale: string, digits: number) =>
  text.trim() ? readTypedAmount(text, locale, digits) : 0;

/** The draft read against the total (minor units, null while the total is not an amount). */
export function readItemizedDraft(
  draft: ItemizedDraft,
  total: number | null,
  locale: string,
  digits: number,
): ItemizedReading {
  const amounts = draft.items.map((line) => typedOrZero(line.amount, locale, digits));
  const extras = EXTRA_KINDS.map((kind) => typedOrZero(draft.extras[kind], locale, digits));
  const assigned = sumMinor(amounts.map((a, i) => (draft.items[i]?.people.length ? (a ?? 0) : 0)));
  const unassigned = (total ?? 0) - assigned - sumMinor(extras.map((e) => e ?? 0));
  const fail = (error: string): ItemizedReading => ({ split: null, unassigned, people: [], error });
  const lines = draft.items
    .map((line, i) => ({ line, amount: amounts[i] ?? null }))
    .filter(({ line, amount }) => line.name.trim() || amount !== 0 || line.people.length);
  if (lines.length === 0) return fail(ITEMIZED_MESSAGES.noItems);
  if (lines.some(({ amount }) => amount === null || amount <= 0)) {
    return fail(ITEMIZED_MESSAGES.itemAmount);
  }
  if (extras.some((e) => e === null)) return fail(ITEMIZED_MESSAGES.extraAmount);
  const split: ItemizedSplit = {
    items: lines.map(({ line, amount }) => ({
      name: line.name.trim(),
      amount: amount as number,
      quantity: /^\d+$/.test(line.quantity.trim()) ? Number(line.quantity.trim()) || null : null,
      people: line.people.map((user_id) => ({ user_id, shares: line.shares[user_id] ?? 1 })),
    })),
    extras: EXTRA_KINDS.flatMap((kind, i) => (extras[i] ? [{ kind, amount: extras[i] as number }] : [])),
    extras_by: draft.extras_by,
  };
  const people = split.items.every((item) => item.people.length > 0) ? splitItemized(split) : null;
  if (!people) return fail(ITEMIZED_MESSAGES.assign);
  const error = unassigned > 0 ? ITEMIZED_MESSAGES.leftover : unassigned < 0 ? ITEMIZED_MESSAGES.over : null;
  return { split, unassigned, people: people.people, error };
}

/** The body's itemized split: exact dot-decimal text of the draft's currency. */
export function itemizedBody(split: ItemizedSplit, digits: number): NonNullable<ExpenseBodyInput['split']> {
  const text = (minor: number) => minorToDecimalText(minor, digits);
  return {
    method: 'itemized',
    items: split.items.map((item) => ({
      name: item.name,
      amount: text(item.amount),
      quantity: item.quantity,
      people: item.people,
    })),
    extras: split.extras.map((e) => ({ kind: e.kind, amount: text(e.amount) })),
    extras_by: split.extras_by,
  };
}

/** Edit mode: the stored items as the form types them (amounts in the currency the expense was paid in). */
export function itemizedDraftFromView(view: ItemizedView, locale: string, digits: number): ItemizedDraft {
  const text = (minor: number) => formatTypedAmount(minor, locale, digits);
  const extra = (kind: ExtraKind) =>
    sumMinor(view.extras.filter((e) => e.kind === kind).map((e) => e.amount_minor));
  return {
    items: view.items.map((item) => ({
      name: item.name,
      amount: text(item.amount_minor),
      quantity: item.quantity === null ? '' : String(item.quantity),
      people: item.people.map((p) => p.user_id),
      shares: Object.fromEntries(item.people.filter((p) => p.shares !== 1).map((p) => [p.user_id, p.shares])),
    })),
    extras: Object.fromEntries(
      EXTRA_KINDS.map((kind) => [kind, extra(kind) ? text(extra(kind)) : '']),
    ) as Record<ExtraKind, string>,
    extras_by: view.extras_by,
  };
}

/** The line with the person tapped in or out. */
export function togglePerson(line: ItemLineDraft, userId: string): ItemLineDraft {
  const has = line.people.includes(userId);
  const { [userId]: _dropped, ...shares } = line.shares;
  return {
    ...line,
    people: has ? line.people.filter((id) => id !== userId) : [...line.people, userId],
    shares: has ? shares : line.shares,
  };
}

/** What a scan fills in the form, as typed in the person's locale; null when it found no total (the form stays). */
export interface ScannedFields {
  title: string | null;
  expense_date: string | null;
  currency: string | null;
  amount: string;
  /** The item lines to assign, tax and tip beside them; null when the scan read no items. */
  itemized: ItemizedDraft | null;
}

/** The scan's receipt as the form's fields: merchant → title, date, currency, total and the item lines. */
export function scannedFields(receipt: ScannedReceipt, locale: string): ScannedFields | null {
  if (receipt.total === null) return null;
  const digits = receipt.currency ? minorUnits(receipt.currency) : 2;
  const text = (minor: number | null) => (minor ? formatTypedAmount(minor, locale, digits) : '');
  return {
    title: receipt.merchant,
    expense_date: receipt.date,
    currency: receipt.currency,
    amount: text(receipt.total),
    itemized: receipt.items.length
      ? {
          items: receipt.items.map((item) => ({
            ...emptyItemLine(),
            name: item.name,
            amount: text(item.amount),
            quantity: item.quantity === null ? '' : String(item.quantity),
          })),
          extras: { tax: text(receipt.tax), service: '', tip: text(receipt.tip) },
          extras_by: 'proportional',
        }
      : null,
  };
}

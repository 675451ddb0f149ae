/**
 * Itemized expenses: an expense made of items, each assigned to one or more people (equally or by
 * shares), with tax, service and tip lines spread in proportion to each person's items or equally. Every amount is
 * an integer in minor units of the expense's currency; every division floors and puts the remainder on the last
 * person (money.ts's rule), so the people's totals add up to the items and extras exactly.
 */
import { z } from 'zod';
import { minorToMajor } from './money';
import { DEFAULT_HOME_CURRENCY } from './iso4217';
import { splitEqual, sumMinor } from './money';

export const EXTRA_KINDS = ['tax', 'service', 'tip'] as const;
export type ExtraKind = (typeof EXTRA_KINDS)[number];
/** How the extras are spread: in proportion to each person's items, or equally among everyone with items. */
export const EXTRAS_BY = ['proportional', 'equal'] as const;
export type ExtrasBy = (typeof EXTRAS_BY)[number];

export const MAX_ITEMS = 200;
export const MAX_EXTRAS = 10;
export const MAX_ITEM_SHARES = 1000;
export const ASSIGN_EVERY_ITEM = 'Assign every item to at least one person';
/** An edit of an itemized expense's amount alone: its items no longer add up to it. */
export const ITEMS_MUST_MATCH_AMOUNT = 'Change the items so they add up to the new amount';

/** One line of the receipt and who had it; `shares` weighs a person's part (1 each for an equal split). */
export interface Item {
  name: string;
  amount: number;
  quantity: number | null;
  people: Array<{ user_id: string; shares: number }>;
}

export interface Extra {
  kind: ExtraKind;
  amount: number;
}

/** An itemized split as decided: its items and extras in minor units of the expense's currency. */
export interface ItemizedSplit {
  items: Item[];
  extras: Extra[];
  extras_by: ExtrasBy;
}

/** What one person pays of an itemized split: their items, their part of the extras, and both together. */
export interface ItemizedPerson {
  user_id: string;
  items: number;
  extras: number;
  total: number;
}

export interface ItemizedOutcome {
  /** Each item's parts, in the order of its people; they add up to the item's amount. */
  parts: number[][];
  /** Everyone with an item, in the order they first appear. */
  people: ItemizedPerson[];
}

/**
 * `total` in proportion to whole `weights`, exactly (BigInt: an amount times a weight may pass 2^53): each part
 * floored, the remainder on the last. Null when the total or a weight is not a whole number (weights at least 0),
 * or no weight is above 0.
 */
export function proportionalParts(total: number, weights: readonly number[]): number[] | null {
  if (!Number.isSafeInteger(total) || weights.some((w) => !Number.isSafeInteger(w) || w < 0)) return null;
  const whole = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (whole === 0n) return null;
  const parts = weights.map((w) => Number((BigInt(total) * BigInt(w)) / whole));
  parts[parts.length - 1] = total - sumMinor(parts.slice(0, -1));
  return parts;
}

/**
 * The split computed: each item divided by its people's shares (floored, the remainder on the item's last person),
 * then the extras' sum divided in proportion to each person's items (or equally), the remainder on the last person.
 * Null when an item has no one with a share above 0 (shares are whole numbers), or proportional extras have no
 * items to weigh them by.
 */
export function splitItemized(split: ItemizedSplit): ItemizedOutcome | null {
  const order: string[] = [];
  const itemsOf = new Map<string, number>();
  const parts: number[][] = [];
  for (const item of split.items) {
    const itemParts = proportionalParts(
      item.amount,
      item.people.map((p) => p.shares),
    );
    if (!itemParts) return null;
    parts.push(itemParts);
    item.people.forEach(({ user_id }, i) => {
      if (!itemsOf.has(user_id)) order.push(user_id);
      itemsOf.set(user_id, (itemsOf.get(user_id) ?? 0) + (itemParts[i] as number));
    });
  }
  if (order.length === 0) return null;
  const subtotals = order.map((id) => itemsOf.get(id) as number);
  const extrasTotal = sumMinor(split.extras.map((e) => e.amount));
  const extras =
    split.extras_by === 'equal' || extrasTotal === 0
      ? splitEqual(extrasTotal, order.length)
      : proportionalParts(extrasTotal, subtotals);
  if (!extras) return null;
  return {
    parts,
    people: order.map((user_id, i) => {
      const items = subtotals[i] as number;
      const extra = extras[i] as number;
      return { user_id, items, extras: extra, total: items + extra };
    }),
  };
}

/** What the items and extras leave of the total: positive when some of it is still unassigned, negative when over. */
export const leftoverOf = (split: ItemizedSplit, totalMinor: number) =>
  totalMinor - sumMinor(split.items.map((i) => i.amount)) - sumMinor(split.extras.map((e) => e.amount));

/** The body's reject while the items and extras do not come to the total. */
export function leftoverMessage(leftover: number, currency = DEFAULT_HOME_CURRENCY): string {
  const amount = minorToMajor(Math.abs(leftover), currency);
  return leftover > 0
    ? `Assign the ${amount} ${currency} left between the items and the total before saving`
    : `The items and extras come to ${amount} ${currency} more than the total`;
}

/** The body's itemized split, its amounts still as the body read them (see expenseBodySchema). */
export const itemizedSplitBody = <A extends z.ZodType<number>, P extends z.ZodType<string>>(
  amount: A,
  person: P,
) =>
  z.object({
    method: z.literal('itemized'),
    items: z
      .array(
        z.object({
          name: z.string().trim().max(120, 'An item name is too long').default(''),
          amount,
          quantity: z
            .number({ error: 'A quantity must be a whole number' })
            .int('A quantity must be a whole number')
            .min(1, 'A quantity must be at least 1')
            .max(9999, 'A quantity is too large')
            .nullable()
            .default(null),
          people: z
            .array(
              z.object({
                user_id: person,
                shares: z
                  .number({ error: 'Shares must be a whole number' })
                  .int('Shares must be a whole number')
                  .min(1, 'Shares must be at least 1')
                  .max(MAX_ITEM_SHARES, 'Too many shares')
                  .default(1),
              }),
            )
            .min(1, ASSIGN_EVERY_ITEM)
            .max(500)
            .refine(
              (people) =>
                new Set(people.map((p) => (p as { user_id: string }).user_id)).size === people.length,
              {
                message: 'Each person may appear only once on an item',
              },
            ),
        }),
      )
      .min(1, 'Add at least one item')
      .max(MAX_ITEMS, `At most ${MAX_ITEMS} items per expense`),
    extras: z
      .array(z.object({ kind: z.enum(EXTRA_KINDS, { error: 'Choose tax, service or tip' }), amount }))
      .max(MAX_EXTRAS, `At most ${MAX_EXTRAS} tax, service and tip lines`)
      .default([]),
    extras_by: z.enum(EXTRAS_BY, { error: 'Choose how tax and tip are spread' }).default('proportional'),
  });

/**
 * The itemized split with its amounts mapped (thousandths to minor units, or a conversion); `amount` gets each
 * amount and where it is in the split.
 */
export function mapItemizedAmounts(
  split: ItemizedSplit,
  amount: (value: number, path: Array<string | number>) => number,
): ItemizedSplit {
  return {
    items: split.items.map((item, i) => ({ ...item, amount: amount(item.amount, ['items', i, 'amount']) })),
    extras: split.extras.map((extra, i) => ({
      ...extra,
      amount: amount(extra.amount, ['extras', i, 'amount']),
    })),
    extras_by: split.extras_by,
  };
}

/** The per-person totals of the split as a custom split (what the rest of the ledger decides shares from). */
export function itemizedAsCustom(split: ItemizedSplit) {
  const outcome = splitItemized(split);
  return {
    method: 'custom' as const,
    people: (outcome?.people ?? []).map((p) => ({ user_id: p.user_id, amount: p.total })),
  };
}

/** An item of an answer: its amount in the split's currency, and each person's part of it. */
const itemViewSchema = z.object({
  name: z.string(),
  quantity: z.number().int().nullable(),
  amount_minor: z.number().int(),
  amount: z.number(),
  people: z.array(z.object({ user_id: z.string(), shares: z.number().int(), part_minor: z.number().int() })),
});

/**
 * An itemized split as answers carry it, in `currency` (what the expense was paid in): its items and extras, and
 * what each person pays (their items, their part of the extras, both), which is how their share came about.
 */
export const itemizedViewSchema = z.object({
  currency: z.string(),
  extras_by: z.enum(EXTRAS_BY),
  items: z.array(itemViewSchema),
  extras: z.array(
    z.object({ kind: z.enum(EXTRA_KINDS), amount_minor: z.number().int(), amount: z.number() }),
  ),
  people: z.array(
    z.object({
      user_id: z.string(),
      items_minor: z.number().int(),
      extras_minor: z.number().int(),
      total_minor: z.number().int(),
    }),
  ),
});
export type ItemizedView = z.infer<typeof itemizedViewSchema>;

/** The answer's view of a stored itemized split. */
export function itemizedView(split: ItemizedSplit, currency: string): ItemizedView {
  const outcome = splitItemized(split);
  return {
    currency,
    extras_by: split.extras_by,
    items: split.items.map((item, i) => ({
      name: item.name,
      quantity: item.quantity,
      amount_minor: item.amount,
      amount: minorToMajor(item.amount, currency),
      people: item.people.map((p, j) => ({ ...p, part_minor: outcome?.parts[i]?.[j] ?? 0 })),
    })),
    extras: split.extras.map((e) => ({
      kind: e.kind,
      amount_minor: e.amount,
      amount: minorToMajor(e.amount, currency),
    })),
    people: (outcome?.people ?? []).map((p) => ({
      user_id: p.user_id,
      items_minor: p.items,
      extras_minor: p.extras,
      total_minor: p.total,
    })),
  };
}

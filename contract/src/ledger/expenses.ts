import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../cursor';
import { receiptSchema } from '../receipts';
import { isoDateSchema } from '../dates';
import { minorToMajor } from '../money';
import { DEFAULT_HOME_CURRENCY } from '../iso4217';
import { RATE_SOURCES } from '../rates';
import { itemizedView, itemizedViewSchema } from '../itemized';
import { cents, dollarAmount } from './answer-fields';
import { EXPENSE_CATEGORIES, EXPENSE_TYPES, SPLIT_METHODS, type StoredSplit } from './stored-split';

export const EXPENSE_PAGE_DEFAULT = 50;
export const EXPENSE_PAGE_MAX = 200;
export const BAD_CURSOR = 'The cursor is not valid; start again from the first page';

/** Where a page of expenses ends, in list order: expense_date desc, created_at desc, id asc. */
export interface ExpenseCursor {
  expense_date: string;
  created_at: string;
  id: string;
}

const cursorTupleSchema = z.tuple([isoDateSchema, z.iso.datetime(), z.string().min(1).max(300)]);

/** base64url of the UTF-8 JSON tuple: opaque to clients, safe in a query string. */
export function encodeExpenseCursor({ expense_date, created_at, id }: ExpenseCursor): string {
  return encodeCursor([expense_date, created_at, id]);
}

/** The cursor's position, or null when it is not one this API wrote. */
export function decodeExpenseCursor(cursor: string): ExpenseCursor | null {
  const tuple = decodeCursor(cursor, cursorTupleSchema);
  if (!tuple) return null;
  const [expense_date, created_at, id] = tuple;
  return { expense_date, created_at, id };
}

/** GET /trips/{tripId}/expenses?limit=&cursor=: a page size (default 50, at most 200) and where to resume. */
export const expenseListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(EXPENSE_PAGE_MAX, `limit must be at most ${EXPENSE_PAGE_MAX}`)
    .default(EXPENSE_PAGE_DEFAULT),
  cursor: z
    .string({ error: BAD_CURSOR })
    .transform((value, ctx) => {
      const cursor = decodeExpenseCursor(value);
      if (!cursor) {
        ctx.addIssue({ code: 'custom', message: BAD_CURSOR });
        return z.NEVER;
      }
      return cursor;
    })
    .optional(),
});
export type ExpenseListQuery = z.output<typeof expenseListQuerySchema>;

export const expenseShareSchema = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  share_cents: cents,
  share_amount: dollarAmount,
});
export type ExpenseShare = z.infer<typeof expenseShareSchema>;

/**
 * The split an expense was decided with, in order (the last person takes any remainder): `amount_cents` and
 * `amount` for custom, `percent` for percent, `shares` for by_shares, all null for equal and personal.
 */
export const expenseSplitSchema = z.object({
  method: z.enum(SPLIT_METHODS),
  /** An itemized split's items, extras and what each person pays, in the currency the expense was paid in. */
  itemized: itemizedViewSchema.optional(),
  people: z.array(
    z.object({
      user_id: z.string(),
      amount_cents: cents.nullable(),
      amount: dollarAmount.nullable(),
      percent: z.number().nullable(),
      /** A by_shares split's whole shares for the person (absent for every other method). */
      shares: z.number().int().optional(),
    }),
  ),
});
export type ExpenseSplit = z.infer<typeof expenseSplitSchema>;

/** A stored split as answers carry it; its custom amounts are minor units of `currency` (the trip's home). */
export function expenseSplitOf(split: StoredSplit, currency = DEFAULT_HOME_CURRENCY): ExpenseSplit {
  return {
    method: split.method,
    ...(split.itemized && { itemized: itemizedView(split.itemized, split.itemized.currency) }),
    people: split.people.map(({ user_id, weight }) => {
      const amount_cents = split.method === 'custom' || split.method === 'itemized' ? weight : null;
      return {
        user_id,
        amount_cents,
        amount: amount_cents === null ? null : minorToMajor(amount_cents, currency),
        percent: split.method === 'percent' ? weight : null,
        ...(split.method === 'by_shares' && weight !== null && { shares: weight }),
      };
    }),
  };
}

/** One payer of an expense in answers: who, and the part of the amount they paid. */
export const expensePayerSchema = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  amount_cents: cents,
  amount: dollarAmount,
});
export type ExpensePayerView = z.infer<typeof expensePayerSchema>;

/**
 * Spec §3 "Expense". `paid_by` is the (first) payer's user id; `paid_by_name` is what the list shows (payersLabel:
 * "Ana Silva", "Ana Silva and Ben Wu", "Ana Silva +2"); `payers` says who paid how much, in order. `amount_cents`,
 * `amount`, the payers' parts and the shares are in the trip's home currency (minor units and major units);
 * `currency`, `original_amount_minor` and `original_amount` are what was paid, converted at `rate` (home units per
 * unit of `currency`, exact decimal text) from `rate_source` of `rate_date`. The split's custom amounts are in
 * `currency`.
 */
export const expenseSchema = z.object({
  id: z.string(),
  trip_id: z.string(),
  title: z.string(),
  description: z.string(),
  amount_cents: cents,
  amount: dollarAmount,
  // Optional only for answers kept from before currencies (a cached page): absent means the home currency at 1.
  currency: z.string().optional(),
  original_amount_minor: cents.optional(),
  original_amount: z.number().optional(),
  rate: z.string().optional(),
  rate_source: z.enum(RATE_SOURCES).optional(),
  rate_date: z.string().optional(),
  expense_date: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  expense_type: z.enum(EXPENSE_TYPES),
  paid_by: z.string(),
  paid_by_name: z.string(),
  payers: z.array(expensePayerSchema).min(1),
  participants: z.array(expenseShareSchema),
  split: expenseSplitSchema,
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * Moves by one on every edit (expense-versions.ts): what `If-Match` names. Absent only in an answer kept offline
   * from before versions, which the app then writes without a condition.
   */
  version: z.number().int().min(1).optional(),
  /**
   * The photo or PDF attached to it (receipts.ts); null without one. Absent reads as null: an answer kept offline
   * from before receipts still parses.
   */
  receipt: receiptSchema.nullable().default(null),
});
export type Expense = z.infer<typeof expenseSchema>;

/** What an expense was paid in: its currency and amount in minor units, and the rate and where it came from. */
export function paidIn(expense: Expense, home: string) {
  return {
    currency: expense.currency ?? home,
    minor: expense.original_amount_minor ?? expense.amount_cents,
    rate: expense.rate ?? '1',
    rate_source: expense.rate_source ?? 'home',
    rate_date: expense.rate_date ?? expense.expense_date,
  };
}

/**
 * GET /trips/{tripId}/expenses: one page, newest first, and trip-wide figures (over all expenses, not this page).
 * `next_cursor` is passed back as `cursor` for the next page (null on the last); it is opaque.
 */
export const expensesResponseSchema = z.object({
  expenses: z.array(expenseSchema),
  next_cursor: z.string().nullable(),
  expense_count: z.number().int(),
  total_expenses_cents: cents,
  total_expenses: dollarAmount,
  your_share_cents: cents,
  /** The currency of every `*_cents` figure of the page: the trip's home currency (absent before currencies: USD). */
  home_currency: z.string().optional(),
});
export type ExpensesResponse = z.infer<typeof expensesResponseSchema>;
export const expenseResponseSchema = z.object({ expense: expenseSchema });

/**
 * The /api/trip-split bodies and answers (spec §3, §7). Requests carry dollars (a number or a numeric string with
 * at most 2 decimals) and are parsed to integer cents here, once. Answers carry the exact cents in `*_cents` fields
 * and, beside them, the spec's dollar fields (`amount`, `share_amount`, …) derived from the cents by centsToDollars;
 * the zod schemas of the answers are what the contract tests and the web client check them against.
 */
import { z } from 'zod';
import { recordId, RECORD_ID } from './ids';
import { decodeCursor, encodeCursor } from './cursor';
import { receiptSchema } from './receipts';
import { isoDateSchema } from './dates';
import { visibleText } from './text';
import { MAX_CENTS, parseDollarsToCents, splitCustom, splitEqual, splitPercent, sumCents } from './money';
import { currencyCodeSchema, minorToMajor, parseDecimalToMinor, rateSchema } from './currency';
import { DEFAULT_HOME_CURRENCY, minorUnits } from './iso4217';
import { CHOOSE_PAYER, PAID_BY_FIRST_PAYER, PAYERS_MUST_ADD_UP } from './payers';
import { RATE_SOURCES } from './rates';
import { personRefSchema } from './participants';
import {
  itemizedAsCustom,
  itemizedSplitBody,
  itemizedView,
  itemizedViewSchema,
  leftoverMessage,
  leftoverOf,
  mapItemizedAmounts,
  type ItemizedSplit,
} from './itemized';
import type { TripRole } from './trips';

export const EXPENSE_CATEGORIES = [
  'food',
  'transport',
  'accommodation',
  'entertainment',
  'shopping',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const DEFAULT_EXPENSE_CATEGORY: ExpenseCategory = 'food';

/** personal: the payer bears it all; group: equal among all participants; shared: custom per non-payer. */
export const EXPENSE_TYPES = ['personal', 'group', 'shared'] as const;
export type ExpenseType = (typeof EXPENSE_TYPES)[number];
export const DEFAULT_EXPENSE_TYPE: ExpenseType = 'group';

/**
 * How a split was decided, kept beside the computed cents so an edit can keep it or re-apply it: equal (the
 * remainder on the last person), custom amounts (a mismatch with the total adjusted onto the last person),
 * percentages (normalised, rounding onto the last person) or personal (the payer bears it all). The simple form's
 * types map onto them: group and shared-without-amounts are equal, shared with amounts is custom with the payer
 * last (bearing the rest), personal is personal.
 */
export const SPLIT_METHODS = ['equal', 'custom', 'percent', 'personal', 'itemized'] as const;
export type SplitMethod = (typeof SPLIT_METHODS)[number];

/**
 * A split as stored: the people in order, each with their weight: cents for custom and itemized (each person's
 * total), a percentage for percent, null for equal and personal. An itemized split keeps its items and extras in
 * the minor units of `currency`, the one the expense was paid in (itemized.ts).
 */
export interface StoredSplit {
  method: SplitMethod;
  people: Array<{ user_id: string; weight: number | null }>;
  itemized?: ItemizedSplit & { currency: string };
}

/**
 * The stored split applied to a total: each person's share in cents, in the split's order, or null when it cannot
 * be applied (no people; custom amounts that would leave the last person below zero; percentages without a
 * positive total).
 */
export function applySplit(totalCents: number, split: StoredSplit): number[] | null {
  const weights = split.people.map((p) => p.weight ?? 0);
  switch (split.method) {
    case 'personal':
      return split.people.length === 1 ? [totalCents] : null;
    case 'equal':
      return split.people.length > 0 ? splitEqual(totalCents, split.people.length) : null;
    case 'custom':
      return splitCustom(totalCents, weights);
    case 'percent':
      return splitPercent(totalCents, weights);
    case 'itemized':
      // What the items decided, or nothing: a new total needs the items changed to match it.
      return sumCents(weights) === totalCents ? weights : null;
  }
}

/** A shared expense (spec §5) whose amounts owed by the non-payers exceed what was paid. */
export const SHARES_EXCEED_AMOUNT = 'The amounts owed come to more than the expense';

export const PROVIDE_IDENTIFIER = 'Provide an email or a username';

/** "Looks like an email" for the add-participant field (spec §5): anything else is sent as a username. */
export const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

export const addParticipantBodySchema = z
  .object({
    email: z.string().trim().max(320).optional(),
    username: z.string().trim().max(60).optional(),
  })
  .refine((body) => Boolean(body.email || body.username), { message: PROVIDE_IDENTIFIER });
export type AddParticipantBody = z.output<typeof addParticipantBodySchema>;

/** The add-participant form's one field (spec §5): email-looking text is sent as email, anything else as username. */
export const participantFormSchema = z
  .object({ identifier: z.string().trim().min(1, PROVIDE_IDENTIFIER) })
  .transform(({ identifier }): AddParticipantBody =>
    looksLikeEmail(identifier) ? { email: identifier } : { username: identifier },
  );

export const participantParamsSchema = z.object({
  tripId: recordId('Trip id'),
  userId: recordId('User id'),
});

export const entityIdParamsSchema = z.object({
  id: recordId('Id', 200),
});

const userId = z
  .string({ error: 'Choose a person' })
  .trim()
  .min(1, 'Choose a person')
  .max(128)
  .regex(RECORD_ID, 'Choose a person')
  .refine((id) => !(id in Object.prototype), 'Choose a person');

/** Dollars in, integer cents out; `positive` for amounts, not for shares (a share may be 0 before zeros drop). */
const dollars = (label: string, { positive }: { positive: boolean }) =>
  z.union([z.number(), z.string()], { error: `${label} is required` }).transform((value, ctx) => {
    const cents = parseDollarsToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a dollar amount with at most 2 decimals` });
      return z.NEVER;
    }
    if (positive && cents <= 0) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid amount' });
      return z.NEVER;
    }
    return cents;
  });

/**
 * The most decimals of any spendable currency (KWD, BHD, TND): an expense body's amounts are read to thousandths
 * first, then to the minor units of the body's currency (expenseBodySchema's last step), which may be fewer.
 */
const BODY_DIGITS = 3;
const BODY_SCALE = 10 ** BODY_DIGITS;
const amountMessage = (label: string, currency: string | undefined) =>
  currency && currency !== DEFAULT_HOME_CURRENCY
    ? `${label} must be an amount in ${currency} with at most ${minorUnits(currency)} decimals`
    : `${label} must be a dollar amount with at most 2 decimals`;

/** An amount of the body's currency, in thousandths until the body's last step; `positive` as for dollars. */
const bodyAmount = (label: string, { positive }: { positive: boolean }) =>
  z.union([z.number(), z.string()], { error: `${label} is required` }).transform((value, ctx) => {
    const thousandths = parseDecimalToMinor(value, BODY_DIGITS, MAX_CENTS * BODY_SCALE);
    if (thousandths === null) {
      ctx.addIssue({ code: 'custom', message: amountMessage(label, undefined) });
      return z.NEVER;
    }
    if (positive && thousandths <= 0) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid amount' });
      return z.NEVER;
    }
    return thousandths;
  });

const uniquePeople = <T extends { user_id: string }>(rows: T[]) =>
  new Set(rows.map((row) => row.user_id)).size === rows.length;
const ONCE = { message: 'Each person may appear only once in a split' };
const share = bodyAmount('Each share', { positive: false });

/**
 * POST /trips/{tripId}/expenses and PUT /expenses/{id}. Either `participants` with explicit shares (the overview
 * modal), which must add up to the amount exactly, or `expense_type` with optional `splits` (the simple form),
 * from which the server computes the shares itself.
 */
const percent = z
  .number({ error: 'A percentage must be a number' })
  .min(0, 'A percentage cannot be negative')
  .max(100_000, 'A percentage is too large');

/**
 * The split as the overview's modal decided it: the method and its people with their amounts (custom) or
 * percentages (percent). The server computes the shares from it and stores it; `participants`, when sent beside
 * it, must be the same shares.
 */
export const splitBodySchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('equal'),
      people: z
        .array(z.object({ user_id: userId }))
        .min(1, 'Select at least one participant')
        .max(500),
    }),
    z.object({
      method: z.literal('custom'),
      people: z
        .array(z.object({ user_id: userId, amount: share }))
        .min(1, 'Enter custom amounts')
        .max(500),
    }),
    z.object({
      method: z.literal('percent'),
      people: z
        .array(z.object({ user_id: userId, percent }))
        .min(1, 'Enter percentages for participants')
        .max(500),
    }),
    z.object({ method: z.literal('personal') }),
  ],
  { error: 'Choose how to split' },
);
export type SplitBody = z.output<typeof splitBodySchema>;

/** An itemized split in the body: items and extras in the body's currency (itemized.ts). */
const itemizedBodySchema = itemizedSplitBody(share, userId);

const expenseFieldsSchema = z.object({
  title: visibleText('Title', 200),
  description: z.string().trim().max(2000, 'Description is too long').default(''),
  amount: bodyAmount('Amount', { positive: true }),
  expense_date: isoDateSchema,
  category: z.enum(EXPENSE_CATEGORIES, { error: 'Choose a category' }).default(DEFAULT_EXPENSE_CATEGORY),
  paid_by: userId.optional(),
  payers: z
    .array(z.object({ user_id: userId, amount: bodyAmount('What each person paid', { positive: true }) }))
    .min(1, CHOOSE_PAYER)
    .max(500, 'At most 500 payers per expense')
    .refine(uniquePeople, { message: 'Each person may appear only once among the payers' })
    .optional(),
  expense_type: z.enum(EXPENSE_TYPES, { error: 'Choose how to split' }).default(DEFAULT_EXPENSE_TYPE),
  participants: z
    .array(z.object({ user_id: userId, share_amount: share }))
    .max(500, 'At most 500 people per expense')
    .refine(uniquePeople, ONCE)
    .optional(),
  splits: z
    .array(z.object({ user_id: userId, amount: share }))
    .max(500, 'At most 500 people per expense')
    .refine(uniquePeople, ONCE)
    .optional(),
  split: z
    .discriminatedUnion('method', [...splitBodySchema.options, itemizedBodySchema], {
      error: 'Choose how to split',
    })
    .refine((split) => split.method === 'personal' || 'items' in split || uniquePeople(split.people), ONCE)
    .optional(),
  /** The currency the amounts are in; absent: the trip's home currency (amounts with at most 2 decimals). */
  currency: currencyCodeSchema.optional(),
  /** Units of the home currency per unit of `currency`, as the member got it; absent: the reference rate. */
  rate: rateSchema.optional(),
});

/**
 * POST /trips/{tripId}/expenses and PUT /expenses/{id}: every amount in integer minor units of the body's
 * `currency` (cents when it has none), refused when it has more decimals than that currency has.
 *
 * Who paid: `payers`, each with what they paid (every part above 0, each person once, adding up to the amount
 * exactly), or the spec's single `paid_by` (one payer of the whole amount). Sent together, `paid_by` must be the
 * first payer. The parsed body always has both: `paid_by` is the first payer, `payers` in minor units.
 *
 * An itemized `split` must have its items and extras add up to the amount exactly (the leftover assigned); the
 * parsed body has it in `itemized` (minor units) and, in `split`, each person's total as custom amounts, from which
 * the shares are decided and converted like any custom split's.
 */
export const expenseBodySchema = expenseFieldsSchema.transform(({ split: sent, ...body }, ctx) => {
  const scale = 10 ** (BODY_DIGITS - (body.currency ? minorUnits(body.currency) : 2));
  const minor = (thousandths: number, label: string, path: Array<string | number>) => {
    if (thousandths % scale !== 0 || thousandths / scale > MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: amountMessage(label, body.currency), path });
    }
    return thousandths / scale;
  };
  if (body.rate !== undefined && body.currency === undefined) {
    ctx.addIssue({ code: 'custom', message: 'A rate needs the currency of the amount', path: ['rate'] });
  }
  const itemized =
    sent?.method === 'itemized'
      ? mapItemizedAmounts(sent, (value, path) => minor(value, 'Each item', ['split', ...path]))
      : undefined;
  const split: SplitBody | undefined =
    sent?.method === 'itemized'
      ? itemizedAsCustom(itemized as ItemizedSplit)
      : sent?.method === 'custom'
        ? {
            method: 'custom',
            people: sent.people.map((p, i) => ({
              ...p,
              amount: minor(p.amount, 'Each share', ['split', 'people', i, 'amount']),
            })),
          }
        : sent;
  const parsed = {
    ...body,
    amount: minor(body.amount, 'Amount', ['amount']),
    ...(itemized && { itemized }),
    ...(body.participants && {
      participants: body.participants.map((p, i) => ({
        ...p,
        share_amount: minor(p.share_amount, 'Each share', ['participants', i, 'share_amount']),
      })),
    }),
    ...(body.splits && {
      splits: body.splits.map((s, i) => ({
        ...s,
        amount: minor(s.amount, 'Each share', ['splits', i, 'amount']),
      })),
    }),
    ...(split && { split }),
  };
  const payers = body.payers?.map((p, i) => ({
    ...p,
    amount: minor(p.amount, 'What each person paid', ['payers', i, 'amount']),
  }));
  if (!payers) {
    if (body.paid_by === undefined)
      ctx.addIssue({ code: 'custom', path: ['paid_by'], message: CHOOSE_PAYER });
  } else {
    if (sumCents(payers.map((p) => p.amount)) !== parsed.amount) {
      ctx.addIssue({ code: 'custom', path: ['payers'], message: PAYERS_MUST_ADD_UP });
    }
    if (body.paid_by !== undefined && body.paid_by !== payers[0]?.user_id) {
      ctx.addIssue({ code: 'custom', path: ['paid_by'], message: PAID_BY_FIRST_PAYER });
    }
  }
  const leftover = itemized ? leftoverOf(itemized, parsed.amount) : 0;
  if (leftover !== 0) {
    ctx.addIssue({ code: 'custom', path: ['split'], message: leftoverMessage(leftover, body.currency) });
  }
  const list = payers ?? [{ user_id: body.paid_by as string, amount: parsed.amount }];
  return { ...parsed, paid_by: (list[0] as { user_id: string }).user_id, payers: list };
});
export type ExpenseBody = z.output<typeof expenseBodySchema>;

/**
 * PUT /settlements/{id}/paid: no body (spec §7), or the amount the caller saw, so that a transfer a recalculation
 * changed meanwhile is not marked paid at an amount nobody confirmed (409 with the current list instead).
 */
export const markPaidBodySchema = z.object({ amount: dollars('Amount', { positive: true }).optional() });
export type MarkPaidBody = z.output<typeof markPaidBodySchema>;
export type MarkPaidBodyInput = z.input<typeof markPaidBodySchema>;
export type ExpenseBodyInput = z.input<typeof expenseBodySchema>;

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

const cents = z.number().int();
/** The spec's dollar fields (§3) beside the exact cents: a number with at most two decimals. */
const dollarAmount = z.number().refine((value) => Number.isInteger(Math.round(value * 100)), {
  message: 'A dollar amount has at most two decimals',
});

/** Someone the ledger names: `left` when they are no longer a member (what they owe or are owed stays). */
const ledgerPersonSchema = personRefSchema.extend({ left: z.boolean() });
export type LedgerPerson = z.infer<typeof ledgerPersonSchema>;

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
 * `amount` for custom, `percent` for percent, all null for equal and personal.
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

/** Spec §3 "Settlement": pending while settled_at is null. `payer` pays `payee`. */
export const settlementSchema = z.object({
  id: z.string(),
  trip_id: z.string(),
  amount_cents: cents,
  amount: dollarAmount,
  settled_at: z.string().nullable(),
  payer: ledgerPersonSchema,
  payee: ledgerPersonSchema,
  created_at: z.string(),
});
export type Settlement = z.infer<typeof settlementSchema>;

/** Spec §3 "Balance". */
export const balanceSchema = ledgerPersonSchema.extend({
  balance_cents: cents,
  total_paid_cents: cents,
  total_owed_cents: cents,
  balance: dollarAmount,
  total_paid: dollarAmount,
  total_owed: dollarAmount,
});
export type Balance = z.infer<typeof balanceSchema>;

/** The spec's dollar fields of a balance, derived from its cents (minor units of the trip's home currency). */
export const balanceDollars = (
  balance: {
    balance_cents: number;
    total_paid_cents: number;
    total_owed_cents: number;
  },
  currency = DEFAULT_HOME_CURRENCY,
) => ({
  balance: minorToMajor(balance.balance_cents, currency),
  total_paid: minorToMajor(balance.total_paid_cents, currency),
  total_owed: minorToMajor(balance.total_owed_cents, currency),
});

/** POST /trips/{tripId}/settlements/calculate. 'exact' when the pending transfers are proven the fewest possible. */
export const calculateSettlementsResponseSchema = z.object({
  balances: z.array(balanceSchema),
  settlements: z.array(settlementSchema),
  method: z.enum(['exact', 'greedy']),
});
export type CalculateSettlementsResponse = z.infer<typeof calculateSettlementsResponseSchema>;

/** GET /user/trips: one card of the overview (spec §2). `your_share_cents` sums the caller's shares. */
export const splitTripSummarySchema = z.object({
  id: z.string(),
  trip_name: z.string(),
  city_name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  image_url: z.string().nullable(),
  user_role: z.enum(['owner', 'participant'] as const satisfies readonly TripRole[]),
  trip_owner_username: z.string(),
  /** Who added the caller directly (not by invitation or link); null otherwise, and for trips from before. */
  added_by_username: z.string().nullable().optional(),
  participant_count: z.number().int(),
  /** Spec §3's field: the member count, as participant_count. */
  number_of_people: z.number().int().optional(),
  expense_count: z.number().int(),
  total_expenses_cents: cents,
  total_expenses: dollarAmount,
  your_share_cents: cents,
  /** The currency of the trip's totals, balances and settlements (ISO 4217); absent before currencies: USD. */
  home_currency: z.string().optional(),
});
export type SplitTripSummary = z.infer<typeof splitTripSummarySchema>;

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

export const settlementsResponseSchema = z.object({ settlements: z.array(settlementSchema) });
export type SettlementsResponse = z.infer<typeof settlementsResponseSchema>;
export const settlementResponseSchema = z.object({ settlement: settlementSchema });

/** "Mark as Paid" on a pending transfer that a recalculation has since replaced: 409 with the current list. */
export const SETTLEMENT_REPLACED = 'This settlement was recalculated. Here is the current list.';
export const settlementReplacedSchema = z.object({
  error: z.string(),
  settlements: z.array(settlementSchema),
});
export type SettlementReplaced = z.infer<typeof settlementReplacedSchema>;

/**
 * "How we got here" for one member: what they paid, their share, the balance that leaves (paid − share, before any
 * transfer), the transfers (pending or paid) that settle it, and what those transfers leave open (0 once the
 * settlements are calculated after the last change of the ledger).
 */
export const memberExplanationSchema = personRefSchema.extend({
  total_paid_cents: cents,
  total_paid: dollarAmount,
  total_owed_cents: cents,
  total_owed: dollarAmount,
  balance_cents: cents,
  balance: dollarAmount,
  settlement_ids: z.array(z.string()),
  unsettled_cents: cents,
  unsettled: dollarAmount,
});
export type MemberExplanation = z.infer<typeof memberExplanationSchema>;

/** GET /trips/{tripId}/settlements/explanation: every member's explanation and the settlements it names. */
export const settlementExplanationResponseSchema = z.object({
  members: z.array(memberExplanationSchema),
  settlements: z.array(settlementSchema),
});
export type SettlementExplanationResponse = z.infer<typeof settlementExplanationResponseSchema>;

/** POST /api/trip-split/live-token (firebase mode): a Firebase custom token for the ledger-notice listener. */
export const liveTokenResponseSchema = z.object({ firebaseToken: z.string().min(1) });

export const splitTripsResponseSchema = z.object({ trips: z.array(splitTripSummarySchema) });
export type SplitTripsResponse = z.infer<typeof splitTripsResponseSchema>;

/** What the live stream says happened; the client refetches the ledger on any of them. */
export const LEDGER_CHANGES = [
  'participant.invited',
  'participant.declined',
  'participant.added',
  'participant.removed',
  'participant.owner',
  'expense.created',
  'expense.updated',
  'expense.deleted',
  'settlements.calculated',
  'settlement.paid',
  'trip.home_currency',
  'trip.budget',
] as const;
export type LedgerChangeKind = (typeof LEDGER_CHANGES)[number];

/** The data of one `change` event on GET /trips/{tripId}/live. */
export interface LedgerChange {
  kind: LedgerChangeKind;
  trip_id: string;
  /** The expense, settlement or user the change is about (for an invitation, the invitee). */
  subject_id: string;
  at: string;
}

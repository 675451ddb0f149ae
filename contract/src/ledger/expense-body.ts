import { z } from 'zod';
import { recordId, RECORD_ID } from '../ids';
import { isoDateSchema } from '../dates';
import { visibleText } from '../text';
import { MAX_MINOR, sumMinor } from '../money';
import { wholeSharesSchema } from '../participants';
import { currencyCodeSchema, parseDecimalToMinor, rateSchema } from '../currency';
import { DEFAULT_HOME_CURRENCY, minorUnits } from '../iso4217';
import { CHOOSE_PAYER, PAID_BY_FIRST_PAYER, PAYERS_MUST_ADD_UP } from '../payers';
import {
  itemizedAsCustom,
  itemizedSplitBody,
  leftoverMessage,
  leftoverOf,
  mapItemizedAmounts,
  type ItemizedSplit,
} from '../itemized';
import {
  DEFAULT_EXPENSE_CATEGORY,
  DEFAULT_EXPENSE_TYPE,
  EXPENSE_CATEGORIES,
  EXPENSE_TYPES,
} from './stored-split';

/** A shared expense (spec §5) whose amounts owed by the non-payers exceed what was paid. */
export const SHARES_EXCEED_AMOUNT = 'The amounts owed come to more than the expense';

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
    const thousandths = parseDecimalToMinor(value, BODY_DIGITS, MAX_MINOR * BODY_SCALE);
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

export const SHARES_MESSAGE = 'Shares are a whole number from 1 to 99';

/**
 * The split as the overview's modal decided it: the method and its people with their amounts (custom),
 * percentages (percent) or whole shares (by_shares: a person without `shares` takes their participant weight). The
 * server computes the shares from it and stores it; `participants`, when sent beside it, must be the same shares.
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
    z.object({
      method: z.literal('by_shares'),
      people: z
        .array(z.object({ user_id: userId, shares: wholeSharesSchema(SHARES_MESSAGE).optional() }))
        .min(1, 'Select at least one participant')
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
    if (thousandths % scale !== 0 || thousandths / scale > MAX_MINOR) {
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
    if (sumMinor(payers.map((p) => p.amount)) !== parsed.amount) {
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

export type ExpenseBodyInput = z.input<typeof expenseBodySchema>;

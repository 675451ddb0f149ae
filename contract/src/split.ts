/**
 * The /api/trip-split bodies and answers (spec §3, §7). Requests carry dollars (a number or a numeric string with
 * at most 2 decimals) and are parsed to integer cents here, once; answers carry cents in `*_cents` fields and the
 * client formats them.
 */
import { z } from 'zod';
import { recordId, RECORD_ID } from './ids';
import { isoDateSchema } from './dates';
import { visibleText } from './text';
import { parseDollarsToCents } from './money';
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
  .regex(RECORD_ID, 'Choose a person');

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

const uniquePeople = <T extends { user_id: string }>(rows: T[]) =>
  new Set(rows.map((row) => row.user_id)).size === rows.length;
const ONCE = { message: 'Each person may appear only once in a split' };
const share = dollars('Each share', { positive: false });

/**
 * POST /trips/{tripId}/expenses and PUT /expenses/{id}. Either `participants` with explicit shares (the overview
 * modal), which must add up to the amount exactly, or `expense_type` with optional `splits` (the simple form),
 * from which the server computes the shares itself.
 */
export const expenseBodySchema = z.object({
  title: visibleText('Title', 200),
  description: z.string().trim().max(2000, 'Description is too long').default(''),
  amount: dollars('Amount', { positive: true }),
  expense_date: isoDateSchema,
  category: z.enum(EXPENSE_CATEGORIES, { error: 'Choose a category' }).default(DEFAULT_EXPENSE_CATEGORY),
  paid_by: userId,
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
});
export type ExpenseBody = z.output<typeof expenseBodySchema>;
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
  const bytes = new TextEncoder().encode(JSON.stringify([expense_date, created_at, id]));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The cursor's position, or null when it is not one this API wrote. */
export function decodeExpenseCursor(cursor: string): ExpenseCursor | null {
  if (!/^[A-Za-z0-9_-]{1,1000}$/.test(cursor)) return null;
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
    const parsed = cursorTupleSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    const [expense_date, created_at, id] = parsed.data;
    return { expense_date, created_at, id };
  } catch {
    return null;
  }
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

export interface PersonRef {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** Spec §3 "Participant". */
export interface Participant extends PersonRef {
  /** The member's id on this trip (trip and user together). */
  id: string;
  display_name: string;
  user_email: string;
  username: string;
  joined_at: string;
  is_owner: boolean;
}

export interface ExpenseShare {
  user_id: string;
  first_name: string;
  last_name: string;
  share_cents: number;
}

/** Spec §3 "Expense". */
export interface Expense {
  id: string;
  trip_id: string;
  title: string;
  description: string;
  amount_cents: number;
  expense_date: string;
  category: ExpenseCategory;
  expense_type: ExpenseType;
  /** The payer's user id; `paid_by_name` is what the list shows. */
  paid_by: string;
  paid_by_name: string;
  participants: ExpenseShare[];
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** Spec §3 "Settlement": pending while settled_at is null. `payer` pays `payee`. */
export interface Settlement {
  id: string;
  trip_id: string;
  amount_cents: number;
  settled_at: string | null;
  payer: PersonRef;
  payee: PersonRef;
  created_at: string;
}

/** Spec §3 "Balance". */
export interface Balance extends PersonRef {
  balance_cents: number;
  total_paid_cents: number;
  total_owed_cents: number;
}

/** POST /trips/{tripId}/settlements/calculate. */
export interface CalculateSettlementsResponse {
  balances: Balance[];
  settlements: Settlement[];
  /** 'exact' when the pending transfers are proven the fewest possible; 'greedy' for very large groups. */
  method: 'exact' | 'greedy';
}

/** GET /user/trips: one card of the overview (spec §2 "Trip split overview"). */
export interface SplitTripSummary {
  id: string;
  trip_name: string;
  city_name: string;
  start_date: string | null;
  end_date: string | null;
  image_url: string | null;
  user_role: TripRole;
  trip_owner_username: string;
  participant_count: number;
  expense_count: number;
  total_expenses_cents: number;
  /** The sum of the caller's shares over all the trip's expenses. */
  your_share_cents: number;
}

export interface ParticipantsResponse {
  participants: Participant[];
}
/** GET /trips/{tripId}/expenses: one page, newest first, and the trip-wide figures the screens show beside it. */
export interface ExpensesResponse {
  expenses: Expense[];
  /** Pass back as `cursor` for the next page; null on the last page. Opaque: its content may change. */
  next_cursor: string | null;
  /** Over all the trip's expenses, not only this page. */
  expense_count: number;
  total_expenses_cents: number;
  /** The sum of the caller's shares over all the trip's expenses. */
  your_share_cents: number;
}
export interface SettlementsResponse {
  settlements: Settlement[];
}
export interface SplitTripsResponse {
  trips: SplitTripSummary[];
}

/** What the live stream says happened; the client refetches the ledger on any of them. */
export const LEDGER_CHANGES = [
  'participant.added',
  'participant.removed',
  'expense.created',
  'expense.updated',
  'expense.deleted',
  'settlements.calculated',
  'settlement.paid',
] as const;
export type LedgerChangeKind = (typeof LEDGER_CHANGES)[number];

/** The data of one `change` event on GET /trips/{tripId}/live. */
export interface LedgerChange {
  kind: LedgerChangeKind;
  trip_id: string;
  /** The expense, settlement or user the change is about. */
  subject_id: string;
  at: string;
}

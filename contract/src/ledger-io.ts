/**
 * A trip's ledger out and in (/api/trip-split): export as CSV or JSON (members only, as a download), and import of
 * a Splitwise group's CSV export or of this app's own CSV export (preview first, then an atomic commit). Amounts are integers in minor units: an
 * exported expense's `amount_cents` in its `currency`, converted at `rate` to `home_amount_cents` in the trip's home
 * currency, which its payers and shares are in. An imported row in another currency than the trip's is converted
 * at the reference rate of its date, as an expense entered in it would be, and keeps its original amount.
 */
import { z } from 'zod';
import { RATE_SOURCES } from './rates';
import { budgetCategoriesSchema, BUDGET_KINDS } from './budget';
import { EXPENSE_CATEGORIES } from './ledger';
import { itemizedViewSchema } from './itemized';

/** GET /trips/{tripId}/export?format=csv|json */
export const ledgerExportQuerySchema = z.object({
  format: z.enum(['csv', 'json'], { error: 'Format must be csv or json' }).default('csv'),
});
export type LedgerExportQuery = z.infer<typeof ledgerExportQuerySchema>;

const exportShareSchema = z.object({ user_id: z.string(), share_cents: z.number().int() });
const payerPartSchema = z.object({ user_id: z.string(), paid_cents: z.number().int() });

/** The JSON export: everyone the ledger names, and each expense with its shares. */
export const ledgerExportSchema = z.object({
  trip: z.object({ id: z.string(), trip_name: z.string(), home_currency: z.string() }),
  exported_at: z.string(),
  people: z.array(
    z.object({
      user_id: z.string(),
      name: z.string(),
      username: z.string(),
      left: z.boolean(),
      /** The participant's weight (whole shares in a by_shares split); null for someone no longer a participant. */
      weight: z.number().int().nullable(),
    }),
  ),
  expenses: z.array(
    z.object({
      id: z.string(),
      expense_date: z.string(),
      title: z.string(),
      description: z.string(),
      category: z.enum(EXPENSE_CATEGORIES),
      currency: z.string(),
      amount_cents: z.number().int(),
      /** Units of the home currency per unit of `currency`, exact decimal text ("1" in the home currency). */
      rate: z.string(),
      rate_source: z.enum(RATE_SOURCES),
      home_amount_cents: z.number().int(),
      payers: z.array(payerPartSchema),
      shares: z.array(exportShareSchema),
      /** An itemized expense's items, extras and what each person pays, in `currency`. */
      itemized: itemizedViewSchema.optional(),
      /** A by_shares expense's whole shares per person, in its split's order (the last took any remainder). */
      by_shares: z.array(z.object({ user_id: z.string(), shares: z.number().int() })).optional(),
    }),
  ),
  /** Whether the trip settles by household, and its households (contract/households.ts); absent in older files. */
  settle_by_household: z.boolean().optional(),
  households: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        payer_user_id: z.string(),
        member_ids: z.array(z.string()),
      }),
    )
    .optional(),
  /** The trip budget, amounts in the home currency's minor units; null without one. */
  budget: z
    .object({
      kind: z.enum(BUDGET_KINDS),
      amount_minor: z.number().int(),
      categories: budgetCategoriesSchema,
      updated_at: z.string(),
      updated_by: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /** The trip's activity history, oldest first (contract/activity.ts ActivityEntry). */
  activity: z
    .array(
      z.looseObject({ id: z.string(), at: z.string(), kind: z.string(), actor_id: z.string().nullable() }),
    )
    .optional(),
});
export type LedgerExport = z.infer<typeof ledgerExportSchema>;

/** The largest Splitwise file accepted, in characters, and the most expense rows one import may create. */
export const IMPORT_MAX_CHARS = 30_000;
export const IMPORT_MAX_EXPENSES = 400;

/**
 * POST /trips/{tripId}/import/preview and /import: the file's text (a Splitwise group export, or a ledger exported
 * as CSV from this app) and, for names the server could not match to a member, the member (user id) they are, or
 * null to leave that person out.
 */
export const splitwiseImportBodySchema = z.object({
  csv: z
    .string({ error: 'Choose a Splitwise CSV file' })
    .min(1, 'The file is empty')
    .max(IMPORT_MAX_CHARS, 'The file is too large to import at once'),
  mapping: z.record(z.string(), z.string().max(128).nullable()).default({}),
});
export type SplitwiseImportBody = z.infer<typeof splitwiseImportBodySchema>;

export const importPersonSchema = z.object({
  /** The column header in the file. */
  name: z.string(),
  /** The member it is, or null when unmatched or left out. */
  user_id: z.string().nullable(),
  /** username: the column names the member's username (this app's export), name: their name, mapping: the caller. */
  matched_by: z.enum(['username', 'name', 'mapping']).nullable(),
  /** Left out on purpose (mapped to null): their shares are borne by the payer. */
  skipped: z.boolean(),
});
export type ImportPerson = z.infer<typeof importPersonSchema>;

export const importExpenseSchema = z.object({
  /** The row's line number in the file (1 is the header). */
  line: z.number().int(),
  expense_date: z.string(),
  title: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  amount_cents: z.number().int(),
  /** The first payer; `payers` has each payer's part (adding up to amount_cents). */
  paid_by: z.string(),
  payers: z.array(payerPartSchema),
  shares: z.array(exportShareSchema),
  /**
   * A row in another currency than the trip's: its cost and shares in that currency's minor units (the split as
   * decided) and the rate it was converted at (units of the trip's currency per unit of it, exact decimal text);
   * null in the trip's currency.
   */
  original: z
    .object({
      currency: z.string(),
      amount_minor: z.number().int(),
      rate: z.string(),
      /** member: the rate a ledger exported from this app gives. */
      rate_source: z.enum(['ecb', 'snapshot', 'member']),
      rate_date: z.string(),
      shares: z.array(exportShareSchema),
    })
    .nullable(),
});
export type ImportExpense = z.infer<typeof importExpenseSchema>;

/**
 * A settle-up payment in the file (Splitwise's "Payment" rows, this app's "payment" rows): recorded as a paid
 * settlement from the person who paid to the one paid, in the trip's currency (converted as an expense would be).
 */
export const importPaymentSchema = z.object({
  line: z.number().int(),
  date: z.string(),
  from_user_id: z.string(),
  to_user_id: z.string(),
  amount_cents: z.number().int(),
});
export type ImportPayment = z.infer<typeof importPaymentSchema>;

export const importSkippedRowSchema = z.object({
  line: z.number().int(),
  description: z.string(),
  reason: z.string(),
});
export type ImportSkippedRow = z.infer<typeof importSkippedRowSchema>;

/** What an import would create (preview) or created (commit). */
export const importPreviewSchema = z.object({
  people: z.array(importPersonSchema),
  /** Names still to map or skip: the commit is refused while any remain. */
  unmatched: z.array(z.string()),
  expenses: z.array(importExpenseSchema),
  payments: z.array(importPaymentSchema),
  skipped: z.array(importSkippedRowSchema),
  total_cents: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** `created`: the expenses written (the payments are `payments`). */
export const importResultSchema = importPreviewSchema.extend({ created: z.number().int() });
export type ImportResult = z.infer<typeof importResultSchema>;

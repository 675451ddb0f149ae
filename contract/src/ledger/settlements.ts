import { z } from 'zod';
import { parseDollarsToCents } from '../money';
import { minorToMajor } from '../money';
import { DEFAULT_HOME_CURRENCY } from '../iso4217';
import { personRefSchema } from '../participants';
import type { LedgerBalance } from '../settlement';
import { cents, dollarAmount, ledgerPersonSchema } from './answer-fields';

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
 * PUT /settlements/{id}/paid: no body (spec §7), or the amount the caller saw, so that a transfer a recalculation
 * changed meanwhile is not marked paid at an amount nobody confirmed (409 with the current list instead).
 */
export const markPaidBodySchema = z.object({ amount: dollars('Amount', { positive: true }).optional() });
export type MarkPaidBody = z.output<typeof markPaidBodySchema>;
export type MarkPaidBodyInput = z.input<typeof markPaidBodySchema>;
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

/** A balance's minor units (the trip's home currency) under the answers' `*_cents` names, in the answers' order. */
export const balanceCents = (balance: LedgerBalanceMinor) => ({
  total_paid_cents: balance.total_paid_minor,
  total_owed_cents: balance.total_owed_minor,
  balance_cents: balance.balance_minor,
});

/** The spec's dollar fields of a balance, derived from its minor units (of the trip's home currency). */
export const balanceDollars = (balance: LedgerBalanceMinor, currency = DEFAULT_HOME_CURRENCY) => ({
  balance: minorToMajor(balance.balance_minor, currency),
  total_paid: minorToMajor(balance.total_paid_minor, currency),
  total_owed: minorToMajor(balance.total_owed_minor, currency),
});

type LedgerBalanceMinor = Pick<LedgerBalance, 'balance_minor' | 'total_paid_minor' | 'total_owed_minor'>;

/** POST /trips/{tripId}/settlements/calculate. 'exact' when the pending transfers are proven the fewest possible. */
export const calculateSettlementsResponseSchema = z.object({
  balances: z.array(balanceSchema),
  settlements: z.array(settlementSchema),
  method: z.enum(['exact', 'greedy']),
});
export type CalculateSettlementsResponse = z.infer<typeof calculateSettlementsResponseSchema>;

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
  /** Only while the trip settles by household: the household they settle with, null when none. */
  household_id: z.string().nullable().optional(),
});
export type MemberExplanation = z.infer<typeof memberExplanationSchema>;

/**
 * A household in "how we got here": its members' balances summed, and what the settlements leave open of that sum
 * (its payer pays or receives for all of them, so the payer's own `unsettled` is not 0 but the household's is).
 */
export const householdExplanationSchema = z.object({
  id: z.string(),
  name: z.string(),
  payer_user_id: z.string(),
  member_ids: z.array(z.string()),
  balance_cents: cents,
  balance: dollarAmount,
  unsettled_cents: cents,
  unsettled: dollarAmount,
});
export type HouseholdExplanation = z.infer<typeof householdExplanationSchema>;

/**
 * GET /trips/{tripId}/settlements/explanation: every member's explanation and the settlements it names; while the
 * trip settles by household, also its households (the answer is otherwise exactly as without households).
 */
export const settlementExplanationResponseSchema = z.object({
  members: z.array(memberExplanationSchema),
  settlements: z.array(settlementSchema),
  households: z.array(householdExplanationSchema).optional(),
});
export type SettlementExplanationResponse = z.infer<typeof settlementExplanationResponseSchema>;

import { z } from 'zod';
import { personRefSchema } from '../participants';

export const cents = z.number().int();
/** The spec's dollar fields (§3) beside the exact cents: a number with at most two decimals. */
export const dollarAmount = z.number().refine((value) => Number.isInteger(Math.round(value * 100)), {
  message: 'A dollar amount has at most two decimals',
});

/** Someone the ledger names: `left` when they are no longer a member (what they owe or are owed stays). */
export const ledgerPersonSchema = personRefSchema.extend({ left: z.boolean() });
export type LedgerPerson = z.infer<typeof ledgerPersonSchema>;

import { z } from 'zod';
import { splitTripSummarySchema } from './ledger';

// Apart from trip-lists.ts so that GET /api/trips' page schema does not bring split.ts's schemas with it: a page
// that reads the trip list builds only the schemas it checks, which keeps a phone's first visit short.

/** The overview's header over every trip of the user, whichever page is shown: totals per home currency. */
export const splitTripsSummarySchema = z.object({
  trip_count: z.number().int(),
  expense_count: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), total_cents: z.number().int() })),
});
export type SplitTripsSummary = z.infer<typeof splitTripsSummarySchema>;

/** GET /api/trip-split/user/trips?limit=&cursor=: one page, and on the first page (no cursor) the summary. */
export const splitTripPageSchema = z.object({
  trips: z.array(splitTripSummarySchema),
  next_cursor: z.string().nullable(),
  summary: splitTripsSummarySchema.optional(),
});
export type SplitTripPage = z.infer<typeof splitTripPageSchema>;

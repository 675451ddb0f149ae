import { z } from 'zod';
import type { TripRole } from '../trips';
import { cents, dollarAmount } from './answer-fields';

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

export const splitTripsResponseSchema = z.object({ trips: z.array(splitTripSummarySchema) });
export type SplitTripsResponse = z.infer<typeof splitTripsResponseSchema>;

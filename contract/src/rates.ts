/**
 * Exchange rates: GET /api/rates answers the rate from one currency to another on a date, and
 * where it came from. Every expense keeps the rate it was converted at and its source.
 */
import { z } from 'zod';
import { currencyCodeSchema } from './currency';
import { DEFAULT_HOME_CURRENCY } from './iso4217';
import { isoDateSchema } from './dates';

/**
 * Where a rate came from: 'ecb' the European Central Bank's reference rates fetched for the date, 'snapshot' the
 * ECB rates bundled with the product (when the service cannot be reached), 'member' the rate a member typed,
 * 'home' an expense in the trip's own currency (rate 1).
 */
export const RATE_SOURCES = ['ecb', 'snapshot', 'member', 'home'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** GET /api/rates?from=JPY&to=EUR&date=2026-11-20 */
export const ratesQuerySchema = z.object({
  from: currencyCodeSchema,
  to: currencyCodeSchema,
  date: isoDateSchema,
});
export type RatesQuery = z.output<typeof ratesQuerySchema>;

/** The rate (units of `to` per unit of `from`, exact decimal text), its source and the date of the figures used. */
export const rateAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  rate: z.string(),
  source: z.enum(['ecb', 'snapshot', 'home']),
  /** The date of the reference rates used: the asked date, or the last working day before it. */
  rate_date: z.string(),
});
export type RateAnswer = z.infer<typeof rateAnswerSchema>;

export const RATE_UNAVAILABLE = 'No rate is known for that currency; type the rate you got';

/** PUT /api/trip-split/trips/{tripId}/home-currency */
export const homeCurrencyBodySchema = z.object({ home_currency: currencyCodeSchema });
export type HomeCurrencyBody = z.output<typeof homeCurrencyBodySchema>;
export const homeCurrencyResponseSchema = z.object({ home_currency: z.string() });
export type HomeCurrencyResponse = z.infer<typeof homeCurrencyResponseSchema>;

export const HOME_CURRENCY_LOCKED =
  'The home currency can be changed only while the trip has no expenses or settlements';
/** An expense converted to the home currency it read, which another member changed before the expense was stored. */
export const HOME_CURRENCY_CHANGED =
  "The trip's home currency changed while this expense was being saved. Check the amount and save it again.";

/** A trip's home currency as stored (trips written before currencies existed have none: US dollars). */
export const homeCurrencyOf = (trip: { home_currency?: string | undefined }) =>
  trip.home_currency ?? DEFAULT_HOME_CURRENCY;

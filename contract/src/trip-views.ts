import { z } from 'zod';
import { isoDateSchema } from './dates';
import { visibleText } from './text';
import { dailyPlanSchema, type DailyPlan } from './plans';
import { attractionSchema, type Attraction, type TripRole } from './trips';

/** Longest trip the flow accepts and an edit may make: the guide writes one day per trip day. */
export const MAX_TRIP_DAYS = 60;

/** A trip as GET /api/trips lists it to one of its members. */
export interface TripSummary {
  id: string;
  trip_name: string;
  description: string;
  city_name: string;
  /** yyyy-MM-dd */
  start_date: string | null;
  end_date: string | null;
  /** How many members the trip has (owner included), as participant_count (spec §3). */
  number_of_people: number;
  budget_range: string | null;
  /** A short-lived signed address of the uploaded image (an <img> cannot send the bearer token); null without one. */
  image_url: string | null;
  latitude: number | null;
  longitude: number | null;
  user_role: TripRole;
  trip_owner_username: string;
  /** The list's: who added the caller directly (not by invitation or link); null otherwise. */
  added_by_username?: string | null;
  /** How many members the trip has (owner included): the "N People" the list, header and Travelers card show. */
  participant_count: number;
  expense_count: number;
  /** Integer cents. */
  total_expenses_cents: number;
  /** The same in dollars (spec §3). */
  total_expenses: number;
  created_at: string;
}

/** The AI guide (spec §3): the JSON object its provider wrote, or the raw text when that did not parse. */
export type RecommendationsAnswer = Record<string, unknown> | string | null;

/** The stored guide text as an answer carries it. */
export function recommendationsAnswer(text: string | null): RecommendationsAnswer {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // Not JSON: the raw text is the answer.
  }
  return text;
}

/**
 * Where the trip's AI guide stands. A slow writer (Gemini) works after POST /api/trips has answered: 'writing'
 * until it is done, then 'ready'; 'fallback' when it failed and the offline planner wrote the guide instead.
 */
export const GUIDE_STATUSES = ['writing', 'ready', 'fallback'] as const;
export type GuideStatus = (typeof GUIDE_STATUSES)[number];

/** GET /api/trips/{id}: the trip with everything the details page shows. */
export interface TripView extends TripSummary {
  /** While 'writing', recommendations are null and attractions empty; both fill in when it changes. */
  guide_status: GuideStatus;
  recommendations: RecommendationsAnswer;
  recommendations_provider: string | null;
  attractions: Attraction[];
  /**
   * By date, each day in its order (plans.ts compareDayPlans: timed by start time, then untimed). A page that edits
   * the list locally regroups it with plansByDay, as the board does, so the list and the map keep one order.
   */
  daily_plans: DailyPlan[];
}

// Answer schemas, checked where the web app receives them (shared/api.ts apiFetchChecked). Loose objects: a field
// a newer server adds passes through instead of failing an open page; the fields the app reads are checked.

const tripSummaryFields = z.looseObject({
  id: z.string(),
  trip_name: z.string(),
  description: z.string(),
  city_name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  number_of_people: z.number(),
  budget_range: z.string().nullable(),
  image_url: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  user_role: z.enum(['owner', 'participant']),
  trip_owner_username: z.string(),
  added_by_username: z.string().nullable().optional(),
  participant_count: z.number().int(),
  expense_count: z.number().int(),
  total_expenses_cents: z.number().int(),
  total_expenses: z.number(),
  created_at: z.string(),
});
/** GET /api/trips: each trip of the list. */
export const tripSummarySchema: z.ZodType<TripSummary> = tripSummaryFields;
export const tripListSchema = z.array(tripSummarySchema);

/** GET and PUT /api/trips/{id}. */
export const tripViewSchema: z.ZodType<TripView> = tripSummaryFields.extend({
  guide_status: z.enum(GUIDE_STATUSES),
  recommendations: z.union([z.record(z.string(), z.unknown()), z.string(), z.null()]),
  recommendations_provider: z.string().nullable(),
  attractions: z.array(attractionSchema),
  daily_plans: z.array(dailyPlanSchema),
});

export const TRIP_ENDS_BEFORE_START = 'The trip must end after it starts.';

/** PUT /api/trips/{id}: the text fields of the multipart edit form (the optional image travels beside them). */
export const updateTripBodySchema = z
  .object({
    trip_name: visibleText('Trip name', 120),
    description: visibleText('Description', 2000, { multiline: true }),
    start_date: isoDateSchema,
    end_date: isoDateSchema,
  })
  .refine((trip) => trip.end_date > trip.start_date, { message: TRIP_ENDS_BEFORE_START, path: ['end_date'] })
  // The same length rule as creation: a member cannot stretch a trip into millions of days.
  .refine((trip) => daysBetween(trip.start_date, trip.end_date) + 1 <= MAX_TRIP_DAYS, {
    message: `A trip can be at most ${MAX_TRIP_DAYS} days long`,
    path: ['end_date'],
  });
export type UpdateTripBody = z.output<typeof updateTripBodySchema>;

/** Image types the trip image upload accepts, checked against the file's real bytes on the server. */
export const TRIP_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const TRIP_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Weather forecasts reach 14 days ahead (spec §9). */
export const WEATHER_WINDOW_DAYS = 14;

export type WeatherIcon = 'sun' | 'partly-cloudy' | 'cloud' | 'fog' | 'rain' | 'snow' | 'storm';

/** One day of weather (spec §3 "Weather day"), temperatures in °C. */
export interface WeatherDay {
  /** yyyy-MM-dd */
  date: string;
  min_c: number;
  max_c: number;
  avg_c: number;
  text: string;
  icon: WeatherIcon;
  /** True when no forecast covered the day and it was estimated from the place and season. */
  estimate: boolean;
}

/** Where a trip's forecast came from: WeatherAPI.com (a key), Open-Meteo (keyless), or the offline estimate. */
export type WeatherSource = 'weatherapi' | 'open-meteo' | 'estimate';

/**
 * GET /api/trips/{id}/weather: the trip's days inside the forecast window. `source` names the service that
 * answered ('estimate' when none did); days it did not cover are still estimated, each marked as one.
 */
export type TripWeather =
  { available: false } | { available: true; source: WeatherSource; days: WeatherDay[] };

/** GET /api/trips/{id}/weather and /api/shared/{tripId}/{token}/weather. */
export const tripWeatherSchema = z.discriminatedUnion('available', [
  z.object({ available: z.literal(false) }),
  z.object({
    available: z.literal(true),
    source: z.enum(['weatherapi', 'open-meteo', 'estimate']),
    days: z.array(
      z.object({
        date: z.string(),
        min_c: z.number(),
        max_c: z.number(),
        avg_c: z.number(),
        text: z.string(),
        icon: z.enum(['sun', 'partly-cloudy', 'cloud', 'fog', 'rain', 'snow', 'storm']),
        estimate: z.boolean(),
      }),
    ),
  }),
]) satisfies z.ZodType<TripWeather>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `from` to `to` (both yyyy-MM-dd); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The date `days` after `date` (yyyy-MM-dd in, yyyy-MM-dd out). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Expenses and plans may fall this many days before or after the trip: deposits and flights booked a year ahead,
 * refunds after. Bounded, so no date is years away from the trip's days.
 */
export const DATES_AROUND_TRIP_DAYS = 366;

/** Why `date` cannot belong to the trip, or null when it can: within its span give or take DATES_AROUND_TRIP_DAYS. */
export function dateOutsideTrip(
  date: string,
  trip: { start_date: string | null; end_date: string | null },
): string | null {
  if (!trip.start_date || !trip.end_date) return null;
  const earliest = addDays(trip.start_date, -DATES_AROUND_TRIP_DAYS);
  const latest = addDays(trip.end_date, DATES_AROUND_TRIP_DAYS);
  return date < earliest || date > latest ? `Pick a date between ${earliest} and ${latest}` : null;
}

/** Weather is fetched only when the trip has coordinates and its end date is 0 to 14 days from today (spec §5). */
export function weatherWindowOpen(
  trip: { latitude: number | null; longitude: number | null; end_date: string | null },
  today: string,
): boolean {
  if (trip.latitude === null || trip.longitude === null || !trip.end_date) return false;
  const daysToEnd = daysBetween(today, trip.end_date);
  return daysToEnd >= 0 && daysToEnd <= WEATHER_WINDOW_DAYS;
}

/** The query of a signed trip-image address (see image_url). */
export const signedImageQuerySchema = z.object({
  u: z.string({ error: 'The image link is not valid' }).min(1).max(128),
  expires: z.coerce.number({ error: 'The image link is not valid' }).int().positive(),
  sig: z.string({ error: 'The image link is not valid' }).min(1).max(100),
});

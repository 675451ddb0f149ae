import { z } from 'zod';
import { isoDateSchema } from './dates';
import { visibleText } from './text';
import { addDays, daysBetween, MAX_TRIP_DAYS, type TripView } from './trip-views';

/** The question flow's choices (spec §9). */
export const BUDGET_OPTIONS = ['Budget-friendly', 'Moderate', 'Luxury', 'No limit'] as const;
export type BudgetOption = (typeof BUDGET_OPTIONS)[number];

export const INTEREST_OPTIONS = [
  'Culture & History',
  'Nature & Adventure',
  'Food & Dining',
  'Shopping',
  'Relaxation',
  'Nightlife',
] as const;
export type InterestOption = (typeof INTEREST_OPTIONS)[number];

export const TRAVEL_STYLE_OPTIONS = ['Solo', 'Couple', 'Family', 'Group of friends', 'Business'] as const;
export type TravelStyleOption = (typeof TRAVEL_STYLE_OPTIONS)[number];

export const QUESTION_FLOW_STEPS = 6;

/** Flexible durations and the trip length each stands for (spec §9). */
export const FLEXIBLE_DURATIONS = [
  { label: '1-3 days', days: 3 },
  { label: '4-7 days', days: 7 },
  { label: '1-2 weeks', days: 10 },
  { label: '2+ weeks', days: 14 },
] as const;
export type FlexibleDurationLabel = (typeof FLEXIBLE_DURATIONS)[number]['label'];

/** A flexible trip starts this many days after today. */
export const FLEXIBLE_START_OFFSET_DAYS = 7;
/** Trip length when no dates are known. */
export const DEFAULT_TRIP_DAYS = 3;

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day of a local Date as yyyy-MM-dd (what the user sees on their calendar). */
export const toIsoDate = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The number of calendar days a trip covers, both ends included; DEFAULT_TRIP_DAYS without dates. */
export function tripLengthDays(startDate?: string | null, endDate?: string | null): number {
  if (!startDate || !endDate) return DEFAULT_TRIP_DAYS;
  return Math.max(1, daysBetween(startDate, endDate) + 1);
}

/** The dates a flexible duration stands for: start 7 days after today, end = start + length - 1. */
export function flexibleDates(
  label: FlexibleDurationLabel,
  today: Date,
): { startDate: string; endDate: string } {
  const { days } = FLEXIBLE_DURATIONS.find((d) => d.label === label) ?? FLEXIBLE_DURATIONS[0];
  const startDate = addDays(toIsoDate(today), FLEXIBLE_START_OFFSET_DAYS);
  return { startDate, endDate: addDays(startDate, days - 1) };
}

/** The answers of the six steps (spec §3 "Question answers"). */
export interface QuestionAnswers {
  destination: string;
  /** A display string of the range, or the flexible-duration label. */
  dates: string;
  startDate: string;
  endDate: string;
  budget: string;
  interests: string[];
  travelStyle: string;
}

export const EMPTY_ANSWERS: QuestionAnswers = {
  destination: '',
  dates: '',
  startDate: '',
  endDate: '',
  budget: '',
  interests: [],
  travelStyle: '',
};

const choice = <T extends readonly [string, ...string[]]>(options: T, label: string) =>
  z.enum(options, { error: `Choose a ${label} from the list` });

const destinationField = visibleText('Destination', 120);

/** The question flow's first step as a form: the destination, typed or picked from the suggestions. */
export const destinationAnswerSchema = z.object({ destination: destinationField });

/** The answers as stored with the trip (trip.preferences). */
export const questionAnswersSchema = z.object({
  destination: destinationField,
  dates: z.string().trim().max(80).default(''),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  budget: choice(BUDGET_OPTIONS, 'budget'),
  interests: z.array(choice(INTEREST_OPTIONS, 'interest')).max(INTEREST_OPTIONS.length).default([]),
  travelStyle: choice(TRAVEL_STYLE_OPTIONS, 'travel style'),
});

const coordinate = (limit: number) => z.number().min(-limit).max(limit).nullable().optional();

/**
 * POST /api/trips (spec §7). The date rule: the end is on or after the start, the trip is at most MAX_TRIP_DAYS
 * long, and it does not start in the past (a day of slack for time zones ahead of the server's).
 */
export const createTripBodySchema = z
  .object({
    destination: destinationField,
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    numberOfPeople: z.literal(1, { error: 'A new trip starts with one traveller' }).default(1),
    preferences: questionAnswersSchema,
    travelStyle: choice(TRAVEL_STYLE_OPTIONS, 'travel style'),
    budgetRange: choice(BUDGET_OPTIONS, 'budget'),
    interests: z.array(choice(INTEREST_OPTIONS, 'interest')).max(INTEREST_OPTIONS.length).default([]),
    latitude: coordinate(90),
    longitude: coordinate(180),
  })
  .superRefine((body, ctx) => {
    const problem = dateRangeProblem(body.startDate, body.endDate, toIsoDate(new Date()));
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type CreateTripBody = z.output<typeof createTripBodySchema>;
export type CreateTripInput = z.input<typeof createTripBodySchema>;

/** Why a chosen range cannot become a trip, or null when it can. `today` is yyyy-MM-dd. */
export function dateRangeProblem(
  startDate: string,
  endDate: string,
  today: string,
): { field: 'startDate' | 'endDate'; message: string } | null {
  if (daysBetween(addDays(today, -1), startDate) < 0) {
    return { field: 'startDate', message: 'The trip cannot start in the past' };
  }
  const length = daysBetween(startDate, endDate) + 1;
  if (length < 1) return { field: 'endDate', message: 'The trip must end on or after the day it starts' };
  if (length > MAX_TRIP_DAYS) {
    return { field: 'endDate', message: `A trip can be at most ${MAX_TRIP_DAYS} days long` };
  }
  return null;
}

/** The body the flow sends for its answers (spec §7: numberOfPeople is always 1). */
export function createTripBody(
  answers: QuestionAnswers,
  place: { latitude: number; longitude: number } | null,
): CreateTripInput {
  return {
    destination: answers.destination.trim(),
    startDate: answers.startDate,
    endDate: answers.endDate,
    numberOfPeople: 1,
    preferences: answers as CreateTripInput['preferences'],
    travelStyle: answers.travelStyle as TravelStyleOption,
    budgetRange: answers.budget as BudgetOption,
    interests: answers.interests as InterestOption[],
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
  };
}

/** POST /api/trips answers the new trip's id and the trip as GET /api/trips/{id} shows it. */
export interface CreateTripResponse {
  id: string;
  trip: TripView;
}

/** GET /api/places/cities?q= */
export const citySearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type a city name' })
    .trim()
    .min(1, 'Type a city name')
    .max(100, 'That name is too long'),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

/** A city from the bundled world-cities data. */
export const citySuggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO 3166 alpha-2 code and the English country name. */
  countryCode: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  population: z.number(),
});
export type CitySuggestion = z.infer<typeof citySuggestionSchema>;

/** The answer of GET /api/places/cities: the best matches, most likely first. */
export const citySuggestionsResponseSchema = z.object({ cities: z.array(citySuggestionSchema) });
export type CitySuggestionsResponse = z.infer<typeof citySuggestionsResponseSchema>;

/** GET /api/places/photo?city=&maxWidth=800[&lat&lng] */
export const placePhotoQuerySchema = z.object({
  city: z.string({ error: 'City is required' }).trim().min(1, 'City is required').max(120),
  maxWidth: z.coerce.number().int().min(64).max(4800).default(800),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});
export type PlacePhotoQuery = z.output<typeof placePhotoQuerySchema>;

/** Where a city photo came from, and the credit shown beside it (linking to the photo's page with its licence). */
export interface PhotoAttribution {
  source: 'google' | 'wikipedia';
  text: string;
  url: string | null;
}

export type PlacePhotoResponse =
  { success: true; photoUrl: string; attribution: PhotoAttribution } | { success: false; photoUrl: null };

/** GET /api/places/photo's answer, checked where the web app receives it. */
export const placePhotoResponseSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    photoUrl: z.string(),
    attribution: z.object({
      source: z.enum(['google', 'wikipedia']),
      text: z.string(),
      url: z.string().nullable(),
    }),
  }),
  z.object({ success: z.literal(false), photoUrl: z.null() }),
]) satisfies z.ZodType<PlacePhotoResponse>;

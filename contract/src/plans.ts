import { z } from 'zod';
import { recordId } from './ids';
import { isoDateSchema } from './dates';
import { compareCodeUnits } from './order';
import { visibleText } from './text';
import { tripIdParamsSchema } from './trips';

export const PLAN_CATEGORIES = [
  'Hotel',
  'Restaurant',
  'Attraction',
  'Comment',
  'Activity',
  'Transportation',
] as const;
export type PlanCategory = (typeof PLAN_CATEGORIES)[number];

/** A plan on one day of a trip (spec §3 "Daily plan"). */
export interface DailyPlan {
  id: string;
  trip_id: string;
  /** yyyy-MM-dd */
  plan_date: string;
  /** One of PLAN_CATEGORIES; other stored values show a generic icon. */
  category: string;
  title: string;
  description: string;
  /** 1-based day of the trip, derived from plan_date and the trip's start date. */
  day_number: number;
  /** Position within the day; food items from the AI guide start at 1000 so they follow the rest. */
  order: number;
  /** When the plan starts on its day, "HH:MM" (24-hour, the trip's local time); null for an untimed plan. */
  start_time: string | null;
  /** How long it lasts in minutes; only a timed plan has one, and it may have none. */
  duration_minutes: number | null;
  created_at: string;
}

/** A plan as answers carry it (GET /api/trips/{id}, PUT …/daily-plans/{planId}): checked at the client's edge. */
export const dailyPlanSchema = z.object({
  id: z.string(),
  trip_id: z.string(),
  plan_date: z.string(),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  day_number: z.number().int(),
  order: z.number().int(),
  start_time: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<DailyPlan>;

/** A plan's time: both fields are written together. */
export type PlanTime = Pick<DailyPlan, 'start_time' | 'duration_minutes'>;

/** Longest plan: one day. */
export const MAX_PLAN_MINUTES = 24 * 60;

/** "HH:MM", 00:00 to 23:59. */
export const planTimeSchema = z
  .string({ error: 'Start time must look like 09:30' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Start time must look like 09:30 (24-hour, 00:00 to 23:59)');

export const planDurationSchema = z
  .number({ error: 'Duration must be a whole number of minutes' })
  .int('Duration must be a whole number of minutes')
  .min(1, 'Duration must be at least 1 minute')
  .max(MAX_PLAN_MINUTES, `Duration must be at most ${MAX_PLAN_MINUTES} minutes (one day)`);

export const DURATION_NEEDS_START = 'Give the plan a start time to give it a duration';

/**
 * A plan to create, or a plan's new fields (PUT). Its time is one unit, start time and duration: sending either
 * sets both (the one left out becomes null); sending neither keeps what the plan has, like `order`, so a client
 * that only moves a plan to another day cannot lose its time. A duration needs a start time.
 */
export const planInputSchema = z
  .object({
    plan_date: isoDateSchema,
    category: visibleText('Category', 40),
    title: visibleText('Title', 200),
    description: z.string().trim().max(2000, 'Description is too long').default(''),
    order: z.number().int().min(0).max(1_000_000).optional(),
    start_time: planTimeSchema.nullable().optional(),
    duration_minutes: planDurationSchema.nullable().optional(),
  })
  .refine((plan) => plan.duration_minutes == null || plan.start_time != null, {
    message: DURATION_NEEDS_START,
    path: ['duration_minutes'],
  })
  .transform(({ start_time, duration_minutes, ...plan }): typeof plan & Partial<PlanTime> =>
    start_time === undefined && duration_minutes === undefined
      ? plan
      : { ...plan, start_time: start_time ?? null, duration_minutes: duration_minutes ?? null },
  );
export type PlanInput = z.output<typeof planInputSchema>;

export const DURATION_WITHOUT_START = 'Set a start time to give a duration';
export const DURATION_MINUTES = `Enter whole minutes from 1 to ${MAX_PLAN_MINUTES}`;

/**
 * The Add New Plan form as typed (spec §5): a day, a category, a non-blank title, an optional description, and an
 * optional time ('' for none) with an optional duration in whole minutes (text, '' for none) that needs the time.
 * Its output is the plan to send: trimmed text, and the time as one (both null for an untimed plan).
 */
export const planFormSchema = z
  .object({
    plan_date: isoDateSchema,
    category: visibleText('Category', 40),
    title: visibleText('Title', 200),
    description: z.string().trim().max(2000, 'Description is too long'),
    start_time: z.union([z.literal(''), planTimeSchema]),
    duration: z.string().trim().default(''),
  })
  .superRefine(({ start_time, duration }, ctx) => {
    if (duration === '') return;
    if (start_time === '')
      ctx.addIssue({ code: 'custom', path: ['duration'], message: DURATION_WITHOUT_START });
    else if (!/^\d+$/.test(duration) || +duration < 1 || +duration > MAX_PLAN_MINUTES) {
      ctx.addIssue({ code: 'custom', path: ['duration'], message: DURATION_MINUTES });
    }
  })
  .transform(({ start_time, duration, ...plan }): PlanInput => ({
    ...plan,
    start_time: start_time || null,
    duration_minutes: start_time && duration ? Number(duration) : null,
  }));
export type PlanFormValues = z.input<typeof planFormSchema>;

/**
 * The order of one day's plans: timed plans first, by start time, then the untimed ones in the order they were
 * put in (a schedule reads top-down, and the unscheduled rest — "try the bakery" — follows it). Ties keep the
 * stored order, then creation. Server and browser both sort with it, so the list, the map and the calendar agree.
 */
export function compareDayPlans(
  a: Pick<DailyPlan, 'start_time' | 'order' | 'created_at' | 'id'>,
  b: Pick<DailyPlan, 'start_time' | 'order' | 'created_at' | 'id'>,
): number {
  if (a.start_time !== b.start_time) {
    if (a.start_time === null) return 1;
    if (b.start_time === null) return -1;
    return a.start_time < b.start_time ? -1 : 1;
  }
  return a.order - b.order || compareCodeUnits(a.created_at, b.created_at) || compareCodeUnits(a.id, b.id);
}

/** Plans by date, then in each day's order (compareDayPlans). */
export const comparePlans = (
  a: Pick<DailyPlan, 'plan_date' | 'start_time' | 'order' | 'created_at' | 'id'>,
  b: Pick<DailyPlan, 'plan_date' | 'start_time' | 'order' | 'created_at' | 'id'>,
) => compareCodeUnits(a.plan_date, b.plan_date) || compareDayPlans(a, b);

/** One date's plans in their day order: what the list shows top-down and the map numbers 1, 2, 3… */
export interface PlanDay<P> {
  /** yyyy-MM-dd */
  date: string;
  plans: P[];
}

/** The plans grouped by date, dates ascending, each day's plans in compareDayPlans order. */
export function plansByDay<P extends Parameters<typeof comparePlans>[0]>(plans: readonly P[]): PlanDay<P>[] {
  const days = new Map<string, P[]>();
  for (const plan of [...plans].sort(comparePlans)) {
    const day = days.get(plan.plan_date);
    if (day) day.push(plan);
    else days.set(plan.plan_date, [plan]);
  }
  return [...days].map(([date, dayPlans]) => ({ date, plans: dayPlans }));
}

export const bulkPlansBodySchema = z.object({
  plans: z.array(planInputSchema).min(1, 'Send at least one plan').max(500, 'At most 500 plans at once'),
});
export type BulkPlansBody = z.output<typeof bulkPlansBodySchema>;

/** POST /api/trips/{id}/daily-plans/bulk answers the plans it created and how many duplicates it skipped. */
export interface BulkPlansResponse {
  plans: DailyPlan[];
  skipped: number;
}

/** POST /api/trips/{id}/daily-plans/bulk's answer, checked where the web app receives it. */
export const bulkPlansResponseSchema = z.object({
  plans: z.array(dailyPlanSchema),
  skipped: z.number().int(),
}) satisfies z.ZodType<BulkPlansResponse>;

/** Two plans are the same when they share a date and a trimmed, lower-cased title (spec §4). */
export const planDuplicateKey = (plan: { plan_date: string; title: string }) =>
  `${plan.plan_date}|${plan.title.trim().toLocaleLowerCase()}`;

export const planParamsSchema = tripIdParamsSchema.extend({
  planId: recordId('Plan id'),
});

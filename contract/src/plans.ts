import { z } from 'zod';
import { recordId } from './ids';
import { isoDateSchema } from './dates';
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
  created_at: string;
}

export const planInputSchema = z.object({
  plan_date: isoDateSchema,
  category: visibleText('Category', 40),
  title: visibleText('Title', 200),
  description: z.string().trim().max(2000, 'Description is too long').default(''),
  order: z.number().int().min(0).max(1_000_000).optional(),
});
export type PlanInput = z.output<typeof planInputSchema>;

export const bulkPlansBodySchema = z.object({
  plans: z.array(planInputSchema).min(1, 'Send at least one plan').max(500, 'At most 500 plans at once'),
});
export type BulkPlansBody = z.output<typeof bulkPlansBodySchema>;

/** POST /api/trips/{id}/daily-plans/bulk answers the plans it created and how many duplicates it skipped. */
export interface BulkPlansResponse {
  plans: DailyPlan[];
  skipped: number;
}

/** Two plans are the same when they share a date and a trimmed, lower-cased title (spec §4). */
export const planDuplicateKey = (plan: { plan_date: string; title: string }) =>
  `${plan.plan_date}|${plan.title.trim().toLocaleLowerCase()}`;

export const planParamsSchema = tripIdParamsSchema.extend({
  planId: recordId('Plan id'),
});

import {
  bulkPlansBodySchema,
  bulkPlansResponseSchema,
  dailyPlanSchema,
  planInputSchema,
  planParamsSchema,
} from '../plans';
import { tripIdParamsSchema } from '../trips';
import { endpoint } from './endpoint';

/** A trip's daily plans (spec §7). */
export const createPlan = endpoint({
  method: 'POST',
  path: '/trips/:tripId/daily-plans',
  params: tripIdParamsSchema,
  body: planInputSchema,
  answer: dailyPlanSchema,
  status: 201,
});

/** The guide's plans added at once; those the trip already has are skipped. */
export const createPlans = endpoint({
  method: 'POST',
  path: '/trips/:tripId/daily-plans/bulk',
  params: tripIdParamsSchema,
  body: bulkPlansBodySchema,
  answer: bulkPlansResponseSchema,
  status: 201,
});

export const updatePlan = endpoint({
  method: 'PUT',
  path: '/trips/:tripId/daily-plans/:planId',
  params: planParamsSchema,
  body: planInputSchema,
  answer: dailyPlanSchema,
  status: 200,
});

export const deletePlan = endpoint({
  method: 'DELETE',
  path: '/trips/:tripId/daily-plans/:planId',
  params: planParamsSchema,
  status: 204,
});

import {
  householdBodySchema,
  householdParamsSchema,
  householdResponseSchema,
  householdsResponseSchema,
  settleByHouseholdSchema,
} from '../households';
import { tripIdParamsSchema } from '../trips';
import { endpoint } from './endpoint';

/**
 * Households (contract/src/households.ts): any member of the trip lists, creates, replaces and deletes them, and
 * turns settling by household on or off.
 */
export const listHouseholds = endpoint({
  method: 'GET',
  path: '/trip-split/trips/:tripId/households',
  params: tripIdParamsSchema,
  answer: householdsResponseSchema,
  status: 200,
});
export const createHousehold = endpoint({
  method: 'POST',
  path: '/trip-split/trips/:tripId/households',
  params: tripIdParamsSchema,
  body: householdBodySchema,
  answer: householdResponseSchema,
  status: 201,
});
/** The whole household: name, members and payer. */
export const updateHousehold = endpoint({
  method: 'PUT',
  path: '/trip-split/trips/:tripId/households/:householdId',
  params: householdParamsSchema,
  body: householdBodySchema,
  answer: householdResponseSchema,
  status: 200,
});
export const deleteHousehold = endpoint({
  method: 'DELETE',
  path: '/trip-split/trips/:tripId/households/:householdId',
  params: householdParamsSchema,
  status: 204,
});
export const setSettleByHousehold = endpoint({
  method: 'PUT',
  path: '/trip-split/trips/:tripId/settle-by-household',
  params: tripIdParamsSchema,
  body: settleByHouseholdSchema,
  answer: settleByHouseholdSchema,
  status: 200,
});

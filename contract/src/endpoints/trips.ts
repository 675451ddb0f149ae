import { createTripBodySchema, type CreateTripResponse } from '../question-flow';
import { tripListQuerySchema, tripPageSchema } from '../trip-lists';
import { tripViewSchema, updateTripBodySchema } from '../trip-views';
import { tripIdParamsSchema } from '../trips';
import { endpoint, typedAnswer } from './endpoint';

/** The caller's trips, a page at a time (spec §7). */
export const listTrips = endpoint({
  method: 'GET',
  path: '/trips',
  query: tripListQuerySchema,
  answer: tripPageSchema,
  status: 200,
});

/** The question flow's answers in, the new trip out. */
export const createTrip = endpoint({
  method: 'POST',
  path: '/trips',
  body: createTripBodySchema,
  answer: typedAnswer<CreateTripResponse>(),
  status: 201,
});

export const getTrip = endpoint({
  method: 'GET',
  path: '/trips/:tripId',
  params: tripIdParamsSchema,
  answer: tripViewSchema,
  status: 200,
  guestSession: true,
});

/** Multipart: the fields and an optional image. */
export const updateTrip = endpoint({
  method: 'PUT',
  path: '/trips/:tripId',
  params: tripIdParamsSchema,
  body: updateTripBodySchema,
  multipart: true,
  answer: tripViewSchema,
  status: 200,
});

export const deleteTrip = endpoint({
  method: 'DELETE',
  path: '/trips/:tripId',
  params: tripIdParamsSchema,
  status: 204,
});

import { linkAnswerSchema, linkParamsSchema, sharedPhotoQuerySchema, sharedTripSchema } from '../links';
import { placePhotoResponseSchema } from '../question-flow';
import { tripWeatherSchema } from '../trip-views';
import { tripIdParamsSchema } from '../trips';
import { endpoint, RAW } from './endpoint';

/** A member's own calendar feed of the trip: read, made anew (the old one stops working), turned off. */
export const getCalendarFeed = endpoint({
  method: 'GET',
  path: '/trips/:tripId/calendar-feed',
  params: tripIdParamsSchema,
  answer: linkAnswerSchema,
  status: 200,
});
export const makeCalendarFeed = endpoint({
  method: 'POST',
  path: '/trips/:tripId/calendar-feed',
  params: tripIdParamsSchema,
  answer: linkAnswerSchema,
  status: 201,
});
export const revokeCalendarFeed = endpoint({
  method: 'DELETE',
  path: '/trips/:tripId/calendar-feed',
  params: tripIdParamsSchema,
  status: 204,
});

/** The trip's read-only share link: read, made anew, turned off. */
export const getShareLink = endpoint({
  method: 'GET',
  path: '/trips/:tripId/share-link',
  params: tripIdParamsSchema,
  answer: linkAnswerSchema,
  status: 200,
});
export const makeShareLink = endpoint({
  method: 'POST',
  path: '/trips/:tripId/share-link',
  params: tripIdParamsSchema,
  answer: linkAnswerSchema,
  status: 201,
});
export const revokeShareLink = endpoint({
  method: 'DELETE',
  path: '/trips/:tripId/share-link',
  params: tripIdParamsSchema,
  status: 204,
});

/** The trip as an .ics download, for members. */
export const downloadCalendar = endpoint({
  method: 'GET',
  path: '/trips/:tripId/calendar.ics',
  params: tripIdParamsSchema,
  answer: RAW,
  status: 200,
});

/** A calendar feed as calendar apps fetch it: no session, the link's token. */
export const calendarFeed = endpoint({
  method: 'GET',
  path: '/calendar/:tripId/:token.ics',
  params: linkParamsSchema,
  answer: RAW,
  status: 200,
});

/** A share link's trip, its weather and its city photo: no session, the link's token. */
export const sharedTrip = endpoint({
  method: 'GET',
  path: '/shared/:tripId/:token',
  params: linkParamsSchema,
  answer: sharedTripSchema,
  status: 200,
});
export const sharedWeather = endpoint({
  method: 'GET',
  path: '/shared/:tripId/:token/weather',
  params: linkParamsSchema,
  answer: tripWeatherSchema,
  status: 200,
});
export const sharedPhoto = endpoint({
  method: 'GET',
  path: '/shared/:tripId/:token/photo',
  params: linkParamsSchema,
  query: sharedPhotoQuerySchema,
  answer: placePhotoResponseSchema,
  status: 200,
});

import { z } from 'zod';
import { recordId } from './ids';
import { dailyPlanSchema } from './plans';
import { placePhotoQuerySchema } from './question-flow';
import { attractionSchema } from './trips';
import { GUIDE_STATUSES, type TripView } from './trip-views';

/**
 * Links that open part of a trip without a session: a member's private calendar feed, and the trip's read-only
 * share link. Each address carries the trip id and a token: a random link id (stored, so revoking it ends it)
 * followed by the server's signature over the link's kind, trip and id (so a forged token is turned away unread).
 */
export type LinkKind = 'calendar' | 'share';

/** The link id's and the signature's lengths in base64url characters (18 and 32 random/HMAC bytes). */
export const LINK_ID_LENGTH = 24;
export const LINK_SIGNATURE_LENGTH = 43;
const TOKEN = new RegExp(`^[A-Za-z0-9_-]{${LINK_ID_LENGTH + LINK_SIGNATURE_LENGTH}}$`);

export const LINK_NOT_FOUND = 'This link is not valid. Ask a traveller on the trip for a new one.';
export const LINK_REVOKED = 'This link was turned off by the trip’s travellers. Ask them for a new one.';

const linkToken = z.string({ error: LINK_NOT_FOUND }).regex(TOKEN, LINK_NOT_FOUND);

/** A link's address: GET /api/shared/{tripId}/{token}[/weather], GET /api/calendar/{tripId}/{token}.ics. */
export const linkParamsSchema = z.object({ tripId: recordId('Trip id'), token: linkToken });

/**
 * GET /api/shared/{tripId}/{token}/photo?maxWidth=: the trip's city photo (a PlacePhotoResponse). The city and its
 * coordinates are the trip's own; the visitor chooses only the width (as for GET /api/places/photo).
 */
export const sharedPhotoQuerySchema = placePhotoQuerySchema.pick({ maxWidth: true });

/** A link as its member sees it; `path` is absolute from the site root (the browser adds its origin). */
export const linkSchema = z.object({
  path: z.string(),
  created_at: z.string(),
});
export type Link = z.infer<typeof linkSchema>;

/**
 * GET/POST /api/trips/{tripId}/calendar-feed and /share-link: the caller's calendar feed (or the trip's share
 * link), null when there is none. POST makes a new one, and the one it replaces stops working.
 */
export const linkAnswerSchema = z.strictObject({ link: linkSchema.nullable() });
export type LinkAnswer = z.infer<typeof linkAnswerSchema>;

/**
 * GET /api/shared/{tripId}/{token}: what a share link shows, to anyone holding it: the itinerary, the guide and
 * the map's places. Strict: no member, email, image, role or money field may ever ride along.
 */
export const sharedTripSchema = z.strictObject({
  id: z.string(),
  trip_name: z.string(),
  city_name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  guide_status: z.enum(GUIDE_STATUSES),
  recommendations: z.union([z.record(z.string(), z.unknown()), z.string(), z.null()]),
  recommendations_provider: z.string().nullable(),
  attractions: z.array(attractionSchema),
  daily_plans: z.array(z.strictObject(dailyPlanSchema.shape)),
});
export type SharedTrip = z.infer<typeof sharedTripSchema> &
  Pick<TripView, 'recommendations' | 'attractions' | 'daily_plans'>;

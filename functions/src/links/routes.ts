import type { Response } from 'express';
import {
  calendarFeed,
  downloadCalendar,
  getCalendarFeed,
  getShareLink,
  makeCalendarFeed,
  makeShareLink,
  revokeCalendarFeed,
  revokeShareLink,
  sharedPhoto,
  sharedTrip,
  sharedWeather,
  type LinkAnswer,
} from '@wayfare/contract';
import type { TokenService } from '../http/tokens';
import { currentUser, requireAuth } from '../http/authenticate';
import { endpointRouter, mountedEndpoints, route } from '../http/endpoints';
import type { Store } from '../store/types';
import { createLinkService, type SharedExtras } from './service';
import type { LinkSigner } from './signing';

const sendCalendar = (res: Response, ics: string) => {
  res.type('text/calendar; charset=utf-8').send(ics);
};

/** "Spring in Lisbon!" → "spring-in-lisbon.ics". */
const calendarFileName = (tripName: string) =>
  `${
    tripName
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 60) || 'trip'
  }.ics`;

/**
 * Calendar and share links.
 * Members (bearer token): GET/POST/DELETE /api/trips/{id}/calendar-feed (their own feed) and /share-link (the
 * trip's), GET /api/trips/{id}/calendar.ics (a download).
 * Anyone holding a link, without a session: GET /api/calendar/{id}/{token}.ics, GET /api/shared/{id}/{token},
 * its /weather and its /photo?maxWidth= (the trip's city photo). These only read.
 */
export function linkRoutes(
  deps: { store: Store; tokens: TokenService },
  signer: LinkSigner,
  extras: SharedExtras,
) {
  const service = createLinkService(deps.store, signer, extras);
  const auth = requireAuth(deps.tokens, deps.store);
  const router = endpointRouter();

  const slots = [
    { kind: 'calendar', get: getCalendarFeed, make: makeCalendarFeed, revoke: revokeCalendarFeed },
    { kind: 'share', get: getShareLink, make: makeShareLink, revoke: revokeShareLink },
  ] as const;
  for (const slot of slots) {
    route(router, slot.get, [auth], async ({ params }, _req, res) => {
      return {
        link: await service.current(slot.kind, params.tripId, currentUser(res).id),
      } satisfies LinkAnswer;
    });
    route(router, slot.make, [auth], async ({ params }, _req, res) => {
      return { link: await service.make(slot.kind, params.tripId, currentUser(res).id) } satisfies LinkAnswer;
    });
    route(router, slot.revoke, [auth], ({ params }, _req, res) =>
      service.revoke(slot.kind, params.tripId, currentUser(res).id),
    );
  }

  route(router, downloadCalendar, [auth], async ({ params }, _req, res) => {
    const { trip, ics } = await service.calendarFor(params.tripId, currentUser(res).id);
    res.attachment(calendarFileName(trip.trip_name));
    sendCalendar(res, ics);
  });

  // Calendar apps want the extension on the address.
  route(router, calendarFeed, async ({ params: { tripId, token } }, _req, res) => {
    sendCalendar(res, await service.feed(tripId, token));
  });

  route(router, sharedTrip, ({ params: { tripId, token } }) => service.sharedTrip(tripId, token));

  route(router, sharedWeather, ({ params: { tripId, token } }) => service.sharedWeather(tripId, token));

  route(router, sharedPhoto, ({ params: { tripId, token }, query: { maxWidth } }) =>
    service.sharedPhoto(tripId, token, maxWidth),
  );

  return mountedEndpoints(router);
}

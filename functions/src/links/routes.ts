import { Router, type Response } from 'express';
import {
  linkParamsSchema,
  sharedPhotoQuerySchema,
  tripIdParamsSchema,
  type LinkAnswer,
  type LinkKind,
} from '@wayfare/contract';
import type { TokenService } from '../http/tokens';
import { currentUser, requireAuth } from '../http/authenticate';
import { parseInput } from '../http/parse';
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
  const router = Router();

  const slots: Array<[LinkKind, string]> = [
    ['calendar', 'calendar-feed'],
    ['share', 'share-link'],
  ];
  for (const [kind, segment] of slots) {
    router.get(`/trips/:tripId/${segment}`, auth, async (req, res) => {
      const { tripId } = parseInput(tripIdParamsSchema, req.params);
      const answer: LinkAnswer = { link: await service.current(kind, tripId, currentUser(res).id) };
      res.json(answer);
    });
    router.post(`/trips/:tripId/${segment}`, auth, async (req, res) => {
      const { tripId } = parseInput(tripIdParamsSchema, req.params);
      const answer: LinkAnswer = { link: await service.make(kind, tripId, currentUser(res).id) };
      res.status(201).json(answer);
    });
    router.delete(`/trips/:tripId/${segment}`, auth, async (req, res) => {
      const { tripId } = parseInput(tripIdParamsSchema, req.params);
      await service.revoke(kind, tripId, currentUser(res).id);
      res.status(204).end();
    });
  }

  router.get('/trips/:tripId/calendar.ics', auth, async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const { trip, ics } = await service.calendarFor(tripId, currentUser(res).id);
    res.attachment(calendarFileName(trip.trip_name));
    sendCalendar(res, ics);
  });

  // Calendar apps want the extension on the address.
  router.get('/calendar/:tripId/:token.ics', async (req, res) => {
    const { tripId, token } = parseInput(linkParamsSchema, req.params);
    sendCalendar(res, await service.feed(tripId, token));
  });

  router.get('/shared/:tripId/:token', async (req, res) => {
    const { tripId, token } = parseInput(linkParamsSchema, req.params);
    res.json(await service.sharedTrip(tripId, token));
  });

  router.get('/shared/:tripId/:token/weather', async (req, res) => {
    const { tripId, token } = parseInput(linkParamsSchema, req.params);
    res.json(await service.sharedWeather(tripId, token));
  });

  router.get('/shared/:tripId/:token/photo', async (req, res) => {
    const { tripId, token } = parseInput(linkParamsSchema, req.params);
    const { maxWidth } = parseInput(sharedPhotoQuerySchema, req.query);
    res.json(await service.sharedPhoto(tripId, token, maxWidth));
  });

  return router;
}

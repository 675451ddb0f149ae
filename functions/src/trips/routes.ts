import { Router } from 'express';
import { tripIdParamsSchema, tripListQuerySchema, updateTripBodySchema } from '@wayfare/contract';
import type { TokenService } from '../http/tokens';
import type { TripImages } from '../files/trip-images';
import { currentUser, requireAuth } from '../http/authenticate';
import { preferredEncoding, sendEncodedJson } from '../http/encoded-bodies';
import { parseInput } from '../http/parse';
import type { Store } from '../store/types';
import type { TripService } from './service';

/** GET /api/trips, GET/PUT/DELETE /api/trips/{tripId} (spec §7); POST lives in create-routes.ts. */
export function tripRoutes(
  deps: { store: Store; tokens: TokenService; trips: TripService },
  images: TripImages,
) {
  const service = deps.trips;
  const auth = requireAuth(deps.tokens, deps.store);
  // Auth per route, not router.use: other routers share the /trips prefix and authenticate for themselves.
  const router = Router();

  router.get('/', auth, async (req, res) => {
    const coded = preferredEncoding(req);
    const query = parseInput(tripListQuerySchema, req.query);
    sendEncodedJson(res, await service.listJson(currentUser(res).id, query, coded), coded);
  });

  router.get('/:tripId', auth, async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    res.json(await service.get(tripId, currentUser(res).id));
  });

  router.put('/:tripId', auth, images.receive, async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const body = parseInput(updateTripBodySchema, req.body);
    res.json(await service.update(tripId, currentUser(res).id, body, res.locals.upload?.path));
  });

  router.delete('/:tripId', auth, async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    await service.delete(tripId, currentUser(res).id);
    res.status(204).end();
  });

  return router;
}

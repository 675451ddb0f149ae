import { Router } from 'express';
import { createTripBodySchema, type CreateTripResponse } from '@wayfare/contract';
import type { Logger } from 'pino';
import { guideProviderFor } from '../ai';
import type { TokenService } from '../auth/tokens';
import type { AppConfig } from '../config';
import type { TripImages } from '../files/trip-images';
import { currentUser, requireAuth } from '../http/authenticate';
import { parseInput } from '../http/parse';
import type { Store } from '../store/types';
import { createTripCreation } from './create-service';

/** POST /api/trips (spec §7): the question flow's answers in, the new trip with its AI guide out. */
export function createTripRoutes(
  deps: { config: AppConfig; store: Store; tokens: TokenService; logger: Logger },
  images: TripImages,
) {
  const creation = createTripCreation(deps.store, guideProviderFor(deps.config, deps.logger), images);
  const router = Router();
  // Auth on the route, not router.use: other routers share the /trips prefix.
  router.post('/', requireAuth(deps.tokens, deps.store), async (req, res) => {
    const body = parseInput(createTripBodySchema, req.body);
    const trip = await creation.create(currentUser(res), body);
    const answer: CreateTripResponse = { id: trip.id, trip };
    res.status(201).location(`/api/trips/${trip.id}`).json(answer);
  });
  return router;
}

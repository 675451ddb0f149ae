import { Router } from 'express';
import { createTripBodySchema, type CreateTripResponse } from '@wayfare/contract';
import type { Logger } from 'pino';
import type { TokenService } from '../http/tokens';
import type { AppConfig } from '../config';
import type { TripImages } from '../files/trip-images';
import { currentUser, requireAuth } from '../http/authenticate';
import { parseInput } from '../http/parse';
import type { Store } from '../store/types';
import { createTripCreation } from './create-service';
import type { GuideJobs } from './guide-jobs';

/**
 * POST /api/trips (spec §7): the question flow's answers in, the new trip out as soon as it exists — its AI guide
 * 'writing' while a slow writer works in the background (guide-jobs.ts), else already written.
 */
export function createTripRoutes(
  deps: { config: AppConfig; store: Store; tokens: TokenService; logger: Logger; guides: GuideJobs },
  images: TripImages,
) {
  const creation = createTripCreation(deps.store, deps.guides, images);
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

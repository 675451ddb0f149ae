import { createTrip, type CreateTripResponse } from '@wayfare/contract';
import type { Logger } from 'pino';
import type { TokenService } from '../http/tokens';
import type { AppConfig } from '../config';
import type { TripImages } from '../files/trip-images';
import { currentUser, requireAuth } from '../http/authenticate';
import { endpointRouter, mountedEndpoints, route } from '../http/endpoints';
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
  const router = endpointRouter('/trips');
  // Auth on the route, not router.use: other routers share the /trips prefix.
  route(router, createTrip, [requireAuth(deps.tokens, deps.store)], async ({ body }, _req, res) => {
    const trip = await creation.create(currentUser(res), body);
    res.location(`/api/trips/${trip.id}`);
    return { id: trip.id, trip } satisfies CreateTripResponse;
  });
  return mountedEndpoints(router);
}

import { deleteTrip, getTrip, listTrips, updateTrip } from '@wayfare/contract';
import type { TokenService } from '../http/tokens';
import type { TripImages } from '../files/trip-images';
import { currentUser, requireAuth } from '../http/authenticate';
import { preferredEncoding, sendEncodedJson } from '../http/encoded-bodies';
import { endpointRouter, mountedEndpoints, route } from '../http/endpoints';
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
  const router = endpointRouter('/trips');

  route(router, listTrips, [auth], async ({ query }, req, res) => {
    const coded = preferredEncoding(req);
    sendEncodedJson(res, await service.listJson(currentUser(res).id, query, coded), coded);
  });

  route(router, getTrip, [auth], ({ params }, _req, res) => service.get(params.tripId, currentUser(res).id));

  route(router, updateTrip, [auth, images.receive], ({ params, body }, _req, res) =>
    service.update(params.tripId, currentUser(res).id, body, res.locals.upload?.path),
  );

  route(router, deleteTrip, [auth], ({ params }, _req, res) =>
    service.delete(params.tripId, currentUser(res).id),
  );

  return mountedEndpoints(router);
}

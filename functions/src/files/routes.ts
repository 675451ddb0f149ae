import { Router } from 'express';
import { signedImageQuerySchema, tripIdParamsSchema } from '@wayfare/contract';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/parse';
import type { Store } from '../store/types';
import { contentTypeOf, type TripImages } from './trip-images';

const IMAGE_NOT_FOUND = 'Image not found';

/**
 * GET /api/files/trips/{id}/image: the trip image behind a signed URL (from the trip's image_url), no bearer
 * token, since <img> cannot send one. Only members ever receive such a URL, and it works only while they are one.
 */
export function fileRoutes({ store }: { store: Store }, images: TripImages) {
  const router = Router();
  router.get('/trips/:tripId/image', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const { u: viewerId, expires, sig } = parseInput(signedImageQuerySchema, req.query);
    const [trip, role] = await Promise.all([store.trips.get(tripId), store.members.roleOf(tripId, viewerId)]);
    const remaining =
      trip?.image_path &&
      images.urls.remainingSeconds({ tripId, imagePath: trip.image_path, viewerId }, expires, sig);
    // A link stops working the moment its member leaves the trip (or the trip goes), however long it had left.
    if (!trip?.image_path || !role || remaining === null) throw new HttpError(404, IMAGE_NOT_FOUND);
    if (!remaining)
      throw new HttpError(403, 'This image link has expired. Reload the page to see the image.');
    const data = await images.files.get(trip.image_path);
    if (!data) throw new HttpError(404, IMAGE_NOT_FOUND);
    res.set({
      'Content-Type': contentTypeOf(trip.image_path),
      'Cache-Control': `private, max-age=${remaining}`,
    });
    res.send(data);
  });
  return router;
}

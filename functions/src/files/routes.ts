import { Router } from 'express';
import { signedImageQuerySchema, tripIdParamsSchema } from '@wayfare/contract';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/parse';
import type { Store } from '../store/types';
import { contentTypeOf, type TripImages } from './trip-images';

const IMAGE_NOT_FOUND = 'Image not found';

/**
 * GET /api/files/trips/{id}/image: the trip image behind a signed URL (from the trip's image_url), no bearer
 * token, since <img> cannot send one. Only members ever receive such a URL.
 */
export function fileRoutes({ store }: { store: Store }, images: TripImages) {
  const router = Router();
  router.get('/trips/:tripId/image', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const { expires, sig } = parseInput(signedImageQuerySchema, req.query);
    const trip = await store.trips.get(tripId);
    const remaining = trip?.image_path && images.urls.remainingSeconds(tripId, trip.image_path, expires, sig);
    if (!trip?.image_path || remaining === null) throw new HttpError(404, IMAGE_NOT_FOUND);
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

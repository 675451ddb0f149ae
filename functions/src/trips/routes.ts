import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { TRIP_IMAGE_MAX_BYTES, tripIdParamsSchema, updateTripBodySchema } from '@wayfare/contract';
import type { TokenService } from '../auth/tokens';
import type { TripImages } from '../files/trip-images';
import { currentUser, requireAuth } from '../http/authenticate';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/parse';
import type { LedgerEvents } from '../split/events';
import type { Store } from '../store/types';
import { createTripService } from './service';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: TRIP_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
}).single('image');

/** Multer's and busboy's errors carry no HTTP status; every one of them is about the request, not the server. */
const receiveImage: RequestHandler = (req, res, next) =>
  upload(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') {
      return next(new HttpError(413, `The image must be at most ${TRIP_IMAGE_MAX_BYTES / 1024 / 1024} MB`));
    }
    if (err instanceof multer.MulterError && err.code === 'LIMIT_UNEXPECTED_FILE') {
      return next(new HttpError(400, 'Send one image, in the field named image'));
    }
    next(new HttpError(400, 'The upload could not be read. Please try again.'));
  });

/** GET /api/trips, GET/PUT/DELETE /api/trips/{tripId} (spec §7); POST lives in create-routes.ts. */
export function tripRoutes(
  deps: { store: Store; tokens: TokenService; events?: Pick<LedgerEvents, 'endTrip'> },
  images: TripImages,
) {
  const service = createTripService(deps.store, images, deps.events);
  const auth = requireAuth(deps.tokens, deps.store);
  // Auth per route, not router.use: other routers share the /trips prefix and authenticate for themselves.
  const router = Router();

  router.get('/', auth, async (_req, res) => {
    res.json(await service.list(currentUser(res).id));
  });

  router.get('/:tripId', auth, async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    res.json(await service.get(tripId, currentUser(res).id));
  });

  router.put('/:tripId', auth, receiveImage, async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const body = parseInput(updateTripBodySchema, req.body);
    res.json(await service.update(tripId, currentUser(res).id, body, req.file?.buffer));
  });

  router.delete('/:tripId', auth, async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    await service.delete(tripId, currentUser(res).id);
    res.status(204).end();
  });

  return router;
}

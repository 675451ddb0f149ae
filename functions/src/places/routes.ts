import { Router } from 'express';
import { citySearchQuerySchema, placePhotoQuerySchema, type CitySuggestion } from '@wayfare/contract';
import type { TokenService } from '../http/tokens';
import type { AppConfig } from '../config';
import { requireAuth } from '../http/authenticate';
import { parseInput } from '../http/parse';
import type { Store } from '../store/types';
import { cityIndex } from './cities';
import { googlePlacesPhotoProvider, wikipediaPhotoProvider } from './photos';

/** GET /api/places/cities?q= (the keyless autocomplete) and GET /api/places/photo (spec §7). */
export function placesRoutes(deps: { config: AppConfig; store: Store; tokens: TokenService }) {
  const { apiKey, baseUrl, wikipediaBaseUrl, keylessTimeoutMs } = deps.config.places;
  // Google Places with a key; Wikipedia's page images (keyless) without one.
  const photos = apiKey
    ? googlePlacesPhotoProvider({ apiKey, baseUrl })
    : wikipediaPhotoProvider({ baseUrl: wikipediaBaseUrl, timeoutMs: keylessTimeoutMs });
  const router = Router();
  router.use(requireAuth(deps.tokens, deps.store));

  router.get('/cities', (req, res) => {
    const { q, limit } = parseInput(citySearchQuerySchema, req.query);
    const cities: CitySuggestion[] = cityIndex()
      .search(q, limit)
      .map(({ featureCode: _featureCode, ...city }) => city);
    res.set('Cache-Control', 'private, max-age=3600').json({ cities });
  });

  router.get('/photo', async (req, res) => {
    res.json(await photos.photoFor(parseInput(placePhotoQuerySchema, req.query)));
  });

  return router;
}

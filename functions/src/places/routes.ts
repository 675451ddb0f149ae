import { cityPhoto, searchCities, type CitySuggestion } from '@wayfare/contract';
import type { TokenService } from '../http/tokens';
import type { AppConfig } from '../config';
import { requireAuth } from '../http/authenticate';
import { endpointRouter, mountedEndpoints, route } from '../http/endpoints';
import type { Store } from '../store/types';
import { cityIndex } from './cities';
import { googlePlacesPhotoProvider, wikipediaPhotoProvider, type PhotoProvider } from './photos';

/**
 * The app's one city photo provider (and its one cache), for these routes and the share link's photo: Google
 * Places with a key; Wikipedia's page images (keyless) without one.
 */
export function configuredPhotos(config: AppConfig): PhotoProvider {
  const { apiKey, baseUrl, wikipediaBaseUrl, keylessTimeoutMs } = config.places;
  return apiKey
    ? googlePlacesPhotoProvider({ apiKey, baseUrl })
    : wikipediaPhotoProvider({ baseUrl: wikipediaBaseUrl, timeoutMs: keylessTimeoutMs });
}

/** GET /api/places/cities?q= (the keyless autocomplete) and GET /api/places/photo (spec §7). */
export function placesRoutes(deps: { store: Store; tokens: TokenService }, photos: PhotoProvider) {
  const router = endpointRouter('/places');
  router.use(requireAuth(deps.tokens, deps.store));

  route(router, searchCities, ({ query: { q, limit } }, _req, res) => {
    const cities: CitySuggestion[] = cityIndex()
      .search(q, limit)
      .map(({ featureCode: _featureCode, ...city }) => city);
    res.set('Cache-Control', 'private, max-age=3600').json({ cities });
  });

  route(router, cityPhoto, ({ query }) => photos.photoFor(query));

  return mountedEndpoints(router);
}

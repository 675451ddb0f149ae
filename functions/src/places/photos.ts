import { LRUCache } from 'lru-cache';
import type { PlacePhotoQuery, PlacePhotoResponse } from '@wayfare/contract';

const PLACES_API = 'https://places.googleapis.com';
const TIMEOUT_MS = 8000;
/** The cache's budget in bytes: keys and photo addresses as UTF-16, plus a fixed overhead per entry. */
export const PHOTO_CACHE_MAX_BYTES = 1024 * 1024;
const ENTRY_OVERHEAD_BYTES = 64;

/** City photos: Google Places (New) when a key is configured; without one, none (the client draws a placeholder). */
export interface PhotoProvider {
  photoFor(query: PlacePhotoQuery): Promise<PlacePhotoResponse>;
}

const NO_PHOTO: PlacePhotoResponse = { success: false, photoUrl: null };

export function noPhotoProvider(): PhotoProvider {
  return { photoFor: async () => NO_PHOTO };
}

interface SearchTextAnswer {
  places?: Array<{ photos?: Array<{ name?: string }> }>;
}

/**
 * Text Search for the city (biased to its coordinates when given), then the first photo's media with
 * skipHttpRedirect, which answers a key-free photoUri the browser may load. Answers are cached per city and
 * width, so a trip list does not pay for the same photo twice.
 */
export function googlePlacesPhotoProvider(options: { apiKey: string; baseUrl?: string }): PhotoProvider {
  const base = (options.baseUrl ?? PLACES_API).replace(/\/$/, '');
  const cache = new LRUCache<string, PlacePhotoResponse>({
    maxSize: PHOTO_CACHE_MAX_BYTES,
    sizeCalculation: (answer, key) =>
      (key.length + (answer.photoUrl?.length ?? 0)) * 2 + ENTRY_OVERHEAD_BYTES,
  });

  const lookup = async ({ city, maxWidth, lat, lng }: PlacePhotoQuery): Promise<PlacePhotoResponse> => {
    const search = await fetch(`${base}/v1/places:searchText`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Goog-Api-Key': options.apiKey,
        'X-Goog-FieldMask': 'places.photos',
      },
      body: JSON.stringify({
        textQuery: city,
        includedType: 'locality',
        maxResultCount: 1,
        ...(lat !== undefined &&
          lng !== undefined && {
            locationBias: { circle: { center: { latitude: lat, longitude: lng }, radius: 50_000 } },
          }),
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!search.ok) return NO_PHOTO;
    const photoName = ((await search.json()) as SearchTextAnswer).places?.[0]?.photos?.[0]?.name;
    if (!photoName || !/^places\/[\w-]+\/photos\/[\w-]+$/.test(photoName)) return NO_PHOTO;

    const query = new URLSearchParams({ maxWidthPx: String(maxWidth), skipHttpRedirect: 'true' });
    const media = await fetch(`${base}/v1/${photoName}/media?${query}`, {
      headers: { 'X-Goog-Api-Key': options.apiKey },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!media.ok) return NO_PHOTO;
    const { photoUri } = (await media.json()) as { photoUri?: unknown };
    return typeof photoUri === 'string' && photoUri.startsWith('https://')
      ? { success: true, photoUrl: photoUri }
      : NO_PHOTO;
  };

  return {
    async photoFor(query) {
      const key = `${query.city.toLowerCase()}|${query.maxWidth}|${query.lat ?? ''}|${query.lng ?? ''}`;
      const cached = cache.get(key);
      if (cached) return cached;
      let answer: PlacePhotoResponse;
      try {
        answer = await lookup(query);
      } catch {
        return NO_PHOTO; // unreachable or timed out: not cached, the next view tries again
      }
      cache.set(key, answer);
      return answer;
    },
  };
}

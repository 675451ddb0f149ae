import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { PlacePhotoQuery, PlacePhotoResponse } from '@wayfare/contract';
import { WIKIMEDIA_UPLOADS } from '../http/content-security-policy';

const PLACES_API = 'https://places.googleapis.com';
const TIMEOUT_MS = 8000;
/** The cache's budget in bytes: keys and photo addresses as UTF-16, plus a fixed overhead per entry. */
export const PHOTO_CACHE_MAX_BYTES = 1024 * 1024;
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * City photos: Google Places (New) with a key, Wikipedia's page image without one; none (the client draws a
 * placeholder) when the service has no photo or cannot be reached.
 */
export interface PhotoProvider {
  photoFor(query: PlacePhotoQuery): Promise<PlacePhotoResponse>;
}

const NO_PHOTO: PlacePhotoResponse = { success: false, photoUrl: null };

/**
 * Answers are cached per city and width, so a trip list does not pay for the same photo twice; a failure
 * (unreachable, timed out, refused) is not cached: the next view tries again.
 */
function cachedPhotoProvider(lookup: (query: PlacePhotoQuery) => Promise<PlacePhotoResponse>): PhotoProvider {
  const cache = new LRUCache<string, PlacePhotoResponse>({
    maxSize: PHOTO_CACHE_MAX_BYTES,
    sizeCalculation: (answer, key) =>
      (key.length + (answer.photoUrl?.length ?? 0)) * 2 + ENTRY_OVERHEAD_BYTES,
  });
  return {
    async photoFor(query) {
      const key = `${query.city.toLowerCase()}|${query.maxWidth}|${query.lat ?? ''}|${query.lng ?? ''}`;
      const cached = cache.get(key);
      if (cached) return cached;
      let answer: PlacePhotoResponse;
      try {
        answer = await lookup(query);
      } catch {
        return NO_PHOTO;
      }
      cache.set(key, answer);
      return answer;
    },
  };
}

interface SearchTextAnswer {
  places?: Array<{ photos?: Array<{ name?: string }> }>;
}

/**
 * Text Search for the city (biased to its coordinates when given), then the first photo's media with
 * skipHttpRedirect, which answers a key-free photoUri the browser may load.
 */
export function googlePlacesPhotoProvider(options: { apiKey: string; baseUrl?: string }): PhotoProvider {
  const base = (options.baseUrl ?? PLACES_API).replace(/\/$/, '');
  return cachedPhotoProvider(async ({ city, maxWidth, lat, lng }) => {
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
      ? { success: true, photoUrl: photoUri, attribution: { source: 'google', text: 'Google', url: null } }
      : NO_PHOTO;
  });
}

const image = z.object({ source: z.string(), width: z.number(), height: z.number() });
const summarySchema = z.object({
  type: z.string(),
  title: z.string(),
  thumbnail: image.optional(),
  originalimage: image.optional(),
});
/** The thumbnail widths Wikimedia renders ahead (its standard sizes); others are slower and rate-limited. */
const THUMB_WIDTHS = [330, 500, 960, 1280, 1920];

/**
 * The photo for a width: the standard thumbnail width at or above it, cut from the summary's own thumbnail
 * address (…/thumb/x/xy/File.jpg/330px-File.jpg); the original when it is not wider than that.
 */
function wikimediaPhotoAt(summary: z.output<typeof summarySchema>, maxWidth: number): string | null {
  const { thumbnail, originalimage } = summary;
  const width = THUMB_WIDTHS.find((w) => w >= maxWidth) ?? THUMB_WIDTHS[THUMB_WIDTHS.length - 1]!;
  if (originalimage && originalimage.width <= width) return originalimage.source;
  if (thumbnail && /\/\d+px-[^/]+$/.test(thumbnail.source)) {
    return thumbnail.source.replace(/\/\d+px-([^/]+)$/, `/${width}px-$1`);
  }
  return originalimage?.source ?? thumbnail?.source ?? null;
}

/** The Commons page of an upload (…/commons/thumb/a/ab/Name.jpg/500px-Name.jpg → File:Name.jpg): author and licence. */
function filePage(photoUrl: string): string | null {
  const match =
    /^https:\/\/upload\.wikimedia\.org\/wikipedia\/([\w-]+)\/(?:thumb\/)?[\da-f]\/[\da-f]{2}\/([^/]+)/.exec(
      photoUrl,
    );
  if (!match) return null;
  const [, wiki, file] = match as unknown as [string, string, string];
  const host = wiki === 'commons' ? 'commons.wikimedia.org' : `${wiki}.wikipedia.org`;
  return `https://${host}/wiki/File:${file}`;
}

/**
 * Without a Google key: the page image of the city's Wikipedia article, from the keyless REST summary
 * (GET {base}/api/rest_v1/page/summary/{title}, redirects followed). Disambiguation pages and images outside
 * upload.wikimedia.org give no photo. The credit links to the image's page, which names its author and licence.
 */
export function wikipediaPhotoProvider(options: { baseUrl: string; timeoutMs: number }): PhotoProvider {
  const base = options.baseUrl.replace(/\/$/, '');
  const summaryOf = async (title: string) => {
    const response = await fetch(
      `${base}/api/rest_v1/page/summary/${encodeURIComponent(title.replace(/ /g, '_'))}`,
      {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      },
    );
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`Wikipedia answered ${response.status}`);
    return summarySchema.parse(await response.json());
  };
  return cachedPhotoProvider(async ({ city, maxWidth }) => {
    // 'Porto, Portugal' may have no page of its own: then the article named by the part before the comma.
    const name = city.trim();
    const summary =
      (await summaryOf(name)) ?? (name.includes(',') ? await summaryOf(name.split(',')[0]!.trim()) : null);
    if (summary?.type !== 'standard') return NO_PHOTO;
    const photoUrl = wikimediaPhotoAt(summary, maxWidth);
    if (!photoUrl?.startsWith(`${WIKIMEDIA_UPLOADS}/`)) return NO_PHOTO;
    return {
      success: true,
      photoUrl,
      attribution: { source: 'wikipedia', text: 'Wikimedia Commons', url: filePage(photoUrl) },
    };
  });
}

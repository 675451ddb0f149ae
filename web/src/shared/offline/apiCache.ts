/**
 * The service worker's cache of the API reads the pages make (vite.config.ts, network first): what lets a trip
 * opened once read offline. The answers are the signed-in user's own, so logging out deletes it.
 */
export const API_CACHE = 'wayfare-api';

/**
 * The reads kept for offline use, by path: the trip list and each trip (with its guide and plans), its weather,
 * its ledger (participants, expenses, settlements), the split overview and city photos. Not the live stream.
 */
export const OFFLINE_API_READS =
  /\/api\/(trips(\/[^/?]+(\/weather)?)?|trip-split\/trips\/[^/?]+\/(participants|expenses|settlements)|trip-split\/user\/trips|places\/photo)(\?.*)?$/;

export async function clearApiCache(): Promise<void> {
  if ('caches' in globalThis) await caches.delete(API_CACHE);
}

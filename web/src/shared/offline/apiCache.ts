/**
 * The service worker's cache of the API reads the pages make (vite.config.ts, network first): what lets a trip
 * opened once read offline. The answers are the signed-in user's own, so logging out deletes it.
 */
export const API_CACHE = 'wayfare-api';

export async function clearApiCache(): Promise<void> {
  if ('caches' in globalThis) await caches.delete(API_CACHE);
}

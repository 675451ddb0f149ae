import { createHmac, timingSafeEqual } from 'node:crypto';

const HOUR_S = 60 * 60;

/**
 * Signed, short-lived image addresses. An <img> cannot send the bearer token, so the API hands members a URL
 * whose signature binds the trip, its current image and an expiry; the image route trusts the signature instead.
 * Expiries are rounded up to the hour, so the same image keeps the same URL (and the browser's cache) for a
 * while, and a new upload changes the URL at once.
 */
export function createImageUrls(secret: string, ttlHours = 2) {
  const key = createHmac('sha256', secret).update('wayfare trip image urls').digest();
  const signature = (tripId: string, imagePath: string, expires: number) =>
    createHmac('sha256', key).update(`${tripId}\n${imagePath}\n${expires}`).digest('base64url');

  return {
    /** The image route's address for the trip's current image. */
    urlFor(tripId: string, imagePath: string, nowMs = Date.now()): string {
      const expires = (Math.ceil(nowMs / 1000 / HOUR_S) + ttlHours - 1) * HOUR_S;
      const query = new URLSearchParams({
        expires: String(expires),
        sig: signature(tripId, imagePath, expires),
      });
      return `/api/files/trips/${encodeURIComponent(tripId)}/image?${query}`;
    },
    /** Seconds the URL stays valid (0 once expired); null when it is forged, altered or for another image. */
    remainingSeconds(tripId: string, imagePath: string, expires: number, sig: string, nowMs = Date.now()) {
      const expected = Buffer.from(signature(tripId, imagePath, expires));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return Math.max(0, expires - Math.floor(nowMs / 1000));
    },
  };
}

export type ImageUrls = ReturnType<typeof createImageUrls>;

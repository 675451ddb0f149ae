import { createHmac, timingSafeEqual } from 'node:crypto';

const HOUR_S = 60 * 60;

/** Which image a link shows, and to whom: the link works only while `viewerId` is a member of the trip. */
export interface ImageRef {
  tripId: string;
  imagePath: string;
  viewerId: string;
}

/**
 * Signed, short-lived image addresses. An <img> cannot send the bearer token, so the API hands each member a URL
 * whose signature binds the trip, its current image, that member and an expiry; the image route trusts the
 * signature instead, and checks that the member still belongs to the trip, so removal revokes the link at once.
 * Expiries are rounded up to the hour, so the same image keeps the same URL (and the browser's cache) for a
 * while, and a new upload changes the URL at once.
 */
export function createImageUrls(secret: string, ttlHours = 2) {
  const key = createHmac('sha256', secret).update('wayfare trip image urls').digest();
  const signature = ({ tripId, imagePath, viewerId }: ImageRef, expires: number) =>
    createHmac('sha256', key).update(`${tripId}\n${imagePath}\n${viewerId}\n${expires}`).digest('base64url');

  return {
    /** The image route's address for the trip's current image, for one member. */
    urlFor(ref: ImageRef, nowMs = Date.now()): string {
      const expires = (Math.ceil(nowMs / 1000 / HOUR_S) + ttlHours - 1) * HOUR_S;
      const query = new URLSearchParams({
        u: ref.viewerId,
        expires: String(expires),
        sig: signature(ref, expires),
      });
      return `/api/files/trips/${encodeURIComponent(ref.tripId)}/image?${query}`;
    },
    /** Seconds the URL stays valid (0 once expired); null when it is forged, altered or for another image. */
    remainingSeconds(ref: ImageRef, expires: number, sig: string, nowMs = Date.now()) {
      const expected = Buffer.from(signature(ref, expires));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return Math.max(0, expires - Math.floor(nowMs / 1000));
    },
  };
}

export type ImageUrls = ReturnType<typeof createImageUrls>;

import { createHmac, timingSafeEqual } from 'node:crypto';

const HOUR_S = 60 * 60;

/**
 * Which file a link shows (a trip image, or a receipt or its thumbnail: `imagePath` is its file-store key), and to
 * whom: the link works only while `viewerId` is a member of the trip.
 */
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

  /** When a URL made at `nowMs` expires (seconds): the same for every URL made within one hour. */
  const expiresAt = (nowMs: number) => (Math.ceil(nowMs / 1000 / HOUR_S) + ttlHours - 1) * HOUR_S;
  /** `route` (the file route's path) signed for the file and the member. */
  const signed = (route: string, ref: ImageRef, nowMs: number) => {
    const expires = expiresAt(nowMs);
    const query = new URLSearchParams({
      u: ref.viewerId,
      expires: String(expires),
      sig: signature(ref, expires),
    });
    return `${route}?${query}`;
  };

  return {
    expiresAt,
    /** The image route's address for the trip's current image, for one member. */
    urlFor(ref: ImageRef, nowMs = Date.now()): string {
      return signed(`/api/files/trips/${encodeURIComponent(ref.tripId)}/image`, ref, nowMs);
    },
    /**
     * The receipt route's address of an expense's receipt file (its image, or `thumbnail`), for one member;
     * `ref.imagePath` is the file's key, which names the expense.
     */
    receiptUrlFor(ref: ImageRef, expenseId: string, thumbnail: boolean, nowMs = Date.now()): string {
      const route = `/api/files/trips/${encodeURIComponent(ref.tripId)}/expenses/${encodeURIComponent(expenseId)}/receipt`;
      return signed(thumbnail ? `${route}/thumbnail` : route, ref, nowMs);
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

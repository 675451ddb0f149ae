import { createHash } from 'node:crypto';
import { encodeTripCursor, type TripCursor, type TripListQuery } from '@wayfare/contract';
import type { ImageUrls } from '../files/image-urls';
import { boundedCache, keyBytes } from '../cache-budgets';
import { createEncodedBodies, type BodyEncoding } from '../http/encoded-bodies';
import { jsonOf, type Json } from '../http/typed-json';
import type { MemberTrip, Store } from '../store/types';

interface CachedAnswer {
  version: string;
  json: Json<unknown>;
  etag: string;
}

/**
 * The trip lists' answers (GET /api/trips and GET /api/trip-split/user/trips, whole or by page) as JSON text in
 * the asked coding, with its ETag. Where the store can say that nothing changed (the embedded one: any write moves
 * its change count) an answer is built once per change and image-link hour, then sent as kept; each key is one
 * user's list or page, so an answer is never another user's. Both caches are bounded in bytes.
 */
export function createCachedLists(
  store: Store,
  urls: Pick<ImageUrls, 'expiresAt'>,
  maxBytes = 16 * 1024 * 1024,
) {
  const answers = boundedCache<CachedAnswer>(
    'trip lists',
    maxBytes,
    (entry, key) => entry.json.length + entry.etag.length + entry.version.length + keyBytes(key),
  );
  const encoded = createEncodedBodies(maxBytes, 'trip lists encoded');

  return async function cachedJson<T>(
    key: string,
    build: (nowMs: number) => Promise<T>,
    encoding: BodyEncoding | null,
  ): Promise<{ body: Buffer; etag: string }> {
    const nowMs = Date.now();
    const changes = store.changeCount();
    const version = `${changes}\n${urls.expiresAt(nowMs)}`;
    let entry = changes === null ? undefined : answers.get(key);
    if (entry?.version !== version) {
      const json: Json<unknown> = jsonOf(await build(nowMs));
      const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
      entry = { version, json, etag };
      if (changes !== null) answers.set(key, entry);
    }
    const { json, etag } = entry;
    return { body: encoding ? encoded.encode(etag, encoding, () => json) : json, etag };
  };
}

/** The cache key of one user's list (`paged` false) or page. */
export const listKey = (list: string, userId: string, { paged, limit, cursor }: TripListQuery) =>
  paged ? `${list}\n${userId}\n${limit}\n${cursor ? encodeTripCursor(cursor) : ''}` : `${list}\n${userId}`;

/** One page of the user's trips: `limit` of them and where the next page starts (null on the last). */
export async function readTripPage(
  store: Store,
  userId: string,
  { limit, cursor }: Pick<TripListQuery, 'limit' | 'cursor'>,
): Promise<{ trips: MemberTrip[]; nextCursor: string | null }> {
  // One more than asked tells whether another page follows.
  const rows = await store.trips.listForUser(userId, { limit: limit + 1, after: cursor });
  const trips = rows.slice(0, limit);
  const last: TripCursor | undefined = trips[trips.length - 1];
  return { trips, nextCursor: rows.length > limit && last ? encodeTripCursor(last) : null };
}

import { z } from 'zod';
import { decodeCursor, encodeCursor } from './cursor';
import { tripListSchema } from './trip-views';

/**
 * GET /api/trips and GET /api/trip-split/user/trips page when asked to (`?limit=` or `?cursor=`, empty for the
 * first page): newest trip first, TRIP_PAGE_DEFAULT trips a page unless `limit` says otherwise. Without either,
 * they answer spec §7's shape with every trip, as before.
 */
export const TRIP_PAGE_DEFAULT = 24;
export const TRIP_PAGE_MAX = 100;
export const BAD_TRIP_CURSOR = 'The cursor is not valid; start again from the first page';

/** Where a page of trips ends, in list order: created_at desc, then id desc. */
export interface TripCursor {
  created_at: string;
  id: string;
}

const tripCursorTupleSchema = z.tuple([z.iso.datetime(), z.string().min(1).max(300)]);

export const encodeTripCursor = ({ created_at, id }: TripCursor): string => encodeCursor([created_at, id]);

/** The cursor's position, or null when it is not one this API wrote. */
export function decodeTripCursor(cursor: string): TripCursor | null {
  const tuple = decodeCursor(cursor, tripCursorTupleSchema);
  return tuple && { created_at: tuple[0], id: tuple[1] };
}

/** `?limit=&cursor=` of both trip lists; `paged` is whether either was sent. */
export const tripListQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(TRIP_PAGE_MAX, `limit must be at most ${TRIP_PAGE_MAX}`)
      .optional(),
    // Empty: the first page.
    cursor: z
      .string({ error: BAD_TRIP_CURSOR })
      .transform((value, ctx) => {
        if (value === '') return null;
        const cursor = decodeTripCursor(value);
        if (!cursor) {
          ctx.addIssue({ code: 'custom', message: BAD_TRIP_CURSOR });
          return z.NEVER;
        }
        return cursor;
      })
      .optional(),
  })
  .transform(({ limit, cursor }) => ({
    paged: limit !== undefined || cursor !== undefined,
    limit: limit ?? TRIP_PAGE_DEFAULT,
    cursor: cursor ?? null,
  }));
export type TripListQuery = z.output<typeof tripListQuerySchema>;

/** GET /api/trips?limit=&cursor=: one page; `next_cursor` is passed back as `cursor` (null on the last page). */
export const tripPageSchema = z.object({ trips: tripListSchema, next_cursor: z.string().nullable() });
export type TripPage = z.infer<typeof tripPageSchema>;

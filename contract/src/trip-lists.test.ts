import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTripCursor, encodeTripCursor, TRIP_PAGE_DEFAULT, tripListQuerySchema } from './trip-lists';

const instant = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

describe('trip list cursors and query', () => {
  it('gives back the position it encoded, for any instant and id (unicode included)', () => {
    fc.assert(
      fc.property(
        instant,
        fc.string({ minLength: 1, maxLength: 300, unit: 'grapheme' }),
        (created_at, id) => {
          const cursor = encodeTripCursor({ created_at, id });
          expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
          expect(decodeTripCursor(cursor)).toEqual({ created_at, id });
        },
      ),
    );
  });

  it('reads anything else as no cursor, never throwing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1200 }), (text) => {
        const decoded = decodeTripCursor(text);
        if (decoded) expect(encodeTripCursor(decoded)).toBe(text.replace(/=+$/, ''));
      }),
    );
    expect(decodeTripCursor(btoa('["2026-11-20T10:00:00.000Z",""]'))).toBeNull();
    expect(decodeTripCursor(btoa('["yesterday","id"]'))).toBeNull();
  });

  it('pages only when asked to: limit or cursor (empty for the first page), the documented size by default', () => {
    expect(tripListQuerySchema.parse({})).toEqual({ paged: false, limit: TRIP_PAGE_DEFAULT, cursor: null });
    expect(tripListQuerySchema.parse({ cursor: '' })).toEqual({
      paged: true,
      limit: TRIP_PAGE_DEFAULT,
      cursor: null,
    });
    expect(tripListQuerySchema.parse({ limit: '7' })).toEqual({ paged: true, limit: 7, cursor: null });
    const cursor = encodeTripCursor({ created_at: '2026-11-20T10:00:00.000Z', id: 'abc' });
    expect(tripListQuerySchema.parse({ cursor, limit: '100' })).toEqual({
      paged: true,
      limit: 100,
      cursor: { created_at: '2026-11-20T10:00:00.000Z', id: 'abc' },
    });
    for (const limit of ['0', '101', '1.5', 'x'])
      expect(tripListQuerySchema.safeParse({ limit }).success).toBe(false);
    expect(tripListQuerySchema.safeParse({ cursor: ['a', 'b'] }).success).toBe(false);
  });
});

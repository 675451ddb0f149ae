import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedCache, cacheFigures, keyBytes, recordBytes } from './cache-budgets';

const figureOf = (name: string) => cacheFigures().find((figure) => figure.name === name);

describe('caches bounded in bytes', () => {
  it('never holds more than its budget, whatever the entries and their order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 400 })), { maxLength: 200 }),
        (writes) => {
          const cache = boundedCache<string>(
            'property test',
            1000,
            (value, key) => 2 * value.length + keyBytes(key),
          );
          for (const [key, value] of writes) {
            cache.set(key, value);
            expect(cache.calculatedSize).toBeLessThanOrEqual(1000);
          }
        },
      ),
    );
  });

  it('lets the least recently used entry go first, and refuses an entry larger than the budget', () => {
    const cache = boundedCache<string>('lru order', 100, (value) => value.length);
    cache.set('a', 'x'.repeat(40));
    cache.set('b', 'x'.repeat(40));
    cache.get('a');
    cache.set('c', 'x'.repeat(40));
    expect([...cache.keys()].sort()).toEqual(['a', 'c']);
    cache.set('huge', 'x'.repeat(101));
    expect(cache.has('huge')).toBe(false);
  });

  it('reports its bytes, entries and budget under its name, summed over the live caches of that name', () => {
    const one = boundedCache<string>('reported', 1000, (value) => value.length);
    const two = boundedCache<string>('reported', 500, (value) => value.length);
    one.set('a', 'x'.repeat(300));
    two.set('b', 'x'.repeat(200));
    two.set('c', 'x'.repeat(10));
    expect(figureOf('reported')).toEqual({ name: 'reported', bytes: 510, budget_bytes: 1500, entries: 3 });
  });

  it('counts a record by its fields, strings at two bytes a character', () => {
    expect(recordBytes({})).toBe(24);
    expect(recordBytes({ n: 1, s: 'abcd' })).toBe(24 + 8 + 8 + 16 + 8);
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => recordBytes({ a: a + b }) >= recordBytes({ a })),
    );
  });
});

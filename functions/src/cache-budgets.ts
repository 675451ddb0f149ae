import { LRUCache } from 'lru-cache';

/** What one of the server's in-memory caches holds now, beside its budget. */
export interface CacheFigure {
  name: string;
  bytes: number;
  budget_bytes: number;
  entries: number;
}

/** What the report reads of a cache. */
type Measured = Pick<LRUCache<string, NonNullable<unknown>>, 'calculatedSize' | 'maxSize' | 'size'>;

interface Accounted {
  name: string;
  cache: WeakRef<Measured>;
}

/**
 * Every cache made by `boundedCache` in this process, held weakly: an app (or a test's app) that is gone takes its
 * caches with it, and the report only counts those still alive.
 */
const accounted = new Set<Accounted>();
/** A cache collected takes its record out of the set, so the set never outgrows the caches alive. */
const forget = new FinalizationRegistry<Accounted>((entry) => accounted.delete(entry));

/**
 * A least-recently-used cache bounded in bytes: `sizeOf` estimates an entry's bytes (its key's too where they count:
 * `keyBytes`), and the least recently used entries leave once the total would pass `budgetBytes`. Its size is
 * reported under `name` by `cacheFigures` (GET /api/health/caches with WAYFARE_CACHE_REPORT=1).
 */
export function boundedCache<V extends NonNullable<unknown>>(
  name: string,
  budgetBytes: number,
  sizeOf: (value: V, key: string) => number,
): LRUCache<string, V> {
  const cache = new LRUCache<string, V>({
    maxSize: Math.max(1, budgetBytes),
    // An entry of nothing still counts a byte (lru-cache refuses 0).
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key))),
  });
  const entry = { name, cache: new WeakRef(cache) };
  accounted.add(entry);
  forget.register(cache, entry);
  return cache;
}

/** The live bounded caches, summed per name. */
export function cacheFigures(): CacheFigure[] {
  const byName = new Map<string, CacheFigure>();
  for (const entry of accounted) {
    const cache = entry.cache.deref();
    if (!cache) {
      accounted.delete(entry);
      continue;
    }
    const figure = byName.get(entry.name) ?? { name: entry.name, bytes: 0, budget_bytes: 0, entries: 0 };
    figure.bytes += cache.calculatedSize;
    figure.budget_bytes += cache.maxSize;
    figure.entries += cache.size;
    byName.set(entry.name, figure);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Bytes of a key: a JS string holds at most 2 a character. */
export const keyBytes = (key: string): number => 2 * key.length;

/**
 * Bytes of a flat record (strings, numbers, booleans, null) as V8 holds it, at most: a header of 3 words, a word per
 * field, and each string's characters at 2 bytes with its own header. Shared strings are counted each time.
 */
export function recordBytes(record: object): number {
  let bytes = 24;
  for (const value of Object.values(record)) {
    bytes += 8;
    if (typeof value === 'string') bytes += 16 + 2 * value.length;
  }
  return bytes;
}

import { createHash } from 'node:crypto';

export interface CachedPage {
  /** The answer's JSON without its per-caller tail, `{"expenses":[…],…` with no closing brace, encoded once. */
  head: Buffer;
  /** Identifies the page's content for HTTP revalidation (the caller's share is added to it). */
  etag: string;
}

/**
 * Serialized expense pages keyed by trip, ledger version and page. Every expense write gives the trip a new ledger
 * version in the same atomic write (store port), so an entry is never stale: a changed ledger simply misses,
 * in every process and in both modes. Bounded, least recently used out first.
 */
export function createExpensePageCache(maxEntries = 500) {
  const entries = new Map<string, CachedPage>();
  return {
    key: (tripId: string, ledgerVersion: number, page: string) => `${tripId}\n${ledgerVersion}\n${page}`,
    get(key: string): CachedPage | undefined {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key: string, head: string): CachedPage {
      const page = { head: Buffer.from(head), etag: createHash('sha1').update(head).digest('base64url') };
      entries.set(key, page);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return page;
    },
  };
}

export type ExpensePageCache = ReturnType<typeof createExpensePageCache>;

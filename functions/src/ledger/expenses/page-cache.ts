import { createHash } from 'node:crypto';
import type { ExpensesResponse } from '@wayfare/contract';
import { boundedCache, keyBytes } from '../../cache-budgets';
import { createEncodedBodies } from '../../http/encoded-bodies';
import type { JsonFields } from '../../http/typed-json';

/** What a page answers every member alike: all but the caller's own share. */
export type SharedPage = Omit<ExpensesResponse, 'your_share_cents'>;

export interface CachedPage {
  /** The JSON of each field of the shared page, serialized once; the answer is assembled from them (typed-json). */
  parts: JsonFields<SharedPage>;
  /** Identifies the page's content for HTTP revalidation (the caller's share is added to it). */
  etag: string;
}

const partsOf = (page: CachedPage['parts']): Buffer[] => Object.values(page);

/**
 * Serialized expense pages keyed by trip, ledger version and page, and their compressed bodies keyed by ETag and
 * coding. Every expense write gives the trip a new ledger version in the same atomic write (store port), so an
 * entry is never stale: a changed ledger simply misses, in every process and in both modes. Both caches are
 * bounded in bytes, least recently used out first.
 */
export function createExpensePageCache(maxBytes = 32 * 1024 * 1024) {
  const entries = boundedCache<CachedPage>('expense pages', maxBytes / 2, (page) =>
    partsOf(page.parts).reduce((size, part) => size + part.length, page.etag.length),
  );
  // Keys alone (trip, ledger version, page): 512 KiB is some 4,000 of them.
  const signedPerCaller = boundedCache<true>('expense pages signed per caller', 512 * 1024, (_, key) =>
    keyBytes(key),
  );
  const encoded = createEncodedBodies(maxBytes / 2, 'expense pages encoded');
  return {
    key: (tripId: string, ledgerVersion: number, page: string) => `${tripId}\n${ledgerVersion}\n${page}`,
    get(key: string): CachedPage | undefined {
      return entries.get(key);
    },
    set(key: string, parts: CachedPage['parts']): CachedPage {
      const hash = createHash('sha1');
      for (const part of partsOf(parts)) hash.update(part);
      const page = { parts, etag: hash.digest('base64url') };
      entries.set(key, page);
      return page;
    },
    /**
     * Records that the page under `key` carries receipts, whose addresses are signed for each caller: it is then
     * cached per caller (and URL expiry) under keys of its own.
     */
    markSignedPerCaller(key: string): void {
      signedPerCaller.set(key, true);
    },
    isSignedPerCaller(key: string): boolean {
      return signedPerCaller.has(key);
    },
    /** The whole answer in the given coding (plain when null), assembled and compressed once per ETag. */
    encode: encoded.encode,
  };
}

export type ExpensePageCache = ReturnType<typeof createExpensePageCache>;

import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

export interface CachedPage {
  /** The answer's JSON without its per-caller tail, `{"expenses":[…],…` with no closing brace, encoded once. */
  head: Buffer;
  /** Identifies the page's content for HTTP revalidation (the caller's share is added to it). */
  etag: string;
  /**
   * Set on the shared entry of a page that carries receipts, whose addresses are signed for each caller: its head
   * is then empty and the page is cached per caller (and URL expiry) under keys of its own.
   */
  signedPerCaller?: true;
}

/** The content codings a cached page is kept in, besides plain JSON. */
export type PageEncoding = 'br' | 'gzip';

const compress: Record<PageEncoding, (body: Buffer) => Buffer> = {
  // Quality 5: most of brotli's gain at a fraction of the cost of the default 11, paid once per cached body.
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body) => gzipSync(body),
};

/**
 * Serialized expense pages keyed by trip, ledger version and page, and their compressed bodies keyed by ETag and
 * coding. Every expense write gives the trip a new ledger version in the same atomic write (store port), so an
 * entry is never stale: a changed ledger simply misses, in every process and in both modes. Both caches are
 * bounded in bytes, least recently used out first.
 */
export function createExpensePageCache(maxBytes = 32 * 1024 * 1024) {
  const entries = new LRUCache<string, CachedPage>({
    maxSize: maxBytes / 2,
    sizeCalculation: (page) => Math.max(1, page.head.length + page.etag.length),
  });
  const encoded = new LRUCache<string, Buffer>({
    maxSize: maxBytes / 2,
    sizeCalculation: (body) => Math.max(1, body.length),
  });
  return {
    key: (tripId: string, ledgerVersion: number, page: string) => `${tripId}\n${ledgerVersion}\n${page}`,
    get(key: string): CachedPage | undefined {
      return entries.get(key);
    },
    set(key: string, head: string): CachedPage {
      const page = { head: Buffer.from(head), etag: createHash('sha1').update(head).digest('base64url') };
      entries.set(key, page);
      return page;
    },
    /** Records that the page under `key` is cached per caller (see signedPerCaller). */
    markSignedPerCaller(key: string): void {
      entries.set(key, { head: Buffer.alloc(0), etag: '', signedPerCaller: true });
    },
    /** The body in the given coding, compressed once per ETag rather than on every request. */
    encode(etag: string, encoding: PageEncoding, body: Buffer): Buffer {
      const key = `${encoding}\n${etag}`;
      let hit = encoded.get(key);
      if (!hit) {
        hit = compress[encoding](body);
        encoded.set(key, hit);
      }
      return hit;
    },
  };
}

export type ExpensePageCache = ReturnType<typeof createExpensePageCache>;

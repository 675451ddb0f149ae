import type { Request, Response } from 'express';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { boundedCache } from '../cache-budgets';

/** The content codings a cached answer is kept in, besides plain JSON. */
export type BodyEncoding = 'br' | 'gzip';

// Quality 5: most of brotli's gain at a fraction of the cost of the default 11, paid once per cached body.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

const compress: Record<BodyEncoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, BROTLI),
  gzip: (body) => gzipSync(body),
};

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** The same codings in libuv's thread pool: for bodies of megabytes, which would hold the event loop. */
const compressOffThread: Record<BodyEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => brotliAsync(body, BROTLI),
  gzip: (body) => gzipAsync(body),
};

/** Brotli whenever accepted (browsers list gzip first but both equally), else gzip, else plain (null). */
export const preferredEncoding = (req: Request): BodyEncoding | null =>
  (['br', 'gzip'] as const).find((coding) => req.acceptsEncodings(coding) === coding) ?? null;

/**
 * Bodies of cacheable answers keyed by ETag and coding, so an answer is assembled and compressed once rather than
 * on every request; bounded in bytes, least recently used out first.
 */
export function createEncodedBodies(maxBytes: number, name = 'encoded answers') {
  const encoded = boundedCache<Buffer>(name, maxBytes, (body) => body.length);
  const keyOf = (etag: string, encoding: BodyEncoding | null) => `${encoding ?? 'identity'}\n${etag}`;
  // Bodies being made or compressed off the main thread, so concurrent requests for one share the work.
  const making = new Map<string, Promise<Buffer>>();

  async function encodeLarge(
    etag: string,
    encoding: BodyEncoding | null,
    make: () => Promise<Buffer>,
  ): Promise<Buffer> {
    const key = keyOf(etag, encoding);
    const hit = encoded.get(key);
    if (hit) return hit;
    let running = making.get(key);
    if (!running) {
      running = (encoding ? encodeLarge(etag, null, make).then(compressOffThread[encoding]) : make())
        .then((body) => {
          encoded.set(key, body);
          return body;
        })
        .finally(() => making.delete(key));
      making.set(key, running);
    }
    return running;
  }

  return {
    /** The body under `etag` in the given coding (plain when null), made by `make` and compressed on a miss. */
    encode(etag: string, encoding: BodyEncoding | null, make: () => Buffer): Buffer {
      const key = keyOf(etag, encoding);
      let hit = encoded.get(key);
      if (!hit) {
        hit = encoding ? compress[encoding](make()) : make();
        encoded.set(key, hit);
      }
      return hit;
    },
    /**
     * As encode, for bodies of megabytes: `make` may take turns with other work, the compression runs in the thread
     * pool, and concurrent callers of one body share one making and one compression of it.
     */
    encodeLarge,
  };
}

/**
 * Sends a JSON body already in `encoding` under its ETag (the compression middleware leaves an encoded body alone):
 * the kept Buffer as it is, with its length, through no serializer, charset or type lookup; a matching
 * If-None-Match is answered 304 without a body.
 */
export function sendEncodedJson(
  res: Response,
  { body, etag }: { body: Buffer; etag: string },
  encoding: BodyEncoding | null,
): void {
  res.setHeader('ETag', etag);
  res.vary('Accept-Encoding');
  if (res.req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  if (res.req.method === 'HEAD') res.end();
  else res.end(body);
}

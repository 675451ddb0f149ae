import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import compression, { type CompressionOptions } from 'compression';
import type { RequestHandler, Response } from 'express';

/** compression's own test for `Cache-Control: no-transform` (an answer it must not transform). */
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;

type WriteHead = Response['writeHead'];
type HeaderArgument = OutgoingHttpHeaders | ReadonlyArray<unknown> | undefined;

/** Headers given to writeHead itself, set on the response first (as compression's on-headers hook sets them). */
function setHeadersOf(res: ServerResponse, headers: HeaderArgument) {
  if (!headers) return;
  if (!Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders))
      if (name && value !== undefined) res.setHeader(name, value);
  } else if (Array.isArray(headers[0])) {
    for (const [name, value] of headers as Array<[string, string]>) if (name) res.setHeader(name, value);
  } else {
    for (let i = 0; i < headers.length; i += 2) res.removeHeader(headers[i] as string);
    for (let i = 0; i < headers.length; i += 2)
      if (headers[i]) res.appendHeader(headers[i] as string, headers[i + 1] as string);
  }
}

/**
 * What compression does to an answer for a request without Accept-Encoding: it sends it as it is, and names
 * Accept-Encoding in Vary when the answer is of a compressible type and not marked no-transform. Done once, when
 * the headers are written (compression's own hook: headers passed to writeHead are set first).
 */
function varyAsCompressionWould(res: Response) {
  const writeHead = res.writeHead as WriteHead;
  res.writeHead = function (this: Response, statusCode: number, ...rest: unknown[]) {
    res.writeHead = writeHead;
    const headerAt = typeof rest[0] === 'string' ? 1 : 0;
    setHeadersOf(this, rest[headerAt] as HeaderArgument);
    const cacheControl = this.getHeader('Cache-Control');
    if (
      compression.filter(res.req, this) &&
      !(typeof cacheControl === 'string' && NO_TRANSFORM.test(cacheControl))
    ) {
      res.vary('Accept-Encoding');
    }
    return (writeHead as (...args: unknown[]) => Response).apply(this, [
      statusCode,
      ...rest.slice(0, headerAt),
    ]);
  } as WriteHead;
}

/**
 * The `compression` middleware for requests that may get a compressed answer: those with an Accept-Encoding header.
 * A request without one can only be answered as it is (compression's `enforceEncoding` is identity), so it is
 * spared compression's wrapping of every response (its stream hooks, listeners and negotiation: about a quarter of
 * the server's CPU for a small answer, bench/figures/writes-profile.md) and gets the same answer: status, headers
 * (Vary included) and body (compress-answers.test.ts compares them).
 */
export function compressAnswers(options: CompressionOptions): RequestHandler {
  const compress = compression(options);
  return (req, res, next) => {
    if (req.headers['accept-encoding'] !== undefined) return compress(req, res, next);
    varyAsCompressionWould(res);
    next();
  };
}

import type { Request, RequestHandler, Response } from 'express';
import { HttpError } from './errors';

/** How much of a refused body is read and thrown away after the answer, and for how long, before the cut. */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
const DISCARD_MAX_MS = 60_000;

/**
 * For a refusal sent before the request's body has arrived (too large, too many uploads, unreadable): the answer
 * goes out at once, with `Connection: close`, while the rest of the body is read and thrown away; the response
 * ends, and Node closes the connection, only once the body has ended. Closing while the client is still sending
 * would answer its next packets with a reset, and a reset can make the client drop an answer it has not read yet
 * ("network error" instead of the 413). A body past 64 MB or still arriving after a minute is cut off: the
 * socket is destroyed (the client has the whole answer by then, its length was declared).
 */
export function answerThenDiscardBody(req: Request, res: Response): void {
  res.setHeader('Connection', 'close');
  // Fully received (or read already, as the Functions runtime does): nothing to wait for.
  if (req.complete) return;

  let discarded = 0;
  let ended = false;
  let finish: (() => void) | undefined;
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, DISCARD_MAX_MS);
  const done = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    finish?.();
  };
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_MAX_BYTES) cut();
  });
  // The body's end, or the client's: it may stop sending once it reads `Connection: close`.
  req.once('end', done);
  req.once('close', done);
  req.resume();

  // The answer's bytes are written now; the response's end (after which Node closes the socket) waits for the body.
  const end = res.end.bind(res) as (callback?: () => void) => Response;
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    const last = [chunk, encoding, callback].find((arg) => typeof arg === 'function') as
      (() => void) | undefined;
    if (chunk !== undefined && typeof chunk !== 'function') {
      res.write(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    }
    finish = () => end(last);
    if (ended) finish();
    return res;
  }) as Response['end'];
}

/**
 * Refuses a body whose declared length is over `maxBytes` before any of it is read (413, the rest discarded as
 * above), instead of the JSON parser reading all of it first. Multipart uploads are left to their own limits.
 */
export function refuseDeclaredOversizeBodies(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared <= maxBytes || req.is('multipart/form-data')) return next();
    answerThenDiscardBody(req, res);
    next(new HttpError(413, 'The request body is too large'));
  };
}

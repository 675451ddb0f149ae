import { Readable } from 'node:stream';
import type { Request } from 'express';

/**
 * The request a streaming body parser (multer) should read. In the Cloud Functions runtime the body has already
 * been read into `req.rawBody` before our app runs, so the request stream is spent: the parser gets a stream that
 * replays those bytes, with the request's headers. Everywhere else (and for bodies that are not multipart, which
 * the parser ignores) it is the request itself.
 */
export function streamableRequest(req: Request): Request {
  const rawBody = (req as Request & { rawBody?: unknown }).rawBody;
  if (!Buffer.isBuffer(rawBody) || !req.readableEnded || !req.is('multipart')) return req;
  return Object.assign(Readable.from([rawBody]), { headers: req.headers }) as unknown as Request;
}

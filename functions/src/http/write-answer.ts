import type { Response } from 'express';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The write runs under an Idempotency-Key: its answer is kept through `res.json` (idempotency.ts). */
      keepsAnswer?: boolean;
    }
  }
}

/**
 * A write's JSON answer, as `res.status(status).json(value)` answers it less its ETag: the text goes out as one
 * string, its header block and body in one socket write. Express's `res.json` copies every body of 1,000 characters
 * or more into a Buffer and hashes it for a weak ETag, which nothing uses on a write's answer (a POST or PUT is never
 * revalidated): for an expense's 5.4 kB answer 2 + 5 µs of CPU a request and a Buffer for the collector
 * (docs/writes3.md). A write under an Idempotency-Key answers through `res.json`, where its answer is kept.
 */
export function sendWriteAnswer(res: Response, status: number, value: unknown): void {
  res.status(status);
  if (res.locals.keepsAnswer) {
    res.json(value);
    return;
  }
  const text = JSON.stringify(value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

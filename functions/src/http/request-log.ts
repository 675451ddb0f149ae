import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The request's id, answered as X-Request-Id and named in its log lines. */
      requestId?: string;
    }
  }
}

const REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * Gives each request an id (the caller's X-Request-Id when it is a plain token, else a fresh UUID), answers it as
 * X-Request-Id, and logs one short line when the response is done: its id, method, path (never the query, headers
 * or body: they carry bearer tokens and personal data), status and time. Nothing is built per request for a level
 * that drops the line (no child logger, no serializers), so logging costs what it writes.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    res.locals.requestId = id;
    if (logger.isLevelEnabled('info')) {
      const started = performance.now();
      res.once('close', () => {
        const status = res.statusCode;
        const line = {
          req: { id, method: req.method, path: req.originalUrl.split('?')[0] },
          res: { status },
          responseTime: Math.round(performance.now() - started),
        };
        if (!res.writableFinished) logger.info(line, 'request aborted');
        else if (status >= 500) logger.error(line, 'request errored');
        else logger.info(line, 'request completed');
      });
    }
    next();
  };
}

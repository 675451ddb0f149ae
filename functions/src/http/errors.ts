import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { ApiErrorBody } from '@wayfare/contract';

/** An error whose message is safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, string>,
    /** More of the answer beside `error`, for a refusal that tells the caller what is current (a 409's list). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFoundApiRoute: RequestHandler = (req, res) => {
  const body: ApiErrorBody = { error: `No API route for ${req.method} ${req.originalUrl.split('?')[0]}` };
  res.status(404).json(body);
};

/** Errors thrown by body-parser and friends carry a status and a type; their messages are not user-facing. */
const bodyParserMessages: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON',
  'entity.too.large': 'The request body is too large',
  'encoding.unsupported': 'The request body encoding is not supported',
  'charset.unsupported': 'The request body charset is not supported',
};

function clientErrorOf(err: unknown): HttpError | undefined {
  if (err instanceof HttpError) return err;
  if (typeof err !== 'object' || err === null) return undefined;
  const { status, type } = err as { status?: unknown; type?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  const message =
    (typeof type === 'string' && bodyParserMessages[type]) || 'The request could not be processed';
  return new HttpError(status, message);
}

/** The one error shape: `{ error }`, never a stack trace. Anything unexpected is logged and answered 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const clientError = clientErrorOf(err);
    const body: ApiErrorBody = clientError
      ? {
          ...clientError.extra,
          error: clientError.message,
          ...(clientError.details && { details: clientError.details }),
        }
      : { error: 'Something went wrong on our side. Please try again.' };
    if (!clientError) logger.error({ err, reqId: res.locals.requestId }, 'unhandled error');
    if (res.headersSent) return;
    res.status(clientError?.status ?? 500).json(body);
  };
}

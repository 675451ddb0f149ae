import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { idempotencyKeySchema } from '@wayfare/contract';
import type { TokenService } from './tokens';
import type { IdempotentAnswer, Store } from '../store/types';
import { HttpError } from './errors';
import { parseInput } from './parse';

/** How long a write may hold its key before a retry may take it over (a crashed request frees it). */
const LEASE_MS = 2 * 60 * 1000;
/** How long an answer is kept: longer than a phone stays offline on a trip's day, shorter than a store's bloat. */
export const IDEMPOTENCY_ANSWER_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Object keys in code-point order at every depth: equal JSON values give equal text, however their keys came. */
const sortedKeys = (_key: string, value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : value;

/**
 * The body's fingerprint: SHA-256 of its JSON with sorted keys (no body: of `null`). A body the JSON parser left
 * unread is streamed by its route (an upload) and has none (null): its key is checked on method and path only.
 */
function payloadFingerprint(req: Request): string | null {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (req.body === undefined && hasBody) return null;
  return createHash('sha256')
    .update(JSON.stringify(req.body ?? null, sortedKeys))
    .digest('base64url');
}

/**
 * Writes with an `Idempotency-Key` header happen once per user and key: the first claims the key and, when it
 * succeeds (2xx), keeps its answer before sending it; a repeat with the same key gets that answer again
 * (`Idempotent-Replayed: true`) and writes nothing. A repeat while the first still runs answers 409; a key reused
 * for another method, path or body answers 422 and writes nothing (draft-ietf-httpapi-idempotency-key-header §2.6:
 * the body is compared by its fingerprint, so a resent body whose keys come in another order is the same body);
 * a failed write frees its key for the retry. Without a session the header is
 * ignored: the route answers 401 itself.
 */
export function idempotentWrites(deps: { tokens: TokenService; store: Store }): RequestHandler {
  const { idempotency } = deps.store;
  return async (req, res, next) => {
    const header = req.get('idempotency-key');
    if (header === undefined || !WRITES.has(req.method)) return next();
    const key = parseInput(idempotencyKeySchema, header);
    const [scheme, token] = (req.get('authorization') ?? '').split(' ');
    const claims = scheme?.toLowerCase() === 'bearer' && token ? await deps.tokens.verify(token) : null;
    if (!claims) return next();

    const userId = claims.userId;
    const request = `${req.method} ${req.originalUrl.split('?')[0]}`;
    const now = new Date();
    const payload = payloadFingerprint(req);
    const claim = await idempotency.claim(
      userId,
      key,
      request,
      payload,
      now,
      new Date(now.getTime() + LEASE_MS),
    );
    if (claim.state === 'taken') {
      if (claim.request !== request) {
        throw new HttpError(422, 'This Idempotency-Key was already used for another request');
      }
      // A key kept before bodies were fingerprinted (null) is checked on its method and path only.
      if (claim.payload !== null && claim.payload !== payload) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a request with a different body');
      }
      if (!claim.answer) throw new HttpError(409, 'A request with this Idempotency-Key is still running');
      res.setHeader('Idempotent-Replayed', 'true');
      res.status(claim.answer.status);
      return claim.answer.body === undefined ? res.end() : res.json(claim.answer.body);
    }

    // Keep a 2xx answer before it leaves: a client that saw it may rely on the key answering it again.
    const send = res.json.bind(res);
    let kept = false;
    res.json = (body: unknown) => {
      if (res.statusCode < 200 || res.statusCode >= 300) return send(body);
      const answer: IdempotentAnswer = { status: res.statusCode, body };
      kept = true;
      idempotency.complete(userId, key, answer, new Date(Date.now() + IDEMPOTENCY_ANSWER_TTL_MS)).then(
        () => send(body),
        (err: unknown) => next(err),
      );
      return res;
    };
    res.once('finish', () => {
      if (kept) return;
      // An answer without a body (204) is kept as it is. Anything else frees the key for a retry: a failure, and a
      // 2xx whose body went out pre-encoded (sendEncodedJson), which a replay could not repeat — those routes
      // (settlement calculation) answer the same again when run again.
      const done =
        res.statusCode === 204
          ? idempotency.complete(
              userId,
              key,
              { status: res.statusCode, body: undefined },
              new Date(Date.now() + IDEMPOTENCY_ANSWER_TTL_MS),
            )
          : idempotency.release(userId, key);
      done.catch(() => undefined); // the lease runs out on its own
    });
    next();
  };
}

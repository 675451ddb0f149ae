import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import type { Store } from '../store/types';
import { bearerToken, userOfToken } from './authenticate';
import { preferredEncoding, sendEncodedJson, type BodyEncoding } from './encoded-bodies';
import type { TokenService } from './tokens';

/** A route's kept answer for a signed-in user, in the asked coding, with its ETag. */
export type CachedAnswer<Q> = (
  userId: string,
  query: Q,
  encoding: BodyEncoding | null,
) => Promise<{ body: Buffer; etag: string }>;

/** A GET that says it carries a body goes the whole way (the body checks, JSON parsing): it is no plain list read. */
const declaresBody = (req: Request) =>
  req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;

/**
 * Kept answers of GET routes for the signed-in user (the heavy user's trip lists), answered right after the app's
 * first steps (request log, security headers, compression, no-store): a request with a valid session whose query
 * `querySchema` accepts gets the kept answer as its route sends it. The rest of the app's chain (a dozen body checks,
 * routers and their path matching) was most of what a kept page cost beyond its bytes: skipping it saves about a
 * fifth of the page's CPU. Anything else (no or a bad session, a query the schema refuses, a declared body, another
 * method or spelling of the path) goes on down the app untouched, where the routes answer it (401, 400, …) as they
 * would without the lane. Only for answers about the user alone: nothing here checks a trip's membership.
 * cached-answer-lane.api.test.ts compares both ways' answers.
 */
export function cachedAnswerLane<Q>(
  deps: { store: Store; tokens: TokenService },
  querySchema: z.ZodType<Q>,
  answers: Record<string, CachedAnswer<Q>>,
): RequestHandler {
  const byPath = new Map(Object.entries(answers));

  return (req, res, next) => {
    const answer = req.method === 'GET' && !declaresBody(req) ? byPath.get(req.path) : undefined;
    const token = answer && bearerToken(req);
    if (!answer || !token) return next();
    const query = querySchema.safeParse(req.query);
    if (!query.success) return next();
    userOfToken(deps.tokens, deps.store, token)
      .then(async (user) => {
        if (!user) return next();
        res.locals.user = user;
        const coded = preferredEncoding(req);
        sendEncodedJson(res, await answer(user.id, query.data, coded), coded);
      })
      .catch(next);
  };
}

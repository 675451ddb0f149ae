import type { Request, RequestHandler, Response } from 'express';
import type { TokenService } from './tokens';
import type { Store, UserRecord } from '../store/types';
import { HttpError } from './errors';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      user?: UserRecord;
    }
  }
}

export const SESSION_INVALID = 'Your session is invalid or has expired. Please log in again.';

/** The request's bearer token, or null when it sends none. */
export function bearerToken(req: Request): string | null {
  const [scheme, token] = (req.get('authorization') ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The user a session token names: signature (HS256 only) and expiry verified, the user still there; else null. */
export async function userOfToken(
  tokens: TokenService,
  store: Store,
  token: string,
): Promise<UserRecord | null> {
  const claims = await tokens.verify(token);
  return (claims && (await store.users.findById(claims.userId))) ?? null;
}

/** Verifies the bearer token and loads its user into res.locals.user. */
export function requireAuth(tokens: TokenService, store: Store): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token) throw new HttpError(401, 'Please log in to continue');
    const user = await userOfToken(tokens, store, token);
    if (!user) throw new HttpError(401, SESSION_INVALID);
    res.locals.user = user;
    next();
  };
}

/** The signed-in user of a route behind requireAuth. */
export function currentUser(res: Response): UserRecord {
  const { user } = res.locals;
  if (!user) throw new HttpError(401, 'Please log in to continue');
  return user;
}

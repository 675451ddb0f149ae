import type { RequestHandler, Response } from 'express';
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

/** Verifies the bearer token (signature, HS256 only, expiry) and loads its user into res.locals.user. */
export function requireAuth(tokens: TokenService, store: Store): RequestHandler {
  return async (req, res, next) => {
    const [scheme, token] = (req.get('authorization') ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw new HttpError(401, 'Please log in to continue');
    const claims = await tokens.verify(token);
    const user = claims && (await store.users.findById(claims.userId));
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

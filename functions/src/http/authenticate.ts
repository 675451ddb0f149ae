import type { Request, RequestHandler, Response } from 'express';
import { GUEST_SESSION_ENDED, GUEST_SESSION_REFUSED } from '@wayfare/contract';
import type { TokenService } from './tokens';
import type { Store, UserRecord } from '../store/types';
import { HttpError } from './errors';
import { guestSessionLive, guestSessionMayCall } from './guest-sessions';

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

/** The user a session token names, and the trip when it is a guest session; null for a bad token or a gone user. */
async function sessionOfToken(tokens: TokenService, store: Store, token: string) {
  const claims = await tokens.verify(token);
  const user = claims && (await store.users.findById(claims.userId));
  // A guest's user record makes a guest session whatever the token claims, so no token opens more than its trip.
  return user ? { user, guestTripId: user.guest_trip_id ?? claims.guestTripId } : null;
}

/** The account a session token names: signature (HS256 only) and expiry verified, still there, not a guest; else null. */
export async function userOfToken(
  tokens: TokenService,
  store: Store,
  token: string,
): Promise<UserRecord | null> {
  const session = await sessionOfToken(tokens, store, token);
  return session && session.guestTripId === undefined ? session.user : null;
}

/**
 * Verifies the bearer token and loads its user into res.locals.user. A guest session passes only on the calls the
 * catalogue allows it, and only while it holds (http/guest-sessions.ts); anything else is 401.
 */
export function requireAuth(tokens: TokenService, store: Store): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token) throw new HttpError(401, 'Please log in to continue');
    const session = await sessionOfToken(tokens, store, token);
    if (!session) throw new HttpError(401, SESSION_INVALID);
    const { user, guestTripId } = session;
    if (guestTripId !== undefined) {
      if (!guestSessionMayCall(req)) throw new HttpError(401, GUEST_SESSION_REFUSED);
      if (!(await guestSessionLive(store, user, guestTripId))) throw new HttpError(401, GUEST_SESSION_ENDED);
    }
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

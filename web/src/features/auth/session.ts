import { jwtDecode } from 'jwt-decode';
import type { SessionClaims } from '@wayfare/contract';
import { clearToken, readToken } from '@/shared/authToken';

/** The signed-in user: the spec's session fields plus the token's expiry (seconds since the epoch). */
export type SessionUser = Omit<SessionClaims, 'iat'>;

function hasSessionClaims(claims: Partial<SessionClaims>): claims is SessionClaims {
  return (['userId', 'email', 'username', 'first_name', 'last_name'] as const).every(
    (key) => typeof claims[key] === 'string',
  );
}

/**
 * Token → user, or null when the token cannot be a session: undecodable or without the session claims (logged as
 * 'Error decoding token', spec §8), or already expired.
 */
export function decodeSession(token: string, nowMs: number = Date.now()): SessionUser | null {
  let claims: Partial<SessionClaims>;
  try {
    claims = jwtDecode<Partial<SessionClaims>>(token);
    if (!hasSessionClaims(claims)) throw new Error('Token is missing the session claims');
  } catch (err) {
    console.error('Error decoding token', err);
    return null;
  }
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= nowMs) return null;
  const { userId, email, username, first_name, last_name, exp, guestTripId } = claims;
  const user = { userId, email, username, first_name, last_name, exp };
  // A guest session (joined by invite link without an account) is kept as an account's is, marked by its trip.
  return typeof guestTripId === 'string' ? { ...user, guestTripId } : user;
}

/** The page a guest session opens: its trip's ledger, the one page it may use. */
export const guestHome = (guestTripId: string) => `/trips/${encodeURIComponent(guestTripId)}/split`;

/** The session stored in this browser; a token that is no longer a session is removed. */
export function restoreSession(): SessionUser | null {
  const token = readToken();
  if (token === null) return null;
  const user = decodeSession(token);
  if (!user) clearToken();
  return user;
}

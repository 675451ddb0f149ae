import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { SessionClaims } from '@wayfare/contract';

export interface TokenService {
  /** A session of `ttlSeconds` (the service's own when not given: a guest session lasts longer than an account's). */
  issue(claims: Omit<SessionClaims, 'iat' | 'exp'>, ttlSeconds?: number): Promise<string>;
  /** The claims of a genuine, unexpired HS256 token; null for anything else (alg none, forged, expired, junk). */
  verify(token: string): Promise<SessionClaims | null>;
}

/** Tokens whose signature was checked, kept so a signed-in user's every request does not run HMAC again. */
const VERIFIED_TOKENS = 10_000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  // A token's signature never changes its answer; its expiry is checked again on every use, as jose checks it.
  const verified = new LRUCache<string, SessionClaims>({ max: VERIFIED_TOKENS });
  return {
    issue(claims, lifetime = ttlSeconds) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + lifetime)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return known.exp === undefined || known.exp > Math.floor(Date.now() / 1000) ? known : null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.userId !== 'string') return null;
        const claims = payload as unknown as SessionClaims;
        verified.set(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}

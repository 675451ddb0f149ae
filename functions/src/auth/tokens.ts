import { SignJWT, jwtVerify } from 'jose';
import type { SessionClaims } from '@wayfare/contract';

export interface TokenService {
  issue(claims: Omit<SessionClaims, 'iat' | 'exp'>): Promise<string>;
  /** The claims of a genuine, unexpired HS256 token; null for anything else (alg none, forged, expired, junk). */
  verify(token: string): Promise<SessionClaims | null>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    issue(claims) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return typeof payload.userId === 'string' ? (payload as unknown as SessionClaims) : null;
      } catch {
        return null;
      }
    },
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeSession } from './session';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenWith = (payload: unknown) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.signature`;

const claims = {
  userId: 'u1',
  email: 'ana@example.com',
  username: 'ana',
  first_name: 'Ana',
  last_name: 'Silva',
};
const now = Date.UTC(2030, 0, 1);
const nowSeconds = now / 1000;

describe('decodeSession', () => {
  afterEach(() => vi.restoreAllMocks());

  it('returns the user of a valid token', () => {
    const token = tokenWith({ ...claims, iat: nowSeconds - 60, exp: nowSeconds + 3600 });
    expect(decodeSession(token, now)).toEqual({ ...claims, exp: nowSeconds + 3600 });
  });

  it('accepts a token without expiry', () => {
    expect(decodeSession(tokenWith(claims), now)).toEqual({ ...claims, exp: undefined });
  });

  it('treats an expired token as signed out without logging', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(decodeSession(tokenWith({ ...claims, exp: nowSeconds }), now)).toBeNull();
    expect(log).not.toHaveBeenCalled();
  });

  it.each([
    ['not a token', 'garbage'],
    ['a bad base64 payload', 'aaa.@@@.ccc'],
    ['a payload that is not JSON', `aaa.${Buffer.from('nope').toString('base64url')}.ccc`],
    ['a payload without the session claims', tokenWith({ sub: 'u1' })],
  ])('returns null and logs for %s', (_case, token) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(decodeSession(token, now)).toBeNull();
    expect(log).toHaveBeenCalledWith('Error decoding token', expect.any(Error));
  });
});

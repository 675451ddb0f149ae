import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS } from './service';
import { startTestApi, TEST_JWT_SECRET, type TestApi } from '../../test-support/api-server';

let seq = 0;
const newAccount = () => {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  return {
    username: `user_${tag}`,
    email: `User.${tag}@Example.com`,
    password: 'a long enough password',
    first_name: 'mARIA',
    last_name: 'da silva',
  };
};

/** Every error answer is exactly the one shape: a sentence, maybe field details, nothing else. */
function expectErrorShape(body: unknown) {
  expect(body).toEqual({
    error: expect.stringMatching(/\w/),
    ...((body as { details?: object }).details && { details: expect.any(Object) }),
  });
  expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/);
}

describe('auth API over HTTP', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  describe('POST /api/auth/register', () => {
    it('creates the account with trimmed, capitalised names and a lower-case email', async () => {
      const account = newAccount();
      const res = await api.call('POST', '/api/auth/register', {
        body: { ...account, username: `  ${account.username} `, first_name: ' mARIA ' },
      });
      expect(res.status).toBe(201);
      expect(res.body.user).toEqual({
        id: expect.any(String),
        username: account.username,
        email: account.email.toLowerCase(),
        first_name: 'Maria',
        last_name: 'Da silva',
        add_policy: 'anyone',
        payment_handles: {},
      });
      const stored = await api.store.users.findById(res.body.user.id);
      expect(stored?.password_hash).toMatch(/^scrypt\$/);
      expect(stored?.password_hash).not.toContain(account.password);
    });

    it('answers 409 for a username or email taken in any letter case', async () => {
      const account = newAccount();
      expect((await api.call('POST', '/api/auth/register', { body: account })).status).toBe(201);

      const sameUsername = await api.call('POST', '/api/auth/register', {
        body: { ...newAccount(), username: account.username.toUpperCase() },
      });
      expect(sameUsername.status).toBe(409);
      expect(sameUsername.body.error).toBe('That username is already taken');

      const sameEmail = await api.call('POST', '/api/auth/register', {
        body: { ...newAccount(), email: account.email.toUpperCase() },
      });
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body.error).toBe('That email is already registered');
      expectErrorShape(sameEmail.body);
    });

    it.each([
      ['a missing field', { ...newAccount(), last_name: undefined }, 'Last name is required'],
      ['a blank username', { ...newAccount(), username: '   ' }, 'Username is required'],
      ['a bad email', { ...newAccount(), email: 'maria-at-example' }, 'Enter a valid email address'],
      ['a short password', { ...newAccount(), password: 'short' }, 'Password must be at least 8 characters'],
      ['a number for a name', { ...newAccount(), first_name: 7 }, 'First name is required'],
    ])('rejects %s with 400 and a readable error', async (_case, body, message) => {
      const res = await api.call('POST', '/api/auth/register', { body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expectErrorShape(res.body);
    });

    it.each([
      ['malformed JSON', '{"username": ', 400],
      ['a JSON array', '[1,2,3]', 400],
      ['a JSON string', '"hello"', 400],
      ['an oversized body', JSON.stringify({ ...newAccount(), bio: 'x'.repeat(200_000) }), 413],
    ])('answers %s with a 4xx error, never a 5xx', async (_case, raw, status) => {
      const res = await api.call('POST', '/api/auth/register', { body: raw });
      expect(res.status).toBe(status);
      expectErrorShape(res.body);
    });
  });

  describe('POST /api/auth/login', () => {
    const account = newAccount();
    beforeAll(async () => {
      await api.call('POST', '/api/auth/register', { body: account });
    });

    it('answers a signed HS256 token carrying the session claims', async () => {
      const res = await api.call('POST', '/api/auth/login', {
        body: { email: account.email.toUpperCase(), password: account.password },
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['token']);
      const claims = decodeJwt(res.body.token);
      expect(claims).toMatchObject({
        userId: expect.any(String),
        email: account.email.toLowerCase(),
        username: account.username,
        first_name: 'Maria',
        last_name: 'Da silva',
      });
      expect(claims.exp! - claims.iat!).toBe(7 * 24 * 60 * 60);
    });

    it('gives the same 401 for a wrong password and an unknown email', async () => {
      const wrongPassword = await api.call('POST', '/api/auth/login', {
        body: { email: account.email, password: 'not the password' },
      });
      const unknownEmail = await api.call('POST', '/api/auth/login', {
        body: { email: 'nobody@example.com', password: account.password },
      });
      expect([wrongPassword.status, unknownEmail.status]).toEqual([401, 401]);
      expect(wrongPassword.body).toEqual({ error: INVALID_CREDENTIALS });
      expect(unknownEmail.body).toEqual({ error: INVALID_CREDENTIALS });
    });

    it('rejects a missing password with 400', async () => {
      const res = await api.call('POST', '/api/auth/login', { body: { email: account.email } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Password is required');
    });
  });

  describe('the bearer token', () => {
    const account = newAccount();
    let token: string;
    let userId: string;
    beforeAll(async () => {
      userId = (await api.call('POST', '/api/auth/register', { body: account })).body.user.id;
      token = (await api.call('POST', '/api/auth/login', { body: account })).body.token;
    });
    const me = (bearer?: string) => api.call('GET', '/api/auth/me', { token: bearer });
    const claimsFor = () => ({
      userId,
      email: account.email.toLowerCase(),
      username: account.username,
      first_name: 'Maria',
      last_name: 'Da silva',
    });

    it('opens protected routes when genuine', async () => {
      const res = await me(token);
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(userId);
    });

    it('is required', async () => {
      const res = await api.call('GET', '/api/auth/me');
      expect(res.status).toBe(401);
      expectErrorShape(res.body);
      expect(
        (await api.call('GET', '/api/auth/me', { headers: { authorization: 'Basic abc' } })).status,
      ).toBe(401);
    });

    it('is refused when forged with another secret', async () => {
      const forged = await new SignJWT(claimsFor())
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-of-sufficient-length-0000'));
      expect((await me(forged)).status).toBe(401);
    });

    it('is refused when tampered with', async () => {
      const [header, , signature] = token.split('.');
      const payload = Buffer.from(JSON.stringify({ ...claimsFor(), username: 'admin' })).toString(
        'base64url',
      );
      expect((await me(`${header}.${payload}.${signature}`)).status).toBe(401);
    });

    it('is refused when unsigned (alg: none)', async () => {
      const unsigned = new UnsecuredJWT(claimsFor()).setExpirationTime('1h').encode();
      expect((await me(unsigned)).status).toBe(401);
    });

    it('is refused once expired', async () => {
      const expired = await new SignJWT(claimsFor())
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      const res = await me(expired);
      expect(res.status).toBe(401);
      expect(res.body.error).toMatch(/expired/);
    });

    it('is refused for garbage and for a deleted account', async () => {
      expect((await me('not.a.jwt')).status).toBe(401);
      const ghost = await api.tokens.issue({ ...claimsFor(), userId: 'no-such-user' });
      expect((await me(ghost)).status).toBe(401);
    });
  });
});

describe('auth rate limits', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      RATE_LIMIT_FAILED_LOGINS_PER_PAIR: '3',
      RATE_LIMIT_FAILED_LOGINS_PER_ACCOUNT: '6',
      RATE_LIMIT_AUTH_PER_IP: '12',
      // One proxy hop, so each test "address" is the X-Forwarded-For it sends.
      TRUST_PROXY_HOPS: '1',
    });
  });
  afterAll(() => api.close());

  let addressSeq = 0;
  const newAddress = () => {
    addressSeq += 1;
    return `203.0.113.${addressSeq}`;
  };
  const login = (body: object, address: string) =>
    api.call('POST', '/api/auth/login', { body, headers: { 'x-forwarded-for': address } });
  const register = async () => {
    const account = newAccount();
    await api.call('POST', '/api/auth/register', {
      body: account,
      headers: { 'x-forwarded-for': newAddress() },
    });
    return account;
  };
  const guess = (account: { email: string }, address: string, i: number) =>
    login({ email: account.email, password: `guess ${i}!!` }, address);

  it('stops a guesser at one address, with Retry-After, without locking the owner out anywhere else', async () => {
    const victim = await register();
    const bystander = await register();
    const attacker = newAddress();

    for (let i = 0; i < 3; i += 1) expect((await guess(victim, attacker, i)).status).toBe(401);
    const blocked = await login(victim, attacker);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expectErrorShape(blocked.body);

    // The owner, from their own address, is not locked out; nor is anyone else from the attacker's.
    expect((await login(victim, newAddress())).status).toBe(200);
    expect((await login(bystander, attacker)).status).toBe(200);
  });

  it('stops a guesser spread over many addresses at the account ceiling, yet lets the owner in from a known address', async () => {
    const victim = await register();
    const home = newAddress();
    expect((await login(victim, home)).status).toBe(200);

    // Two guesses from each of three addresses: under every pair limit, at the account ceiling of 6.
    for (let i = 0; i < 6; i += 1) expect((await guess(victim, newAddress(), i)).status).toBe(401);
    const fromNewAddress = await login(victim, newAddress());
    expect(fromNewAddress.status).toBe(429);
    expectErrorShape(fromNewAddress.body);

    expect((await login(victim, home)).status).toBe(200);
  });

  it('caps all auth calls from one address', async () => {
    const address = newAddress();
    let last = 0;
    for (let i = 0; i < 12; i += 1)
      last = (await login({ email: `x${i}@y.zz`, password: 'p' }, address)).status;
    expect(last).toBe(401);
    expect((await login({ email: 'x@y.zz', password: 'p' }, address)).status).toBe(429);
    const res = await api.call('POST', '/api/auth/register', {
      body: newAccount(),
      headers: { 'x-forwarded-for': address },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });
});

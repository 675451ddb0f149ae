import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens';

const claims = {
  userId: 'u1',
  email: 'ana@example.com',
  username: 'ana',
  first_name: 'Ana',
  last_name: 'Lima',
};

describe('token service', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps answering a verified token from memory only until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-01T00:00:00Z'));
    const tokens = createTokenService('a secret of at least thirty-two bytes!', 60);
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
    vi.setSystemTime(new Date('2027-01-01T00:00:59Z'));
    expect(await tokens.verify(token)).toMatchObject(claims);
    vi.setSystemTime(new Date('2027-01-01T00:01:00Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('never remembers a forged token', async () => {
    const tokens = createTokenService('a secret of at least thirty-two bytes!', 60);
    const other = createTokenService('another secret, also thirty-two bytes', 60);
    const forged = await other.issue(claims);
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(forged)).toBeNull();
    const token = await tokens.issue(claims);
    expect(await tokens.verify(`${token.slice(0, -2)}xx`)).toBeNull();
  });
});

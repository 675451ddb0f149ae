import { describe, expect, it } from 'vitest';
import { loginBodySchema, registerBodySchema } from './auth';

const valid = {
  username: ' ana_b ',
  email: ' Ana@Example.COM ',
  password: 'correct horse',
  first_name: 'aNA',
  last_name: ' DE LA CRUZ',
};

describe('registerBodySchema', () => {
  it('trims, lower-cases the email and capitalises names', () => {
    expect(registerBodySchema.parse(valid)).toEqual({
      username: 'ana_b',
      email: 'ana@example.com',
      password: 'correct horse',
      first_name: 'Ana',
      last_name: 'De la cruz',
    });
  });

  it.each([
    ['username', '   ', 'Username is required'],
    ['email', 'not-an-email', 'Enter a valid email address'],
    ['password', 'short', 'Password must be at least 8 characters'],
    ['first_name', undefined, 'First name is required'],
    ['last_name', 42, 'Last name is required'],
  ])('rejects a bad %s with a readable message', (field, value, message) => {
    const result = registerBodySchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('loginBodySchema', () => {
  it('requires both fields', () => {
    expect(loginBodySchema.safeParse({ email: 'a@b.co' }).success).toBe(false);
    expect(loginBodySchema.parse({ email: 'A@B.co', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
    });
  });
});

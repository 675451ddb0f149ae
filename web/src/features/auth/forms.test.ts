import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../../shared/api';
import { loginFailureDetail, serverFieldErrors, validateLogin, validateSignup } from './forms';

const signup = {
  username: ' ana_b ',
  first_name: 'aNA',
  last_name: 'SILVA',
  email: ' Ana@Example.com ',
  password: 'long enough',
};

describe('validateSignup', () => {
  it('sends trimmed values with capitalised names', () => {
    expect(validateSignup(signup)).toEqual({
      ok: true,
      body: {
        username: 'ana_b',
        first_name: 'Ana',
        last_name: 'Silva',
        email: 'ana@example.com',
        password: 'long enough',
      },
    });
  });

  it('reports one message per invalid field', () => {
    expect(validateSignup({ ...signup, first_name: ' ', email: 'nope', password: 'short' })).toEqual({
      ok: false,
      errors: {
        first_name: 'First name is required',
        email: 'Enter a valid email address',
        password: 'Password must be at least 8 characters',
      },
    });
  });
});

describe('validateLogin', () => {
  it('requires email and password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
    expect(validateLogin({ email: 'A@b.co', password: 'x' })).toEqual({
      ok: true,
      body: { email: 'a@b.co', password: 'x' },
    });
  });
});

describe('serverFieldErrors', () => {
  it('maps the details of the fields on the form', () => {
    const error = toApiError(400, {
      error: 'Invalid input',
      details: { username: 'Too long', 'x.y': 'ignored' },
    });
    expect(serverFieldErrors(error, signup)).toEqual({ username: 'Too long' });
    expect(serverFieldErrors(new Error('x'), signup)).toEqual({});
  });
});

describe('loginFailureDetail', () => {
  it('adds the server explanation except for wrong credentials', () => {
    expect(loginFailureDetail(toApiError(401, { error: 'Invalid email or password' }))).toBeUndefined();
    expect(loginFailureDetail(toApiError(429, { error: 'Too many attempts' }))).toBe('Too many attempts');
    expect(loginFailureDetail(new ApiError(0, 'offline'))).toBe('offline');
    expect(loginFailureDetail(new Error('bug'))).toBeUndefined();
  });
});

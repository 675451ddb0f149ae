import { describe, expect, it } from 'vitest';
import {
  NETWORK_ERROR_MESSAGE,
  NetworkError,
  ResponseShapeError,
  UNEXPECTED_ANSWER,
  toApiError,
} from '@/shared/api';
import { loginFailureDetail, signupFailureDetail } from './forms';

describe('loginFailureDetail', () => {
  it('adds the server explanation except for wrong credentials', () => {
    expect(loginFailureDetail(toApiError(401, { error: 'Invalid email or password' }))).toBeUndefined();
    expect(loginFailureDetail(toApiError(429, { error: 'Too many attempts' }))).toBe('Too many attempts');
    expect(loginFailureDetail(new NetworkError())).toBe(NETWORK_ERROR_MESSAGE);
    expect(loginFailureDetail(new ResponseShapeError())).toBe(UNEXPECTED_ANSWER);
    expect(loginFailureDetail(new Error('bug'))).toBeUndefined();
  });
});

describe('signupFailureDetail', () => {
  it("is the server's or the network's explanation, never a bug's text", () => {
    expect(signupFailureDetail(toApiError(409, { error: 'That email is already registered' }))).toBe(
      'That email is already registered',
    );
    expect(signupFailureDetail(new Error('bug'))).toBeUndefined();
  });
});

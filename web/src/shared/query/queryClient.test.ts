import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, ResponseShapeError } from '../api';
import { retryReads, worthRetrying } from './queryClient';

describe('read retries', () => {
  it('retry no answer and server failures, never a 4xx or an answer that does not match its schema', () => {
    expect(worthRetrying(new NetworkError())).toBe(true);
    expect(worthRetrying(new ApiError(503, 'busy'))).toBe(true);
    for (const status of [400, 401, 403, 404, 410, 429]) {
      expect(worthRetrying(new ApiError(status, 'no'))).toBe(false);
    }
    expect(worthRetrying(new ResponseShapeError())).toBe(false);
    expect(worthRetrying(new Error('bug'))).toBe(false);
  });

  it('stop after the given number of retries', () => {
    const retry = retryReads(1);
    expect(retry(0, new ApiError(500, 'x'))).toBe(true);
    expect(retry(1, new ApiError(500, 'x'))).toBe(false);
  });
});

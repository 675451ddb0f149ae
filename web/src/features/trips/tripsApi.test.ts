import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError } from '@/shared/api';
import { tripsLoadError } from './tripsApi';

describe('tripsLoadError', () => {
  it("shows the server's error field, else the message, else 'Failed to load trips'", () => {
    expect(tripsLoadError(new ApiError(500, 'Database is down', { error: 'Database is down' }))).toBe(
      'Database is down',
    );
    expect(tripsLoadError(new NetworkError())).toBe(NETWORK_ERROR_MESSAGE);
    expect(tripsLoadError(new TypeError('Unexpected token <'))).toBe('Unexpected token <');
    expect(tripsLoadError('boom')).toBe('Failed to load trips');
  });
});

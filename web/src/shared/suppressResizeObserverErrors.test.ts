import { describe, expect, it } from 'vitest';
import { isResizeObserverLoopError } from './suppressResizeObserverErrors';

describe('isResizeObserverLoopError', () => {
  it('matches both browser wordings only', () => {
    expect(isResizeObserverLoopError('ResizeObserver loop completed with undelivered notifications.')).toBe(
      true,
    );
    expect(isResizeObserverLoopError('ResizeObserver loop limit exceeded')).toBe(true);
    expect(isResizeObserverLoopError('TypeError: x is undefined')).toBe(false);
    expect(isResizeObserverLoopError(undefined)).toBe(false);
  });
});

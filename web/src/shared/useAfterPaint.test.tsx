import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from './useAfterPaint';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useAfterPaint', () => {
  it('turns true once what was rendered has been painted, and stays true', () => {
    const { result, rerender } = renderHook(() => useAfterPaint());
    expect(result.current).toBe(false);
    act(() => void vi.runAllTimers());
    expect(result.current).toBe(true);
    rerender();
    expect(result.current).toBe(true);
  });

  it('counts from when it becomes ready: false while not ready, however long; true after the ready render is painted', () => {
    const { result, rerender } = renderHook(({ ready }) => useAfterPaint(ready), {
      initialProps: { ready: false },
    });
    act(() => void vi.runAllTimers());
    expect(result.current).toBe(false);

    rerender({ ready: true });
    expect(result.current).toBe(false);
    act(() => void vi.runAllTimers());
    expect(result.current).toBe(true);

    // Once painted, it does not go back.
    rerender({ ready: false });
    expect(result.current).toBe(true);
  });
});

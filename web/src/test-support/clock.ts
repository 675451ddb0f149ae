import { act } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The test's own clock for a describe block: timers (animations, debounces) move only when the test lets time pass,
 * so waiting is exact, never a sleep. Returns the user (whose typing moves the clock) and `pass`, which lets time and
 * the stubbed network's answers pass.
 */
export function testClock() {
  const clock = {
    user: userEventLib.setup(),
    pass: (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms)),
  };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Testing Library moves fake clocks only through a global `jest`: Vitest's clock, under that name.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    // The data layer tells components of an answer on the next timer tick: on this clock, at once instead.
    notifyManager.setScheduler(queueMicrotask);
    clock.user = userEventLib.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    notifyManager.setScheduler(defaultScheduler);
    vi.useRealTimers();
  });
  return clock;
}

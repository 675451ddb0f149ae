import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoad, afterPageSettles } from './afterPageSettles';

/** The page's load state and event, as a browser has them (this project runs in node: a minimal window). */
function page(readyState: DocumentReadyState) {
  const target = new EventTarget();
  vi.stubGlobal('document', { readyState });
  vi.stubGlobal('window', target);
  return () => target.dispatchEvent(new Event('load'));
}

describe('afterPageSettles', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts only after the load event and the delay, and never once cancelled', () => {
    vi.useFakeTimers();
    const load = page('loading');
    const start = vi.fn();
    afterPageSettles(start, 2000);
    vi.advanceTimersByTime(5000);
    expect(start).not.toHaveBeenCalled();
    load();
    vi.advanceTimersByTime(1999);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);

    const late = vi.fn();
    const cancel = afterPageSettles(late, 2000);
    cancel();
    load();
    vi.advanceTimersByTime(5000);
    expect(late).not.toHaveBeenCalled();
  });

  it('counts from now when the page has already loaded', () => {
    vi.useFakeTimers();
    page('complete');
    const start = vi.fn();
    const cancel = afterPageSettles(start, 500);
    vi.advanceTimersByTime(499);
    expect(start).not.toHaveBeenCalled();
    cancel();
    vi.advanceTimersByTime(10);
    expect(start).not.toHaveBeenCalled();
  });

  it('afterLoad starts at the load event with no delay, at once on a loaded page, never once cancelled', () => {
    const load = page('loading');
    const start = vi.fn();
    afterLoad(start);
    expect(start).not.toHaveBeenCalled();
    load();
    expect(start).toHaveBeenCalledTimes(1);
    load();
    expect(start).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    afterLoad(cancelled)();
    load();
    expect(cancelled).not.toHaveBeenCalled();

    page('complete');
    const now = vi.fn();
    afterLoad(now);
    expect(now).toHaveBeenCalledTimes(1);
  });
});

import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadMore } from './LoadMore';

/** The browser's IntersectionObserver as jsdom lacks it: every observed element reported in view at once. */
class InViewObserver {
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.report([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
  }
  disconnect() {}
}

describe('LoadMore', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the next page by itself when it comes into view, once per page, and not after a failure', () => {
    vi.stubGlobal('IntersectionObserver', InViewObserver);
    const load = vi.fn();
    const props = { status: 'Showing 24 trips', available: true, error: null, load };
    const { rerender } = render(<LoadMore {...props} loading={false} />);
    expect(load).toHaveBeenCalledTimes(1);
    rerender(<LoadMore {...props} loading />);
    const busy = screen.getByRole('button', { name: 'Loading...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    busy.click();
    expect(load).toHaveBeenCalledTimes(1);
    rerender(<LoadMore {...props} status="Showing 48 trips" loading={false} />);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Showing 48 trips')).toBeInTheDocument();

    rerender(<LoadMore {...props} loading={false} error="Failed to load trips. Please try again." />);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Failed to load trips. Please try again.')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(load).toHaveBeenCalledTimes(3);

    rerender(<LoadMore {...props} available={false} loading={false} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

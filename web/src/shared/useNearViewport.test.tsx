import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './useNearViewport';

function Probe({ margin }: { margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, margin);
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

/** jsdom has no IntersectionObserver: a stand-in that records what it observes and lets the test report entries. */
function installObserver() {
  const observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit }> = [];
  const disconnect = vi.fn();
  class StandIn {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({ callback, options });
    }
    observe() {}
    disconnect = disconnect;
  }
  vi.stubGlobal('IntersectionObserver', StandIn);
  const report = (isIntersecting: boolean) =>
    act(() => {
      for (const { callback } of observers)
        callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
  return { observers, disconnect, report };
}

afterEach(() => vi.unstubAllGlobals());

describe('useNearViewport', () => {
  it('is false until the element comes within the margin, then stays true and stops observing', () => {
    const { observers, disconnect, report } = installObserver();
    render(<Probe margin="100px" />);
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(observers[0]?.options?.rootMargin).toBe('100px');

    report(false);
    expect(screen.getByText('far')).toBeInTheDocument();

    report(true);
    expect(screen.getByText('near')).toBeInTheDocument();
    expect(disconnect).toHaveBeenCalled();
  });

  it('is true at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});

import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPreloadable } from './lazyNamed';

/** A module whose named export mounts with a counter, loaded when `resolve` is called. */
function deferredModule() {
  const mounts = vi.fn();
  function Page({ name }: { name: string }) {
    useEffect(() => mounts(), []);
    return <p>Hello {name}</p>;
  }
  let resolve: () => void = () => {};
  const loaded = new Promise<{ Page: typeof Page }>((done) => {
    resolve = () => done({ Page });
  });
  return { load: vi.fn(() => loaded), resolve, mounts };
}

const shown = () => screen.queryByText('Hello Ana');
const spinner = () => screen.queryByText('Loading…');

describe('lazyPreloadable', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    const module = deferredModule();
    const Page = lazyPreloadable(module.load, 'Page');
    const preloaded = Page.preload();
    module.resolve();
    await preloaded;
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page name="Ana" />
      </Suspense>,
    );
    // The first commit is the page itself: no fallback was ever shown.
    expect(shown()).not.toBeNull();
    expect(spinner()).toBeNull();
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('suspends as React.lazy does when not preloaded, then shows the page, mounted once', async () => {
    const module = deferredModule();
    const Page = lazyPreloadable(module.load, 'Page');
    const { rerender } = render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page name="Ana" />
      </Suspense>,
    );
    expect(spinner()).not.toBeNull();
    await act(async () => module.resolve());
    expect(shown()).not.toBeNull();
    // A later render (the module now loaded) keeps the mounted page.
    rerender(
      <Suspense fallback={<p>Loading…</p>}>
        <Page name="Ana" />
      </Suspense>,
    );
    expect(module.mounts).toHaveBeenCalledTimes(1);
    expect(module.load).toHaveBeenCalledTimes(1);
  });
});

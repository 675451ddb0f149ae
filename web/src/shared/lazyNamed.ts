import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * React.lazy for a module's named export: the page or widget is split into its own chunk and fetched when first
 * rendered, so what one screen needs (calendars, maps, drag and drop, the Firebase SDK) costs the others nothing.
 */
export function lazyNamed<
  M extends Record<K, ComponentType<P>>,
  K extends keyof M,
  P = M[K] extends ComponentType<infer Q> ? Q : never,
>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/**
 * lazyNamed, with `preload()`: once it has resolved, the component renders at once, without suspending (the app's
 * first render of a page whose frame index.html already shows: main.tsx). Each mounted instance keeps the kind it
 * started with (lazy or loaded), so nothing remounts when the module arrives.
 */
export function lazyPreloadable<
  M extends Record<K, ComponentType<P>>,
  K extends keyof M,
  P extends object = M[K] extends ComponentType<infer Q> ? Q & object : never,
>(load: () => Promise<M>, name: K) {
  let loaded: ComponentType<P> | undefined;
  const preload = async () => {
    loaded = (await load())[name];
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Preloadable(props: P) {
    const [component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  return Object.assign(Preloadable, { preload });
}

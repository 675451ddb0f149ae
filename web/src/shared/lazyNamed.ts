import { lazy, type ComponentType } from 'react';

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

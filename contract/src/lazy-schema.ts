/**
 * A schema built on first use instead of when its module is evaluated: building every contract schema
 * at start-up blocked a phone's first visit. `build` runs once, on the first read of any property (a parse, a
 * `.shape`, an `.extend`, zod reading `_zod` when it is nested in another schema); from then on every read is the
 * built schema's. `instanceof` and `Object.keys` answer as for the built schema.
 *
 * The web build wraps the contract's top-level schemas in it (`lazySchemas` in web/vite.config.ts); the server and
 * the tests use the schemas as written.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // The proxy's own target is empty and extensible: a property it reports must be configurable.
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}

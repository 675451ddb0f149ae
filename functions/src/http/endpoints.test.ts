import { pino } from 'pino';
import type { IRoute } from 'express';
import { describe, expect, it } from 'vitest';
import { allEndpoints, type Endpoint } from '@wayfare/contract';
import { createApp } from '../app';
import { loadConfig } from '../config';
import type { Store } from '../store/types';
import { endpointOfRoute } from './endpoints';
import { createTokenService } from './tokens';

interface Layer {
  route?: IRoute & { methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route of the app, however deep its router is mounted. */
function routesOf(stack: Layer[]): Array<NonNullable<Layer['route']>> {
  return stack.flatMap((layer) =>
    layer.route ? [layer.route] : layer.handle?.stack ? routesOf(layer.handle.stack) : [],
  );
}

describe('the endpoint catalogue and the server', () => {
  // The cache report is registered only where the configuration asks for it: ask, so every entry is there.
  const config = loadConfig({ LOG_LEVEL: 'silent', WAYFARE_CACHE_REPORT: '1' });
  // Building the app does no I/O: the store is never called here.
  const app = createApp({
    config,
    store: {} as Store,
    tokens: createTokenService('x'.repeat(32), config.tokenTtlSeconds),
    logger: pino({ level: 'silent' }),
  });
  const routes = routesOf((app as unknown as { router: { stack: Layer[] } }).router.stack);
  const entries: Array<[string, Endpoint]> = Object.entries(allEndpoints);

  it('every route of the app is registered from a catalogue entry, with its method', () => {
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const entry = endpointOfRoute(route);
      expect(entry, `${Object.keys(route.methods).join(',')} ${String(route.path)}`).toBeDefined();
      expect(Object.keys(route.methods)).toEqual([entry?.method.toLowerCase()]);
    }
  });

  it('every catalogue entry is registered by exactly one route', () => {
    const registered = new Map<Endpoint, number>();
    for (const route of routes) {
      const entry = endpointOfRoute(route);
      if (entry) registered.set(entry, (registered.get(entry) ?? 0) + 1);
    }
    for (const [name, entry] of entries) expect(registered.get(entry) ?? 0, name).toBe(1);
    expect(registered.size).toBe(entries.length);
  });

  it('each method and path is one entry, and every path is under /api as Express writes it', () => {
    const keys = entries.map(([, { method, path }]) => `${method} ${path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, { path }] of entries) expect(path, name).toMatch(/^(\/[\w.:-]+)+$/);
  });

  it('each path param is one its params schema reads, and an entry with path params has a schema', () => {
    for (const [name, entry] of entries) {
      const names = [...entry.path.matchAll(/:(\w+)/g)].map(([, param]) => param);
      if (names.length === 0) continue;
      const shape = (entry.params as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
      expect(Object.keys(shape ?? {}).sort(), name).toEqual([...names].sort());
    }
  });
});

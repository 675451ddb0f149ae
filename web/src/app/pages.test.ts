import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '@wayfare/contract';
import { PAGES, pathParams, pathPattern, type Page } from './pages';
import { SHELL_ROUTES, shellRouteOf } from './shell/shellRoutes';

const pages: Array<[string, Page]> = Object.entries(PAGES);

describe('the page manifest', () => {
  it('names each page once, with a page module routes.tsx loads', () => {
    const paths = pages.map(([, page]) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const [name, page] of pages) {
      // routes.tsx finds each page's chunk among the features' *Page.tsx modules.
      expect(page.module, name).toMatch(/^features\/[\w-]+\/\w+Page\.tsx$/);
      const source = fs.readFileSync(new URL(`../${page.module}`, import.meta.url), 'utf8');
      expect(source, name).toMatch(new RegExp(`export function ${page.component}\\b`));
    }
  });

  it("reads first only GET endpoints, each param from the page's own path", () => {
    for (const [name, page] of pages) {
      for (const read of page.firstLoad?.reads ?? []) {
        const entry = allEndpoints[read.endpoint];
        expect(entry.method, `${name}: ${read.endpoint}`).toBe('GET');
        const needed = pathParams(entry.path).sort();
        expect([...(read.params ?? [])].sort(), `${name}: ${read.endpoint}`).toEqual(needed);
        for (const param of read.params ?? []) expect(pathParams(page.path)).toContain(param);
      }
    }
  });

  it('gives the framed pages their patterns, which tell each page from the others', () => {
    expect(Object.keys(SHELL_ROUTES)).toEqual(pages.filter(([, p]) => p.firstLoad).map(([name]) => name));
    expect(pathPattern('/trips/:tripId/split')).toBe('^/trips/([^/]+)/split/?$');
    expect(shellRouteOf('/trips')).toBe('trips');
    expect(shellRouteOf('/trips/abc/')).toBe('tripDetails');
    expect(shellRouteOf('/trips/abc/split')).toBe('tripSplit');
    expect(shellRouteOf('/trip-split')).toBe('splitOverview');
    expect(shellRouteOf('/trips/abc/edit')).toBeUndefined();
  });
});

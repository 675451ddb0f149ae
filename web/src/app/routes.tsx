import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { LoginRequired, RequireAuth } from '@/features/auth';
import { HomePage } from '@/features/home';
import { lazyPreloadable } from '@/shared/lazyNamed';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { PAGES, type Page, type PageName } from './pages';
import { shellRouteOf } from './shell/shellRoutes';

// Home is in the first bundle; every other screen (app/pages.ts) is its own chunk, loaded on first visit.
const PAGE_MODULES = import.meta.glob(['../features/*/*Page.tsx', '!../features/home/HomePage.tsx']);

const screenOf = ({ module, component }: Page) => {
  const load = PAGE_MODULES[`../${module}`];
  if (!load) throw new Error(`app/pages.ts: no page module ${module}`);
  return lazyPreloadable(load as () => Promise<Record<string, ComponentType>>, component);
};

const SCREENS = Object.fromEntries(
  Object.entries(PAGES).map(([name, page]) => [name, screenOf(page)]),
) as Record<PageName, ReturnType<typeof screenOf>>;

// The data layer (TanStack Query) comes with the first screen that reads the API, not with the landing page.
const QueryLayer = lazyPreloadable(() => import('./QueryLayer'), 'QueryLayer');

/**
 * The screens a page with a frame in index.html renders first (as web/vite-first-load.ts's table names their
 * modules): the data layer and the page.
 */
export function preloadFramedScreens(pathname: string): Promise<unknown> {
  const route = shellRouteOf(pathname);
  return Promise.all(route ? [QueryLayer.preload(), SCREENS[route].preload()] : []);
}

/** The pages of one kind of access as routes: behind the sign-in check their access asks for. */
function pageRoutes(dataLayer: boolean): RouteObject[] {
  const of = (access: Page['access']): RouteObject[] =>
    (Object.entries(PAGES) as Array<[PageName, Page]>)
      .filter(([, page]) => page.dataLayer === dataLayer && page.access === access)
      .map(([name, page]) => {
        const Screen = SCREENS[name];
        return { path: page.path, element: <Screen /> };
      });
  return [
    ...of('public'),
    { element: <RequireAuth />, children: of('signed-in') },
    { element: <RequireAuth fallback={<LoginRequired />} />, children: of('signed-in-or-ask') },
  ].filter((route) => route.children?.length !== 0);
}

/** Every screen of spec §2, inside the layout with header and footer. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      ...pageRoutes(false),
      { element: <QueryLayer />, children: pageRoutes(true) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

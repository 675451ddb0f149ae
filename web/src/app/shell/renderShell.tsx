import { lazy, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionContext, type Session } from '@/features/auth';
import { OverviewLoadingFrame } from '@/features/ledger';
import { TripsLoadingFrame } from '@/features/trips';
import { AppLayout } from '../layout/AppLayout';
import { shellRouteOf, type ShellRoute } from './shellRoutes';

/** A screen whose code never arrives: the layout shows what it shows while a screen loads (a spinner). */
const Loading = lazy(() => new Promise<never>(() => {}));

/**
 * The pages whose heading is known before their data: their frame is the page as it first renders, loading (the
 * same markup: TripsFrame, OverviewFrame). The others show the layout's spinner until the app runs.
 */
const PAGE_FRAMES: Partial<Record<ShellRoute, ComponentType>> = {
  trips: TripsLoadingFrame,
  splitOverview: OverviewLoadingFrame,
};

/** The signed-in user, nameless: firstLoad.ts writes the session's name in (UserMenu's `data-user` fields). */
const SHELL_SESSION: Session = {
  user: { userId: '', email: '', username: '', first_name: '', last_name: '' },
  login: () => false,
  logout: () => {},
};

/**
 * Build time (web/vite-first-load.ts): the markup of the app at `path` for a signed-in user before the page's data
 * (or, for a page without a frame of its own, before its code) has arrived: the layout (header, footer) around the
 * page's frame. index.html holds it per page, and firstLoad.ts puts it in #root before the app runs; the app's first
 * render (which waits for the page's code: main.tsx) draws the same.
 */
export function renderShell(path: string): string {
  const route = shellRouteOf(path);
  const Frame = (route && PAGE_FRAMES[route]) ?? Loading;
  const router = createMemoryRouter(
    [{ element: <AppLayout />, children: [{ path: '*', element: <Frame /> }] }],
    { initialEntries: [path] },
  );
  return renderToStaticMarkup(
    <SessionContext value={SHELL_SESSION}>
      <RouterProvider router={router} />
    </SessionContext>,
  );
}

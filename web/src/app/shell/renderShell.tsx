import { lazy } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionContext, type Session } from '../../features/auth';
import { AppLayout } from '../layout/AppLayout';

/** A screen whose code never arrives: the layout shows what it shows while a screen loads. */
const Loading = lazy(() => new Promise<never>(() => {}));

/** The signed-in user, nameless: firstLoad.ts writes the session's name in (UserMenu's `data-user` fields). */
const SHELL_SESSION: Session = {
  user: { userId: '', email: '', username: '', first_name: '', last_name: '' },
  login: () => false,
  logout: () => {},
};

/**
 * Build time (web/vite-first-load.ts): the markup of the app's first render at `path` for a signed-in user, whose
 * screen's code has not arrived yet: the layout (header, footer) around the page's frame (app/shell/RouteFrame.tsx).
 * index.html holds it per page, and firstLoad.ts puts it in #root before the app runs; the app's first render then
 * draws the same.
 */
export function renderShell(path: string): string {
  const router = createMemoryRouter(
    [{ element: <AppLayout />, children: [{ path: '*', element: <Loading /> }] }],
    { initialEntries: [path] },
  );
  return renderToStaticMarkup(
    <SessionContext value={SHELL_SESSION}>
      <RouterProvider router={router} />
    </SessionContext>,
  );
}

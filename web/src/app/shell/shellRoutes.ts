import { PAGES, pathPattern, type FramedPage } from '../pages';

/**
 * The signed-in pages whose frame is drawn before the app runs (app/pages.ts's pages with `firstLoad`).
 * Each pattern is a regular expression on location.pathname (its groups fill the `$1` of the first-load table's API
 * addresses). One list for the build step (web/vite-first-load.ts: the early reads and the frames in index.html,
 * app/shell/renderShell.tsx) and the app (the screens its first render waits for, app/routes.tsx), so both agree
 * on a page.
 */
export const SHELL_ROUTES = Object.fromEntries(
  Object.entries(PAGES).flatMap(([name, page]) =>
    'firstLoad' in page ? [[name, pathPattern(page.path)]] : [],
  ),
) as Record<FramedPage, string>;

export type ShellRoute = FramedPage;

/** The frame's route for a path, if it has one. */
export function shellRouteOf(pathname: string): ShellRoute | undefined {
  return (Object.keys(SHELL_ROUTES) as ShellRoute[]).find((route) =>
    new RegExp(SHELL_ROUTES[route]).test(pathname),
  );
}

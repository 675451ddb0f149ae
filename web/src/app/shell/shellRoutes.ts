/**
 * Issue #24: the signed-in pages whose frame is drawn before the app runs. Each pattern is a regular expression on
 * location.pathname (its groups fill the `$1` of the first-load table's API addresses). One list for the build step
 * (web/vite-first-load.ts: the early reads and the frames in index.html, app/shell/renderShell.tsx) and the app
 * (the screens its first render waits for, app/routes.tsx), so both agree on a page.
 */
export const SHELL_ROUTES = {
  trips: '^/trips/?$',
  tripDetails: '^/trips/([^/]+)/?$',
  tripSplit: '^/trips/([^/]+)/split/?$',
  splitOverview: '^/trip-split/?$',
} as const;

export type ShellRoute = keyof typeof SHELL_ROUTES;

/** The frame's route for a path, if it has one. */
export function shellRouteOf(pathname: string): ShellRoute | undefined {
  return (Object.keys(SHELL_ROUTES) as ShellRoute[]).find((route) =>
    new RegExp(SHELL_ROUTES[route]).test(pathname),
  );
}

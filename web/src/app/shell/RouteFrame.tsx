import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../features/auth';
import { OverviewLoadingFrame } from '../../features/overview';
import { TripsLoadingFrame } from '../../features/trips';
import { LoadingState } from '../../shared/ui/Spinner';
import { shellRouteOf, type ShellRoute } from './shellRoutes';

/** The pages whose heading is known before their data: drawn while their code loads. */
const FRAMES: Partial<Record<ShellRoute, ComponentType>> = {
  trips: TripsLoadingFrame,
  splitOverview: OverviewLoadingFrame,
};

/**
 * What the layout shows while a screen's code loads: the page's own frame (heading and loading state, the markup the
 * page first draws) for a signed-in user on a page that has one, else a spinner. index.html draws the same before
 * the app runs (app/shell/renderShell.tsx), and the app's first render then draws it again, unchanged.
 */
export function RouteFrame() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const route = shellRouteOf(pathname);
  const Frame = user && route ? FRAMES[route] : undefined;
  return Frame ? <Frame /> : <LoadingState label="Loading…" />;
}

import type { RouteObject } from 'react-router';
import { LoginRequired, RequireAuth } from '../features/auth';
import { HomePage } from '../features/home';
import { lazyNamed, lazyPreloadable } from '../shared/lazyNamed';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { shellRouteOf, type ShellRoute } from './shell/shellRoutes';

// Home is in the first bundle; every other screen is its own chunk, loaded on first visit.
const LoginPage = lazyNamed(() => import('../features/auth/LoginPage'), 'LoginPage');
const SignupPage = lazyNamed(() => import('../features/auth/SignupPage'), 'SignupPage');
const TripsPage = lazyPreloadable(() => import('../features/trips/TripsPage'), 'TripsPage');
const TripDetailsPage = lazyPreloadable(
  () => import('../features/trip-details/TripDetailsPage'),
  'TripDetailsPage',
);
const EditTripPage = lazyNamed(() => import('../features/trips/EditTripPage'), 'EditTripPage');
const TripSplitPage = lazyPreloadable(() => import('../features/split/TripSplitPage'), 'TripSplitPage');
const SharedTripPage = lazyNamed(() => import('../features/sharing/SharedTripPage'), 'SharedTripPage');
// The data layer (TanStack Query) comes with the first screen that reads the API, not with the landing page.
const QueryLayer = lazyPreloadable(() => import('./QueryLayer'), 'QueryLayer');
const JoinPage = lazyNamed(() => import('../features/join/JoinPage'), 'JoinPage');
const TripSplitOverviewPage = lazyPreloadable(
  () => import('../features/overview/TripSplitOverviewPage'),
  'TripSplitOverviewPage',
);

/**
 * The screens a page with a frame in index.html renders first (as web/vite-first-load.ts's table names their
 * modules): the data layer and the page.
 */
const FRAMED_SCREENS: Record<ShellRoute, Array<{ preload: () => Promise<unknown> }>> = {
  trips: [QueryLayer, TripsPage],
  tripDetails: [QueryLayer, TripDetailsPage],
  tripSplit: [QueryLayer, TripSplitPage],
  splitOverview: [QueryLayer, TripSplitOverviewPage],
};

/** Loads the code of the screens the page at `pathname` renders first, if it is one with a frame. */
export function preloadFramedScreens(pathname: string): Promise<unknown> {
  const route = shellRouteOf(pathname);
  return Promise.all(route ? FRAMED_SCREENS[route].map((screen) => screen.preload()) : []);
}

/** Every screen of spec §2, inside the layout with header and footer. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      {
        element: <QueryLayer />,
        children: [
          // An invite link: signed-out visitors are asked to log in or sign up there, then join.
          { path: 'join/:token', element: <JoinPage /> },
          {
            path: 'trips',
            element: <RequireAuth />,
            children: [
              { index: true, element: <TripsPage /> },
              { path: ':tripId', element: <TripDetailsPage /> },
              { path: ':tripId/edit', element: <EditTripPage /> },
              { path: ':tripId/split', element: <TripSplitPage /> },
            ],
          },
          {
            path: 'trip-split',
            element: <RequireAuth fallback={<LoginRequired />} />,
            children: [{ index: true, element: <TripSplitOverviewPage /> }],
          },
          // A share link's read-only trip: open to anyone holding the link, signed in or not.
          { path: 'shared/:tripId/:token', element: <SharedTripPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

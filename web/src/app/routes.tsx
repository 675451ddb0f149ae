import type { RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { LoginRequired } from '../features/auth/LoginRequired';
import { RequireAuth } from '../features/auth/RequireAuth';
import { SignupPage } from '../features/auth/SignupPage';
import { HomePage } from '../features/home/HomePage';
import { TripSplitOverviewPage } from '../features/overview/TripSplitOverviewPage';
import { TripSplitPage } from '../features/split/TripSplitPage';
import { TripDetailsPage } from '../features/trip-details/TripDetailsPage';
import { EditTripPage } from '../features/trips/EditTripPage';
import { TripsPage } from '../features/trips/TripsPage';
import { ErrorFallback } from './ErrorFallback';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';

/** Every screen of spec §2, inside the layout with header and footer. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Only reached when the layout itself fails; screens fail inside the layout's own boundary.
    errorElement: <ErrorFallback />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { LoginLocationState } from './loginState';
import { guestHome } from './session';
import { useSession } from './SessionContext';

const LOGIN_NOTICE: LoginLocationState = { message: 'Please log in to see your trips.' };

/**
 * A route element that renders its child routes for signed-in users only. Signed-out visitors see `fallback`, or
 * by default are sent to /login with a notice saying why. A guest session has one page, its trip's ledger: any other
 * members' page sends it there.
 */
export function RequireAuth({ fallback }: { fallback?: ReactNode }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (user?.guestTripId !== undefined) {
    const home = guestHome(user.guestTripId);
    return pathname === home ? <Outlet /> : <Navigate to={home} replace />;
  }
  if (user) return <Outlet />;
  if (fallback) return fallback;
  return <Navigate to="/login" replace state={LOGIN_NOTICE} />;
}

import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import type { LoginLocationState } from './loginState';
import { useSession } from './SessionContext';

const LOGIN_NOTICE: LoginLocationState = { message: 'Please log in to see your trips.' };

/**
 * A route element that renders its child routes for signed-in users only. Signed-out visitors see `fallback`, or
 * by default are sent to /login with a notice saying why.
 */
export function RequireAuth({ fallback }: { fallback?: ReactNode }) {
  const { user } = useSession();
  if (user) return <Outlet />;
  if (fallback) return fallback;
  return <Navigate to="/login" replace state={LOGIN_NOTICE} />;
}

import { createContext, useContext } from 'react';
import type { SessionUser } from './session';

export interface Session {
  /** The signed-in user, or null when signed out. */
  user: SessionUser | null;
  /** Stores the token and signs in; false (and still signed out) when the token is not a valid session. */
  login: (token: string) => boolean;
  /** Removes the token and signs out. */
  logout: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/**
 * Whether the visitor is in on a guest session (joined one trip's ledger by link, without an account): they read the
 * ledger and add, edit and delete expenses, and nothing else, so screens leave out what the server would refuse.
 */
export function useGuestSession(): boolean {
  // Outside a session (a screen rendered on its own) nobody is a guest.
  return useContext(SessionContext)?.user?.guestTripId !== undefined;
}

import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SessionContext, type Session } from '../features/auth/SessionContext';
import type { SessionUser } from '../features/auth/session';

export const ALICE: SessionUser = {
  userId: 'u-alice',
  email: 'alice@example.com',
  username: 'alice',
  first_name: 'Alice',
  last_name: 'Doe',
};

/** The app's providers around a component: a router at `path` and a session for `user` (signed out when null). */
export function Providers({
  user = ALICE,
  path = '/',
  state,
  login = () => true,
  logout = () => {},
  children,
}: {
  user?: SessionUser | null;
  path?: string;
  /** The history state of the first entry (what a screen reads from `useLocation().state`). */
  state?: unknown;
  login?: Session['login'];
  logout?: () => void;
  children: ReactNode;
}) {
  const session: Session = { user, login, logout };
  return (
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <SessionContext value={session}>{children}</SessionContext>
    </MemoryRouter>
  );
}

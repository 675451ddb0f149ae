import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { SessionContext, type Session } from '@/features/auth/SessionContext';
import type { SessionUser } from '@/features/auth/session';

export const ALICE: SessionUser = {
  userId: 'u-alice',
  email: 'alice@example.com',
  username: 'alice',
  first_name: 'Alice',
  last_name: 'Doe',
};

/** A query client for one test: an empty cache, and a failed read shows its error at once (no retries). */
export const testQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });

/**
 * The app's providers around a component: a router at `path`, a session for `user` (signed out when null) and the
 * data layer, a fresh query client per test unless one is given (to look into its cache).
 */
export function Providers({
  user = ALICE,
  path = '/',
  state,
  login = () => true,
  logout = () => {},
  queryClient,
  children,
}: {
  user?: SessionUser | null;
  path?: string;
  /** The history state of the first entry (what a screen reads from `useLocation().state`). */
  state?: unknown;
  login?: Session['login'];
  logout?: () => void;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const session: Session = { user, login, logout };
  const [fresh] = useState(testQueryClient);
  return (
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <QueryClientProvider client={queryClient ?? fresh}>
        <SessionContext value={session}>{children}</SessionContext>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { useSession } from '../features/auth';
import { createQueryClient } from '../shared/query/queryClient';

let current: { userId: string | undefined; client: QueryClient } | null = null;

/** One cache per signed-in user: the answers are theirs alone, so another user (or none) starts empty. */
function clientFor(userId: string | undefined): QueryClient {
  if (!current || current.userId !== userId) {
    current?.client.clear();
    current = { userId, client: createQueryClient() };
  }
  return current.client;
}

/**
 * The data layer (TanStack Query) around every screen that reads the API. Loaded with the first such screen, so the
 * landing, login and sign-up pages do not carry it.
 */
export function QueryLayer() {
  const { user } = useSession();
  return (
    <QueryClientProvider client={clientFor(user?.userId)}>
      <Outlet />
    </QueryClientProvider>
  );
}

import { useContext, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './queryClient';

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
 * The data layer (TanStack Query) of the signed-in user `userId` around `children`. Inside one already (a screen
 * under the app's, or a test's own client), that one serves: there is one cache per user, whichever screen opens it.
 */
export function DataLayer({ userId, children }: { userId: string | undefined; children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={clientFor(userId)}>{children}</QueryClientProvider>;
}

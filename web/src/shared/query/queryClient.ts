import { QueryClient } from '@tanstack/react-query';
import { ApiError, NetworkError } from '../api';

/**
 * Whether a failed read may be tried again: only when there was no answer (network) or the server failed (5xx).
 * A 4xx is the answer (not found, no access, a bad link) and an answer that does not match its schema would not
 * change on a second try.
 */
export function worthRetrying(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && error.status >= 500;
}

/** A query's `retry`: up to `times` more attempts, for failures worth retrying. */
export const retryReads =
  (times: number) =>
  (failures: number, error: unknown): boolean =>
    failures < times && worthRetrying(error);

/**
 * How long an answer counts as fresh, per kind of resource (a query sets its own from these):
 * - CHANGED_BY_OTHERS: edited by other members with no live channel (trips, plans, invitations): read again on
 *   every visit, the cached answer shown meanwhile.
 * - SLOW: forecasts, which the server caches for hours anyway.
 * - SNAPSHOT: a share link's read-only trip.
 */
export const STALE = {
  CHANGED_BY_OTHERS: 0,
  SLOW: 30 * 60 * 1000,
  SNAPSHOT: 5 * 60 * 1000,
} as const;

/**
 * The app's query client. Reads run whatever the browser believes of its connection ('always'): the service worker
 * answers reads from its cache while offline (shared/offline/apiCache.ts), which a paused query would never ask.
 * Reads are retried once when worth it (queries may choose otherwise); writes are never retried here (the offline
 * outbox keeps and resends the ones that must not be lost). Focus does not refetch: pages refresh on visits, on
 * reconnection, on live notices and on their Refresh buttons.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        retry: retryReads(1),
        staleTime: STALE.CHANGED_BY_OTHERS,
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

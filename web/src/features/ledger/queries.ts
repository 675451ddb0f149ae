import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/query/queryKeys';
import { STALE } from '@/shared/query/queryClient';
import { collapseExpensePages, type ExpensePageParam } from './expenses/expensePages';
import { ledgerApi } from './ledgerApi';

/*
 * The ledger of one trip, one query per part. Read on every visit (a new live stream does not replay what changed
 * while it was closed), then kept current by live change notices (refreshLedger). Not retried: the next notice,
 * reconnection or Refresh reads again, and a failed 'Load more' shows its Retry at once.
 */
const ledgerPart = { staleTime: STALE.CHANGED_BY_OTHERS, retry: false } as const;

export const participantsQuery = (tripId: string) =>
  queryOptions({
    queryKey: queryKeys.participants(tripId),
    queryFn: ({ signal }) => ledgerApi.participants(tripId, signal),
    ...ledgerPart,
  });

export const tripInvitationsQuery = (tripId: string) =>
  queryOptions({
    queryKey: queryKeys.tripInvitations(tripId),
    queryFn: ({ signal }) => ledgerApi.invitations(tripId, signal),
    ...ledgerPart,
  });

export const settlementsQuery = (tripId: string) =>
  queryOptions({
    queryKey: queryKeys.settlements(tripId),
    queryFn: ({ signal }) => ledgerApi.settlements(tripId, signal),
    ...ledgerPart,
  });

/** "How we got here": read while the disclosure is open, again whenever the ledger moves. */
export const explanationQuery = (tripId: string) =>
  queryOptions({
    queryKey: queryKeys.explanation(tripId),
    queryFn: ({ signal }) => ledgerApi.explainSettlements(tripId, signal),
    ...ledgerPart,
  });

/** The trip's households and its settle-by-household switch (participants and settlements both show them). */
export const householdsQuery = (tripId: string) =>
  queryOptions({
    queryKey: queryKeys.households(tripId),
    queryFn: ({ signal }) => ledgerApi.households(tripId, signal),
    ...ledgerPart,
  });

/** Keyset pages of expenses, newest first: the first page, then each 'Load more' after the last one's cursor. */
export const expensesQuery = (tripId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.expenses(tripId),
    queryFn: ({ pageParam, signal }) => ledgerApi.expenses(tripId, pageParam, signal),
    initialPageParam: {} as ExpensePageParam,
    getNextPageParam: (last): ExpensePageParam | undefined =>
      last.next_cursor ? { cursor: last.next_cursor } : undefined,
    ...ledgerPart,
  });

/** The reference rate of a currency pair on a date: the same answer all visit (read once per pair and date). */
export const rateQuery = (from: string, to: string, date: string) =>
  queryOptions({
    queryKey: queryKeys.rate(from, to, date),
    queryFn: ({ signal }) => ledgerApi.rate(from, to, date, signal),
    staleTime: STALE.SLOW,
  });

/**
 * What a live change notice (or Refresh) does: reads exactly the trip's ledger queries again — participants,
 * invitations, expenses, settlements and an open explanation — and nothing else (not the trip, plans or weather).
 * The expense pages shown are first folded into one page asking for as many rows as are shown (capped), so the
 * refetch is one request that keeps them in view rather than one per page.
 */
export function refreshLedger(queryClient: QueryClient, tripId: string): Promise<void> {
  queryClient.setQueryData(expensesQuery(tripId).queryKey, (data) => data && collapseExpensePages(data));
  return queryClient.invalidateQueries({ queryKey: queryKeys.ledger(tripId) });
}

import { type ActivityResponse, type BudgetBody, type BudgetResponse } from '@wayfare/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';
import { queryKeys } from '../../shared/query/queryKeys';
import { STALE } from '../../shared/query/queryClient';

const trip = (tripId: string) => `/api/trip-split/trips/${encodeURIComponent(tripId)}`;

/** Issue #28's calls: the budget with its spending, setting it, the activity history and a restore from it. */
export const budgetApi = {
  budget: (tripId: string, signal?: AbortSignal) =>
    apiFetch<BudgetResponse>(`${trip(tripId)}/budget`, { signal }),
  setBudget: (tripId: string, body: BudgetBody) =>
    apiFetch<BudgetResponse>(`${trip(tripId)}/budget`, { method: 'PUT', body }),
  activity: (tripId: string, cursor: string | null, signal?: AbortSignal) =>
    apiFetch<ActivityResponse>(
      `${trip(tripId)}/activity${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      { signal },
    ),
  restore: (tripId: string, entryId: string) =>
    apiFetch<{ expense_id: string }>(`${trip(tripId)}/activity/${encodeURIComponent(entryId)}/restore`, {
      method: 'POST',
    }),
};

// Under the trip's ledger key: every live change notice (refreshLedger) reads them again, like the ledger itself.
const ledgerPart = { staleTime: STALE.CHANGED_BY_OTHERS, retry: false } as const;

export const budgetQuery = (tripId: string) =>
  queryOptions({
    queryKey: queryKeys.budget(tripId),
    queryFn: ({ signal }) => budgetApi.budget(tripId, signal),
    ...ledgerPart,
  });

/** The history newest first, a page at a time ('Load more' asks for the page after the last one shown). */
export const activityQuery = (tripId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.activity(tripId),
    queryFn: ({ pageParam, signal }) => budgetApi.activity(tripId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    ...ledgerPart,
  });

import { getBudget, listActivity, restoreExpense, setBudget, type BudgetBody } from '@wayfare/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/shared/callEndpoint';
import { queryKeys } from '@/shared/query/queryKeys';
import { STALE } from '@/shared/query/queryClient';

/** The budget's calls: the budget with its spending, setting it, the activity history and a restore from it. */
export const budgetApi = {
  budget: (tripId: string, signal?: AbortSignal) => callEndpoint(getBudget, { params: { tripId }, signal }),
  setBudget: (tripId: string, body: BudgetBody) => callEndpoint(setBudget, { params: { tripId }, body }),
  activity: (tripId: string, cursor: string | null, signal?: AbortSignal) =>
    callEndpoint(listActivity, { params: { tripId }, query: { cursor: cursor || undefined }, signal }),
  restore: (tripId: string, entryId: string) => callEndpoint(restoreExpense, { params: { tripId, entryId } }),
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

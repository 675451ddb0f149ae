import { useCallback, useDeferredValue, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DailyPlan, TripView } from '@wayfare/contract';
import { isNotFound, tripQuery } from '@/features/trips';

export type TripDetailsState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error' }
  | { status: 'ready'; trip: TripView; refreshing: boolean; refreshFailed: boolean };

/**
 * The trip on the details page, from the trip query: first load (loading / not found / error; trying again shows
 * the loading state), refresh (keeps the page, reports 'Failed to refresh trip details.'), and local plan edits
 * written into the cached trip (`setPlans`), which the plan board saves and rolls back itself.
 */
export function useTripDetails(tripId: string) {
  const queryClient = useQueryClient();
  const { data, error, isError, isFetching, isRefetchError, refetch } = useQuery(tripQuery(tripId));
  // The query's answer arrives as an urgent update, which React renders in one go. The page's first drawing of the
  // trip is its largest render, so it is deferred: rendered in slices that yield to input (the skeleton stays up
  // meanwhile). Once a trip shows, later answers and plan edits render at once.
  const deferred = useDeferredValue(data);
  const trip = deferred === undefined ? undefined : data;
  const queryKey = useMemo(() => tripQuery(tripId).queryKey, [tripId]);

  // A trip read before and now answered 404 (deleted, or the caller left it) is not shown from the cache.
  let state: TripDetailsState;
  if (isError && !isFetching && isNotFound(error)) state = { status: 'not-found' };
  else if (trip) state = { status: 'ready', trip, refreshing: isFetching, refreshFailed: isRefetchError };
  else if (isError && !isFetching) state = { status: 'error' };
  else state = { status: 'loading' };

  const setPlans = useCallback(
    (update: (plans: DailyPlan[]) => DailyPlan[]) =>
      queryClient.setQueryData(queryKey, (current) =>
        current ? { ...current, daily_plans: update(current.daily_plans) } : current,
      ),
    [queryClient, queryKey],
  );

  /** The plans as the server has them (after plans made offline were sent). */
  const reloadPlans = useCallback(
    () => queryClient.invalidateQueries({ queryKey, exact: true }),
    [queryClient, queryKey],
  );

  const reload = useCallback(() => void refetch(), [refetch]);
  return { state, retry: reload, refresh: reload, setPlans, reloadPlans };
}

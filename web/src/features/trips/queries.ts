import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError } from '@/shared/api';
import { queryKeys } from '@/shared/query/queryKeys';
import { STALE } from '@/shared/query/queryClient';
import { fetchTrip, fetchTripPage } from './tripsApi';

/**
 * The caller's trips, a page at a time as the list is scrolled: read on every visit (others invite them, add
 * expenses), the cached pages shown meanwhile.
 */
export const tripsQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.trips(),
    queryFn: ({ pageParam, signal }) => fetchTripPage(pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: STALE.CHANGED_BY_OTHERS,
  });

/** One trip with its guide and daily plans (the details, edit and split pages share it). */
export const tripQuery = (tripId: string) =>
  queryOptions({
    queryKey: queryKeys.trip(tripId),
    queryFn: ({ signal }) => fetchTrip(tripId, signal),
    staleTime: STALE.CHANGED_BY_OTHERS,
  });

/** The trip does not exist, or the caller is not one of its travellers (the API answers both 404). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

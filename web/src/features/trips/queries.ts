import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../shared/api';
import { queryKeys } from '../../shared/query/queryKeys';
import { STALE } from '../../shared/query/queryClient';
import { fetchTrip, fetchTrips } from './tripsApi';

/** The caller's trips: read on every visit (others invite them, add expenses), the cached list shown meanwhile. */
export const tripsQuery = () =>
  queryOptions({
    queryKey: queryKeys.trips(),
    queryFn: ({ signal }) => fetchTrips(signal),
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

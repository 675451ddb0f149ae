import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TripSummary } from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { tripQuery, tripsQuery } from './queries';
import { deleteTrip, leaveTrip, updateTrip } from './tripsApi';

/**
 * The trip list's pages after a change of the caller's own: each page changed on its own, so every page's cursor
 * still follows its last trip.
 */
export function changeTripPages(
  queryClient: QueryClient,
  change: (trips: TripSummary[], index: number) => TripSummary[],
): void {
  queryClient.setQueryData(
    tripsQuery().queryKey,
    (current) =>
      current && {
        ...current,
        pages: current.pages.map((page, index) => ({ ...page, trips: change(page.trips, index) })),
      },
  );
}

/** A trip the caller no longer sees (deleted, or left): out of the list at once, its own answer forgotten. */
function forgetTrip(queryClient: QueryClient, tripId: string): void {
  changeTripPages(queryClient, (list) => list.filter((trip) => trip.id !== tripId));
  queryClient.removeQueries({ queryKey: tripQuery(tripId).queryKey });
  void queryClient.invalidateQueries({ queryKey: queryKeys.splitTrips() });
}

/** Saving Edit Trip (multipart): the trip as the server answered it is what the details page shows next. */
export function useUpdateTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tripId, form }: { tripId: string; form: FormData }) => updateTrip(tripId, form),
    onSuccess: (saved) => {
      queryClient.setQueryData(tripQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: tripsQuery().queryKey });
    },
  });
}

export function useDeleteTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tripId: string) => deleteTrip(tripId),
    onSuccess: (_answer, tripId) => forgetTrip(queryClient, tripId),
  });
}

/** The caller leaves the trip (their own participant removal). */
export function useLeaveTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tripId, userId }: { tripId: string; userId: string }) => leaveTrip(tripId, userId),
    onSuccess: (_answer, { tripId }) => forgetTrip(queryClient, tripId),
  });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createTrip, searchCities, type CreateTripInput } from '@wayfare/contract';
import { callEndpoint } from '@/shared/callEndpoint';
import { queryKeys } from '@/shared/query/queryKeys';

/**
 * The bundled world-cities data matching `text` (GET /api/places/cities): the same answer all visit, so each text
 * is asked once. Not retried: suggestions are a convenience, and typing and Enter still work without them.
 */
export const citySuggestionsQuery = (text: string) =>
  queryOptions({
    queryKey: queryKeys.citySuggestions(text),
    queryFn: async ({ signal }) => (await callEndpoint(searchCities, { query: { q: text }, signal })).cities,
    staleTime: Infinity,
    retry: false,
  });

/**
 * "Create trip" at the end of the flow: the trip as the server answered it is cached for its details page, which
 * opens next; the split overview reads its trips again. (The trips page puts it on top of its list itself.)
 */
export function useCreateTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTripInput) => callEndpoint(createTrip, { body }),
    onSuccess: (created) => {
      queryClient.setQueryData(queryKeys.trip(created.id), created.trip);
      void queryClient.invalidateQueries({ queryKey: queryKeys.splitTrips() });
    },
  });
}

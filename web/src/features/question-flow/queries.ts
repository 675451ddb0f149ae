import { queryOptions } from '@tanstack/react-query';
import { citySuggestionsResponseSchema } from '@wayfare/contract';
import { apiFetchChecked } from '../../shared/api';
import { queryKeys } from '../../shared/query/queryKeys';

/**
 * The bundled world-cities data matching `text` (GET /api/places/cities): the same answer all visit, so each text
 * is asked once. Not retried: suggestions are a convenience, and typing and Enter still work without them.
 */
export const citySuggestionsQuery = (text: string) =>
  queryOptions({
    queryKey: queryKeys.citySuggestions(text),
    queryFn: async ({ signal }) =>
      (
        await apiFetchChecked(
          citySuggestionsResponseSchema,
          `/api/places/cities?q=${encodeURIComponent(text)}`,
          {
            signal,
          },
        )
      ).cities,
    staleTime: Infinity,
    retry: false,
  });

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CitySuggestion } from '@wayfare/contract';
import { useDebouncedValue } from '@/shared/useDebouncedValue';
import { citySuggestionsQuery } from './queries';

const DEBOUNCE_MS = 150;
const MIN_LENGTH = 2;

/**
 * City suggestions for the typed text: asked once the text has rested for DEBOUNCE_MS, the last suggestions kept
 * while the next are on their way, and a question the typing has moved past is cancelled. None while closed, for
 * fewer than two letters, or when the call failed.
 */
export function useCitySuggestions(query: string, enabled: boolean): CitySuggestion[] {
  const text = query.trim();
  const asked = useDebouncedValue(text, DEBOUNCE_MS, '');
  const wanted = enabled && text.length >= MIN_LENGTH;
  const { data } = useQuery({
    ...citySuggestionsQuery(asked),
    enabled: wanted && asked.length >= MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
  return wanted ? (data ?? []) : [];
}

export const cityLabel = (city: CitySuggestion) => `${city.name}, ${city.country}`;

import { useEffect, useState } from 'react';
import type { CitySuggestion } from '@wayfare/contract';
import { apiFetch } from '../../shared/api';

const DEBOUNCE_MS = 150;

/** City suggestions from the bundled world-cities data (GET /api/places/cities), debounced and cancellable. */
export function useCitySuggestions(query: string, enabled: boolean): CitySuggestion[] {
  const [cities, setCities] = useState<CitySuggestion[]>([]);
  const q = query.trim();

  useEffect(() => {
    if (!enabled || q.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiFetch<{ cities: CitySuggestion[] }>(`/api/places/cities?q=${encodeURIComponent(q)}`, {
        signal: controller.signal,
      }).then(
        (answer) => setCities(answer.cities),
        // Suggestions are a convenience: typing and Enter still work without them.
        () => setCities([]),
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, enabled]);

  return enabled && q.length >= 2 ? cities : [];
}

export const cityLabel = (city: CitySuggestion) => `${city.name}, ${city.country}`;

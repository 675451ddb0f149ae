import type { TripWeather } from '@wayfare/contract';
import { apiFetch } from '../../shared/api';

export const fetchTripWeather = (tripId: string, signal?: AbortSignal) =>
  apiFetch<TripWeather>(`/api/trips/${encodeURIComponent(tripId)}/weather`, { signal });

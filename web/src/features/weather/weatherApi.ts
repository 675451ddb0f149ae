import { tripWeatherSchema } from '@wayfare/contract';
import { apiFetchChecked } from '../../shared/api';

export const fetchTripWeather = (tripId: string, signal?: AbortSignal) =>
  apiFetchChecked(tripWeatherSchema, `/api/trips/${encodeURIComponent(tripId)}/weather`, { signal });

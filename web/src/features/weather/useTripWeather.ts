import { useQuery, type QueryKey } from '@tanstack/react-query';
import { format } from 'date-fns';
import {
  weatherWindowOpen,
  type TripView,
  type TripWeather,
  type WeatherDay,
  type WeatherSource,
} from '@wayfare/contract';
import { queryKeys } from '@/shared/query/queryKeys';
import { STALE } from '@/shared/query/queryClient';
import { fetchTripWeather } from './weatherApi';

export type TripWeatherState =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | {
      status: 'ready';
      byDate: ReadonlyMap<string, WeatherDay>;
      /** Some day was estimated (the service did not cover it, or none answered). */
      estimated: boolean;
      source: WeatherSource;
    };

export const WEATHER_UNAVAILABLE =
  'Weather forecast is only available for trips starting within the next 14 days.';

type WeatherTrip = Pick<TripView, 'id' | 'latitude' | 'longitude' | 'end_date'>;

/** Where a trip's forecast is read: the member's weather call unless given (a share link's page has its own). */
export interface WeatherSourceQuery {
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<TripWeather>;
}

const toState = (weather: TripWeather): TripWeatherState =>
  weather.available
    ? {
        status: 'ready',
        byDate: new Map(weather.days.map((day) => [day.date, day])),
        estimated: weather.days.some((day) => day.estimate),
        source: weather.source,
      }
    : { status: 'unavailable' };

/**
 * Fetched only when the trip has coordinates and ends 0–14 days from today (spec §5); a failure reads as unavailable
 * (not retried: the server already answers an estimate when no forecast service does). Kept fresh for half an hour.
 */
export function useTripWeather(trip: WeatherTrip, source?: WeatherSourceQuery): TripWeatherState {
  const open = weatherWindowOpen(trip, format(new Date(), 'yyyy-MM-dd'));
  const { data, isError } = useQuery({
    queryKey: source?.queryKey ?? queryKeys.weather(trip.id, trip),
    queryFn: ({ signal }) => (source ? source.load(signal) : fetchTripWeather(trip.id, signal)),
    enabled: open,
    staleTime: STALE.SLOW,
    retry: false,
    select: toState,
  });
  if (!open || isError) return { status: 'unavailable' };
  return data ?? { status: 'loading' };
}

import { useEffect, useState } from 'react';
import { format } from 'date-fns';
import {
  weatherWindowOpen,
  type TripView,
  type TripWeather,
  type WeatherDay,
  type WeatherSource,
} from '@wayfare/contract';
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

/**
 * Fetched only when the trip has coordinates and ends 0–14 days from today (spec §5); a failure reads as unavailable.
 * `load` is the member's weather call unless given (a share link's page passes its own; keep it stable).
 */
export function useTripWeather(
  { id, latitude, longitude, end_date }: WeatherTrip,
  load: (tripId: string, signal: AbortSignal) => Promise<TripWeather> = fetchTripWeather,
): TripWeatherState {
  const open = weatherWindowOpen({ latitude, longitude, end_date }, format(new Date(), 'yyyy-MM-dd'));
  const [loaded, setLoaded] = useState<{ key: string; state: TripWeatherState } | null>(null);
  const key = `${id}|${latitude}|${longitude}|${end_date}`;

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    load(id, controller.signal).then(
      (weather) =>
        setLoaded({
          key,
          state: weather.available
            ? {
                status: 'ready',
                byDate: new Map(weather.days.map((day) => [day.date, day])),
                estimated: weather.days.some((day) => day.estimate),
                source: weather.source,
              }
            : { status: 'unavailable' },
        }),
      () => {
        if (!controller.signal.aborted) setLoaded({ key, state: { status: 'unavailable' } });
      },
    );
    return () => controller.abort();
  }, [open, id, key, load]);

  if (!open) return { status: 'unavailable' };
  return loaded?.key === key ? loaded.state : { status: 'loading' };
}

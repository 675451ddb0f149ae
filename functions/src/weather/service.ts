import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import {
  addDays,
  daysBetween,
  WEATHER_WINDOW_DAYS,
  weatherWindowOpen,
  type TripWeather,
  type WeatherDay,
  type WeatherSource,
} from '@wayfare/contract';
import type { Store, TripListFields } from '../store/types';
import { requireTripMember } from '../trips/access';
import { estimateDay } from './estimate';
import type { ForecastSource } from './weather-api';

/** The cache's budget in bytes (UTF-16 of the key plus a generous estimate per forecast day). */
export const WEATHER_CACHE_MAX_BYTES = 2 * 1024 * 1024;
const BYTES_PER_FORECAST = WEATHER_WINDOW_DAYS * 256;
const MAX_RETRY_AFTER_MS = 15 * 60_000;
const today = () => new Date().toISOString().slice(0, 10);

/** A forecast service and the name the answer gives it. */
export interface NamedForecast {
  source: Exclude<WeatherSource, 'estimate'>;
  forecast: ForecastSource;
}

/**
 * Weather for a trip's days inside the forecast window. Forecast answers are cached per place
 * (to about a kilometre) and day, so a trip page opened by a whole group costs one call; any day the service does
 * not cover, or all of them when it fails, gets the offline estimate, marked as one. The answer names the service
 * when it gave at least one day, else 'estimate'. After a failure the service rests for `retryAfterMs`, doubled on
 * each failure in a row: offline, every trip page would otherwise wait out the timeout for its own place.
 */
export function createWeatherService(
  store: Store,
  provider: NamedForecast,
  logger: Logger,
  retryAfterMs: number,
) {
  const backOff = { until: 0, delayMs: 0 };
  const cache = new LRUCache<string, Promise<Map<string, WeatherDay>>>({
    maxSize: WEATHER_CACHE_MAX_BYTES,
    sizeCalculation: (_value, key) => key.length * 2 + BYTES_PER_FORECAST,
  });

  function forecastFor(latitude: number, longitude: number, day: string): Promise<Map<string, WeatherDay>> {
    const key = `${latitude.toFixed(2)},${longitude.toFixed(2)}|${day}`;
    const cached = cache.get(key);
    if (cached) return cached;
    if (Date.now() < backOff.until) return Promise.resolve(new Map());
    const pending = provider.forecast(latitude, longitude, WEATHER_WINDOW_DAYS).then(
      (days) => {
        backOff.delayMs = 0;
        return days;
      },
      (err: unknown) => {
        cache.delete(key); // asked again once the service has rested
        backOff.delayMs = Math.min(backOff.delayMs ? backOff.delayMs * 2 : retryAfterMs, MAX_RETRY_AFTER_MS);
        backOff.until = Date.now() + backOff.delayMs;
        // Expected whenever the service is out of reach (offline, keyless): the reason, not a stack per request.
        logger.warn(
          { reason: err instanceof Error ? err.message : String(err), retryAfterMs: backOff.delayMs },
          'weather forecast failed; answering the estimate',
        );
        return new Map<string, WeatherDay>();
      },
    );
    cache.set(key, pending);
    return pending;
  }

  return {
    async tripWeather(tripId: string, userId: string): Promise<TripWeather> {
      const { trip } = await requireTripMember(store, tripId, userId);
      return this.forTrip(trip);
    },

    /** The weather of a trip the caller may see: a member's (above), or a share link's. */
    async forTrip(trip: TripListFields): Promise<TripWeather> {
      const day = today();
      if (
        !weatherWindowOpen(trip, day) ||
        trip.latitude === null ||
        trip.longitude === null ||
        !trip.end_date
      ) {
        return { available: false };
      }
      const first = trip.start_date && trip.start_date > day ? trip.start_date : day;
      const dates = Array.from({ length: daysBetween(first, trip.end_date) + 1 }, (_, i) =>
        addDays(first, i),
      );
      const forecasts = await forecastFor(trip.latitude, trip.longitude, day);
      const latitude = trip.latitude;
      return {
        available: true,
        source: forecasts.size > 0 ? provider.source : 'estimate',
        days: dates.map((date) => forecasts.get(date) ?? estimateDay(`${trip.id}|${date}`, latitude, date)),
      };
    },
  };
}

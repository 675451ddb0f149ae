import { z } from 'zod';
import type { WeatherDay, WeatherIcon } from '@wayfare/contract';
import type { ForecastSource } from './weather-api';

/** Open-Meteo's keyless forecast API (open-meteo.com/en/docs); its base URL is configurable for tests. */
export const OPEN_METEO_BASE_URL = 'https://api.open-meteo.com';

const daily = z.object({
  time: z.array(z.string()),
  weather_code: z.array(z.number().nullable()),
  temperature_2m_max: z.array(z.number().nullable()),
  temperature_2m_min: z.array(z.number().nullable()),
  temperature_2m_mean: z.array(z.number().nullable()).optional(),
});
const forecastSchema = z.object({ daily });

/** WMO weather interpretation codes (the `weather_code` Open-Meteo answers) to a short text and our icon set. */
export function describeWmoCode(code: number): { text: string; icon: WeatherIcon } {
  if (code === 0) return { text: 'Clear sky', icon: 'sun' };
  if (code === 1) return { text: 'Mainly clear', icon: 'partly-cloudy' };
  if (code === 2) return { text: 'Partly cloudy', icon: 'partly-cloudy' };
  if (code === 3) return { text: 'Overcast', icon: 'cloud' };
  if (code === 45 || code === 48) return { text: 'Fog', icon: 'fog' };
  if (code >= 51 && code <= 57) return { text: 'Drizzle', icon: 'rain' };
  if (code >= 61 && code <= 67) return { text: 'Rain', icon: 'rain' };
  if (code >= 71 && code <= 77) return { text: 'Snow', icon: 'snow' };
  if (code >= 80 && code <= 82) return { text: 'Rain showers', icon: 'rain' };
  if (code === 85 || code === 86) return { text: 'Snow showers', icon: 'snow' };
  if (code >= 95) return { text: 'Thunderstorm', icon: 'storm' };
  return { text: 'Cloudy', icon: 'cloud' };
}

/**
 * GET {base}/v1/forecast?latitude&longitude&daily=…&timezone=auto&forecast_days: no key, so it is the forecast
 * whenever WEATHER_API_KEY is not set. Days with a missing value (the service answers null past its horizon) are
 * left out, and so estimated. A short timeout: offline, the estimate must come at once.
 */
export function openMeteoForecast({
  baseUrl,
  timeoutMs,
}: {
  baseUrl: string;
  timeoutMs: number;
}): ForecastSource {
  return async (latitude, longitude, days) => {
    const url = new URL('/v1/forecast', baseUrl);
    url.search = new URLSearchParams({
      latitude: latitude.toFixed(4),
      longitude: longitude.toFixed(4),
      daily: 'weather_code,temperature_2m_max,temperature_2m_min,temperature_2m_mean',
      timezone: 'auto',
      forecast_days: String(Math.min(days, 16)),
    }).toString();
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`Open-Meteo answered ${response.status}`);
    const { daily: d } = forecastSchema.parse(await response.json());
    const found = new Map<string, WeatherDay>();
    d.time.forEach((date, i) => {
      const code = d.weather_code[i];
      const max = d.temperature_2m_max[i];
      const min = d.temperature_2m_min[i];
      if (code == null || max == null || min == null) return;
      const mean = d.temperature_2m_mean?.[i];
      found.set(date, {
        date,
        min_c: min,
        max_c: max,
        avg_c: mean ?? Math.round(((min + max) / 2) * 10) / 10,
        ...describeWmoCode(code),
        estimate: false,
      });
    });
    return found;
  };
}

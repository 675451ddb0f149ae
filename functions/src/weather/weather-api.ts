import { z } from 'zod';
import type { WeatherDay, WeatherIcon } from '@wayfare/contract';

/** A forecast for one place: the days the service answered, keyed by yyyy-MM-dd. */
export type ForecastSource = (
  latitude: number,
  longitude: number,
  days: number,
) => Promise<Map<string, WeatherDay>>;

const forecastSchema = z.object({
  forecast: z.object({
    forecastday: z.array(
      z.object({
        date: z.string(),
        day: z.object({
          mintemp_c: z.number(),
          maxtemp_c: z.number(),
          avgtemp_c: z.number(),
          condition: z.object({ text: z.string(), code: z.number() }),
        }),
      }),
    ),
  }),
});

const SNOW = new Set([
  1066, 1069, 1072, 1114, 1117, 1168, 1171, 1198, 1201, 1204, 1207, 1237, 1249, 1252, 1261, 1264,
]);

/** WeatherAPI condition codes (weatherapi.com/docs/weather_conditions.json) to our icon set. */
export function iconForCondition(code: number): WeatherIcon {
  if (code === 1000) return 'sun';
  if (code === 1003) return 'partly-cloudy';
  if (code === 1006 || code === 1009) return 'cloud';
  if (code === 1030 || code === 1135 || code === 1147) return 'fog';
  if (code === 1087 || code >= 1273) return 'storm';
  if (SNOW.has(code) || (code >= 1210 && code <= 1225) || code === 1255 || code === 1258) return 'snow';
  return 'rain';
}

/**
 * The WeatherAPI.com forecast client: GET {base}/v1/forecast.json?key&q=lat,lng&days&aqi=no&alerts=no. The key
 * stays on the server; the browser only ever sees our /api answer.
 */
export function weatherApiForecast({ apiKey, baseUrl }: { apiKey: string; baseUrl: string }): ForecastSource {
  return async (latitude, longitude, days) => {
    const url = new URL('/v1/forecast.json', baseUrl);
    url.search = new URLSearchParams({
      key: apiKey,
      q: `${latitude},${longitude}`,
      days: String(days),
      aqi: 'no',
      alerts: 'no',
    }).toString();
    const response = await fetch(url, { signal: AbortSignal.timeout(8000) });
    if (!response.ok) throw new Error(`weather forecast answered ${response.status}`);
    const { forecast } = forecastSchema.parse(await response.json());
    return new Map(
      forecast.forecastday.map(({ date, day }): [string, WeatherDay] => [
        date,
        {
          date,
          min_c: day.mintemp_c,
          max_c: day.maxtemp_c,
          avg_c: day.avgtemp_c,
          text: day.condition.text,
          icon: iconForCondition(day.condition.code),
          estimate: false,
        },
      ]),
    );
  };
}

import type { Logger } from 'pino';
import { tripWeather } from '@wayfare/contract';
import type { TokenService } from '../http/tokens';
import type { AppConfig } from '../config';
import { currentUser, requireAuth } from '../http/authenticate';
import { endpointRouter, mountedEndpoints, route } from '../http/endpoints';
import type { Store } from '../store/types';
import { openMeteoForecast } from './open-meteo';
import { createWeatherService, type NamedForecast } from './service';
import { weatherApiForecast } from './weather-api';

/**
 * The one weather service (one forecast cache): WeatherAPI.com when WEATHER_API_KEY is set, else keyless Open-Meteo;
 * the offline estimate for whatever they do not answer.
 */
export function configuredWeather(deps: { store: Store; config: AppConfig; logger: Logger }) {
  const { apiKey, baseUrl, openMeteoBaseUrl, keylessTimeoutMs, retryAfterMs } = deps.config.weather;
  const provider: NamedForecast = apiKey
    ? { source: 'weatherapi', forecast: weatherApiForecast({ apiKey, baseUrl }) }
    : {
        source: 'open-meteo',
        forecast: openMeteoForecast({ baseUrl: openMeteoBaseUrl, timeoutMs: keylessTimeoutMs }),
      };
  return createWeatherService(deps.store, provider, deps.logger, retryAfterMs);
}

export type WeatherService = ReturnType<typeof configuredWeather>;

/** GET /api/trips/{tripId}/weather, for members. */
export function weatherRoutes(deps: { store: Store; tokens: TokenService }, service: WeatherService) {
  const router = endpointRouter('/trips/:tripId/weather');
  route(router, tripWeather, [requireAuth(deps.tokens, deps.store)], ({ params }, _req, res) =>
    service.tripWeather(params.tripId, currentUser(res).id),
  );
  return mountedEndpoints(router);
}

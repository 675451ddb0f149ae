import { Router } from 'express';
import type { Logger } from 'pino';
import { tripIdParamsSchema } from '@wayfare/contract';
import type { TokenService } from '../auth/tokens';
import type { AppConfig } from '../config';
import { currentUser, requireAuth } from '../http/authenticate';
import { parseInput } from '../http/parse';
import type { Store } from '../store/types';
import { createWeatherService } from './service';
import { weatherApiForecast } from './weather-api';

/** GET /api/trips/{tripId}/weather, for members: the forecast API when WEATHER_API_KEY is set, else the estimate. */
export function weatherRoutes(deps: {
  store: Store;
  tokens: TokenService;
  config: AppConfig;
  logger: Logger;
}) {
  const { apiKey, baseUrl } = deps.config.weather;
  const service = createWeatherService(
    deps.store,
    apiKey ? weatherApiForecast({ apiKey, baseUrl }) : null,
    deps.logger,
  );
  const router = Router({ mergeParams: true });
  router.get('/', requireAuth(deps.tokens, deps.store), async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    res.json(await service.tripWeather(tripId, currentUser(res).id));
  });
  return router;
}

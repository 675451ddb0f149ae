import { getRate, RATE_UNAVAILABLE, type RateAnswer } from '@wayfare/contract';
import type { TokenService } from '../http/tokens';
import { requireAuth } from '../http/authenticate';
import { HttpError } from '../http/errors';
import { endpointRouter, mountedEndpoints, route } from '../http/endpoints';
import type { Store } from '../store/types';
import type { RateProvider } from './provider';

/** GET /api/rates?from=JPY&to=EUR&date=2026-11-20: the reference rate the expense forms prefill (signed in). */
export function ratesRoutes(deps: { store: Store; tokens: TokenService }, rates: RateProvider) {
  const router = endpointRouter('/rates');
  router.use(requireAuth(deps.tokens, deps.store));
  route(router, getRate, async ({ query: { from, to, date } }) => {
    const answer = await rates.rate(from, to, date);
    if (!answer) throw new HttpError(404, RATE_UNAVAILABLE);
    return answer satisfies RateAnswer;
  });
  return mountedEndpoints(router);
}

import { Router } from 'express';
import { RATE_UNAVAILABLE, ratesQuerySchema, type RateAnswer } from '@wayfare/contract';
import type { TokenService } from '../http/tokens';
import { requireAuth } from '../http/authenticate';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/parse';
import type { Store } from '../store/types';
import type { RateProvider } from './provider';

/** GET /api/rates?from=JPY&to=EUR&date=2026-11-20: the reference rate the expense forms prefill (signed in). */
export function ratesRoutes(deps: { store: Store; tokens: TokenService }, rates: RateProvider) {
  const router = Router();
  router.use(requireAuth(deps.tokens, deps.store));
  router.get('/', async (req, res) => {
    const { from, to, date } = parseInput(ratesQuerySchema, req.query);
    const answer = await rates.rate(from, to, date);
    if (!answer) throw new HttpError(404, RATE_UNAVAILABLE);
    res.json(answer satisfies RateAnswer);
  });
  return router;
}

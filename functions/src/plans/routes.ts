import { Router } from 'express';
import {
  bulkPlansBodySchema,
  planInputSchema,
  planParamsSchema,
  tripIdParamsSchema,
} from '@wayfare/contract';
import type { TokenService } from '../http/tokens';
import { currentUser, requireAuth } from '../http/authenticate';
import { parseInput } from '../http/parse';
import type { Store } from '../store/types';
import { createPlanService } from './service';

/** /api/trips/{tripId}/daily-plans (spec §7). */
export function planRoutes(deps: { store: Store; tokens: TokenService }) {
  const service = createPlanService(deps.store);
  const router = Router({ mergeParams: true });
  router.use(requireAuth(deps.tokens, deps.store));

  router.post('/', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const plan = await service.create(tripId, currentUser(res).id, parseInput(planInputSchema, req.body));
    res.status(201).json(plan);
  });

  router.post('/bulk', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const { plans } = parseInput(bulkPlansBodySchema, req.body);
    res.status(201).json(await service.createMany(tripId, currentUser(res).id, plans));
  });

  router.put('/:planId', async (req, res) => {
    const { tripId, planId } = parseInput(planParamsSchema, req.params);
    res.json(
      await service.update(tripId, currentUser(res).id, planId, parseInput(planInputSchema, req.body)),
    );
  });

  router.delete('/:planId', async (req, res) => {
    const { tripId, planId } = parseInput(planParamsSchema, req.params);
    await service.delete(tripId, currentUser(res).id, planId);
    res.status(204).end();
  });

  return router;
}

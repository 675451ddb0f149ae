import { Router } from 'express';
import {
  activityEntryParamsSchema,
  activityListQuerySchema,
  budgetBodySchema,
  type ActivityResponse,
  type BudgetResponse,
} from '@wayfare/contract';
import { parseInput } from '../http/parse';
import type { Store } from '../store/types';
import type { BudgetService } from './budget-service';
import { scopeOf, scopeTrips } from './scope';

/** Under /api/trip-split: the trip budget with its spending, and the activity history. */
export function budgetRoutes(store: Store, service: BudgetService) {
  const router = Router();
  scopeTrips(router, store, activityEntryParamsSchema.partial({ entryId: true }));

  router.get('/trips/:tripId/budget', async (_req, res) => {
    res.json((await service.budget(scopeOf(res, 'tripScope'))) satisfies BudgetResponse);
  });
  router.put('/trips/:tripId/budget', async (req, res) => {
    const body = parseInput(budgetBodySchema, req.body);
    res.json((await service.setBudget(scopeOf(res, 'tripScope'), body)) satisfies BudgetResponse);
  });
  router.get('/trips/:tripId/activity', async (req, res) => {
    const query = parseInput(activityListQuerySchema, req.query);
    res.json((await service.activity(scopeOf(res, 'tripScope'), query)) satisfies ActivityResponse);
  });
  // Any member brings a deleted expense back from its history entry, once.
  router.post('/trips/:tripId/activity/:entryId/restore', async (req, res) => {
    const { entryId } = parseInput(activityEntryParamsSchema, req.params);
    res.status(201).json(await service.restore(scopeOf(res, 'tripScope'), entryId));
  });
  return router;
}

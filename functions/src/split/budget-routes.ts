import type { Router } from 'express';
import {
  activityEntryParamsSchema,
  activityListQuerySchema,
  budgetBodySchema,
  tripIdParamsSchema,
  type ActivityResponse,
  type BudgetResponse,
} from '@wayfare/contract';
import { currentUser } from '../http/authenticate';
import { parseInput } from '../http/parse';
import type { BudgetService } from './budget-service';

/** Issue #28 under /api/trip-split: the trip budget with its spending, and the activity history. */
export function addBudgetRoutes(router: Router, service: BudgetService) {
  router.get('/trips/:tripId/budget', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    res.json((await service.budget(currentUser(res).id, tripId)) satisfies BudgetResponse);
  });
  router.put('/trips/:tripId/budget', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const body = parseInput(budgetBodySchema, req.body);
    res.json((await service.setBudget(currentUser(res).id, tripId, body)) satisfies BudgetResponse);
  });
  router.get('/trips/:tripId/activity', async (req, res) => {
    const { tripId } = parseInput(tripIdParamsSchema, req.params);
    const query = parseInput(activityListQuerySchema, req.query);
    res.json((await service.activity(currentUser(res).id, tripId, query)) satisfies ActivityResponse);
  });
  // Any member brings a deleted expense back from its history entry, once.
  router.post('/trips/:tripId/activity/:entryId/restore', async (req, res) => {
    const { tripId, entryId } = parseInput(activityEntryParamsSchema, req.params);
    res.status(201).json(await service.restore(currentUser(res).id, tripId, entryId));
  });
}

import {
  activityEntryParamsSchema,
  getBudget,
  listActivity,
  restoreExpense,
  setBudget,
  type ActivityResponse,
  type BudgetResponse,
} from '@wayfare/contract';
import { endpointRouter, route } from '../../http/endpoints';
import type { Store } from '../../store/types';
import type { BudgetService } from './service';
import { scopeOf, scopeTrips } from '../scope';

/** Under /api/trip-split: the trip budget with its spending, and the activity history. */
export function budgetRoutes(store: Store, service: BudgetService) {
  const router = endpointRouter('/trip-split');
  scopeTrips(router, store, activityEntryParamsSchema.partial({ entryId: true }));

  route(router, getBudget, async (_input, _req, res) => {
    return (await service.budget(scopeOf(res, 'tripScope'))) satisfies BudgetResponse;
  });
  route(router, setBudget, async ({ body }, _req, res) => {
    return (await service.setBudget(scopeOf(res, 'tripScope'), body)) satisfies BudgetResponse;
  });
  route(router, listActivity, async ({ query }, _req, res) => {
    return (await service.activity(scopeOf(res, 'tripScope'), query)) satisfies ActivityResponse;
  });
  // Any member brings a deleted expense back from its history entry, once.
  route(router, restoreExpense, ({ params }, _req, res) =>
    service.restore(scopeOf(res, 'tripScope'), params.entryId),
  );
  return router;
}

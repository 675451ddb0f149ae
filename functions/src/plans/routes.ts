import { createPlan, createPlans, deletePlan, updatePlan } from '@wayfare/contract';
import type { TokenService } from '../http/tokens';
import { currentUser, requireAuth } from '../http/authenticate';
import { endpointRouter, mountedEndpoints, route } from '../http/endpoints';
import type { Store } from '../store/types';
import { createPlanService } from './service';

/** /api/trips/{tripId}/daily-plans (spec §7). */
export function planRoutes(deps: { store: Store; tokens: TokenService }) {
  const service = createPlanService(deps.store);
  const router = endpointRouter('/trips/:tripId/daily-plans');
  router.use(requireAuth(deps.tokens, deps.store));

  route(router, createPlan, ({ params, body }, _req, res) =>
    service.create(params.tripId, currentUser(res).id, body),
  );

  route(router, createPlans, ({ params, body }, _req, res) =>
    service.createMany(params.tripId, currentUser(res).id, body.plans),
  );

  route(router, updatePlan, ({ params, body }, _req, res) =>
    service.update(params.tripId, currentUser(res).id, params.planId, body),
  );

  route(router, deletePlan, ({ params }, _req, res) =>
    service.delete(params.tripId, currentUser(res).id, params.planId),
  );

  return mountedEndpoints(router);
}

import {
  createHousehold,
  deleteHousehold,
  householdParamsSchema,
  listHouseholds,
  setSettleByHousehold,
  updateHousehold,
  type HouseholdResponse,
  type HouseholdsResponse,
  type SettleByHousehold,
} from '@wayfare/contract';
import { endpointRouter, route } from '../../http/endpoints';
import type { Store } from '../../store/types';
import { scopeOf, scopeTrips } from '../scope';
import type { HouseholdService } from './service';

/** A trip's households and its switch to settle by them: its members only. */
export function householdRoutes(store: Store, service: HouseholdService) {
  const router = endpointRouter('/trip-split');
  scopeTrips(router, store, householdParamsSchema.partial({ householdId: true }));

  route(router, listHouseholds, async (_input, _req, res) => {
    return (await service.list(scopeOf(res, 'tripScope'))) satisfies HouseholdsResponse;
  });
  route(router, createHousehold, async ({ body }, _req, res) => {
    return { household: await service.create(scopeOf(res, 'tripScope'), body) } satisfies HouseholdResponse;
  });
  route(router, updateHousehold, async ({ params, body }, _req, res) => {
    return {
      household: await service.update(scopeOf(res, 'tripScope'), params.householdId, body),
    } satisfies HouseholdResponse;
  });
  route(router, deleteHousehold, ({ params }, _req, res) =>
    service.remove(scopeOf(res, 'tripScope'), params.householdId),
  );
  route(router, setSettleByHousehold, async ({ body }, _req, res) => {
    return {
      settle_by_household: await service.setSettleByHousehold(
        scopeOf(res, 'tripScope'),
        body.settle_by_household,
      ),
    } satisfies SettleByHousehold;
  });
  return router;
}

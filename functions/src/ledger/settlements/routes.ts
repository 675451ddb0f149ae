import {
  calculateSettlements,
  explainSettlements,
  listSettlements,
  markSettlementPaid,
  setHomeCurrency,
  type HomeCurrencyResponse,
  type SettlementExplanationResponse,
  type SettlementsResponse,
} from '@wayfare/contract';
import { preferredEncoding, sendEncodedJson } from '../../http/encoded-bodies';
import { endpointRouter, route } from '../../http/endpoints';
import type { Store } from '../../store/types';
import { entityId, scopeBy, scopeOf, scopeTrips } from '../scope';
import type { SettlementService } from './service';

/** The trip's settlements and home currency (by trip), and marking one settlement paid (by id): spec §7. */
export function settlementRoutes(store: Store, service: SettlementService) {
  const router = endpointRouter('/trip-split');
  scopeTrips(router, store);
  scopeBy(router, 'id', 'settlementScope', (user, value) => service.settlementScopeOf(user, entityId(value)));

  // The currency every amount of the trip's ledger is in: chosen while the ledger is empty.
  route(router, setHomeCurrency, async ({ body }, _req, res) => {
    return {
      home_currency: await service.setHomeCurrency(scopeOf(res, 'tripScope'), body.home_currency),
    } satisfies HomeCurrencyResponse;
  });
  route(router, listSettlements, async (_input, _req, res) => {
    return {
      settlements: await service.listSettlements(scopeOf(res, 'tripScope')),
    } satisfies SettlementsResponse;
  });
  route(router, explainSettlements, async (_input, _req, res) => {
    return (await service.explainSettlements(
      scopeOf(res, 'tripScope'),
    )) satisfies SettlementExplanationResponse;
  });
  // One body per answer's figures, plain and compressed (calculation.ts), so compression middleware skips it.
  route(router, calculateSettlements, async (_input, req, res) => {
    const coded = preferredEncoding(req);
    sendEncodedJson(res, await service.calculateSettlementsJson(scopeOf(res, 'tripScope'), coded), coded);
  });
  route(router, markSettlementPaid, async ({ body }, _req, res) => {
    return { settlement: await service.markSettlementPaid(scopeOf(res, 'settlementScope'), body) };
  });
  return router;
}

import { Router } from 'express';
import {
  homeCurrencyBodySchema,
  markPaidBodySchema,
  type HomeCurrencyResponse,
  type SettlementExplanationResponse,
  type SettlementsResponse,
} from '@wayfare/contract';
import { preferredEncoding, sendEncodedJson } from '../../http/encoded-bodies';
import { parseInput } from '../../http/parse';
import type { Store } from '../../store/types';
import { entityId, scopeBy, scopeOf, scopeTrips } from '../scope';
import type { SettlementService } from './service';

/** The trip's settlements and home currency (by trip), and marking one settlement paid (by id): spec §7. */
export function settlementRoutes(store: Store, service: SettlementService) {
  const router = Router();
  scopeTrips(router, store);
  scopeBy(router, 'id', 'settlementScope', (user, value) => service.settlementScopeOf(user, entityId(value)));

  // The currency every amount of the trip's ledger is in: chosen while the ledger is empty.
  router.put('/trips/:tripId/home-currency', async (req, res) => {
    const { home_currency } = parseInput(homeCurrencyBodySchema, req.body);
    res.json({
      home_currency: await service.setHomeCurrency(scopeOf(res, 'tripScope'), home_currency),
    } satisfies HomeCurrencyResponse);
  });
  router.get('/trips/:tripId/settlements', async (_req, res) => {
    res.json({
      settlements: await service.listSettlements(scopeOf(res, 'tripScope')),
    } satisfies SettlementsResponse);
  });
  router.get('/trips/:tripId/settlements/explanation', async (_req, res) => {
    res.json(
      (await service.explainSettlements(scopeOf(res, 'tripScope'))) satisfies SettlementExplanationResponse,
    );
  });
  // One body per answer's figures, plain and compressed (calculation.ts), so compression middleware skips it.
  router.post('/trips/:tripId/settlements/calculate', async (req, res) => {
    const coded = preferredEncoding(req);
    sendEncodedJson(res, await service.calculateSettlementsJson(scopeOf(res, 'tripScope'), coded), coded);
  });
  router.put('/settlements/:id/paid', async (req, res) => {
    const body = parseInput(markPaidBodySchema, req.body ?? {});
    res.json({ settlement: await service.markSettlementPaid(scopeOf(res, 'settlementScope'), body) });
  });
  return router;
}

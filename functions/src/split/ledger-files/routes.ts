import { Router } from 'express';
import {
  ledgerExportQuerySchema,
  splitwiseImportBodySchema,
  type ImportPreview,
  type ImportResult,
} from '@wayfare/contract';
import { parseInput } from '../../http/parse';
import type { Store } from '../../store/types';
import { scopeOf, scopeTrips } from '../scope';
import type { LedgerIoService } from './service';

/** The ledger as a download (CSV or JSON), and a Splitwise group export brought in: preview, then commit. */
export function ledgerFileRoutes(store: Store, ledgerIo: LedgerIoService) {
  const router = Router();
  scopeTrips(router, store);

  router.get('/trips/:tripId/export', async (req, res) => {
    const query = parseInput(ledgerExportQuerySchema, req.query);
    const file = await ledgerIo.exportLedger(scopeOf(res, 'tripScope'), query);
    res.attachment(file.fileName).type(file.type).set('Cache-Control', 'no-store').send(file.body);
  });
  router.post('/trips/:tripId/import/preview', async (req, res) => {
    const body = parseInput(splitwiseImportBodySchema, req.body);
    res.json((await ledgerIo.previewImport(scopeOf(res, 'tripScope'), body)) satisfies ImportPreview);
  });
  router.post('/trips/:tripId/import', async (req, res) => {
    const body = parseInput(splitwiseImportBodySchema, req.body);
    res
      .status(201)
      .json((await ledgerIo.commitImport(scopeOf(res, 'tripScope'), body)) satisfies ImportResult);
  });
  return router;
}

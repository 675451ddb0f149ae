import {
  exportLedger,
  importLedger,
  previewImport,
  type ImportPreview,
  type ImportResult,
} from '@wayfare/contract';
import { endpointRouter, route } from '../../http/endpoints';
import type { Store } from '../../store/types';
import { scopeOf, scopeTrips } from '../scope';
import type { LedgerIoService } from './service';

/** The ledger as a download (CSV or JSON), and a Splitwise group export brought in: preview, then commit. */
export function ledgerFileRoutes(store: Store, ledgerIo: LedgerIoService) {
  const router = endpointRouter('/trip-split');
  scopeTrips(router, store);

  route(router, exportLedger, async ({ query }, _req, res) => {
    const file = await ledgerIo.exportLedger(scopeOf(res, 'tripScope'), query);
    res.attachment(file.fileName).type(file.type).set('Cache-Control', 'no-store').send(file.body);
  });
  route(router, previewImport, async ({ body }, _req, res) => {
    return (await ledgerIo.previewImport(scopeOf(res, 'tripScope'), body)) satisfies ImportPreview;
  });
  route(router, importLedger, async ({ body }, _req, res) => {
    return (await ledgerIo.commitImport(scopeOf(res, 'tripScope'), body)) satisfies ImportResult;
  });
  return router;
}

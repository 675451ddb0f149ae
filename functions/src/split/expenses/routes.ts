import { Router } from 'express';
import { expenseListQuerySchema } from '@wayfare/contract';
import type { TripImages } from '../../files/trip-images';
import { preferredEncoding, sendEncodedJson } from '../../http/encoded-bodies';
import { parseInput } from '../../http/parse';
import type { Store } from '../../store/types';
import { entityId, expenseScopeOf, scopeOf, scopeStep, scopeTrips } from '../scope';
import { editedExpenseBody, newExpenseBody } from './expense-body';
import type { ExpenseService } from './service';

/** The trip's expenses (by trip) and one expense (by id, its trip resolved once): spec §7. */
export function expenseRoutes(
  store: Store,
  service: ExpenseService,
  images: Pick<TripImages, 'receiveReceipt'>,
) {
  const router = Router();
  scopeTrips(router, store);
  // One expense: its trip resolved once, as a step (the receipt's upload is received before it).
  const expense = scopeStep('id', 'expenseScope', (user, value) =>
    expenseScopeOf(store, user, entityId(value)),
  );

  router.get('/trips/:tripId/expenses', async (req, res) => {
    const query = parseInput(expenseListQuerySchema, req.query);
    // Compressed once per page and caller's share (page-cache.ts), so compression middleware skips it.
    const coded = preferredEncoding(req);
    sendEncodedJson(res, await service.listExpensesJson(scopeOf(res, 'tripScope'), query, coded), coded);
  });
  // Every shape of body is read into one ExpenseEntry; one without `currency` is in the trip's home currency
  // (expense-body.ts).
  router.post('/trips/:tripId/expenses', async (req, res) => {
    const scope = scopeOf(res, 'tripScope');
    const { entry, defaulted } = await newExpenseBody(scope, req.body);
    res.status(201).json({ expense: await service.createExpense(scope, entry, defaulted) });
  });
  router.put('/expenses/:id', expense, async (req, res) => {
    const scope = scopeOf(res, 'expenseScope');
    const { entry } = await editedExpenseBody(store, scope, req.body);
    res.json({ expense: await service.updateExpense(scope, entry) });
  });
  // The expense's receipt: a photo or PDF as multipart field `receipt` (receipts.ts), or removed.
  router.put('/expenses/:id/receipt', images.receiveReceipt, expense, async (_req, res) => {
    res.json({ expense: await service.attachReceipt(scopeOf(res, 'expenseScope'), res.locals.upload) });
  });
  router.delete('/expenses/:id/receipt', expense, async (_req, res) => {
    res.json({ expense: await service.removeReceipt(scopeOf(res, 'expenseScope')) });
  });
  router.delete('/expenses/:id', expense, async (_req, res) => {
    await service.deleteExpense(scopeOf(res, 'expenseScope'));
    res.status(204).end();
  });
  return router;
}

import {
  attachReceipt,
  createExpense,
  deleteExpense,
  getExpense,
  listExpenses,
  removeReceipt,
  updateExpense,
} from '@wayfare/contract';
import type { TripImages } from '../../files/trip-images';
import { preferredEncoding, sendEncodedJson } from '../../http/encoded-bodies';
import { endpointRouter, route } from '../../http/endpoints';
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
  const router = endpointRouter('/trip-split');
  scopeTrips(router, store);
  // One expense: its trip resolved once, as a step (the receipt's upload is received before it).
  const expense = scopeStep('id', 'expenseScope', (user, value) =>
    expenseScopeOf(store, user, entityId(value)),
  );

  route(router, listExpenses, async ({ query }, req, res) => {
    // Compressed once per page and caller's share (page-cache.ts), so compression middleware skips it.
    const coded = preferredEncoding(req);
    sendEncodedJson(res, await service.listExpensesJson(scopeOf(res, 'tripScope'), query, coded), coded);
  });
  // Every shape of body is read into one ExpenseEntry; one without `currency` is in the trip's home currency
  // (expense-body.ts).
  route(router, createExpense, async ({ body }, _req, res) => {
    const scope = scopeOf(res, 'tripScope');
    const { entry, defaulted } = await newExpenseBody(scope, body);
    return { expense: await service.createExpense(scope, entry, defaulted) };
  });
  route(router, getExpense, [expense], async (_input, _req, res) => ({
    expense: await service.readExpense(scopeOf(res, 'expenseScope')),
  }));
  route(router, updateExpense, [expense], async ({ body }, _req, res) => {
    const scope = scopeOf(res, 'expenseScope');
    const { entry } = await editedExpenseBody(store, scope, body);
    return { expense: await service.updateExpense(scope, entry) };
  });
  // The expense's receipt: a photo or PDF as multipart field `receipt` (receipts.ts), or removed.
  route(router, attachReceipt, [images.receiveReceipt, expense], async (_input, _req, res) => {
    return { expense: await service.attachReceipt(scopeOf(res, 'expenseScope'), res.locals.upload) };
  });
  route(router, removeReceipt, [expense], async (_input, _req, res) => {
    return { expense: await service.removeReceipt(scopeOf(res, 'expenseScope')) };
  });
  route(router, deleteExpense, [expense], (_input, _req, res) =>
    service.deleteExpense(scopeOf(res, 'expenseScope')),
  );
  return router;
}

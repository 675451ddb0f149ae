import type { Response } from 'express';
import {
  attachReceipt,
  createExpense,
  deleteExpense,
  expenseETag,
  getExpense,
  listExpenses,
  removeReceipt,
  updateExpense,
  type Expense,
} from '@wayfare/contract';
import type { TripImages } from '../../files/trip-images';
import { preferredEncoding, sendEncodedJson } from '../../http/encoded-bodies';
import { endpointRouter, route } from '../../http/endpoints';
import type { Store } from '../../store/types';
import { entityId, expenseScopeOf, scopeOf, scopeStep, scopeTrips } from '../scope';
import { editedExpenseBody, newExpenseBody } from './expense-body';
import type { ExpenseService } from './service';

/** A single-expense answer, with its version as the strong entity tag a conditional write names. */
function tagged(res: Response, expense: Expense) {
  if (expense.version !== undefined) res.setHeader('ETag', expenseETag(expense.version));
  return { expense };
}

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
    return tagged(res, await service.createExpense(scope, entry, defaulted));
  });
  route(router, getExpense, [expense], async (_input, _req, res) =>
    tagged(res, await service.readExpense(scopeOf(res, 'expenseScope'))),
  );
  // With If-Match, a write happens only while the expense is at a version it names (service.ts: 412 otherwise).
  // Whether the expense exists and may be changed is answered first (RFC 9110 §13.2.1): a deleted one is 404.
  route(router, updateExpense, [expense], async ({ body, headers }, _req, res) => {
    const scope = scopeOf(res, 'expenseScope');
    const { entry } = await editedExpenseBody(store, scope, body);
    return tagged(res, await service.updateExpense(scope, entry, headers['if-match']));
  });
  // The expense's receipt: a photo or PDF as multipart field `receipt` (receipts.ts), or removed.
  route(router, attachReceipt, [images.receiveReceipt, expense], async (_input, _req, res) =>
    tagged(res, await service.attachReceipt(scopeOf(res, 'expenseScope'), res.locals.upload)),
  );
  route(router, removeReceipt, [expense], async (_input, _req, res) =>
    tagged(res, await service.removeReceipt(scopeOf(res, 'expenseScope'))),
  );
  route(router, deleteExpense, [expense], ({ headers }, _req, res) =>
    service.deleteExpense(scopeOf(res, 'expenseScope'), headers['if-match']),
  );
  return router;
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { HOME_CURRENCY_CHANGED } from '@wayfare/contract';
import { createImageUrls } from '../../files/image-urls';
import { localFileStore } from '../../files/local-file-store';
import { HttpError } from '../../http/errors';
import { openSqliteStore } from '../../store/embedded/sqlite-store';
import { newTrip, newUser } from '../../../test-support/store-adapters';
import { createLedgerEvents } from '../live/events';
import { ledgerNotices } from '../live/notices';
import { editedExpenseBody, newExpenseBody } from './expense-body';
import { expenseScopeOf, tripScopeOf } from '../scope';
import { createExpenseService } from './service';

/** A yen trip of Ana's on a fresh embedded store, a stranger, and the split service over it. */
async function yenTrip() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-expense-body-'));
  const store = openSqliteStore(path.join(dir, 'wayfare.db'));
  onTestFinished(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const [ana, zed] = [await store.users.create(newUser()), await store.users.create(newUser())];
  const trip = await store.trips.create(ana.id, newTrip());
  await store.trips.setHomeCurrency(trip.id, 'JPY');
  const service = createExpenseService({
    store,
    notices: ledgerNotices(createLedgerEvents(), store.notices, (err) => {
      throw err;
    }),
    imageUrls: createImageUrls('expense body test secret'),
    files: localFileStore(path.join(dir, 'uploads')),
  });
  return { store, service, ana, zed, trip };
}

const ramen = { title: 'Ramen', amount: '1200', expense_date: '2027-04-11' };
const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: unknown) => (err instanceof HttpError ? [err.status, err.message] : err),
  );

describe('an expense body without a currency', () => {
  it("is read in the trip's home currency, for its members only; a rate still needs a currency", async () => {
    const { store, ana, zed, trip } = await yenTrip();
    const read = await newExpenseBody(await tripScopeOf(store, ana, trip.id), { ...ramen, paid_by: ana.id });
    expect([read.entry.amount_minor, read.entry.currency, read.defaulted]).toEqual([1200, 'JPY', 'JPY']);
    const named = await newExpenseBody(await tripScopeOf(store, ana, trip.id), {
      ...ramen,
      paid_by: ana.id,
      currency: 'USD',
    });
    expect([named.entry.amount_minor, named.defaulted]).toEqual([120000, undefined]);
    // A stranger's request stops at its scope, before the body is read.
    expect(await status(tripScopeOf(store, zed, trip.id))).toEqual([404, 'Trip not found']);
    expect(
      await status(
        newExpenseBody(await tripScopeOf(store, ana, trip.id), { ...ramen, paid_by: ana.id, rate: '150' }),
      ),
    ).toEqual([400, 'A rate needs the currency of the amount']);
    // An edit reads the expense's trip; with no such expense the request stops at its scope.
    expect(await status(expenseScopeOf(store, ana, 'no-such-expense'))).toEqual([404, 'Expense not found']);
  });

  it('answers 409 and writes nothing when the home currency changed between the read and the write', async () => {
    const { store, service, ana, trip } = await yenTrip();
    const { entry } = await newExpenseBody(await tripScopeOf(store, ana, trip.id), {
      ...ramen,
      paid_by: ana.id,
    });
    // As if another member had set the trip to euros after the body was read in yen.
    await store.trips.setHomeCurrency(trip.id, 'EUR');
    expect(await status(service.createExpense(await tripScopeOf(store, ana, trip.id), entry, 'JPY'))).toEqual(
      [409, HOME_CURRENCY_CHANGED],
    );
    await expect(store.ledger.listExpenses(trip.id)).resolves.toEqual([]);
    const created = await service.createExpense(
      await tripScopeOf(store, ana, trip.id),
      (
        await newExpenseBody(await tripScopeOf(store, ana, trip.id), {
          ...ramen,
          amount: '12.00',
          paid_by: ana.id,
        })
      ).entry,
      'EUR',
    );
    expect([created.amount_cents, created.currency]).toEqual([1200, 'EUR']);
    const edited = await editedExpenseBody(store, await expenseScopeOf(store, ana, created.id), {
      ...ramen,
      amount: '15.50',
      paid_by: ana.id,
    });
    expect([edited.entry.amount_minor, edited.defaulted]).toEqual([1550, 'EUR']);
  });
});

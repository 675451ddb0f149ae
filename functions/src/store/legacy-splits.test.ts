/**
 * Expenses written before splits were kept have no stored method (a NULL column in SQLite, a missing field in
 * Firestore): both adapters read them as custom amounts of their stored shares.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from './embedded/sqlite-store';
import { createFirestoreStore } from './firestore/firestore-store';
import { startTestFirestore } from '../../test-support/test-firestore';
import { groupExpense, tripOfPeople } from '../../test-support/store-adapters';
import type { Store } from './types';

async function tripWithExpense(store: Store) {
  const {
    trip,
    people: [owner, friend],
  } = await tripOfPeople(store, ['Ana', 'Bea']);
  const expense = await store.ledger.createExpense(
    trip.id,
    groupExpense(
      [
        { user_id: owner.id, share_minor: 1000 },
        { user_id: friend.id, share_minor: 2000 },
      ],
      { title: 'Old dinner' },
    ),
  );
  const legacy = {
    method: 'custom',
    people: [
      { user_id: owner.id, weight: 1000 },
      { user_id: friend.id, weight: 2000 },
    ],
  };
  return { trip, expense, legacy };
}

describe('expenses stored before splits were kept', () => {
  it('embedded: a NULL split reads as custom amounts of the shares, in every read', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-legacy-'));
    const file = path.join(dir, 'wayfare.db');
    try {
      const store = openSqliteStore(file);
      const { trip, expense, legacy } = await tripWithExpense(store);
      await store.close();
      const raw = new Database(file);
      raw.prepare('UPDATE expenses SET split = NULL WHERE id = ?').run(expense.id);
      raw.close();

      const reopened = openSqliteStore(file);
      await expect(reopened.ledger.getExpense(expense.id)).resolves.toMatchObject({ split: legacy });
      await expect(reopened.ledger.listExpenses(trip.id)).resolves.toMatchObject([{ split: legacy }]);
      await expect(
        reopened.ledger.listExpensePage(trip.id, { limit: 5, after: null }),
      ).resolves.toMatchObject([{ split: legacy }]);
      await reopened.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('firestore: a document without a split reads as custom amounts of the shares', async () => {
    const firestore = await startTestFirestore();
    try {
      const store = createFirestoreStore(firestore.db);
      const { trip, expense, legacy } = await tripWithExpense(store);
      const { split: _split, ...old } = expense;
      const ref = firestore.db.doc(`trips/${trip.id}/expenses/${expense.id}`);
      // Deleted and written anew: the Node.js emulator merges a set() and ignores a field delete.
      await ref.delete();
      await ref.create(old);
      expect((await ref.get()).data()).toEqual(old);

      await expect(store.ledger.getExpense(expense.id)).resolves.toMatchObject({ split: legacy });
      await expect(store.ledger.listExpenses(trip.id)).resolves.toMatchObject([{ split: legacy }]);
      await expect(store.ledger.listExpensePage(trip.id, { limit: 5, after: null })).resolves.toMatchObject([
        { split: legacy },
      ]);
    } finally {
      await firestore.stop();
    }
  });
});

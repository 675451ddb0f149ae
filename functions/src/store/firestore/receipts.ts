import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import type { ExpenseRecord, ReceiptRecord, ReceiptStore } from '../types';
import { ledgerDelta } from '../decisions/ledger-delta';
import { writeLedgerDelta } from './ledger-shards';
import { expenseDocRef, expenseOf } from './ledger';

/**
 * A receipt is the `receipt` field of its expense document, written in a transaction with a new ledger version (an
 * empty delta on the expense's shard: cached expense pages carry the receipt).
 */
export function firestoreReceipts(db: Firestore): ReceiptStore {
  return {
    async set(expenseId, receipt) {
      const ref = expenseDocRef(db, expenseId);
      if (!ref) return null;
      return db.runTransaction(async (tx) => {
        const before = await tx.get(ref);
        if (!before.exists) return null;
        const old = expenseOf(before.data() as DocumentData);
        const expense: ExpenseRecord = { ...old, receipt, updated_at: new Date().toISOString() };
        tx.update(ref, { receipt, updated_at: expense.updated_at });
        writeLedgerDelta(tx, db, old.trip_id, expenseId, ledgerDelta([]));
        return { expense, replaced: old.receipt };
      });
    },
    async listForTrip(tripId) {
      // Read when the trip is deleted, which reads all of its expenses anyway.
      const snapshot = await db.collection('trips').doc(tripId).collection('expenses').get();
      return snapshot.docs.flatMap((doc) => (doc.get('receipt') as ReceiptRecord | undefined) ?? []);
    },
  };
}

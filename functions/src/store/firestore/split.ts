import { randomUUID } from 'node:crypto';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { ExpenseRecord, SettlementRecord, SplitStore } from '../types';

/**
 * Expenses and settlements live under trips/{tripId}/expenses and trips/{tripId}/settlements, where the trip's
 * members listen to them (firestore.rules). Their ids carry the trip id ("{tripId}~{uuid}") so PUT /expenses/{id}
 * finds the document with a point read instead of a collection-group query.
 */
const SEPARATOR = '~';
const childId = (tripId: string) => `${tripId}${SEPARATOR}${randomUUID()}`;
const tripOf = (id: string) => {
  const at = id.indexOf(SEPARATOR);
  return at > 0 && !id.includes('/') ? id.slice(0, at) : null;
};

const byNewestExpense = (a: ExpenseRecord, b: ExpenseRecord) =>
  b.expense_date.localeCompare(a.expense_date) ||
  b.created_at.localeCompare(a.created_at) ||
  a.id.localeCompare(b.id);
const byOldestSettlement = (a: SettlementRecord, b: SettlementRecord) =>
  a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

export function firestoreSplit(db: Firestore): SplitStore {
  const trip = (tripId: string) => db.collection('trips').doc(tripId);
  const expenses = (tripId: string) => trip(tripId).collection('expenses');
  const settlements = (tripId: string) => trip(tripId).collection('settlements');
  const expenseRef = (id: string) => {
    const tripId = tripOf(id);
    return tripId ? expenses(tripId).doc(id) : null;
  };
  const settlementRef = (id: string) => {
    const tripId = tripOf(id);
    return tripId ? settlements(tripId).doc(id) : null;
  };

  /** Totals move by increments inside the transaction: exact however many writers there are. */
  const moveTotals = (tx: Transaction, tripId: string, count: number, cents: number) =>
    tx.update(trip(tripId), {
      expense_count: FieldValue.increment(count),
      total_expenses_cents: FieldValue.increment(cents),
    });

  return {
    async listExpenses(tripId) {
      const snapshot = await expenses(tripId).get();
      return snapshot.docs.map((doc) => doc.data() as ExpenseRecord).sort(byNewestExpense);
    },
    async getExpense(id) {
      const ref = expenseRef(id);
      const doc = ref && (await ref.get());
      return doc?.exists ? (doc.data() as ExpenseRecord) : null;
    },
    async createExpense(tripId, input) {
      const now = new Date().toISOString();
      const expense: ExpenseRecord = {
        ...input,
        id: childId(tripId),
        trip_id: tripId,
        created_at: now,
        updated_at: now,
      };
      await db.runTransaction(async (tx) => {
        tx.create(expenses(tripId).doc(expense.id), expense);
        moveTotals(tx, tripId, 1, expense.amount_cents);
      });
      return expense;
    },
    async updateExpense(id, patch) {
      const ref = expenseRef(id);
      if (!ref) return null;
      return db.runTransaction(async (tx) => {
        const before = await tx.get(ref);
        if (!before.exists) return null;
        const old = before.data() as ExpenseRecord;
        const next: ExpenseRecord = { ...old, ...patch, updated_at: new Date().toISOString() };
        tx.set(ref, next);
        moveTotals(tx, old.trip_id, 0, next.amount_cents - old.amount_cents);
        return next;
      });
    },
    async deleteExpense(id) {
      const ref = expenseRef(id);
      if (!ref) return null;
      return db.runTransaction(async (tx) => {
        const before = await tx.get(ref);
        if (!before.exists) return null;
        const old = before.data() as ExpenseRecord;
        tx.delete(ref);
        moveTotals(tx, old.trip_id, -1, -old.amount_cents);
        return old;
      });
    },
    async listSettlements(tripId) {
      const snapshot = await settlements(tripId).get();
      return snapshot.docs.map((doc) => doc.data() as SettlementRecord).sort(byOldestSettlement);
    },
    async getSettlement(id) {
      const ref = settlementRef(id);
      const doc = ref && (await ref.get());
      return doc?.exists ? (doc.data() as SettlementRecord) : null;
    },
    async recalculateSettlements(tripId, plan) {
      return db.runTransaction(async (tx) => {
        const [expenseDocs, settlementDocs] = await Promise.all([
          tx.get(expenses(tripId)),
          tx.get(settlements(tripId)),
        ]);
        const existing = settlementDocs.docs.map((doc) => doc.data() as SettlementRecord);
        const paid = existing.filter((s) => s.settled_at !== null);
        const transfers = plan(
          expenseDocs.docs.map((doc) => doc.data() as ExpenseRecord).sort(byNewestExpense),
          paid,
        );
        settlementDocs.docs
          .filter((doc) => doc.get('settled_at') === null)
          .forEach((doc) => tx.delete(doc.ref));
        const created_at = new Date().toISOString();
        const fresh = transfers.map((transfer): SettlementRecord => ({
          id: childId(tripId),
          trip_id: tripId,
          from_user_id: transfer.from,
          to_user_id: transfer.to,
          amount_cents: transfer.amount_cents,
          settled_at: null,
          created_at,
        }));
        fresh.forEach((settlement) => tx.create(settlements(tripId).doc(settlement.id), settlement));
        return [...paid, ...fresh].sort(byOldestSettlement);
      });
    },
    async markSettlementPaid(id, at) {
      const ref = settlementRef(id);
      if (!ref) return null;
      return db.runTransaction(async (tx) => {
        const doc = await tx.get(ref);
        if (!doc.exists) return null;
        const settlement = doc.data() as SettlementRecord;
        if (settlement.settled_at !== null) return settlement;
        tx.update(ref, { settled_at: at });
        return { ...settlement, settled_at: at };
      });
    },
    async hasLedgerEntries(tripId, userId) {
      const [expenseDocs, settlementDocs] = await Promise.all([
        expenses(tripId).get(),
        settlements(tripId).get(),
      ]);
      return (
        expenseDocs.docs.some((doc) => {
          const expense = doc.data() as ExpenseRecord;
          return expense.paid_by === userId || expense.shares.some((share) => share.user_id === userId);
        }) ||
        settlementDocs.docs.some(
          (doc) => doc.get('from_user_id') === userId || doc.get('to_user_id') === userId,
        )
      );
    },
  };
}

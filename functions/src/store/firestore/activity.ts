import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { ActivityChange, ActivityEntry, TripBudget } from '@wayfare/contract';
import { createdEntry, newActivity } from '../shared/activity-entries';
import {
  RestoredAlreadyError,
  type ActivityContext,
  type ActivityStore,
  type BudgetStore,
  type ExpenseRecord,
} from '../types';

/**
 * trips/{tripId}/activity/{entryId}: the trip's history, each entry written in the transaction of the
 * change it records; ids sort by time (UUID v7), so the newest first is one single-field range on `id`.
 * trips/{tripId}/budget/current: the trip's budget. Both go with the trip (TRIP_SUBCOLLECTIONS); no client reads
 * them directly (firestore.rules), members read them through the API.
 */
export const ACTIVITY = 'activity';
export const BUDGET = 'budget';

const activityOf = (db: Firestore, tripId: string) => db.collection('trips').doc(tripId).collection(ACTIVITY);

/** Adds a history entry in `tx` (after its reads). */
export function recordActivity(tx: Transaction, db: Firestore, entry: ActivityEntry): void {
  tx.create(activityOf(db, entry.trip_id).doc(entry.id), entry);
}

export function recordChange(
  tx: Transaction,
  db: Firestore,
  tripId: string,
  actorId: string | null,
  change: ActivityChange,
): void {
  recordActivity(tx, db, newActivity(tripId, actorId, change));
}

/**
 * An expense create's reads for its history: a restoration's deleted-expense entry must still be unrestored
 * (RestoredAlreadyError otherwise). Answers the write to make once the create's reads are done.
 */
export async function prepareCreatedEntry(
  tx: Transaction,
  db: Firestore,
  tripId: string,
  activity: ActivityContext | undefined,
): Promise<(expense: ExpenseRecord) => void> {
  const from = activity?.restored_from;
  const deleted = from ? activityOf(db, tripId).doc(from) : null;
  if (deleted && from) {
    const doc = await tx.get(deleted);
    if (!doc.exists || doc.get('kind') !== 'expense.deleted' || doc.get('restored_as') !== null) {
      throw new RestoredAlreadyError(from);
    }
  }
  return (expense) => {
    if (deleted) tx.update(deleted, { restored_as: expense.id });
    recordActivity(tx, db, createdEntry(expense, activity));
  };
}

export function firestoreActivity(db: Firestore): ActivityStore {
  return {
    async list(tripId, { limit, before }) {
      const all = activityOf(db, tripId);
      const range = before ? all.where('id', '<', before) : all;
      const snapshot = await range.orderBy('id', 'desc').limit(limit).get();
      return snapshot.docs.map((doc) => doc.data() as ActivityEntry);
    },
    async listAll(tripId) {
      const snapshot = await activityOf(db, tripId).orderBy('id').get();
      return snapshot.docs.map((doc) => doc.data() as ActivityEntry);
    },
    async get(tripId, id) {
      const doc = await activityOf(db, tripId).doc(id).get();
      return doc.exists ? (doc.data() as ActivityEntry) : null;
    },
  };
}

export function firestoreBudgets(db: Firestore): BudgetStore {
  const trip = (tripId: string) => db.collection('trips').doc(tripId);
  const budgetRef = (tripId: string) => trip(tripId).collection(BUDGET).doc('current');
  return {
    async get(tripId) {
      const doc = await budgetRef(tripId).get();
      return doc.exists ? (doc.data() as TripBudget) : null;
    },
    async set(tripId, fields, actorId) {
      const budget: TripBudget = { ...fields, updated_at: new Date().toISOString(), updated_by: actorId };
      return db.runTransaction(async (tx) => {
        const [tripDoc, beforeDoc] = await tx.getAll(trip(tripId), budgetRef(tripId));
        if (!tripDoc?.exists) return null;
        const before = beforeDoc?.exists ? (beforeDoc.data() as TripBudget) : null;
        tx.set(budgetRef(tripId), budget);
        tx.update(trip(tripId), { ledger_version: FieldValue.increment(1) });
        recordChange(tx, db, tripId, actorId, {
          kind: 'budget.changed',
          before: before && {
            kind: before.kind,
            amount_minor: before.amount_minor,
            categories: before.categories,
          },
          after: fields,
        });
        return budget;
      });
    },
  };
}

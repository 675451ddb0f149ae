/**
 * The entries of a trip's activity history (port/activity.ts). Every ledger write records its history entry in its
 * own atomic write (SQLite transaction, Firestore transaction), through the entries made here, so the history can
 * never disagree with the ledger. Both adapters build their entries with these functions.
 */
import {
  payersAsCents,
  payersFromCents,
  sharesAsCents,
  sharesFromCents,
  type ActivityChange,
  type ActivityEntry,
  type ActivityExpense,
  type ActivityTransfer,
} from '@wayfare/contract';
import type { ActivityContext } from '../port/activity';
import type { ExpenseRecord, NewExpense } from '../port/expenses';
import type { SettlementRecord } from '../port/settlements';
import { timeOrderedId } from './time-ordered-id';

/** An expense as its history entries keep it (never its receipt: the file goes with the expense). */
export function activityExpense(expense: ExpenseRecord): ActivityExpense {
  return {
    id: expense.id,
    title: expense.title,
    description: expense.description,
    amount_cents: expense.amount_minor,
    expense_date: expense.expense_date,
    category: expense.category,
    expense_type: expense.expense_type,
    payers: payersAsCents(expense.payers),
    shares: sharesAsCents(expense.shares),
    split: expense.split,
    ...(expense.original && { original: expense.original }),
    created_by: expense.created_by,
  };
}

/** A deleted expense's history version as a new expense to write (its payers, shares and split as they were). */
export function restorableExpense({
  id: _id,
  amount_cents,
  payers,
  shares,
  ...expense
}: ActivityExpense): NewExpense {
  return {
    ...expense,
    amount_minor: amount_cents,
    paid_by: payers[0]?.user_id ?? expense.created_by,
    payers: payersFromCents(payers),
    shares: sharesFromCents(shares),
  };
}

export const activityTransfer = (s: SettlementRecord): ActivityTransfer => ({
  from_user_id: s.from_user_id,
  to_user_id: s.to_user_id,
  amount_cents: s.amount_minor,
});

/** A new history entry of the trip, made now; its id sorts after every earlier entry's. */
export function newActivity(tripId: string, actorId: string | null, change: ActivityChange): ActivityEntry {
  const now = Date.now();
  return {
    id: timeOrderedId(now),
    trip_id: tripId,
    at: new Date(now).toISOString(),
    actor_id: actorId,
    ...change,
  };
}

/** The entry of an expense create: a restoration when the context says so, else an addition by its creator. */
export function createdEntry(expense: ExpenseRecord, context: ActivityContext | undefined): ActivityEntry {
  const snapshot = activityExpense(expense);
  return context?.restored_from
    ? newActivity(expense.trip_id, context.actor_id, {
        kind: 'expense.restored',
        expense: snapshot,
        restored_from: context.restored_from,
      })
    : newActivity(expense.trip_id, context ? context.actor_id : expense.created_by, {
        kind: 'expense.created',
        expense: snapshot,
      });
}

export const updatedEntry = (before: ExpenseRecord, after: ExpenseRecord, actorId: string | null) =>
  newActivity(before.trip_id, actorId, {
    kind: 'expense.updated',
    before: activityExpense(before),
    after: activityExpense(after),
  });

/** An import's one entry: its expenses, all created by the importing member. */
export const importedEntry = (tripId: string, expenses: readonly ExpenseRecord[]) =>
  newActivity(tripId, expenses[0]?.created_by ?? null, {
    kind: 'expenses.imported',
    count: expenses.length,
    amount_cents: expenses.reduce((sum, expense) => sum + expense.amount_minor, 0),
  });

export const deletedEntry = (expense: ExpenseRecord, actorId: string | null) =>
  newActivity(expense.trip_id, actorId, {
    kind: 'expense.deleted',
    expense: activityExpense(expense),
    restored_as: null,
  });

/** The stored entry's JSON fields: everything but what the adapters keep in columns of their own. */
export const entryData = ({ id: _id, trip_id: _trip, at: _at, actor_id: _actor, ...change }: ActivityEntry) =>
  change;

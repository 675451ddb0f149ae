/**
 * A trip's activity history: what changed in its ledger, by whom and when, newest first. Each entry is
 * written by the store in the same atomic write as the change it records.
 */
import { z } from 'zod';
import type { TripBudget } from './budget';
import { recordId } from './ids';
import type { ExpenseCategory, ExpenseType, LedgerPerson, StoredSplit } from './ledger';

export const ACTIVITY_PAGE_DEFAULT = 20;
export const ACTIVITY_PAGE_MAX = 100;
export const ALREADY_RESTORED = 'This expense has already been restored';
export const NOT_RESTORABLE = 'Only a deleted expense can be restored';
export const ACTIVITY_NOT_FOUND = 'History entry not found';

/** An expense as the history keeps it: everything needed to show it, compare it and restore it. */
export interface ActivityExpense {
  id: string;
  title: string;
  description: string;
  amount_cents: number;
  expense_date: string;
  category: ExpenseCategory;
  expense_type: ExpenseType;
  /** As answers name them (`paid_cents`, `share_cents`: minor units), kept in the history as written. */
  payers: Array<{ user_id: string; paid_cents: number }>;
  shares: Array<{ user_id: string; share_cents: number }>;
  split: StoredSplit;
  original?: {
    currency: string;
    amount_minor: number;
    rate: string;
    rate_source: 'ecb' | 'snapshot' | 'member';
    rate_date: string;
  };
  created_by: string;
}

export interface ActivityTransfer {
  from_user_id: string;
  to_user_id: string;
  amount_cents: number;
}

export type ActivityChange =
  | { kind: 'expense.created'; expense: ActivityExpense }
  /** A deleted expense brought back from its history entry (`restored_from`), as a new expense. */
  | { kind: 'expense.restored'; expense: ActivityExpense; restored_from: string }
  | { kind: 'expense.updated'; before: ActivityExpense; after: ActivityExpense }
  /** A file's expenses brought in at once (the Splitwise import): one change, one entry. */
  | { kind: 'expenses.imported'; count: number; amount_cents: number }
  /** `restored_as`: the expense it was restored as, once it was. */
  | { kind: 'expense.deleted'; expense: ActivityExpense; restored_as: string | null }
  /** The pending transfers after the calculation (paid ones are never touched). */
  | { kind: 'settlements.calculated'; transfers: ActivityTransfer[] }
  | { kind: 'settlement.paid'; settlement_id: string; transfer: ActivityTransfer }
  | { kind: 'member.joined' | 'member.left' | 'member.removed'; user_id: string }
  /** A participant's weight (whole shares in a split by weight) changed. */
  | { kind: 'member.weight'; user_id: string; from: number; to: number }
  | { kind: 'trip.home_currency'; from: string; to: string }
  | {
      kind: 'budget.changed';
      before: Omit<TripBudget, 'updated_at' | 'updated_by'> | null;
      after: Omit<TripBudget, 'updated_at' | 'updated_by'>;
    };

export type ActivityKind = ActivityChange['kind'];

/** One history entry as stored and answered. */
export type ActivityEntry = {
  /** Sorts by time: a newer entry's id is greater (UUID v7). */
  id: string;
  trip_id: string;
  at: string;
  /** The member who made the change; null when none did (an import by the system, none today). */
  actor_id: string | null;
} & ActivityChange;

/** GET /trip-split/trips/{tripId}/activity?limit&cursor */
export const activityListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ACTIVITY_PAGE_MAX, `limit must be at most ${ACTIVITY_PAGE_MAX}`)
    .default(ACTIVITY_PAGE_DEFAULT),
  /** The id of the last entry of the page before. */
  cursor: recordId('cursor').optional(),
});
export type ActivityListQuery = z.output<typeof activityListQuerySchema>;

export const activityEntryParamsSchema = z.object({
  tripId: recordId('Trip id'),
  entryId: recordId('Entry id'),
});

export interface ActivityResponse {
  entries: ActivityEntry[];
  /** Everyone the page's entries name, by user id (members who left are marked so). */
  people: Record<string, LedgerPerson>;
  next_cursor: string | null;
  home_currency: string;
}

/** The fields of an expense's history version that an edit can change, as shown "before → after". */
export const ACTIVITY_COMPARED_FIELDS = ['amount', 'payers', 'split', 'date', 'title', 'category'] as const;
export type ActivityComparedField = (typeof ACTIVITY_COMPARED_FIELDS)[number];

const samePeople = (
  a: ReadonlyArray<{ user_id: string; cents: number }>,
  b: ReadonlyArray<{ user_id: string; cents: number }>,
) => a.length === b.length && a.every((x, i) => x.user_id === b[i]?.user_id && x.cents === b[i]?.cents);

/** Which of the compared fields an edit changed, in ACTIVITY_COMPARED_FIELDS order. */
export function changedFields(before: ActivityExpense, after: ActivityExpense): ActivityComparedField[] {
  const payers = (e: ActivityExpense) => e.payers.map((p) => ({ user_id: p.user_id, cents: p.paid_cents }));
  const shares = (e: ActivityExpense) => e.shares.map((s) => ({ user_id: s.user_id, cents: s.share_cents }));
  const changed: Record<ActivityComparedField, boolean> = {
    amount: before.amount_cents !== after.amount_cents,
    payers: !samePeople(payers(before), payers(after)),
    split: before.split.method !== after.split.method || !samePeople(shares(before), shares(after)),
    date: before.expense_date !== after.expense_date,
    title: before.title !== after.title,
    category: before.category !== after.category,
  };
  return ACTIVITY_COMPARED_FIELDS.filter((field) => changed[field]);
}

/** Every user id an entry names (its actor included), for the names the answer carries. */
export function peopleOfEntry(entry: ActivityEntry): string[] {
  const ofExpense = (e: ActivityExpense) => [
    ...e.payers.map((p) => p.user_id),
    ...e.shares.map((s) => s.user_id),
  ];
  const ofTransfer = (t: ActivityTransfer) => [t.from_user_id, t.to_user_id];
  const named = ((): string[] => {
    switch (entry.kind) {
      case 'expense.created':
      case 'expense.restored':
      case 'expense.deleted':
        return ofExpense(entry.expense);
      case 'expense.updated':
        return [...ofExpense(entry.before), ...ofExpense(entry.after)];
      case 'settlements.calculated':
        return entry.transfers.flatMap(ofTransfer);
      case 'settlement.paid':
        return ofTransfer(entry.transfer);
      case 'member.joined':
      case 'member.left':
      case 'member.removed':
      case 'member.weight':
        return [entry.user_id];
      default:
        return [];
    }
  })();
  return [...new Set([...(entry.actor_id ? [entry.actor_id] : []), ...named])];
}

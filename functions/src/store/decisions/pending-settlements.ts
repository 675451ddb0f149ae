import type { LedgerTransfer } from '@wayfare/contract';
import type { NewPayment, SettlementRecord } from '../port/settlements';

/** How a recalculation changes the pending settlements, so that what did not change keeps its id. */
export interface PendingChanges {
  /** Same payer and payee, another amount: updated in place, id kept. */
  update: Array<{ id: string; amount_minor: number }>;
  /** No longer part of the plan. */
  remove: string[];
  /** New pairs. */
  add: LedgerTransfer[];
}

/**
 * Matches the new plan against the pending settlements by payer and payee: an unchanged transfer keeps its row, a
 * changed amount is updated, the rest are removed or added. Paid settlements are never passed here.
 */
export function reconcilePending(pending: readonly SettlementRecord[], plan: readonly LedgerTransfer[]) {
  const byPair = new Map<string, SettlementRecord[]>();
  for (const row of pending) {
    const key = `${row.from_user_id}\n${row.to_user_id}`;
    byPair.set(key, [...(byPair.get(key) ?? []), row]);
  }
  const changes: PendingChanges = { update: [], remove: [], add: [] };
  for (const transfer of plan) {
    const rows = byPair.get(`${transfer.from}\n${transfer.to}`);
    const exact = rows?.findIndex((row) => row.amount_minor === transfer.amount_minor) ?? -1;
    const index = exact >= 0 ? exact : rows?.length ? 0 : -1;
    const row = index >= 0 ? rows?.splice(index, 1)[0] : undefined;
    if (!row) changes.add.push(transfer);
    else if (row.amount_minor !== transfer.amount_minor) {
      changes.update.push({ id: row.id, amount_minor: transfer.amount_minor });
    }
  }
  for (const rows of byPair.values()) changes.remove.push(...rows.map((row) => row.id));
  return changes;
}

/** The records of the transfers a recalculation adds, all created at one instant. */
export function newSettlementRecords(
  tripId: string,
  transfers: readonly LedgerTransfer[],
  created_at: string,
  newId: () => string,
): SettlementRecord[] {
  return transfers.map((transfer) => ({
    id: newId(),
    trip_id: tripId,
    from_user_id: transfer.from,
    to_user_id: transfer.to,
    amount_minor: transfer.amount_minor,
    settled_at: null,
    created_at,
  }));
}

/** Transfers already made (an import's payments) as paid settlement records. */
export const paidSettlementRecords = (
  tripId: string,
  payments: readonly NewPayment[],
  created_at: string,
  newId: () => string,
): SettlementRecord[] =>
  payments.map((payment) => ({ id: newId(), trip_id: tripId, ...payment, created_at }));

/** The settlements a recalculation keeps, with their new amounts, in the order given. */
export function keptSettlements(settlements: readonly SettlementRecord[], changes: PendingChanges) {
  const removed = new Set(changes.remove);
  const amounts = new Map(changes.update.map((u) => [u.id, u.amount_minor]));
  return settlements
    .filter((s) => !removed.has(s.id))
    .map((s) => {
      const amount_minor = amounts.get(s.id);
      return amount_minor === undefined ? s : { ...s, amount_minor };
    });
}

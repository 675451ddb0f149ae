import type { LedgerTransfer } from '@wayfare/contract';
import type { SettlementRecord } from './types';

/** How a recalculation changes the pending settlements, so that what did not change keeps its id. */
export interface PendingChanges {
  /** Same payer and payee, another amount: updated in place, id kept. */
  update: Array<{ id: string; amount_cents: number }>;
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
    const exact = rows?.findIndex((row) => row.amount_cents === transfer.amount_cents) ?? -1;
    const index = exact >= 0 ? exact : rows?.length ? 0 : -1;
    const row = index >= 0 ? rows?.splice(index, 1)[0] : undefined;
    if (!row) changes.add.push(transfer);
    else if (row.amount_cents !== transfer.amount_cents) {
      changes.update.push({ id: row.id, amount_cents: transfer.amount_cents });
    }
  }
  for (const rows of byPair.values()) changes.remove.push(...rows.map((row) => row.id));
  return changes;
}

import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { LedgerTotal } from '@wayfare/contract';
import { activityTransfer } from '../shared/activity-entries';
import {
  keptSettlements,
  newSettlementRecords,
  reconcilePending,
  type PendingChanges,
} from '../decisions/pending-settlements';
import type { LedgerState, SettlementRecord, SettlementStore } from '../types';
import type { LedgerRows } from './ledger-rows';
import type { ReadMemos } from './read-memo';

/**
 * The settlements of the embedded store: a calculation reads one row per person (the totals every expense write
 * keeps), never the expenses, and brings the pending settlements in line with its plan in one transaction.
 */
export function sqliteSettlements(
  db: Database.Database,
  memos: ReadMemos,
  { history, insertSettlement }: LedgerRows,
): SettlementStore {
  const ledgerVersion = db.prepare<[string], number>('SELECT ledger_version FROM trips WHERE id = ?').pluck();
  const totalsOf = db.prepare<[string], LedgerTotal>(
    `SELECT user_id, paid_minor, share_minor AS owed_minor FROM expense_share_totals WHERE trip_id = ?
     ORDER BY user_id`,
  );
  const settlementsOf = db.prepare<[string], SettlementRecord>(
    'SELECT * FROM settlements WHERE trip_id = ? ORDER BY created_at, rowid',
  );
  const settlementById = db.prepare<[string], SettlementRecord>('SELECT * FROM settlements WHERE id = ?');
  const deleteSettlement = db.prepare('DELETE FROM settlements WHERE id = ? AND settled_at IS NULL');
  const recordReplaced = db.prepare(
    'INSERT OR IGNORE INTO replaced_settlements (id, trip_id, replaced_at) VALUES (?, ?, ?)',
  );
  const replacedTrip = db.prepare<[string], { trip_id: string }>(
    'SELECT trip_id FROM replaced_settlements WHERE id = ?',
  );
  const updatePendingAmount = db.prepare(
    'UPDATE settlements SET amount_minor = ? WHERE id = ? AND settled_at IS NULL',
  );
  const markPaid = db.prepare(
    `UPDATE settlements SET settled_at = @at
     WHERE id = @id AND settled_at IS NULL AND (@expected IS NULL OR amount_minor = @expected)`,
  );

  // Read before a calculation's plan and again inside its write: the second read, unchanged, comes from memory.
  const ledgerStates = memos((tripId): LedgerState => ({
    ledger_version: ledgerVersion.get(tripId) ?? 0,
    totals: totalsOf.all(tripId),
    settlements: settlementsOf.all(tripId),
  }));

  // Reads one row per person, never the expenses, and the settlements it leaves are worked out rather than read back.
  const recalculate = db.transaction(
    (
      tripId: string,
      plan: Parameters<SettlementStore['recalculateSettlements']>[1],
      actorId?: string,
    ): { after: LedgerState; changed: boolean } => {
      const ledger = ledgerStates.get(tripId);
      const changes = reconcilePending(
        ledger.settlements.filter((s) => s.settled_at === null),
        plan(ledger),
      );
      if (changes.remove.length + changes.update.length + changes.add.length === 0) {
        return { after: ledger, changed: false };
      }
      const created_at = new Date().toISOString();
      for (const id of changes.remove) {
        deleteSettlement.run(id);
        recordReplaced.run(id, tripId, created_at);
      }
      for (const { id, amount_minor } of changes.update) updatePendingAmount.run(amount_minor, id);
      const added = newSettlementRecords(tripId, changes.add, created_at, randomUUID);
      for (const row of added) insertSettlement.run(row);
      const settlements = withChanges(ledger.settlements, changes, added);
      history.change(tripId, actorId ?? null, {
        kind: 'settlements.calculated',
        transfers: settlements.filter((s) => s.settled_at === null).map(activityTransfer),
      });
      return { after: { ...ledger, settlements }, changed: true };
    },
  );

  const markPaidOnce = db.transaction(
    (id: string, at: string, expected: number | null, actorId: string | null) => {
      if (markPaid.run({ at, id, expected }).changes === 0) return;
      const paid = settlementById.get(id) as SettlementRecord;
      history.change(paid.trip_id, actorId, {
        kind: 'settlement.paid',
        settlement_id: id,
        transfer: activityTransfer(paid),
      });
    },
  );

  return {
    async listSettlements(tripId) {
      return settlementsOf.all(tripId);
    },
    async getSettlement(id) {
      return settlementById.get(id) ?? null;
    },
    async ledgerState(tripId) {
      return ledgerStates.get(tripId);
    },
    async recalculateSettlements(tripId, plan, actorId) {
      const { after, changed } = recalculate(tripId, plan, actorId);
      ledgerStates.remember(tripId, after);
      return { settlements: after.settlements, changed };
    },
    async markSettlementPaid(id, at, expectedMinor, actorId) {
      markPaidOnce(id, at, expectedMinor ?? null, actorId ?? null);
      return settlementById.get(id) ?? null;
    },
    async replacedSettlementTrip(id) {
      return replacedTrip.get(id)?.trip_id ?? null;
    },
  };
}

/**
 * The trip's settlements, in `SELECT … ORDER BY created_at, rowid` order, after a recalculation removed, updated and
 * added (`added`, created at one instant) rows: a new row's rowid is above every existing one, so the added rows go
 * after every kept row created at or before that instant.
 */
function withChanges(
  settlements: readonly SettlementRecord[],
  changes: PendingChanges,
  added: readonly SettlementRecord[],
): SettlementRecord[] {
  const kept = keptSettlements(settlements, changes);
  const createdAt = added[0]?.created_at;
  const later = createdAt === undefined ? -1 : kept.findIndex((s) => s.created_at > createdAt);
  return later < 0 ? [...kept, ...added] : [...kept.slice(0, later), ...added, ...kept.slice(later)];
}

import type { LedgerTotal, LedgerTransfer } from '@wayfare/contract';

/** A transfer that clears balances: from_user_id pays to_user_id. Pending while settled_at is null. */
export interface SettlementRecord {
  id: string;
  trip_id: string;
  from_user_id: string;
  to_user_id: string;
  amount_minor: number;
  settled_at: string | null;
  created_at: string;
}

/** A transfer already made, written as a paid settlement (an import's settle-up payments). */
export type NewPayment = Pick<SettlementRecord, 'from_user_id' | 'to_user_id' | 'amount_minor'> & {
  settled_at: string;
};

/**
 * What a settlement is calculated from, read in one consistent read: each person's paid and owed totals (kept by
 * every expense write), the trip's settlements, and the ledger version those totals belong to.
 */
export interface LedgerState {
  ledger_version: number;
  /** Everyone who paid or owes on the trip; people without either may be left out. */
  totals: LedgerTotal[];
  /** Oldest first, as listSettlements. */
  settlements: SettlementRecord[];
}

/** The settlements of a trip; every write records its change in the trip's history in the same atomic write. */
export interface SettlementStore {
  /** Oldest first. */
  listSettlements(tripId: string): Promise<SettlementRecord[]>;
  getSettlement(id: string): Promise<SettlementRecord | null>;
  /** The trip's ledger state: O(people) reads, never the expenses themselves. */
  ledgerState(tripId: string): Promise<LedgerState>;
  /**
   * In one atomic write: reads the ledger state, asks `plan` for the transfers still needed, and brings the
   * pending settlements in line with them (reconcilePending: an unchanged transfer keeps its id, a changed amount is
   * updated, paid ones are never touched); answers all of the trip's settlements. `plan` is synchronous and may run
   * more than once (a retried transaction).
   */
  recalculateSettlements(
    tripId: string,
    plan: (ledger: LedgerState) => LedgerTransfer[],
    actorId?: string,
  ): Promise<SettlementRecord[]>;
  /**
   * Sets settled_at once; a settlement already paid, or (with `expectedMinor`) a pending one whose amount is no
   * longer that, is answered unchanged; null when absent. The check and the write are one atomic step.
   */
  markSettlementPaid(
    id: string,
    at: string,
    expectedMinor?: number,
    actorId?: string,
  ): Promise<SettlementRecord | null>;
  /**
   * The trip of a pending settlement that a recalculation removed (so "Mark as Paid" on it can say so); null
   * for an id that was never a settlement, or one that still exists.
   */
  replacedSettlementTrip(id: string): Promise<string | null>;
}

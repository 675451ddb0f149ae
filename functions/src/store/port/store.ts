/**
 * The data port. Feature services depend on this interface only, never on an adapter.
 * Every operation that writes more than one record is atomic inside the adapter.
 * Each part of the port (its records, its writes, its errors) is a module of port/; this one gathers them.
 */
import type { ActivityStore, BudgetStore } from './activity';
import type { ExpenseStore, ReceiptStore } from './expenses';
import type { GuestStore } from './guests';
import type { HouseholdStore } from './households';
import type { IdempotencyStore } from './idempotency';
import type { InviteLinkStore } from './invite-links';
import type { LedgerNotices } from './ledger-notices';
import type { LinkStore } from './links';
import type { InvitationStore, MemberStore } from './members';
import type { PlanStore } from './plans';
import type { SettlementStore } from './settlements';
import type { TripStore } from './trips';
import type { UserStore } from './users';

/** Expenses and settlements of a trip: the ledger (port/expenses.ts, port/settlements.ts). */
export type LedgerStore = ExpenseStore & SettlementStore;

export interface Store {
  users: UserStore;
  trips: TripStore;
  members: MemberStore;
  /** People in a ledger without an account, and their claim links (port/guests.ts). */
  guests: GuestStore;
  /** Members who settle as one, and the trip's switch that settles by them (port/households.ts). */
  households: HouseholdStore;
  invitations: InvitationStore;
  inviteLinks: InviteLinkStore;
  plans: PlanStore;
  links: LinkStore;
  ledger: LedgerStore;
  receipts: ReceiptStore;
  idempotency: IdempotencyStore;
  /** The trips' activity histories, written by the ledger writes themselves (port/activity.ts). */
  activity: ActivityStore;
  budgets: BudgetStore;
  /**
   * Where the store keeps change notices for browsers that listen to it directly (Firestore's notice documents);
   * absent when the process tells its own clients (embedded: SSE). Told through the ledger routes' one notices port.
   */
  notices?: LedgerNotices;
  /**
   * A count that changes with every write to the store, when this process is its only writer (the embedded
   * database): an answer derived from stored data and cached under it is current while the count is unchanged.
   * null when others write too (Firestore: every instance and the console), so nothing may be cached on it.
   */
  changeCount(): number | null;
  /** Resolves once the store answers reads; rejects when it cannot. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

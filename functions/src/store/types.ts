/**
 * The data port. Feature services depend on this interface only, never on an adapter.
 * Every operation that writes more than one record is atomic inside the adapter.
 */
import {
  expensePayers,
  type ExpenseCategory,
  type ExpenseCursor,
  type ExpensePayer,
  type ExpenseType,
  type LedgerTotal,
  type LedgerTransfer,
  type ReceiptType,
  type StoredSplit,
} from '@wayfare/contract';
import type {
  AddPolicy,
  Attraction,
  DailyPlan,
  GuideStatus,
  LinkKind,
  PlanTime,
  SplitTripsSummary,
  TripCursor,
  TripRole,
} from '@wayfare/contract';
import type { ActivityContext, ActivityStore, BudgetStore } from './activity';
import type { LedgerNotices } from './ledger-notices';

export interface UserRecord {
  id: string;
  username: string;
  /** Stored lower-case; the unique key for login. */
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  created_at: string;
  /** Who may add them to a trip directly (contract add-policy.ts); 'anyone' for users stored before it. */
  add_policy: AddPolicy;
}

export type NewUser = Omit<UserRecord, 'id' | 'created_at' | 'add_policy'> & { add_policy?: AddPolicy };

/** A create that would break a uniqueness rule (username or email, case-insensitive). */
export class UniqueConstraintError extends Error {
  constructor(readonly field: 'username' | 'email' | 'member' | 'invitation') {
    super(`${field} already exists`);
  }
}

/** An expense write naming someone who is not a member of the trip when it commits; nothing was written. */
export class NotAMemberError extends Error {
  constructor(readonly userId: string) {
    super(`${userId} is not a member of the trip`);
  }
}

/**
 * An expense write whose amounts are in a home currency the trip no longer has (another member changed it while the
 * amounts were being converted); nothing was written.
 */
export class HomeCurrencyChangedError extends Error {
  constructor(readonly homeCurrency: string) {
    super(`the trip's home currency is no longer ${homeCurrency}`);
  }
}

export interface UserStore {
  /** Creates the user and claims its username and email; throws UniqueConstraintError when either is taken. */
  create(user: NewUser): Promise<UserRecord>;
  findById(id: string): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  findByUsername(username: string): Promise<UserRecord | null>;
  /** Stores the user's add policy; the updated user, or null when there is no such user. */
  setAddPolicy(id: string, policy: AddPolicy): Promise<UserRecord | null>;
}

export interface TripRecord {
  id: string;
  owner_id: string;
  trip_name: string;
  description: string;
  city_name: string;
  /** yyyy-MM-dd */
  start_date: string | null;
  end_date: string | null;
  number_of_people: number;
  budget_range: string | null;
  /** Key of the uploaded trip image in the file store; null when the trip has none. */
  image_path: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Whether the AI guide is still being written (then recommendations are null), written, or the fallback. */
  guide_status: GuideStatus;
  /** The AI guide as the provider wrote it (JSON text, or raw text when it did not parse). */
  recommendations: string | null;
  /** Which provider wrote the guide, e.g. 'offline' or 'gemini'. */
  recommendations_provider: string | null;
  attractions: Attraction[];
  /** The question-flow answers the trip was created from. */
  preferences: Record<string, unknown> | null;
  /**
   * ISO 4217 code of the trip's ledger: every amount_cents, share, total and settlement is in its minor units.
   * Absent on trips stored before currencies: US dollars (homeCurrencyOf).
   */
  home_currency?: string;
  expense_count: number;
  total_expenses_cents: number;
  /** Bumped by every expense write in the same atomic write: a changed ledger always has a new version. */
  ledger_version: number;
  created_at: string;
  updated_at: string;
}

export type NewTrip = Omit<
  TripRecord,
  | 'id'
  | 'owner_id'
  | 'expense_count'
  | 'total_expenses_cents'
  | 'ledger_version'
  | 'created_at'
  | 'updated_at'
>;

/** The fields a trip edit may change. */
export type TripPatch = Partial<
  Pick<
    TripRecord,
    'trip_name' | 'description' | 'start_date' | 'end_date' | 'image_path' | 'number_of_people'
  >
>;

/** The trip fields a list answers: never the guide, attractions or preferences, which lists do not show. */
export type TripListFields = Pick<
  TripRecord,
  | 'id'
  | 'owner_id'
  | 'trip_name'
  | 'description'
  | 'city_name'
  | 'start_date'
  | 'end_date'
  | 'number_of_people'
  | 'budget_range'
  | 'image_path'
  | 'latitude'
  | 'longitude'
  | 'home_currency'
  | 'expense_count'
  | 'total_expenses_cents'
  | 'ledger_version'
  | 'created_at'
>;

/** The columns behind TripListFields, for adapters that select them by name. */
export const TRIP_LIST_FIELDS = [
  'id',
  'owner_id',
  'trip_name',
  'description',
  'city_name',
  'start_date',
  'end_date',
  'number_of_people',
  'budget_range',
  'image_path',
  'latitude',
  'longitude',
  'home_currency',
  'expense_count',
  'total_expenses_cents',
  'ledger_version',
  'created_at',
] as const satisfies ReadonlyArray<keyof TripListFields>;

/** A page of a member's trips: up to `limit`, strictly after `after` (from the newest when null). */
export interface TripPageRequest {
  limit: number;
  after: TripCursor | null;
}

/** A trip as one of its members sees it in a list. */
export interface MemberTrip extends TripListFields {
  role: TripRole;
  member_count: number;
  owner_username: string;
  /** Who added this member directly (members.add with addedBy); null when they joined otherwise. */
  added_by_username: string | null;
}

/** A trip as the access check of a member's request reads it: its list fields and the caller's role, nothing more. */
export interface TripAccess {
  trip: TripListFields;
  role: TripRole;
}

/** A finished guide as its writer leaves it on the trip. */
export type WrittenGuide = Pick<
  TripRecord,
  'recommendations' | 'recommendations_provider' | 'attractions'
> & {
  guide_status: Exclude<GuideStatus, 'writing'>;
};

export interface TripStore {
  /** Creates the trip and makes its owner the first member, in one atomic write. */
  create(ownerId: string, trip: NewTrip): Promise<TripRecord>;
  /**
   * Stores the written guide only while the trip's guide is still 'writing', checked and written atomically, so a
   * repeated or late job never overwrites a finished guide. False when it was not written (finished, or no trip).
   */
  finishGuide(id: string, guide: WrittenGuide): Promise<boolean>;
  /** Ids of the trips whose guide is still 'writing' (left so by a process that stopped mid-job). */
  listWritingGuides(): Promise<string[]>;
  get(id: string): Promise<TripRecord | null>;
  /** Applies the patch and bumps updated_at; null when the trip does not exist. */
  update(id: string, patch: TripPatch): Promise<TripRecord | null>;
  /** Deletes the trip and everything under it (members, plans, expenses, settlements); false when absent. */
  delete(id: string): Promise<boolean>;
  /**
   * The trip's list fields (never its guide, attractions or preferences) and the user's role in it, in one read;
   * null when the trip does not exist or the user is not a member.
   */
  accessFor(id: string, userId: string): Promise<TripAccess | null>;
  /** The trip's list fields, never its guide, attractions or preferences; null when the trip does not exist. */
  listFields(id: string): Promise<TripListFields | null>;
  /**
   * The trips the user belongs to, newest first (created_at desc, then id desc): all of them, or with `page` up to
   * `limit` strictly after `after`. Member counts are kept on the trip by every membership change.
   */
  listForUser(userId: string, page?: TripPageRequest): Promise<MemberTrip[]>;
  /** The user's kept share total in each of these trips, in their order (0 where no expense shares with them). */
  shareTotals(userId: string, tripIds: readonly string[]): Promise<number[]>;
  /** How many trips the user is in, their expenses and their totals per home currency (currencies in code order). */
  summaryForUser(userId: string): Promise<SplitTripsSummary>;
  /** How many members the trip has, counted without loading them; 0 when it does not exist. */
  countMembers(id: string): Promise<number>;
  /**
   * Sets the trip's home currency in one atomic step with the check that its ledger is empty (no expense, no
   * settlement), since every stored amount is in it: 'in-use' (nothing written) otherwise. Bumps ledger_version.
   */
  setHomeCurrency(id: string, currency: string, actorId?: string): Promise<'set' | 'not-found' | 'in-use'>;
}

export interface MemberRecord {
  trip_id: string;
  user_id: string;
  role: TripRole;
  joined_at: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
}

export interface MemberStore {
  roleOf(tripId: string, userId: string): Promise<TripRole | null>;
  /** The trip's members with their names, the owner first, then by joining time. */
  list(tripId: string): Promise<MemberRecord[]>;
  /**
   * Adds a participant, remembering who added them directly (`addedBy`), and clears any pending invitation of
   * theirs to the trip, in one atomic write; throws UniqueConstraintError('member') when already a member.
   */
  add(tripId: string, userId: string, addedBy?: string): Promise<MemberRecord>;
  /** Whether the two users are both members of some trip now. */
  shareATrip(userId: string, otherUserId: string): Promise<boolean>;
  /**
   * Hands the trip from its owner `fromUserId` to the participant `toUserId` in one atomic write (both roles and the
   * trip's owner_id): 'not-owner' when `fromUserId` is not its owner, 'not-member' when `toUserId` is not a
   * participant; nothing is written then.
   */
  transferOwnership(
    tripId: string,
    fromUserId: string,
    toUserId: string,
  ): Promise<'transferred' | 'not-owner' | 'not-member'>;
  /**
   * Removes a participant (never the owner) only if the ledger does not name them (they paid, share in, or are
   * named by a settlement of the trip): the check and the removal are one atomic operation, so no expense can
   * name them in between.
   */
  remove(tripId: string, userId: string, actorId?: string): Promise<'removed' | 'not-member' | 'in-ledger'>;
  /**
   * The participant leaves, whatever the ledger says: what they owe or are owed stays in it under their name. The
   * owner never leaves (spec §6: 'owner', nothing written): they hand the trip over first or delete it.
   */
  leave(tripId: string, userId: string): Promise<'left' | 'not-member' | 'owner'>;
}

/** Someone asked to join a trip who has not answered yet. Declining deletes it; accepting makes a membership. */
export interface InvitationRecord {
  trip_id: string;
  /** The invitee. */
  user_id: string;
  invited_by: string;
  created_at: string;
}

/** A pending invitation as the trip's members see it: the invitee's username only, never their email. */
export interface TripInvitation extends InvitationRecord {
  username: string;
}

/** A pending invitation as the invitee sees it: enough of the trip to decide, nothing of its ledger or plans. */
export interface UserInvitation extends InvitationRecord {
  trip_name: string;
  city_name: string;
  start_date: string | null;
  end_date: string | null;
  invited_by_username: string;
}

export interface InvitationStore {
  /**
   * Invites the user to the trip in one atomic write; throws UniqueConstraintError('member') when they are a member
   * already, UniqueConstraintError('invitation') when an invitation is pending.
   */
  create(tripId: string, userId: string, invitedBy: string): Promise<InvitationRecord>;
  /** The trip's pending invitations, oldest first. */
  listForTrip(tripId: string): Promise<TripInvitation[]>;
  /** The user's pending invitations, newest first. */
  listForUser(userId: string): Promise<UserInvitation[]>;
  /** Turns the pending invitation into a membership in one atomic write; null when there is none. */
  accept(tripId: string, userId: string): Promise<MemberRecord | null>;
  /** Deletes the pending invitation; false when there is none. */
  decline(tripId: string, userId: string): Promise<boolean>;
}

/** A trip's invite link as stored: only the SHA-256 hash of its token, never the token. */
export interface InviteLinkRecord {
  token_hash: string;
  trip_id: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  /** How many may join by it; null for no limit. */
  max_uses: number | null;
  /** How many joined by it (people already members are not counted). */
  uses: number;
  /** Set when a member turned it off or a newer link replaced it. */
  revoked_at: string | null;
}

export type JoinByLinkOutcome =
  | { outcome: 'unknown' | 'revoked' | 'expired' | 'used-up' }
  | { outcome: 'joined' | 'member'; member: MemberRecord };

export interface InviteLinkStore {
  /** Stores the trip's new link and turns off its previous one (revoked_at = created_at) in one atomic write. */
  create(link: Omit<InviteLinkRecord, 'revoked_at' | 'uses'>): Promise<InviteLinkRecord>;
  /** The trip's link that nobody turned off (it may have expired), with its creator's username; null when none. */
  active(tripId: string): Promise<(InviteLinkRecord & { created_by_username: string }) | null>;
  /** Turns off the trip's active link at `at`; false when there is none. */
  revoke(tripId: string, at: string): Promise<boolean>;
  /**
   * In one atomic write: the link's state at `at`, and when it is usable, the user's membership ('member' when
   * they were one already; 'joined' when made now, which counts a use and clears a pending invitation of theirs).
   */
  join(tokenHash: string, userId: string, at: string): Promise<JoinByLinkOutcome>;
}

/** A daily plan as stored; its day number is derived from the trip's start date when it is shown. */
export type PlanRecord = Omit<DailyPlan, 'day_number'>;

/**
 * A plan to write; without an order it goes after the plans already on its date. Its time (start and duration)
 * is written as one: without it a new plan is untimed and an updated plan keeps its time.
 */
export type NewPlan = Pick<PlanRecord, 'plan_date' | 'category' | 'title' | 'description'> & {
  order?: number;
} & Partial<PlanTime>;

export interface PlanStore {
  /** The trip's plans by date, then in day order (contract's comparePlans: timed by start time, then untimed). */
  list(tripId: string): Promise<PlanRecord[]>;
  get(tripId: string, planId: string): Promise<PlanRecord | null>;
  create(tripId: string, plan: NewPlan): Promise<PlanRecord>;
  /**
   * Creates the plans that are not duplicates (planDuplicateKey) of the trip's plans or of an earlier plan in the
   * batch, as one atomic write, so two concurrent batches cannot both add the same plan.
   */
  createMany(tripId: string, plans: NewPlan[]): Promise<{ plans: PlanRecord[]; skipped: number }>;
  /** Replaces the plan's fields (keeping its order and its time unless given); null when absent. */
  update(tripId: string, planId: string, plan: NewPlan): Promise<PlanRecord | null>;
  delete(tripId: string, planId: string): Promise<boolean>;
}

/** A link that opens part of a trip without a session (contract/links.ts). */
export interface LinkRecord {
  /** Random and unguessable; the link's address carries it, signed. */
  id: string;
  trip_id: string;
  kind: LinkKind;
  /** The member whose calendar feed it is; null for the trip's share link (one per trip). */
  member_id: string | null;
  /** The member who made it. */
  created_by: string;
  created_at: string;
}

export type NewLink = Omit<LinkRecord, 'created_at'>;

/** Links live under their trip and go with it. */
export interface LinkStore {
  /**
   * Makes the link the only one in its slot (its trip, kind and member) in one atomic write: the link it replaces
   * stops working.
   */
  replace(link: NewLink): Promise<LinkRecord>;
  /** The trip's link with this id; null once it is revoked or replaced (or never was). */
  get(tripId: string, id: string): Promise<LinkRecord | null>;
  /** The link in the slot, or null. */
  current(tripId: string, kind: LinkKind, memberId: string | null): Promise<LinkRecord | null>;
  /** Deletes the link in the slot; false when there was none. */
  revoke(tripId: string, kind: LinkKind, memberId: string | null): Promise<boolean>;
}

/** A write's answer, kept under the Idempotency-Key its client sent. */
export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

/** What claiming a key found: it was free (now held for this request), or another request holds or answered it. */
export type IdempotencyClaim =
  | { state: 'claimed' }
  | { state: 'taken'; request: string; payload: string | null; answer: IdempotentAnswer | null };

/**
 * Idempotency keys per user (the offline queue's retries): a write claims its key before it runs and completes
 * it with its answer, so a repeat answers that and writes nothing. Records past `expires_at` count as absent
 * (and are removed: by the embedded store as it claims, by a TTL policy on expires_at in Firestore).
 */
export interface IdempotencyStore {
  /**
   * Claims (userId, key) for `request` (method and path) with `payload` (the body's fingerprint; null: not
   * fingerprinted) until `leaseUntil`, unless a live record holds it: then that record.
   */
  claim(
    userId: string,
    key: string,
    request: string,
    payload: string | null,
    now: Date,
    leaseUntil: Date,
  ): Promise<IdempotencyClaim>;
  /** Keeps the answer of the claimed key until `expiresAt`. */
  complete(userId: string, key: string, answer: IdempotentAnswer, expiresAt: Date): Promise<void>;
  /** Frees the key (the write failed): the client may try again with it. */
  release(userId: string, key: string): Promise<void>;
}

export interface Store {
  users: UserStore;
  trips: TripStore;
  members: MemberStore;
  invitations: InvitationStore;
  inviteLinks: InviteLinkStore;
  plans: PlanStore;
  links: LinkStore;
  split: SplitStore;
  receipts: ReceiptStore;
  idempotency: IdempotencyStore;
  /** The trips' activity histories, written by the ledger writes themselves (activity.ts). */
  activity: ActivityStore;
  budgets: BudgetStore;
  /**
   * Where the store keeps change notices for browsers that listen to it directly (Firestore's notice documents);
   * absent when the process tells its own clients (embedded: SSE). Told through the split routes' one notices port.
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

/**
 * What an expense in another currency than the trip's was paid in, and the rate it was converted at once (home
 * units per unit of `currency`, exact decimal text), from `rate_source` of `rate_date`.
 */
export interface ExpenseOriginal {
  currency: string;
  amount_minor: number;
  rate: string;
  rate_source: 'ecb' | 'snapshot' | 'member';
  rate_date: string;
}

export interface ExpenseRecord {
  id: string;
  trip_id: string;
  title: string;
  description: string;
  /** In the trip's home currency's minor units, like the shares and every total. */
  amount_cents: number;
  /** Absent for an expense paid in the trip's home currency. */
  original?: ExpenseOriginal;
  /** yyyy-MM-dd */
  expense_date: string;
  category: ExpenseCategory;
  expense_type: ExpenseType;
  /** The first payer's user id (the spec's one payer). */
  paid_by: string;
  /**
   * Who paid how much, in order (the first is paid_by): each part above 0, adding up to amount_cents exactly (the
   * service checks before writing); one payer of the whole amount for an expense written before payers were kept.
   */
  payers: ExpensePayer[];
  /** Who owes what; the shares add up to amount_cents exactly (the service checks before writing). */
  shares: Array<{ user_id: string; share_cents: number }>;
  /** How the shares were decided (method, people, weights), so an edit can keep or re-apply it. */
  split: StoredSplit;
  created_by: string;
  created_at: string;
  updated_at: string;
  /** The photo or PDF attached to it; null without one. Set only by setReceipt. */
  receipt: ReceiptRecord | null;
}

/** A receipt on an expense: where its file (and an image's thumbnail) lives in the file store, never shown. */
export interface ReceiptRecord {
  /** File-store key, `receipts/{tripId}/{expenseId}/{uuid}.{ext}`: a new upload always gets a new key. */
  path: string;
  /** The image's small WebP beside it; null for a PDF. */
  thumbnail_path: string | null;
  content_type: ReceiptType;
  /** Bytes. */
  size: number;
}

/** Without `payers`, paid_by paid it all. The receipt is written apart (ReceiptStore). */
export type NewExpense = Omit<
  ExpenseRecord,
  'id' | 'trip_id' | 'created_at' | 'updated_at' | 'payers' | 'receipt'
> &
  Partial<Pick<ExpenseRecord, 'payers'>>;
export type ExpensePatch = Omit<NewExpense, 'created_by'>;

/** A transfer that clears balances: from_user_id pays to_user_id. Pending while settled_at is null. */
export interface SettlementRecord {
  id: string;
  trip_id: string;
  from_user_id: string;
  to_user_id: string;
  amount_cents: number;
  settled_at: string | null;
  created_at: string;
}

/** A transfer already made, written as a paid settlement (an import's settle-up payments). */
export type NewPayment = Pick<SettlementRecord, 'from_user_id' | 'to_user_id' | 'amount_cents'> & {
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

/**
 * Expenses and settlements of a trip. Every write records its change in the trip's history (activity.ts) in the
 * same atomic write, made by `actorId` (an expense create: by its creator). Every expense write also updates the trip's expense_count,
 * total_expenses_cents and each person's paid and owed totals in the same atomic write, so the totals are exact
 * under concurrent writers.
 */
export interface SplitStore {
  /** Newest expense date first, then newest created, then id. */
  listExpenses(tripId: string): Promise<ExpenseRecord[]>;
  /** Up to `limit` expenses in listExpenses order, strictly after `after` (from the first when null). */
  listExpensePage(
    tripId: string,
    page: { limit: number; after: ExpenseCursor | null },
  ): Promise<ExpenseRecord[]>;
  /** The sum of the user's shares over the trip's expenses, kept by every expense write (0 when none). */
  shareTotal(tripId: string, userId: string): Promise<number>;
  getExpense(id: string): Promise<ExpenseRecord | null>;
  /**
   * Throws NotAMemberError, writing nothing, when the payer or anyone in the shares is not a member at commit; and
   * HomeCurrencyChangedError when `homeCurrency` is given — the trip's home currency as the caller read it, which
   * the amounts were converted to — and the trip's currency was changed to another before the commit.
   */
  createExpense(
    tripId: string,
    expense: NewExpense,
    homeCurrency?: string,
    activity?: ActivityContext,
  ): Promise<ExpenseRecord>;
  /**
   * Creates all of them in one atomic write (an import): either every one is stored, with the trip totals moved by
   * their sum, or none (NotAMemberError when any names someone who is not a member at commit; and
   * HomeCurrencyChangedError as createExpense's, when `homeCurrency` is given). `payments` are transfers already
   * made (settle-up payments in the file), stored in the same write as paid settlements.
   */
  createExpenses(
    tripId: string,
    expenses: NewExpense[],
    homeCurrency?: string,
    payments?: NewPayment[],
  ): Promise<ExpenseRecord[]>;
  /**
   * Replaces the expense's fields and moves the trip total by the difference; null when absent. Throws
   * NotAMemberError, writing nothing, when the new payer or shares name someone who is not a member at commit,
   * unless the stored expense already named them (a member who left keeps their place in what was decided).
   */
  updateExpense(id: string, expense: ExpensePatch, actorId?: string): Promise<ExpenseRecord | null>;
  /** Deletes it and takes it off the trip totals; the deleted record, or null when absent. */
  deleteExpense(id: string, actorId?: string): Promise<ExpenseRecord | null>;

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
   * Sets settled_at once; a settlement already paid, or (with `expectedCents`) a pending one whose amount is no
   * longer that, is answered unchanged; null when absent. The check and the write are one atomic step.
   */
  markSettlementPaid(
    id: string,
    at: string,
    expectedCents?: number,
    actorId?: string,
  ): Promise<SettlementRecord | null>;
  /**
   * The trip of a pending settlement that a recalculation removed (so "Mark as Paid" on it can say so); null
   * for an id that was never a settlement, or one that still exists.
   */
  replacedSettlementTrip(id: string): Promise<string | null>;
}

/** Receipts are kept on their expense (ExpenseRecord.receipt); these are the only writes of that field. */
export interface ReceiptStore {
  /**
   * Attaches the receipt to the expense (null removes it) and gives the trip a new ledger version, in one atomic
   * write; answers the expense as written and the receipt it replaced, or null when the expense is absent.
   */
  set(
    expenseId: string,
    receipt: ReceiptRecord | null,
  ): Promise<{ expense: ExpenseRecord; replaced: ReceiptRecord | null } | null>;
  /** The receipts on the trip's expenses, in no particular order (their files go when the trip goes). */
  listForTrip(tripId: string): Promise<ReceiptRecord[]>;
}

type NamingFields = Pick<ExpenseRecord, 'paid_by' | 'amount_cents' | 'shares'> &
  Partial<Pick<ExpenseRecord, 'payers'>>;

/**
 * Everyone an expense names: its payers and the people in its shares, each once. Not the split's people with a zero
 * share: they are in no balance until an amount edit gives them money, and then they are named (and checked) anew.
 */
export const peopleOfExpense = (expense: NamingFields) => [
  ...new Set([
    ...expensePayers(expense).map((p) => p.user_id),
    ...expense.shares.map((share) => share.user_id),
  ]),
];

/** The expense as stored: its payers given (paid_by is the first of them), or paid_by of the whole amount. */
export const withPayers = <T extends ExpensePatch>(expense: T): T & Pick<ExpenseRecord, 'payers'> => {
  const payers = expensePayers(expense).map(({ user_id, paid_cents }) => ({ user_id, paid_cents }));
  return { ...expense, paid_by: (payers[0] as ExpensePayer).user_id, payers };
};

/** The people a write of `next` names who were not named by the stored version (all of them for a new expense). */
export const newlyNamed = (next: NamingFields, stored?: NamingFields) => {
  const before = new Set(stored ? peopleOfExpense(stored) : []);
  return peopleOfExpense(next).filter((id) => !before.has(id));
};

/** Uniqueness keys are case-insensitive across scripts, not only ASCII. */
export const uniqueKey = (value: string) => value.trim().toLocaleLowerCase('en-US');

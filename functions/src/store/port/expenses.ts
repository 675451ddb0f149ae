import {
  expensePayers,
  type ExpenseCursor,
  type ExpenseFacts,
  type ExpensePayer,
  type ExpenseSharePart,
  type RateSource,
  type ReceiptType,
  type StoredSplit,
} from '@wayfare/contract';
import type { ActivityContext } from './activity';
import type { NewPayment } from './settlements';

/**
 * What an expense in another currency than the trip's was paid in, and the rate it was converted at once (home
 * units per unit of `currency`, exact decimal text), from `rate_source` of `rate_date`.
 */
export interface ExpenseOriginal {
  currency: string;
  amount_minor: number;
  rate: string;
  /** Never 'home': an expense in the home currency has no original. */
  rate_source: Exclude<RateSource, 'home'>;
  rate_date: string;
}

/**
 * An expense as stored: the facts an ExpenseEntry brings (contract's expense-entry.ts, the same names; amount_minor
 * in the trip's home currency's minor units, like the shares and every total) and what was decided of it.
 */
export interface ExpenseRecord extends ExpenseFacts {
  id: string;
  trip_id: string;
  /** Absent for an expense paid in the trip's home currency. */
  original?: ExpenseOriginal;
  /** The first payer's user id (the spec's one payer). */
  paid_by: string;
  /**
   * Who paid how much, in order (the first is paid_by): each part above 0, adding up to amount_minor exactly (the
   * service checks before writing); one payer of the whole amount for an expense written before payers were kept.
   */
  payers: ExpensePayer[];
  /** Who owes what; the shares add up to amount_minor exactly (the service checks before writing). */
  shares: ExpenseSharePart[];
  /** How the shares were decided (method, people, weights), so an edit can keep or re-apply it. */
  split: StoredSplit;
  created_by: string;
  created_at: string;
  updated_at: string;
  /**
   * 1 when created, one more on every edit (contract's expense-versions.ts): what a conditional edit or delete
   * names. A receipt is written apart and moves no version: no edit can overwrite it.
   */
  version: number;
  /** Who made this version: its creator until the first edit. */
  updated_by: string;
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
  'id' | 'trip_id' | 'created_at' | 'updated_at' | 'version' | 'updated_by' | 'payers' | 'receipt'
> &
  Partial<Pick<ExpenseRecord, 'payers'>>;
export type ExpensePatch = Omit<NewExpense, 'created_by'>;

/**
 * The expenses of a trip. Every write records its change in the trip's history (activity.ts) in the same atomic
 * write, made by `actorId` (an expense create: by its creator), and updates the trip's expense_count,
 * total_expenses_minor and each person's paid and owed totals in the same atomic write, so the totals are exact
 * under concurrent writers.
 */
export interface ExpenseStore {
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
   * Replaces the expense's fields, makes it the next version by `actorId` (its creator when not given), and moves the trip total by the
   * difference; null when absent. Throws NotAMemberError, writing nothing, when the new payer or shares name someone
   * who is not a member at commit, unless the stored expense already named them (a member who left keeps their
   * place in what was decided); and ExpenseVersionMismatchError, writing nothing, when `ifVersions` is given and the
   * stored version is none of them at commit.
   */
  updateExpense(
    id: string,
    expense: ExpensePatch,
    actorId?: string,
    ifVersions?: readonly number[],
  ): Promise<ExpenseRecord | null>;
  /**
   * Deletes it and takes it off the trip totals; the deleted record, or null when absent. Throws
   * ExpenseVersionMismatchError, deleting nothing, when `ifVersions` is given and the stored version is none of them.
   */
  deleteExpense(id: string, actorId?: string, ifVersions?: readonly number[]): Promise<ExpenseRecord | null>;
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

type NamingFields = Pick<ExpenseRecord, 'paid_by' | 'amount_minor' | 'shares'> &
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
  const payers = expensePayers(expense).map(({ user_id, paid_minor }) => ({ user_id, paid_minor }));
  return { ...expense, paid_by: (payers[0] as ExpensePayer).user_id, payers };
};

/** The people a write of `next` names who were not named by the stored version (all of them for a new expense). */
export const newlyNamed = (next: NamingFields, stored?: NamingFields) => {
  const before = new Set(stored ? peopleOfExpense(stored) : []);
  return peopleOfExpense(next).filter((id) => !before.has(id));
};

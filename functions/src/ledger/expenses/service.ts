/**
 * Expenses (spec §5, §7): list, create, edit, delete, and an expense's receipt. An expense commits only if everyone
 * it newly names is a member at that moment (checked inside the write). An expense may be edited or deleted, and its
 * receipt attached, replaced or removed, by whoever created it, whoever paid it (any of its payers), or the owner.
 * Its receipt's links work for members only, each link for the member it was made for (files/routes.ts). The caller's
 * membership comes resolved with the request (../scope.ts).
 */
import {
  EXPENSE_CHANGED,
  HOME_CURRENCY_CHANGED,
  homeCurrencyOf,
  itemizedStored,
  type Expense,
  type ExpenseConflict,
  type ExpenseEntry,
  type IfMatch,
  type LedgerChangeKind,
  type TripRole,
  NO_RECEIPT_FILE,
} from '@wayfare/contract';
import type { FileStore } from '../../files/file-store';
import type { ImageUrls } from '../../files/image-urls';
import { deleteReceiptFiles, storeReceipt } from '../../files/receipts';
import type { ReceivedFile } from '../../files/receive-upload';
import { HttpError } from '../../http/errors';
import { bundledRates, type RateProvider } from '../../rates/provider';
import {
  ExpenseVersionMismatchError,
  HomeCurrencyChangedError,
  NotAMemberError,
  peopleOfExpense,
  type ExpensePatch,
  type ExpenseRecord,
  type MemberRecord,
  type Store,
  type TripListFields,
} from '../../store/types';
import { requireDateNearTrip, TRIP_NOT_FOUND } from '../../trips/access';
import { inHomeCurrency, originalOf } from '../currency';
import type { LedgerNotices } from '../../store/port/ledger-notices';
import { peopleOf } from '../people';
import { EXPENSE_NOT_FOUND, type ExpenseScope, type TripScope } from '../scope';
import { createExpensePages } from './pages';
import { keptSplit, NOT_A_PARTICIPANT, splitFor } from './split-decision';
import { receiptView, toExpense } from './views';

const MAY_NOT_CHANGE = 'Only whoever added or paid this expense, or the trip owner, can change it';

/** The versions a write's If-Match allows, as the store takes them: undefined for none or `*` (any). */
const versionsOf = (ifMatch: IfMatch | undefined) => (ifMatch && !ifMatch.any ? ifMatch.versions : undefined);

/** The trip of an expense write and its members, read once for the write and its answer. */
interface ExpenseContext {
  trip: TripListFields;
  members: MemberRecord[];
}

/** Who may change or delete an expense, and its receipt: whoever added it, whoever paid it, or the trip's owner. */
const mayChangeExpense = (expense: ExpenseRecord, role: TripRole, userId: string) =>
  role === 'owner' || expense.created_by === userId || expense.payers.some((p) => p.user_id === userId);

/** 403 unless the caller may change the expense (mayChangeExpense). */
function requireMayChange({ expense, role, user }: ExpenseScope, message = MAY_NOT_CHANGE) {
  if (!mayChangeExpense(expense, role, user.id)) throw new HttpError(403, message);
}

export function createExpenseService({
  store,
  notices,
  imageUrls,
  files,
  rates = bundledRates,
}: {
  store: Store;
  notices: LedgerNotices;
  /** The reference rates an expense in another currency is converted at when the member gives none. */
  rates?: RateProvider;
  /** Signs the receipts' addresses, the same way the trips API does. */
  imageUrls: ImageUrls;
  /** Where receipt files live (the trip images' file store). */
  files: FileStore;
}) {
  /** Tells the trip's open ledger pages of a committed write (the one place this service emits). */
  const emit = (kind: LedgerChangeKind, tripId: string, subjectId: string) =>
    notices.changed({ kind, trip_id: tripId, subject_id: subjectId, at: new Date().toISOString() });

  /**
   * What a create or an edit stores: the entry's fields, with the split kept from the stored expense (see keptSplit)
   * or decided by the entry over today's members; and the home currency its amounts are in, as the trip had it.
   */
  async function expenseFields(
    { trip, members }: ExpenseContext,
    entry: ExpenseEntry,
    stored?: ExpenseRecord,
  ): Promise<{ fields: ExpensePatch; home: string }> {
    requireDateNearTrip(trip, entry.expense_date, 'expense_date');
    const memberIds = members.map((m) => m.user_id);
    // Another currency: converted once, here; the split is decided on the home amounts (see ./currency).
    const home = homeCurrencyOf(trip);
    const original = await originalOf(rates, home, entry, stored);
    const homeEntry = original ? inHomeCurrency(entry, original, home) : entry;
    const kept = stored && keptSplit(stored, homeEntry, memberIds);
    // A newly decided split is checked on the original amounts too (shares sent beside a split, people).
    if (original && !kept) splitFor(entry, members, stored);
    const decided = kept ?? splitFor(homeEntry, members, stored);
    const { split } = entry;
    const fields: ExpensePatch = {
      title: entry.title,
      description: entry.description,
      amount_minor: homeEntry.amount_minor,
      expense_date: entry.expense_date,
      category: entry.category,
      expense_type: entry.expense_type,
      paid_by: (homeEntry.payers[0] as { user_id: string }).user_id,
      payers: homeEntry.payers,
      ...(original && { original }),
      ...decided,
      // Itemized: the items as decided, in the currency they were paid in (itemized.ts).
      ...(split.method === 'itemized' && {
        split: itemizedStored(decided.split, split.items, entry.currency ?? home),
      }),
    };
    return { fields, home };
  }

  /** An expense write, whose store refuses anyone who is not a member when it commits: 422 as the service's own check. */
  async function committed<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } catch (err) {
      if (err instanceof NotAMemberError) throw new HttpError(422, NOT_A_PARTICIPANT);
      if (err instanceof HomeCurrencyChangedError) throw new HttpError(409, HOME_CURRENCY_CHANGED);
      throw err;
    }
  }

  /**
   * The trip and its members as the expense writes arriving in one turn of the event loop read them: one read for
   * all of them (ten concurrent writers of a trip arrive together, each answered after its group's commit). The
   * store checks again inside the write that everyone a write names is still a member, so a read shared with a
   * write that came in the same turn is as good as one of its own.
   */
  const tripReads = new Map<string, Promise<[TripListFields | null, MemberRecord[]]>>();
  function tripAndMembers(tripId: string) {
    let read = tripReads.get(tripId);
    if (!read) {
      if (tripReads.size === 0) setImmediate(() => tripReads.clear());
      read = Promise.all([store.trips.listFields(tripId), store.members.list(tripId)]);
      tripReads.set(tripId, read);
    }
    return read;
  }

  /**
   * What an expense write and its answer need of the trip, read once per request (or turn, above): the trip (its
   * dates and home currency) and its members (the split, and the names in the answer).
   */
  async function expenseContext(tripId: string): Promise<ExpenseContext> {
    const [trip, members] = await tripAndMembers(tripId);
    // The trip goes with its expenses: an expense whose trip is gone is gone too.
    if (!trip) throw new HttpError(404, EXPENSE_NOT_FOUND);
    return { trip, members };
  }

  async function expenseView(record: ExpenseRecord, viewerId: string, context?: ExpenseContext) {
    const { trip, members } = context ?? (await expenseContext(record.trip_id));
    return toExpense(
      record,
      await peopleOf(store, members, peopleOfExpense(record)),
      homeCurrencyOf(trip),
      receiptView(imageUrls, record, viewerId),
    );
  }

  /** The 412 of a conditional write that found another version: the expense now, who made it and when. */
  async function conflictOf(current: ExpenseRecord, viewerId: string): Promise<HttpError> {
    const context = await expenseContext(current.trip_id);
    const { user_id, first_name, last_name } = (await peopleOf(store, context.members, [current.updated_by]))(
      current.updated_by,
    );
    const conflict: Omit<ExpenseConflict, 'error'> = {
      expense: await expenseView(current, viewerId, context),
      changed_by: { user_id, first_name, last_name },
      changed_at: current.updated_at,
    };
    return new HttpError(412, EXPENSE_CHANGED, undefined, conflict);
  }

  /** A conditional write, whose store refuses another version than it names: 412 with that version. */
  async function unlessChanged<T>(write: Promise<T>, viewerId: string): Promise<T> {
    try {
      return await write;
    } catch (err) {
      if (err instanceof ExpenseVersionMismatchError) throw await conflictOf(err.current, viewerId);
      throw err;
    }
  }

  const pages = createExpensePages({ store, imageUrls });

  return {
    listExpensesJson: pages.json,

    /** `defaulted`: the home currency an entry without a currency was read in (expense-body.ts), if it was. */
    async createExpense(
      { trip: { id: tripId }, user }: TripScope,
      entry: ExpenseEntry,
      defaulted?: string,
    ): Promise<Expense> {
      // The trip and its members as read before the write (the store refuses anyone gone by the time it commits).
      const [trip, members] = await tripAndMembers(tripId);
      if (!trip) throw new HttpError(404, TRIP_NOT_FOUND);
      if (defaulted !== undefined && defaulted !== homeCurrencyOf(trip)) {
        throw new HttpError(409, HOME_CURRENCY_CHANGED);
      }
      const context = { trip, members };
      // The home currency can change while the ledger is empty: the write checks it is still the one converted to.
      const { fields, home } = await expenseFields(context, entry);
      const record = await committed(
        store.ledger.createExpense(tripId, { ...fields, created_by: user.id }, home),
      );
      await emit('expense.created', tripId, record.id);
      return expenseView(record, user.id, context);
    },

    /** Any member may read an expense of their trip (the scope step answered 404 to anyone else). */
    readExpense({ expense, user }: ExpenseScope): Promise<Expense> {
      return expenseView(expense, user.id);
    },

    /** With `ifMatch`, saved only while the expense is still at a version it names (412 otherwise). */
    async updateExpense(scope: ExpenseScope, entry: ExpenseEntry, ifMatch?: IfMatch): Promise<Expense> {
      requireMayChange(scope);
      const { expense, user } = scope;
      const context = await expenseContext(expense.trip_id);
      const { fields } = await expenseFields(context, entry, expense);
      const record = await committed(
        // No check of the home currency: it cannot change while the trip has this expense.
        unlessChanged(store.ledger.updateExpense(expense.id, fields, user.id, versionsOf(ifMatch)), user.id),
      );
      if (!record) throw new HttpError(404, EXPENSE_NOT_FOUND);
      await emit('expense.updated', record.trip_id, expense.id);
      return expenseView(record, user.id, context);
    },

    /**
     * Attaches the received file as the expense's receipt (type from its bytes, thumbnail for an image), replacing
     * any receipt it had: the replaced files go once the new receipt is saved, and the new ones if it is not.
     */
    async attachReceipt(scope: ExpenseScope, upload: ReceivedFile | undefined): Promise<Expense> {
      requireMayChange(scope);
      const { expense, user } = scope;
      if (!upload) throw new HttpError(400, NO_RECEIPT_FILE);
      const receipt = await storeReceipt(files, { tripId: expense.trip_id, expenseId: expense.id }, upload);
      const written = await store.receipts.set(expense.id, receipt).catch(async (err: unknown) => {
        await deleteReceiptFiles(files, receipt);
        throw err;
      });
      if (!written) {
        await deleteReceiptFiles(files, receipt);
        throw new HttpError(404, EXPENSE_NOT_FOUND);
      }
      if (written.replaced) await deleteReceiptFiles(files, written.replaced);
      await emit('expense.updated', expense.trip_id, expense.id);
      return expenseView(written.expense, user.id);
    },

    /** Removes the expense's receipt and its files; removing none is not an error. */
    async removeReceipt(scope: ExpenseScope): Promise<Expense> {
      requireMayChange(scope);
      const { expense, user } = scope;
      if (!expense.receipt) return expenseView(expense, user.id);
      const written = await store.receipts.set(expense.id, null);
      if (!written) throw new HttpError(404, EXPENSE_NOT_FOUND);
      if (written.replaced) await deleteReceiptFiles(files, written.replaced);
      await emit('expense.updated', expense.trip_id, expense.id);
      return expenseView(written.expense, user.id);
    },

    /** With `ifMatch`, deleted only while the expense is still at a version it names (412 otherwise). */
    async deleteExpense(scope: ExpenseScope, ifMatch?: IfMatch): Promise<void> {
      requireMayChange(scope, 'Only whoever added or paid this expense, or the trip owner, can delete it');
      const { expense, user } = scope;
      const deleted = await unlessChanged(
        store.ledger.deleteExpense(expense.id, user.id, versionsOf(ifMatch)),
        user.id,
      );
      if (!deleted) throw new HttpError(404, EXPENSE_NOT_FOUND);
      await emit('expense.deleted', expense.trip_id, expense.id);
      if (deleted.receipt) await deleteReceiptFiles(files, deleted.receipt);
    },
  };
}

export type ExpenseService = ReturnType<typeof createExpenseService>;

/**
 * The rules of group expense splitting. Who may do what on a trip (spec §6 leaves server enforcement open; these
 * are the decisions, enforced here and tested over HTTP):
 * - Only members see or change anything of a trip; to anyone else it does not exist (404).
 * - Every member may list participants, add someone (the overview's "Add Friend" is offered to all; participants.ts:
 *   a participant at once, or an invitation where the person's own setting asks for one), add expenses, view and
 *   recalculate settlements. An invitation is not a membership: the invitee sees only the invitation (trip name,
 *   city, dates, who invited them) until they accept; they may decline instead.
 * - The owner may remove any participant who does not appear in the ledger (paid, shares in, or is named by a
 *   settlement): someone in it is never pushed out (409), checked in the same atomic write as the removal.
 * - Any participant may leave, whatever the ledger says: what they owe or are owed stays under their name, settled
 *   like any other balance (they are shown as having left). The owner is never removed and cannot leave (spec §6,
 *   409): they make another participant the owner first (participants.ts), or delete the trip.
 * - An expense commits only if everyone it newly names is a member at that moment (checked inside the write).
 * - An expense may be edited or deleted, and its receipt attached, replaced or removed, by whoever created it,
 *   whoever paid it (any of its payers), or the owner. Its receipt's links work for members only, each link for the
 *   member it was made for (files/routes.ts).
 * - A settlement may be marked paid by its payer, its payee, or the owner.
 */
import { createHash } from 'node:crypto';
import {
  HOME_CURRENCY_CHANGED,
  HOME_CURRENCY_LOCKED,
  ITEMS_MUST_MATCH_AMOUNT,
  SETTLEMENT_REPLACED,
  SHARES_EXCEED_AMOUNT,
  SPLIT_TOLERANCE_CENTS,
  applySplit,
  balanceDollars,
  homeCurrencyOf,
  minorToMajor,
  encodeExpenseCursor,
  expenseSplitOf,
  explainLedger,
  itemizedStored,
  payersLabel,
  sumCents,
  OWNER_CANNOT_BE_REMOVED,
  OWNER_CANNOT_LEAVE,
  NO_RECEIPT_FILE,
  type Balance,
  type CalculateSettlementsResponse,
  type Expense,
  type ExpenseBody,
  type ExpenseCursor,
  type ExpenseListQuery,
  type ExpensePayer,
  type ExpensesResponse,
  type LedgerBalance,
  type LedgerChangeKind,
  type LedgerPerson,
  type MarkPaidBody,
  type MemberExplanation,
  type Participant,
  type Receipt,
  type Settlement,
  type SettlementExplanationResponse,
  type SettlementPlan,
  type TripInvitation,
  type TripRole,
  type UserInvitation,
  type StoredSplit,
} from '@wayfare/contract';
import type { FileStore } from '../files/file-store';
import type { ImageUrls } from '../files/image-urls';
import { deleteReceiptFiles, storeReceipt } from '../files/receipts';
import type { ReceivedFile } from '../files/receive-upload';
import { HttpError } from '../http/errors';
import type {
  ExpensePatch,
  ExpenseRecord,
  InvitationRecord,
  MemberRecord,
  SettlementRecord,
  Store,
  TripListFields,
  UserRecord,
} from '../store/types';
import { HomeCurrencyChangedError, NotAMemberError, peopleOfExpense } from '../store/types';
import { requireDateNearTrip, requireTripMember, TRIP_NOT_FOUND } from '../trips/access';
import type { LedgerNotices } from '../store/ledger-notices';
import { createEncodedBodies, type BodyEncoding } from '../http/encoded-bodies';
import { createExpensePageCache, type SharedPage } from './expense-page-cache';
import { jsonArrayInTurns, jsonObject, jsonOf, nextTurn, type JsonFields } from './typed-json';
import { balancesOf, type SettlementPlanner } from './settlement-planner';
import { bundledRates, type RateProvider } from '../rates/provider';
import { currencyFieldsOf, inHomeCurrency, originalOf, SHARES_MUST_ADD_UP } from './currency';

export const EXPENSE_NOT_FOUND = 'Expense not found';
export const SETTLEMENT_NOT_FOUND = 'Settlement not found';
export const STILL_IN_LEDGER =
  'This participant still has expenses or settlements on this trip, so they cannot be removed. They can leave the trip themselves, keeping their balance.';
export { SHARES_MUST_ADD_UP };
export const NOT_A_PARTICIPANT = 'Everyone in the split must be a participant of this trip';
export const ALREADY_PARTICIPANT = 'That person is already a participant of this trip';
export const ALREADY_INVITED = 'That person has already been invited to this trip';
export const NO_INVITATION = 'No pending invitation to this trip';
export const NOT_A_MEMBER = 'That person is not a participant of this trip';
const MAY_NOT_CHANGE = 'Only whoever added or paid this expense, or the trip owner, can change it';

const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

export function toParticipant(member: MemberRecord): Participant {
  return {
    id: `${member.trip_id}:${member.user_id}`,
    user_id: member.user_id,
    display_name: fullName(member) || member.username,
    first_name: member.first_name,
    last_name: member.last_name,
    email: member.email,
    user_email: member.email,
    username: member.username,
    joined_at: member.joined_at,
    is_owner: member.role === 'owner',
  };
}

export const toInvitation = (invitation: InvitationRecord & { username: string }): TripInvitation => ({
  trip_id: invitation.trip_id,
  user_id: invitation.user_id,
  username: invitation.username,
  invited_at: invitation.created_at,
});

/**
 * Names for everyone a trip's ledger mentions: its members, plus anyone no longer a member (looked up, and marked
 * as having left).
 */
export async function peopleOf(store: Store, members: MemberRecord[], userIds: Iterable<string>) {
  const people = new Map<string, LedgerPerson>(
    members.map((m) => [
      m.user_id,
      { user_id: m.user_id, first_name: m.first_name, last_name: m.last_name, email: m.email, left: false },
    ]),
  );
  const missing = [...new Set(userIds)].filter((id) => !people.has(id));
  const users = await Promise.all(missing.map((id) => store.users.findById(id)));
  users.forEach((user, index) => {
    const id = missing[index] as string;
    people.set(
      id,
      user
        ? {
            user_id: id,
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email,
            left: true,
          }
        : { user_id: id, first_name: 'Former', last_name: 'member', email: '', left: true },
    );
  });
  return (id: string) => people.get(id) as LedgerPerson;
}

/** The expense's receipt with addresses signed for one member (image-urls.ts), or null without one. */
function receiptView(
  urls: ImageUrls,
  record: Pick<ExpenseRecord, 'id' | 'trip_id' | 'receipt'>,
  viewerId: string,
  nowMs = Date.now(),
): Receipt | null {
  const { receipt } = record;
  if (!receipt) return null;
  const signed = (imagePath: string, thumbnail: boolean) =>
    urls.receiptUrlFor({ tripId: record.trip_id, imagePath, viewerId }, record.id, thumbnail, nowMs);
  return {
    url: signed(receipt.path, false),
    thumbnail_url: receipt.thumbnail_path ? signed(receipt.thumbnail_path, true) : null,
    content_type: receipt.content_type,
    size: receipt.size,
  };
}

/** An expense answer; its amounts are in `home`, the trip's currency, beside what was paid (currencyFieldsOf). */
function toExpense(
  record: ExpenseRecord,
  person: (id: string) => LedgerPerson,
  home: string,
  receipt: Receipt | null,
): Expense {
  return {
    id: record.id,
    trip_id: record.trip_id,
    title: record.title,
    description: record.description,
    amount_cents: record.amount_cents,
    amount: minorToMajor(record.amount_cents, home),
    ...currencyFieldsOf(record, home),
    expense_date: record.expense_date,
    category: record.category,
    expense_type: record.expense_type,
    paid_by: record.paid_by,
    paid_by_name: payersLabel(record.payers.map((p) => fullName(person(p.user_id)))),
    payers: record.payers.map(({ user_id, paid_cents }) => {
      const { first_name, last_name } = person(user_id);
      return {
        user_id,
        first_name,
        last_name,
        amount_cents: paid_cents,
        amount: minorToMajor(paid_cents, home),
      };
    }),
    participants: record.shares.map(({ user_id, share_cents }) => {
      const { first_name, last_name } = person(user_id);
      return { user_id, first_name, last_name, share_cents, share_amount: minorToMajor(share_cents, home) };
    }),
    split: expenseSplitOf(record.split, home),
    created_by: record.created_by,
    created_at: record.created_at,
    updated_at: record.updated_at,
    receipt,
  };
}

/** Bytes of calculation answers kept, plain and compressed (a 10k-member trip's plain JSON alone is megabytes). */
const CALCULATED_ANSWER_BYTES = 32 * 1024 * 1024;

/** A settlement calculation's outcome: the ETag of what its answer shows, and how to make the answer's JSON. */
interface CalculatedAnswer {
  etag: string;
  make: () => Promise<Buffer>;
}

/** Who may change or delete an expense, and its receipt: whoever added it, whoever paid it, or the trip's owner. */
/** The trip of an expense write and its members, read once for the write and its answer. */
interface ExpenseContext {
  trip: TripListFields;
  members: MemberRecord[];
}

const mayChangeExpense = (expense: ExpenseRecord, role: TripRole, userId: string) =>
  role === 'owner' || expense.created_by === userId || expense.payers.some((p) => p.user_id === userId);

function toSettlement(
  record: SettlementRecord,
  person: (id: string) => LedgerPerson,
  home: string,
): Settlement {
  return {
    id: record.id,
    trip_id: record.trip_id,
    amount_cents: record.amount_cents,
    amount: minorToMajor(record.amount_cents, home),
    settled_at: record.settled_at,
    payer: person(record.from_user_id),
    payee: person(record.to_user_id),
    created_at: record.created_at,
  };
}

/**
 * The payers the store keeps, from the parsed body (cents, in the body's order; their parts add up to the amount,
 * which the body's schema checked): the one place a payer's amount passes from the body to the store.
 */
export const payersFor = (body: ExpenseBody): ExpensePayer[] =>
  body.payers.map((payer) => ({ user_id: payer.user_id, paid_cents: payer.amount }));

/** The split a body decides: its `split`, else explicit shares, else the simple form's type (spec §5). */
function decidedSplit(body: ExpenseBody, memberIds: string[]): StoredSplit {
  const person = (user_id: string, weight: number | null = null) => ({ user_id, weight });
  if (body.split?.method === 'personal') return { method: 'personal', people: [person(body.paid_by)] };
  if (body.split?.method === 'equal') {
    return { method: 'equal', people: body.split.people.map((p) => person(p.user_id)) };
  }
  if (body.split?.method === 'percent') {
    return { method: 'percent', people: body.split.people.map((p) => person(p.user_id, p.percent)) };
  }
  if (body.split?.method === 'custom') {
    // Spec §5: within a cent of the total, the mismatch adjusted onto the last person.
    if (Math.abs(sumCents(body.split.people.map((p) => p.amount)) - body.amount) > SPLIT_TOLERANCE_CENTS) {
      throw new HttpError(422, SHARES_MUST_ADD_UP);
    }
    return { method: 'custom', people: body.split.people.map((p) => person(p.user_id, p.amount)) };
  }
  if (body.participants?.length) {
    if (sumCents(body.participants.map((p) => p.share_amount)) !== body.amount) {
      throw new HttpError(422, SHARES_MUST_ADD_UP);
    }
    return {
      method: 'custom',
      people: body.participants
        .filter((p) => p.share_amount > 0)
        .map((p) => person(p.user_id, p.share_amount)),
    };
  }
  if (body.expense_type === 'personal') return { method: 'personal', people: [person(body.paid_by)] };
  if (body.expense_type === 'group') return { method: 'equal', people: memberIds.map((id) => person(id)) };
  const given = (body.splits ?? []).filter((s) => s.amount > 0);
  if (given.some((s) => s.user_id === body.paid_by)) {
    throw new HttpError(422, 'A shared expense lists only what the others owe the payer');
  }
  if (given.length > 0) {
    // Spec §5: the non-payers owe what was entered for them; the payer, last, bears the rest.
    const rest = body.amount - sumCents(given.map((s) => s.amount));
    if (rest < 0) throw new HttpError(422, SHARES_EXCEED_AMOUNT);
    return {
      method: 'custom',
      people: [...given.map((s) => person(s.user_id, s.amount)), person(body.paid_by, rest)],
    };
  }
  const others = memberIds.filter((id) => id !== body.paid_by);
  if (others.length === 0) throw new HttpError(422, 'Add another participant to share this expense');
  return { method: 'equal', people: others.map((id) => person(id)) };
}

/** The split applied to an amount: each person's share in the split's order, zero shares left out. */
function sharesOf(amountCents: number, split: StoredSplit): ExpenseRecord['shares'] {
  const cents = applySplit(amountCents, split);
  if (!cents) {
    const reasons: Partial<Record<StoredSplit['method'], string>> = {
      custom: SHARES_EXCEED_AMOUNT,
      itemized: ITEMS_MUST_MATCH_AMOUNT,
    };
    throw new HttpError(422, reasons[split.method] ?? 'Unable to compute split');
  }
  const shares = split.people
    .map((p, i) => ({ user_id: p.user_id, share_cents: cents[i] as number }))
    .filter((s) => s.share_cents > 0);
  if (shares.length === 0 || sumCents(shares.map((s) => s.share_cents)) !== amountCents) {
    throw new HttpError(422, SHARES_MUST_ADD_UP);
  }
  return shares;
}

const sameShares = (a: ExpenseRecord['shares'], b: ExpenseRecord['shares']) => {
  const key = (shares: ExpenseRecord['shares']) =>
    JSON.stringify(shares.map((s) => [s.user_id, s.share_cents]).sort());
  return key(a) === key(b);
};

/**
 * The split and shares of an expense, computed on the server from the body over today's members: everyone in a
 * newly decided split must be a member (or already in the stored expense or its split: someone who left keeps their
 * place in it; the store refuses them any money they did not have), and explicit `participants` sent beside a `split` must be its shares. The store checks the people who get
 * money again inside the write, where no removal can slip in between.
 */
export function splitFor(
  body: ExpenseBody,
  memberIds: string[],
  stored?: ExpenseRecord,
): Pick<ExpensePatch, 'split' | 'shares'> {
  const split = decidedSplit(body, memberIds);
  const shares = sharesOf(body.amount, split);
  const kept = stored ? [...peopleOfExpense(stored), ...stored.split.people.map((p) => p.user_id)] : [];
  const allowed = new Set([...memberIds, ...kept]);
  if (body.payers.some((p) => !allowed.has(p.user_id)) || split.people.some((p) => !allowed.has(p.user_id))) {
    throw new HttpError(422, NOT_A_PARTICIPANT);
  }
  const explicit = body.split && body.participants?.filter((p) => p.share_amount > 0);
  if (explicit?.length) {
    const sent = explicit.map((p) => ({ user_id: p.user_id, share_cents: p.share_amount }));
    if (!sameShares(sent, shares)) throw new HttpError(422, 'The shares do not match the split');
  }
  return { split, shares };
}

/**
 * An edit that names no people and keeps the payer and the type keeps the split as it was decided: the stored
 * shares when the amount is the same (so an edit of words changes no share), the stored method re-applied to the
 * stored people when it changed (the last person takes the remainder). Today's members never enter an existing
 * expense; anyone whose share grows from nothing must still be a member.
 */
function keptSplit(
  stored: ExpenseRecord,
  body: ExpenseBody,
  memberIds: string[],
): Pick<ExpensePatch, 'split' | 'shares'> | undefined {
  const namesPeople = Boolean(body.participants?.length || body.splits?.length || body.split);
  if (namesPeople || body.paid_by !== stored.paid_by || body.expense_type !== stored.expense_type) return;
  if (body.amount === stored.amount_cents) return { split: stored.split, shares: stored.shares };
  const shares = sharesOf(body.amount, stored.split);
  const named = new Set([...memberIds, ...peopleOfExpense(stored)]);
  if (shares.some((s) => !named.has(s.user_id))) throw new HttpError(422, NOT_A_PARTICIPANT);
  return { split: stored.split, shares };
}

export function createSplitService({
  store,
  notices,
  planner,
  imageUrls,
  files,
  rates = bundledRates,
}: {
  store: Store;
  notices: LedgerNotices;
  /** The reference rates an expense in another currency is converted at when the member gives none. */
  rates?: RateProvider;
  /** Settlement plans, one per app (it owns a worker thread). */
  planner: SettlementPlanner;
  /** Signs the overview cards' image addresses and the receipts' addresses, the same way the trips API does. */
  imageUrls: ImageUrls;
  /** Where receipt files live (the trip images' file store). */
  files: FileStore;
}) {
  const emit = (kind: LedgerChangeKind, tripId: string, subjectId: string) =>
    notices.changed({ kind, trip_id: tripId, subject_id: subjectId, at: new Date().toISOString() });

  /** The expense and the caller's role on its trip; 404 for strangers as for missing expenses. */
  async function expenseForMember(id: string, userId: string) {
    const expense = await store.split.getExpense(id);
    const role = expense && (await store.members.roleOf(expense.trip_id, userId));
    if (!expense || !role) throw new HttpError(404, EXPENSE_NOT_FOUND);
    return { expense, role };
  }

  /**
   * What a create or an edit stores: the body's fields, with the split kept from the stored expense (see keptSplit)
   * or decided by the body over today's members; and the home currency its amounts are in, as the trip had it.
   */
  async function expenseFields(
    { trip, members }: ExpenseContext,
    body: ExpenseBody,
    stored?: ExpenseRecord,
  ): Promise<{ fields: ExpensePatch; home: string }> {
    requireDateNearTrip(trip, body.expense_date, 'expense_date');
    const memberIds = members.map((m) => m.user_id);
    // Another currency: converted once, here; the split is decided on the home amounts (see ./currency).
    const home = homeCurrencyOf(trip);
    const original = await originalOf(rates, home, body, stored);
    const homeBody = original ? inHomeCurrency(body, original, home) : body;
    const kept = stored && keptSplit(stored, homeBody, memberIds);
    // A newly decided split is checked on the original amounts too (explicit shares beside a split, people).
    if (original && !kept) splitFor(body, memberIds, stored);
    const decided = kept ?? splitFor(homeBody, memberIds, stored);
    const fields: ExpensePatch = {
      title: body.title,
      description: body.description,
      amount_cents: homeBody.amount,
      expense_date: body.expense_date,
      category: body.category,
      expense_type: body.expense_type,
      paid_by: body.paid_by,
      payers: payersFor(homeBody),
      ...(original && { original }),
      ...decided,
      // Itemized: the items as decided, in the currency they were paid in (itemized.ts).
      ...(body.itemized && { split: itemizedStored(decided.split, body.itemized, body.currency ?? home) }),
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

  const pages = createExpensePageCache();

  /**
   * The caller-independent part of an expense page, each field serialized on its own (typed-json.ts): the same for
   * every caller unless it carries receipts (`signed`), whose addresses are signed for the viewer at `nowMs`.
   */
  async function buildPage(
    trip: TripListFields,
    limit: number,
    cursor: ExpenseCursor | undefined,
    viewer: { id: string; nowMs: number },
  ): Promise<{ parts: JsonFields<SharedPage>; signed: boolean }> {
    const [members, rows] = await Promise.all([
      store.members.list(trip.id),
      store.split.listExpensePage(trip.id, { limit: limit + 1, after: cursor ?? null }),
    ]);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const person = await peopleOf(
      store,
      members,
      page.flatMap((r) => peopleOfExpense(r)),
    );
    const home = homeCurrencyOf(trip);
    return {
      parts: {
        expenses: jsonOf(
          page.map((record) =>
            toExpense(record, person, home, receiptView(imageUrls, record, viewer.id, viewer.nowMs)),
          ),
        ),
        next_cursor: jsonOf(rows.length > limit && last ? encodeExpenseCursor(last) : null),
        expense_count: jsonOf(trip.expense_count),
        total_expenses_cents: jsonOf(trip.total_expenses_cents),
        total_expenses: jsonOf(minorToMajor(trip.total_expenses_cents, home)),
        home_currency: jsonOf(home),
      },
      signed: page.some((record) => record.receipt),
    };
  }

  /**
   * A page from the cache, or built and cached: once for everyone, or, when it carries receipts, per caller and
   * URL expiry hour (the shared entry then only says so).
   */
  async function cachedPage(trip: TripListFields, user: UserRecord, { limit, cursor }: ExpenseListQuery) {
    const page = `${limit}\n${cursor ? encodeExpenseCursor(cursor) : ''}`;
    const nowMs = Date.now();
    const sharedKey = pages.key(trip.id, trip.ledger_version, page);
    const callerKey = `${sharedKey}\n${user.id}\n${imageUrls.expiresAt(nowMs)}`;
    const cached = pages.get(pages.isSignedPerCaller(sharedKey) ? callerKey : sharedKey);
    if (cached) return cached;
    const built = await buildPage(trip, limit, cursor, { id: user.id, nowMs });
    if (!built.signed) return pages.set(sharedKey, built.parts);
    pages.markSignedPerCaller(sharedKey);
    return pages.set(callerKey, built.parts);
  }

  /** The trip's home currency: the currency of every amount its ledger stores. */
  const homeOf = async (tripId: string) => homeCurrencyOf((await store.trips.listFields(tripId)) ?? {});

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

  async function settlementViews(tripId: string, records: SettlementRecord[], members?: MemberRecord[]) {
    const [person, home] = await Promise.all([
      peopleOf(
        store,
        members ?? (await store.members.list(tripId)),
        records.flatMap((r) => [r.from_user_id, r.to_user_id]),
      ),
      homeOf(tripId),
    ]);
    return records.map((record) => toSettlement(record, person, home));
  }

  /**
   * A pending settlement that a recalculation replaced, or changed from the amount the caller saw, answers 409 with
   * the trip's current list (a replaced one only to members; to anyone else it stays a 404), so a member who saw
   * the old list can mark the current transfer instead.
   */
  async function refuseIfReplaced(user: UserRecord, id: string) {
    const tripId = await store.split.replacedSettlementTrip(id);
    if (tripId && (await store.members.roleOf(tripId, user.id))) await refuseAsRecalculated(tripId);
  }
  async function refuseAsRecalculated(tripId: string): Promise<never> {
    const settlements = await settlementViews(tripId, await store.split.listSettlements(tripId));
    throw new HttpError(409, SETTLEMENT_REPLACED, undefined, { settlements });
  }

  const calculations = new Map<string, Promise<CalculatedAnswer>>();
  // The calculation answers' bodies, plain and compressed, under the hash of what they are made of (a 10k-member
  // answer is megabytes: made once, however many members calculate, concurrently or again and again).
  const calculatedBodies = createEncodedBodies(CALCULATED_ANSWER_BYTES);

  /**
   * Reads each person's totals, not the expenses; the plan comes from the planner (cached per ledger state,
   * shared by concurrent callers, searched off the main thread when large) before the short atomic write that
   * brings the pending settlements in line with it. Answers the ETag of what the answer is made of and how to make
   * its JSON, so a body made before is sent again without building anything.
   */
  async function calculate(tripId: string, actorId: string): Promise<CalculatedAnswer> {
    // Each read of thousands of rows is synchronous in the embedded store: other requests get a turn between them.
    const members = await store.members.list(tripId);
    const memberIds = members.map((m) => m.user_id);
    await nextTurn();
    const read = await store.split.ledgerState(tripId);
    await planner.plan(tripId, read, balancesOf(memberIds, read));
    let outcome: { balances: LedgerBalance[]; method: SettlementPlan['method'] } | undefined;
    const records = await store.split.recalculateSettlements(
      tripId,
      (ledger) => {
        const balances = balancesOf(memberIds, ledger);
        const plan = planner.planNow(tripId, ledger, balances);
        outcome = { balances, method: plan.method };
        return plan.transfers;
      },
      actorId,
    );
    const { balances, method } = outcome as NonNullable<typeof outcome>;
    await emit('settlements.calculated', tripId, tripId);
    await nextTurn();
    const home = await homeOf(tripId);
    // Everything the answer shows: people's names come with their ids (and never change), "left" from who the
    // members are, every amount from the balances and the settlement records.
    const hash = createHash('sha1')
      .update(`${tripId}\n${home}\n${method}\n${memberIds.join(',')}\n`)
      .update(
        balances
          .map((b) => `${b.user_id} ${b.total_paid_cents} ${b.total_owed_cents} ${b.balance_cents}`)
          .join('\n'),
      )
      .update(
        records
          .map(
            (r) =>
              `\n${r.id} ${r.from_user_id} ${r.to_user_id} ${r.amount_cents} ${r.settled_at} ${r.created_at}`,
          )
          .join(''),
      );
    return {
      etag: `"${hash.digest('base64url')}"`,
      async make() {
        const person = await peopleOf(store, members, [
          ...balances.map((b) => b.user_id),
          ...records.flatMap((r) => [r.from_user_id, r.to_user_id]),
        ]);
        return jsonObject<CalculateSettlementsResponse>({
          balances: await jsonArrayInTurns(balances, (b): Balance => ({
            ...person(b.user_id),
            ...b,
            ...balanceDollars(b, home),
          })),
          settlements: await jsonArrayInTurns(records, (record) => toSettlement(record, person, home)),
          method: jsonOf(method),
        });
      },
    };
  }

  return {
    async listParticipants(user: UserRecord, tripId: string): Promise<Participant[]> {
      await requireTripMember(store, tripId, user.id);
      return (await store.members.list(tripId)).map(toParticipant);
    },

    async listInvitations(user: UserRecord, tripId: string): Promise<TripInvitation[]> {
      await requireTripMember(store, tripId, user.id);
      return (await store.invitations.listForTrip(tripId)).map(toInvitation);
    },

    async myInvitations(user: UserRecord): Promise<UserInvitation[]> {
      return (await store.invitations.listForUser(user.id)).map((invitation) => ({
        trip_id: invitation.trip_id,
        trip_name: invitation.trip_name,
        city_name: invitation.city_name,
        start_date: invitation.start_date,
        end_date: invitation.end_date,
        invited_by_username: invitation.invited_by_username,
        invited_at: invitation.created_at,
      }));
    },

    async acceptInvitation(user: UserRecord, tripId: string): Promise<Participant> {
      const member = await store.invitations.accept(tripId, user.id);
      if (!member) throw new HttpError(404, NO_INVITATION);
      await emit('participant.added', tripId, user.id);
      return toParticipant(member);
    },

    async declineInvitation(user: UserRecord, tripId: string): Promise<void> {
      if (!(await store.invitations.decline(tripId, user.id))) throw new HttpError(404, NO_INVITATION);
      await emit('participant.declined', tripId, user.id);
    },

    /**
     * Oneself: leaving, allowed to every participant (never the owner, spec §6). Someone else: the owner's removal,
     * refused while the ledger names them.
     */
    async removeParticipant(user: UserRecord, tripId: string, userId: string): Promise<void> {
      const { role } = await requireTripMember(store, tripId, user.id);
      if (userId === user.id) {
        const outcome = await store.members.leave(tripId, userId);
        if (outcome === 'owner') throw new HttpError(409, OWNER_CANNOT_LEAVE);
        if (outcome === 'not-member') throw new HttpError(404, NOT_A_MEMBER);
      } else {
        if (role !== 'owner') {
          const target = await store.members.roleOf(tripId, userId);
          throw new HttpError(
            403,
            target === 'owner'
              ? OWNER_CANNOT_BE_REMOVED
              : 'Only the trip owner can remove other participants',
          );
        }
        const outcome = await store.members.remove(tripId, userId, user.id);
        if (outcome === 'in-ledger') throw new HttpError(409, STILL_IN_LEDGER);
        if (outcome === 'not-member') {
          const target = await store.members.roleOf(tripId, userId);
          throw target === 'owner'
            ? new HttpError(403, OWNER_CANNOT_BE_REMOVED)
            : new HttpError(404, NOT_A_MEMBER);
        }
      }
      await emit('participant.removed', tripId, userId);
    },

    /**
     * One page of the ledger as the JSON text of its answer (one row more is read to learn whether another page
     * follows). The shared part of a page is built once per ledger
     * version (see expense-page-cache.ts); only the caller's own share is added per request.
     */
    async listExpensesJson(
      user: UserRecord,
      tripId: string,
      { limit, cursor }: ExpenseListQuery,
      encoding: BodyEncoding | null = null,
    ): Promise<{ body: Buffer; etag: string }> {
      const { trip } = await requireTripMember(store, tripId, user.id);
      const [cached, yourShare] = await Promise.all([
        cachedPage(trip, user, { limit, cursor }),
        store.split.shareTotal(tripId, user.id),
      ]);
      const etag = `W/"${cached.etag}-${yourShare}"`;
      const json = () =>
        jsonObject<ExpensesResponse>({ ...cached.parts, your_share_cents: jsonOf(yourShare) });
      return { body: pages.encode(etag, encoding, json), etag };
    },

    /** `defaulted`: the home currency a body without a currency was read in (expense-body.ts), if it was. */
    async createExpense(
      user: UserRecord,
      tripId: string,
      body: ExpenseBody,
      defaulted?: string,
    ): Promise<Expense> {
      // The trip and its members as read before the write (the store refuses anyone gone by the time it commits);
      // to anyone not among them the trip does not exist.
      const [trip, members] = await tripAndMembers(tripId);
      if (!trip || !members.some((member) => member.user_id === user.id))
        throw new HttpError(404, TRIP_NOT_FOUND);
      if (defaulted !== undefined && defaulted !== homeCurrencyOf(trip)) {
        throw new HttpError(409, HOME_CURRENCY_CHANGED);
      }
      const context = { trip, members };
      // The home currency can change while the ledger is empty: the write checks it is still the one converted to.
      const { fields, home } = await expenseFields(context, body);
      const record = await committed(
        store.split.createExpense(tripId, { ...fields, created_by: user.id }, home),
      );
      await emit('expense.created', tripId, record.id);
      return expenseView(record, user.id, context);
    },

    async updateExpense(user: UserRecord, id: string, body: ExpenseBody): Promise<Expense> {
      const { expense, role } = await expenseForMember(id, user.id);
      if (!mayChangeExpense(expense, role, user.id)) throw new HttpError(403, MAY_NOT_CHANGE);
      const context = await expenseContext(expense.trip_id);
      const record = await committed(
        // No check of the home currency: it cannot change while the trip has this expense.
        store.split.updateExpense(id, (await expenseFields(context, body, expense)).fields, user.id),
      );
      if (!record) throw new HttpError(404, EXPENSE_NOT_FOUND);
      await emit('expense.updated', record.trip_id, id);
      return expenseView(record, user.id, context);
    },

    /**
     * Attaches the received file as the expense's receipt (type from its bytes, thumbnail for an image), replacing
     * any receipt it had: the replaced files go once the new receipt is saved, and the new ones if it is not.
     */
    async attachReceipt(user: UserRecord, id: string, upload: ReceivedFile | undefined): Promise<Expense> {
      const { expense, role } = await expenseForMember(id, user.id);
      if (!mayChangeExpense(expense, role, user.id)) throw new HttpError(403, MAY_NOT_CHANGE);
      if (!upload) throw new HttpError(400, NO_RECEIPT_FILE);
      const receipt = await storeReceipt(files, { tripId: expense.trip_id, expenseId: id }, upload);
      const written = await store.receipts.set(id, receipt).catch(async (err: unknown) => {
        await deleteReceiptFiles(files, receipt);
        throw err;
      });
      if (!written) {
        await deleteReceiptFiles(files, receipt);
        throw new HttpError(404, EXPENSE_NOT_FOUND);
      }
      if (written.replaced) await deleteReceiptFiles(files, written.replaced);
      await emit('expense.updated', expense.trip_id, id);
      return expenseView(written.expense, user.id);
    },

    /** Removes the expense's receipt and its files; removing none is not an error. */
    async removeReceipt(user: UserRecord, id: string): Promise<Expense> {
      const { expense, role } = await expenseForMember(id, user.id);
      if (!mayChangeExpense(expense, role, user.id)) throw new HttpError(403, MAY_NOT_CHANGE);
      if (!expense.receipt) return expenseView(expense, user.id);
      const written = await store.receipts.set(id, null);
      if (!written) throw new HttpError(404, EXPENSE_NOT_FOUND);
      if (written.replaced) await deleteReceiptFiles(files, written.replaced);
      await emit('expense.updated', expense.trip_id, id);
      return expenseView(written.expense, user.id);
    },

    async deleteExpense(user: UserRecord, id: string): Promise<void> {
      const { expense, role } = await expenseForMember(id, user.id);
      if (!mayChangeExpense(expense, role, user.id)) {
        throw new HttpError(403, 'Only whoever added or paid this expense, or the trip owner, can delete it');
      }
      const deleted = await store.split.deleteExpense(id, user.id);
      if (!deleted) throw new HttpError(404, EXPENSE_NOT_FOUND);
      await emit('expense.deleted', expense.trip_id, id);
      if (deleted.receipt) await deleteReceiptFiles(files, deleted.receipt);
    },

    async listSettlements(user: UserRecord, tripId: string): Promise<Settlement[]> {
      await requireTripMember(store, tripId, user.id);
      return settlementViews(tripId, await store.split.listSettlements(tripId));
    },

    /** "How we got here": each member's paid, share and balance, and the settlements that settle it. No write. */
    async explainSettlements(user: UserRecord, tripId: string): Promise<SettlementExplanationResponse> {
      const { trip } = await requireTripMember(store, tripId, user.id);
      // Each person's running totals, kept with every expense write: the expenses themselves are not read.
      const [members, { totals, settlements: records }] = await Promise.all([
        store.members.list(tripId),
        store.split.ledgerState(tripId),
      ]);
      const explained = explainLedger(
        members.map((m) => m.user_id),
        totals,
        records.map((r) => ({
          id: r.id,
          from: r.from_user_id,
          to: r.to_user_id,
          amount_cents: r.amount_cents,
        })),
      );
      const person = await peopleOf(store, members, [
        ...explained.map((e) => e.user_id),
        ...records.flatMap((r) => [r.from_user_id, r.to_user_id]),
      ]);
      const home = homeCurrencyOf(trip);
      return {
        members: explained.map((e): MemberExplanation => ({
          ...person(e.user_id),
          ...e,
          ...balanceDollars(e, home),
          unsettled: minorToMajor(e.unsettled_cents, home),
        })),
        settlements: records.map((record) => toSettlement(record, person, home)),
      };
    },

    /**
     * The calculation's answer as JSON in the given coding (plain when null). Callers of one trip at one ledger
     * version share one calculation, and every answer made of the same figures one body.
     */
    async calculateSettlementsJson(
      user: UserRecord,
      tripId: string,
      encoding: BodyEncoding | null = null,
    ): Promise<{ body: Buffer; etag: string }> {
      const { trip } = await requireTripMember(store, tripId, user.id);
      const key = `${tripId}\n${trip.ledger_version}`;
      let flight = calculations.get(key);
      if (!flight) {
        flight = calculate(tripId, user.id).finally(() => calculations.delete(key));
        calculations.set(key, flight);
      }
      const { etag, make } = await flight;
      return { body: await calculatedBodies.encodeLarge(etag, encoding, make), etag };
    },

    async markSettlementPaid(user: UserRecord, id: string, body: MarkPaidBody = {}): Promise<Settlement> {
      const settlement = await store.split.getSettlement(id);
      const role = settlement && (await store.members.roleOf(settlement.trip_id, user.id));
      if (!settlement) await refuseIfReplaced(user, id);
      if (!settlement || !role) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
      if (role !== 'owner' && settlement.from_user_id !== user.id && settlement.to_user_id !== user.id) {
        throw new HttpError(
          403,
          'Only the two people in this settlement, or the trip owner, can mark it paid',
        );
      }
      if (settlement.settled_at) throw new HttpError(409, 'This settlement is already marked as paid');
      const paid = await store.split.markSettlementPaid(id, new Date().toISOString(), body.amount, user.id);
      if (!paid) await refuseIfReplaced(user, id);
      if (!paid) throw new HttpError(404, SETTLEMENT_NOT_FOUND);
      // Recalculated to another amount since the caller saw it: nothing was marked.
      if (!paid.settled_at) await refuseAsRecalculated(paid.trip_id);
      // A calculation already under way started before this payment: later callers must not join it.
      for (const key of calculations.keys())
        if (key.startsWith(`${paid.trip_id}\n`)) calculations.delete(key);
      await emit('settlement.paid', paid.trip_id, id);
      const [view] = await settlementViews(paid.trip_id, [paid]);
      return view as Settlement;
    },

    /** Any member may choose the trip's home currency while its ledger is empty (every stored amount is in it). */
    async setHomeCurrency(user: UserRecord, tripId: string, currency: string): Promise<string> {
      await requireTripMember(store, tripId, user.id);
      const outcome = await store.trips.setHomeCurrency(tripId, currency, user.id);
      if (outcome === 'not-found') throw new HttpError(404, TRIP_NOT_FOUND);
      if (outcome === 'in-use') throw new HttpError(409, HOME_CURRENCY_LOCKED);
      await emit('trip.home_currency', tripId, tripId);
      return currency;
    },

    /** For the live stream: whether the user may still follow the trip. */
    async isMember(tripId: string, userId: string) {
      return (await store.members.roleOf(tripId, userId)) !== null;
    },
  };
}

export type SplitService = ReturnType<typeof createSplitService>;

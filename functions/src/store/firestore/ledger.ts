import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { type DocumentData, type Firestore, type Query, type Transaction } from 'firebase-admin/firestore';
import { compareCodeUnits, expensePayers, ledgerTotals, type ExpenseCursor } from '@wayfare/contract';
import {
  newlyNamed,
  NotAMemberError,
  peopleOfExpense,
  withPayers,
  type ExpenseRecord,
  type LedgerState,
  type SettlementRecord,
  type LedgerStore,
} from '../types';
import { activityTransfer, deletedEntry, importedEntry, updatedEntry } from '../shared/activity-entries';
import { prepareCreatedEntry, recordActivity, recordChange } from './activity';
import { requireHomeCurrency } from './home-currency-guard';
import { counterAt, expenseFields, settlementOf } from './legacy-names';
import { LEDGER_PEOPLE, ledgerPersonRef, PAID_TOTALS_KEPT, type LedgerPersonDoc } from './ledger-people';
import { personField, shardSums, shardSumsIn, writeLedgerDelta } from './ledger-shards';
import { ledgerDelta, type LedgerChangeSign, type LedgerExpense } from '../decisions/ledger-delta';
import {
  keptSettlements,
  newSettlementRecords,
  paidSettlementRecords,
  reconcilePending,
} from '../decisions/pending-settlements';
import { newExpenseRecord, storedSplitOr } from '../shared/new-records';
import { nextVersion, requireVersion } from '../decisions/expense-versions';

/**
 * Expenses and settlements live under trips/{tripId}/expenses and trips/{tripId}/settlements, where the trip's
 * members listen to them (firestore.rules). Their ids carry the trip id ("{tripId}~{uuid}") so PUT /expenses/{id}
 * finds the document with a point read instead of a collection-group query. The trip's count, total and version and
 * each person's running share total, paid total (each payer's part) and count of expenses naming them move by the
 * write's ledger delta (ledger-delta.ts), added to one of the trip's ledger shards (ledger-shards.ts) in the same
 * transaction as the expense, which also reads the member documents of everyone it newly names: an expense commits
 * only if they are all members at that moment, and a removal, which reads every shard, cannot slip in. The figures
 * kept before shards (trip document, trips/{tripId}/people/{userId}, ledger-people.ts) are the base the shards add
 * to. Trips written before paid totals were kept are backfilled from their expenses once, on their first settlement
 * (marked by PAID_TOTALS_KEPT on the trip document; new trips are created with it).
 */
const SEPARATOR = '~';
const childId = (tripId: string) => `${tripId}${SEPARATOR}${randomUUID()}`;
const tripOf = (id: string) => {
  const at = id.indexOf(SEPARATOR);
  return at > 0 && !id.includes('/') ? id.slice(0, at) : null;
};

/** The document of the expense with this id; null for an id no expense can have. */
export const expenseDocRef = (db: Firestore, id: string) => {
  const tripId = tripOf(id);
  return tripId ? db.collection('trips').doc(tripId).collection('expenses').doc(id) : null;
};

/**
 * An expense document; one written before splits were kept has no `split` and reads as custom amounts, one written
 * before payers were kept has no `payers` and reads as paid_by paying it all, one written before receipts has no
 * `receipt`, one written before versions has no `version` (its first) nor `updated_by` (its creator made it). An
 * `original` of null (an expense edited back to the home currency) reads as none.
 */
export const expenseOf = (data: DocumentData): ExpenseRecord => {
  const { original, ...record } = expenseFields(data) as Omit<
    ExpenseRecord,
    'split' | 'payers' | 'receipt' | 'original' | 'version' | 'updated_by'
  > &
    Partial<Pick<ExpenseRecord, 'split' | 'payers' | 'receipt' | 'version' | 'updated_by'>> & {
      original?: ExpenseRecord['original'] | null;
    };
  return {
    ...record,
    version: record.version ?? 1,
    updated_by: record.updated_by ?? record.created_by,
    ...(original && { original }),
    payers: [...expensePayers(record)],
    split: storedSplitOr(record.split, record.shares),
    receipt: record.receipt ?? null,
  };
};

const byNewestExpense = (a: ExpenseRecord, b: ExpenseRecord) =>
  compareCodeUnits(b.expense_date, a.expense_date) ||
  compareCodeUnits(b.created_at, a.created_at) ||
  compareCodeUnits(a.id, b.id);
const byOldestSettlement = (a: SettlementRecord, b: SettlementRecord) =>
  compareCodeUnits(a.created_at, b.created_at) || compareCodeUnits(a.id, b.id);

export function firestoreLedger(db: Firestore): LedgerStore {
  const trip = (tripId: string) => db.collection('trips').doc(tripId);
  const expenses = (tripId: string) => trip(tripId).collection('expenses');
  const settlements = (tripId: string) => trip(tripId).collection('settlements');
  /** Pending settlements a recalculation removed, by their id, so "Mark as Paid" on one can answer 409. */
  const replaced = (tripId: string) => trip(tripId).collection('replaced_settlements');
  const expenseRef = (id: string) => expenseDocRef(db, id);
  const settlementRef = (id: string) => {
    const tripId = tripOf(id);
    return tripId ? settlements(tripId).doc(id) : null;
  };

  const member = (tripId: string, userId: string) => trip(tripId).collection('members').doc(userId);

  /**
   * Adds the write's ledger delta to one shard (picked by `key`, the expense id) inside the transaction: increments,
   * so exact however many writers there are, and no document every write shares.
   */
  const moveLedger = (
    tx: Transaction,
    tripId: string,
    key: string,
    changes: Array<readonly [LedgerExpense, LedgerChangeSign]>,
  ) => writeLedgerDelta(tx, db, tripId, key, ledgerDelta(changes));
  /** Inside the transaction, before its writes: everyone the write newly names must be a member now. */
  const requireMembers = async (tx: Transaction, tripId: string, userIds: string[]) => {
    if (userIds.length === 0) return;
    const docs = await tx.getAll(...userIds.map((userId) => member(tripId, userId)));
    const stranger = userIds.find((_userId, i) => !docs[i]?.exists);
    if (stranger) throw new NotAMemberError(stranger);
  };
  // Trips seen with their totals kept: the marker is never taken back, so each is read once per instance.
  const totalsKnownKept = new LRUCache<string, true>({ max: 10_000 });

  /**
   * Rewrites every person's totals (share, paid, expenses naming them) from the expenses, once per trip written
   * before paid totals were kept in the people documents.
   */
  const backfillTotals = async (tripId: string) => {
    if (totalsKnownKept.has(tripId)) return;
    const [marked] = await db.getAll(trip(tripId), { fieldMask: [PAID_TOTALS_KEPT] });
    if (!marked?.exists) return;
    if (marked.get(PAID_TOTALS_KEPT) === true) {
      totalsKnownKept.set(tripId, true);
      return;
    }
    await db.runTransaction(async (tx) => {
      const tripDoc = await tx.get(trip(tripId));
      if (!tripDoc.exists || tripDoc.get(PAID_TOTALS_KEPT) === true) return;
      const [expenseDocs, peopleDocs, shards] = await Promise.all([
        tx.get(expenses(tripId)),
        tx.get(trip(tripId).collection(LEDGER_PEOPLE)),
        shardSumsIn(tx, db, tripId),
      ]);
      const stored = expenseDocs.docs.map((doc) => expenseOf(doc.data()));
      const refs = new Map<string, number>();
      for (const expense of stored) {
        for (const userId of peopleOfExpense(expense)) refs.set(userId, (refs.get(userId) ?? 0) + 1);
      }
      const totals = new Map(ledgerTotals(stored).map((t) => [t.user_id, t]));
      const everyone = new Set([...totals.keys(), ...peopleDocs.docs.map((doc) => doc.id)]);
      for (const userId of everyone) {
        // The base is what the expenses hold less what the shards already add (writes since shards existed).
        const total = totals.get(userId);
        const sharded = shards.people.get(userId);
        tx.set(ledgerPersonRef(db, tripId, userId), {
          share_minor: (total?.owed_minor ?? 0) - (sharded?.share_minor ?? 0),
          paid_minor: (total?.paid_minor ?? 0) - (sharded?.paid_minor ?? 0),
          ledger_refs: (refs.get(userId) ?? 0) - (sharded?.ledger_refs ?? 0),
        } satisfies LedgerPersonDoc);
      }
      tx.update(trip(tripId), { [PAID_TOTALS_KEPT]: true });
    });
  };

  /** The ledger state read inside `tx`, after the trip's totals are known to be kept. */
  const readLedger = async (tx: Transaction, tripId: string): Promise<LedgerState> => {
    const [tripDoc, peopleDocs, shards, settlementDocs] = await Promise.all([
      tx.get(trip(tripId)),
      tx.get(trip(tripId).collection(LEDGER_PEOPLE)),
      shardSumsIn(tx, db, tripId),
      tx.get(settlements(tripId)),
    ]);
    // Each person's base (their people document) plus what the shards add.
    const people = shards.people;
    for (const doc of peopleDocs.docs) {
      const sum = people.get(doc.id) ?? { share_minor: 0, paid_minor: 0, ledger_refs: 0 };
      sum.share_minor += counterAt(doc, 'share_minor');
      sum.paid_minor += counterAt(doc, 'paid_minor');
      sum.ledger_refs += (doc.get('ledger_refs') as number | undefined) ?? 0;
      people.set(doc.id, sum);
    }
    return {
      ledger_version: ((tripDoc.get('ledger_version') as number | undefined) ?? 0) + shards.version,
      // Someone all at zero (everyone who was named has been un-named since) is nobody in the ledger: a person
      // removed after an edit took their name off must not come back as someone who left.
      totals: [...people]
        .filter(([, person]) => Object.values(person).some((value) => value !== 0))
        .map(([userId, person]) => ({
          user_id: userId,
          paid_minor: person.paid_minor,
          owed_minor: person.share_minor,
        }))
        .sort((a, b) => compareCodeUnits(a.user_id, b.user_id)),
      settlements: settlementDocs.docs.map((doc) => settlementOf(doc.data())).sort(byOldestSettlement),
    };
  };

  /**
   * "After the cursor" as three ranges read in turn (same date and time with a later id; same date, earlier time;
   * earlier date), all served by the one composite index in firestore.indexes.json.
   */
  const afterCursor = (tripId: string, after: ExpenseCursor) => {
    const all = expenses(tripId);
    return [
      all
        .where('expense_date', '==', after.expense_date)
        .where('created_at', '==', after.created_at)
        .where('id', '>', after.id)
        .orderBy('id'),
      all
        .where('expense_date', '==', after.expense_date)
        .where('created_at', '<', after.created_at)
        .orderBy('created_at', 'desc')
        .orderBy('id'),
      all
        .where('expense_date', '<', after.expense_date)
        .orderBy('expense_date', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id'),
    ];
  };

  return {
    async listExpenses(tripId) {
      const snapshot = await expenses(tripId).get();
      return snapshot.docs.map((doc) => expenseOf(doc.data())).sort(byNewestExpense);
    },
    async listExpensePage(tripId, { limit, after }) {
      // Cursors are where-clauses rather than startAfter: plain range filters every emulator honours.
      const ranges: Query[] = after
        ? afterCursor(tripId, after)
        : [expenses(tripId).orderBy('expense_date', 'desc').orderBy('created_at', 'desc').orderBy('id')];
      const page: ExpenseRecord[] = [];
      for (const range of ranges) {
        if (page.length >= limit) break;
        const snapshot = await range.limit(limit - page.length).get();
        page.push(...snapshot.docs.map((doc) => expenseOf(doc.data())));
      }
      return page;
    },
    async shareTotal(tripId, userId) {
      const [doc, shards] = await Promise.all([
        ledgerPersonRef(db, tripId, userId).get(),
        shardSums(db, tripId, [personField(userId, 'share_minor')]),
      ]);
      return counterAt(doc, 'share_minor') + (shards.people.get(userId)?.share_minor ?? 0);
    },
    async getExpense(id) {
      const ref = expenseRef(id);
      const doc = ref && (await ref.get());
      return doc?.exists ? expenseOf(doc.data() as DocumentData) : null;
    },
    async createExpense(tripId, input, homeCurrency, activity) {
      const expense = newExpenseRecord(tripId, input, childId(tripId), new Date().toISOString());
      await db.runTransaction(async (tx) => {
        await requireMembers(tx, tripId, newlyNamed(expense));
        if (homeCurrency !== undefined) await requireHomeCurrency(tx, db, tripId, homeCurrency);
        const recordCreated = await prepareCreatedEntry(tx, db, tripId, activity);
        tx.create(expenses(tripId).doc(expense.id), expense);
        moveLedger(tx, tripId, expense.id, [[expense, 1]]);
        recordCreated(expense);
      });
      return expense;
    },
    async createExpenses(tripId, inputs, homeCurrency, payments = []) {
      const now = new Date().toISOString();
      const list = inputs.map((input) => newExpenseRecord(tripId, input, childId(tripId), now));
      const paid = paidSettlementRecords(tripId, payments, now, () => childId(tripId));
      if (list.length === 0 && paid.length === 0) return list;
      await db.runTransaction(async (tx) => {
        const named = [
          ...list.flatMap((expense) => newlyNamed(expense)),
          ...paid.flatMap((p) => [p.from_user_id, p.to_user_id]),
        ];
        await requireMembers(tx, tripId, [...new Set(named)]);
        if (homeCurrency !== undefined) await requireHomeCurrency(tx, db, tripId, homeCurrency);
        for (const expense of list) tx.create(expenses(tripId).doc(expense.id), expense);
        for (const settlement of paid) tx.create(settlements(tripId).doc(settlement.id), settlement);
        moveLedger(
          tx,
          tripId,
          list[0]?.id ?? childId(tripId),
          list.map((expense) => [expense, 1] as const),
        );
        recordActivity(tx, db, importedEntry(tripId, list));
      });
      return list;
    },
    async updateExpense(id, patch, actorId, ifVersions) {
      const ref = expenseRef(id);
      if (!ref) return null;
      return db.runTransaction(async (tx) => {
        const before = await tx.get(ref);
        if (!before.exists) return null;
        const old = expenseOf(before.data() as DocumentData);
        requireVersion(old, ifVersions);
        // An expense moved back to the home currency drops its original (the patch then has none).
        const { original: _original, ...kept } = old;
        const next: ExpenseRecord = {
          ...kept,
          ...withPayers(patch),
          ...nextVersion(old, actorId, new Date().toISOString()),
        };
        await requireMembers(tx, old.trip_id, newlyNamed(next, old));
        // Written as null rather than left out, so no stored original can survive the replacement.
        tx.set(ref, { ...next, original: next.original ?? null });
        moveLedger(tx, old.trip_id, id, [
          [old, -1],
          [next, 1],
        ]);
        recordActivity(tx, db, updatedEntry(old, next, actorId ?? null));
        return next;
      });
    },
    async deleteExpense(id, actorId, ifVersions) {
      const ref = expenseRef(id);
      if (!ref) return null;
      return db.runTransaction(async (tx) => {
        const before = await tx.get(ref);
        if (!before.exists) return null;
        const old = expenseOf(before.data() as DocumentData);
        requireVersion(old, ifVersions);
        tx.delete(ref);
        moveLedger(tx, old.trip_id, id, [[old, -1]]);
        recordActivity(tx, db, deletedEntry(old, actorId ?? null));
        return old;
      });
    },
    async listSettlements(tripId) {
      const snapshot = await settlements(tripId).get();
      return snapshot.docs.map((doc) => settlementOf(doc.data())).sort(byOldestSettlement);
    },
    async getSettlement(id) {
      const ref = settlementRef(id);
      const doc = ref && (await ref.get());
      return doc?.exists ? settlementOf(doc.data() as DocumentData) : null;
    },
    async ledgerState(tripId) {
      await backfillTotals(tripId);
      return db.runTransaction((tx) => readLedger(tx, tripId), { readOnly: true });
    },
    async recalculateSettlements(tripId, plan, actorId) {
      await backfillTotals(tripId);
      return db.runTransaction(
        async (tx) => {
          const ledger = await readLedger(tx, tripId);
          const existing = ledger.settlements;
          const transfers = plan(ledger);
          const pending = existing.filter((s) => s.settled_at === null);
          const changes = reconcilePending(pending, transfers);
          const created_at = new Date().toISOString();
          changes.remove.forEach((id) => {
            tx.delete(settlements(tripId).doc(id));
            tx.set(replaced(tripId).doc(id), { trip_id: tripId, replaced_at: created_at });
          });
          changes.update.forEach(({ id, amount_minor }) =>
            tx.update(settlements(tripId).doc(id), { amount_minor }),
          );
          const fresh = newSettlementRecords(tripId, changes.add, created_at, () => childId(tripId));
          fresh.forEach((settlement) => tx.create(settlements(tripId).doc(settlement.id), settlement));
          // A calculation that changes nothing writes nothing: concurrent ones of an unchanged ledger only read.
          const after = [...keptSettlements(existing, changes), ...fresh].sort(byOldestSettlement);
          const changed = changes.remove.length + changes.update.length + fresh.length > 0;
          if (changed) {
            recordChange(tx, db, tripId, actorId ?? null, {
              kind: 'settlements.calculated',
              transfers: after.filter((s) => s.settled_at === null).map(activityTransfer),
            });
          }
          return { settlements: after, changed };
          // Concurrent first calculations of a changed ledger (one per instance) all read the settlements and insert
          // among them: one commits, the others' lock waits time out, and on retry they find nothing left to change
          // (read-only). Five attempts were too few for 30 at once in the emulator's one process per request.
        },
        { maxAttempts: 20 },
      );
    },
    async markSettlementPaid(id, at, expectedMinor, actorId) {
      const ref = settlementRef(id);
      if (!ref) return null;
      return db.runTransaction(async (tx) => {
        const doc = await tx.get(ref);
        if (!doc.exists) return null;
        const settlement = settlementOf(doc.data() as DocumentData);
        if (settlement.settled_at !== null) return settlement;
        if (expectedMinor !== undefined && settlement.amount_minor !== expectedMinor) return settlement;
        tx.update(ref, { settled_at: at });
        recordChange(tx, db, settlement.trip_id, actorId ?? null, {
          kind: 'settlement.paid',
          settlement_id: id,
          transfer: activityTransfer(settlement),
        });
        return { ...settlement, settled_at: at };
      });
    },
    async replacedSettlementTrip(id) {
      const tripId = tripOf(id);
      if (!tripId) return null;
      const doc = await replaced(tripId).doc(id).get();
      return doc.exists ? tripId : null;
    },
  };
}

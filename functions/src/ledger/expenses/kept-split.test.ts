/**
 * Property tests of "the money of a trip changes only when someone changes money": through the split service on
 * each store adapter, any sequence of edits of words (from either form) and of members joining or leaving leaves every
 * expense's split and shares, and every balance, exactly as they were decided.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXPENSE_CATEGORIES,
  computeBalances,
  expenseEntrySchema,
  type Expense,
  type ExpenseBodyInput,
} from '@wayfare/contract';
import { adapterUnderTest, newTrip, newUser, storeAdapters } from '../../../test-support/store-adapters';
import type { Store, UserRecord } from '../../store/types';
import { createImageUrls } from '../../files/image-urls';
import { localFileStore } from '../../files/local-file-store';
import { HttpError } from '../../http/errors';
import { createLedgerEvents } from '../live/events';
import { ledgerNotices } from '../live/notices';
import { createMembershipService } from '../membership/service';
import { expenseScopeOf, tripScopeOf } from '../scope';
import { createExpenseService } from './service';

const dollars = (cents: number) => (cents / 100).toFixed(2);
const body = (input: ExpenseBodyInput) => expenseEntrySchema.parse(input);

/** How an expense is first decided, by position in the trip's member list (taken modulo its length). */
const decision = fc.record({
  amount: fc.integer({ min: 1, max: 500_000 }),
  payer: fc.nat(),
  kind: fc.constantFrom('group', 'personal', 'shared-equal', 'shared-custom', 'equal', 'percent', 'custom'),
  people: fc.uniqueArray(fc.nat({ max: 5 }), { minLength: 1, maxLength: 6 }),
  weights: fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 6, maxLength: 6 }),
});
type Decision = typeof decision extends fc.Arbitrary<infer T> ? T : never;

function decidedBody(d: Decision, members: string[]): ExpenseBodyInput {
  const payer = members[d.payer % members.length] as string;
  const people = [...new Set(d.people.map((i) => members[i % members.length] as string))];
  const base = { title: 'Dinner', amount: dollars(d.amount), expense_date: '2027-04-11', paid_by: payer };
  switch (d.kind) {
    case 'group':
    case 'personal':
      return { ...base, expense_type: d.kind };
    case 'shared-equal':
      return { ...base, expense_type: 'shared' };
    case 'shared-custom': {
      // What the others owe, at most the amount in all; the payer bears the rest.
      const others = people.filter((id) => id !== payer);
      const each = Math.floor(d.amount / Math.max(others.length, 1) / 2);
      return {
        ...base,
        expense_type: 'shared',
        splits: others.map((user_id, i) => ({ user_id, amount: dollars(Math.min(each, d.weights[i] ?? 1)) })),
      };
    }
    case 'equal':
      return {
        ...base,
        expense_type: 'shared',
        split: { method: 'equal', people: people.map((user_id) => ({ user_id })) },
      };
    case 'percent':
      return {
        ...base,
        expense_type: 'shared',
        split: {
          method: 'percent',
          people: people.map((user_id, i) => ({ user_id, percent: d.weights[i] ?? 1 })),
        },
      };
    case 'custom': {
      // Amounts that add up exactly: weights scaled down, the rest on the last person.
      const total = people.reduce((sum, _id, i) => sum + (d.weights[i] ?? 1), 0);
      const amounts = people.map((_id, i) => Math.floor((d.amount * (d.weights[i] ?? 1)) / total));
      amounts[amounts.length - 1]! += d.amount - amounts.reduce((a, b) => a + b, 0);
      return {
        ...base,
        expense_type: 'shared',
        split: {
          method: 'custom',
          people: people.map((user_id, i) => ({ user_id, amount: dollars(amounts[i] as number) })),
        },
      };
    }
  }
}

/** An edit of words as the trip page's form sends it with the split untouched: no people, same type. */
function simpleFormEdit(expense: Expense, words: Words): ExpenseBodyInput {
  return {
    ...words,
    amount: dollars(expense.amount_cents),
    paid_by: expense.paid_by,
    expense_type: expense.expense_type,
  };
}

/** An edit of words as the overview's modal sends it: the stored split and its shares echoed back. */
function modalEdit(expense: Expense, words: Words): ExpenseBodyInput {
  const { split } = expense;
  const people = split.people;
  return {
    ...simpleFormEdit(expense, words),
    split:
      split.method === 'personal'
        ? { method: 'personal' }
        : split.method === 'equal'
          ? { method: 'equal', people: people.map((p) => ({ user_id: p.user_id })) }
          : split.method === 'percent'
            ? {
                method: 'percent',
                people: people.map((p) => ({ user_id: p.user_id, percent: p.percent ?? 0 })),
              }
            : {
                method: 'custom',
                people: people.map((p) => ({ user_id: p.user_id, amount: dollars(p.amount_cents ?? 0) })),
              },
    participants: expense.participants.map((p) => ({ user_id: p.user_id, share_amount: p.share_amount })),
  };
}

const words = fc.record({
  title: fc
    .string({ minLength: 1, maxLength: 30 })
    .filter((t) => t.trim().length > 0 && /\p{L}|\p{N}/u.test(t)),
  description: fc.string({ maxLength: 40 }),
  category: fc.constantFrom(...EXPENSE_CATEGORIES),
  expense_date: fc.constantFrom('2027-04-10', '2027-04-11', '2027-04-12', '2027-04-14'),
});
type Words = typeof words extends fc.Arbitrary<infer T> ? T : never;

const action = fc.oneof(
  fc.record({
    type: fc.constant('edit' as const),
    expense: fc.nat(),
    words,
    form: fc.constantFrom('simple', 'modal'),
  }),
  fc.record({ type: fc.constant('join' as const) }),
  fc.record({ type: fc.constant('leave' as const), member: fc.nat() }),
);

/** Every expense's split and shares, and every balance: what no edit of words, join or leave may change. */
async function money(store: Store, tripId: string) {
  const [members, expenses] = await Promise.all([
    store.members.list(tripId),
    store.ledger.listExpenses(tripId),
  ]);
  return {
    expenses: Object.fromEntries(
      expenses.map((e) => [e.id, { split: e.split, shares: e.shares, amount: e.amount_minor }]),
    ),
    balances: computeBalances(
      members.map((m) => m.user_id),
      expenses,
    )
      .filter((b) => b.total_paid_minor !== 0 || b.total_owed_minor !== 0)
      // Keyed by person: a leave reorders the member list, not anyone's money.
      .sort((a, b) => a.user_id.localeCompare(b.user_id)),
  };
}

describe.each(Object.entries(storeAdapters))('kept splits (property): %s', (name, open) => {
  const adapter = adapterUnderTest(open);

  it('no edit of title, date, description or category, and no join or leave, changes any share or balance', async () => {
    const store = adapter.store;
    const notices = ledgerNotices(createLedgerEvents(), store.notices, (err) => {
      throw err;
    });
    const membership = createMembershipService({ store, notices });
    const service = createExpenseService({
      store,
      notices,
      imageUrls: createImageUrls('kept splits test secret'),
      files: localFileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-kept-split-'))),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(decision, { minLength: 1, maxLength: 4 }),
        fc.array(action, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 2, max: 4 }),
        async (decisions, actions, size) => {
          const users: UserRecord[] = [];
          for (let i = 0; i < size; i += 1) users.push(await store.users.create(newUser()));
          const owner = users[0] as UserRecord;
          const trip = await store.trips.create(owner.id, newTrip());
          for (const user of users.slice(1)) await store.members.add(trip.id, user.id);
          const memberIds = users.map((u) => u.id);
          const created: Expense[] = [];
          for (const d of decisions) {
            try {
              created.push(
                await service.createExpense(
                  await tripScopeOf(store, owner, trip.id),
                  body(decidedBody(d, memberIds)),
                ),
              );
            } catch (err) {
              // A decision the rules refuse (e.g. a shared expense nobody else is in) is not part of the ledger.
              if (!(err instanceof HttpError) || err.status !== 422) throw err;
            }
          }
          const before = await money(store, trip.id);

          for (const step of actions) {
            if (step.type === 'join') {
              const joiner = await store.users.create(newUser());
              await store.members.add(trip.id, joiner.id, owner.id);
            } else if (step.type === 'leave') {
              const members = (await store.members.list(trip.id)).filter((m) => m.role !== 'owner');
              const leaving = members[step.member % Math.max(members.length, 1)];
              if (!leaving) continue;
              // Anyone may leave; what they owe or are owed stays in the ledger.
              const leaver = await store.users.findById(leaving.user_id);
              await membership.removeParticipant(await tripScopeOf(store, leaver!, trip.id), leaving.user_id);
            } else {
              const current = await store.ledger.listExpenses(trip.id);
              const target = current[step.expense % Math.max(current.length, 1)];
              if (!target) continue;
              const view = created.find((e) => e.id === target.id) as Expense;
              const edit =
                step.form === 'simple' ? simpleFormEdit(view, step.words) : modalEdit(view, step.words);
              await service.updateExpense(await expenseScopeOf(store, owner, target.id), body(edit));
            }
            expect(await money(store, trip.id)).toEqual(before);
          }
        },
      ),
      // The Node.js Firestore emulator answers each read over gRPC: fewer runs there.
      { numRuns: name === 'firestore' ? 8 : 40 },
    );
  }, 120_000);
});

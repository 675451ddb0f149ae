/**
 * The route edge's one vocabulary (contract's expenseEntrySchema): every shape an expense body
 * comes in — the spec's `participants`, the simple form's `expense_type` and `splits`, the modal's `split`, one
 * `paid_by` or several `payers`, in currencies of 0, 2 and 3 decimals — is read into an entry whose payers add up to
 * its amount exactly, and whose shares, once decided over the trip's members (home currency or converted), do too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expenseEntrySchema,
  minorToDecimalText,
  minorUnits,
  splitEqual,
  sumMinor,
  type ExpenseBodyInput,
  type ExpenseEntry,
} from '@wayfare/contract';
import { HttpError } from '../../http/errors';
import { inHomeCurrency } from '../currency';
import { keptSplit, splitFor } from './split-decision';

const MEMBERS = ['u0', 'u1', 'u2', 'u3', 'u4'];
const ONE_EACH = MEMBERS.map((user_id) => ({ user_id, weight: 1 }));
const CURRENCIES = ['USD', 'JPY', 'KWD'] as const;

/** `total` cut into `parts` positive-or-zero amounts (cuts at the given points) that add up to it exactly. */
const partition = (total: number, cuts: number[]) => {
  const points = [...new Set(cuts.map((c) => c % (total + 1)))].sort((a, b) => a - b);
  return [...points, total].map((point, i) => point - (i === 0 ? 0 : (points[i - 1] as number)));
};

const shape = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  sendsCurrency: fc.boolean(),
  amount: fc.integer({ min: 1, max: 5_000_000 }),
  payer: fc.nat(MEMBERS.length - 1),
  payerCuts: fc.array(fc.nat(), { maxLength: 2 }),
  sendsPayers: fc.boolean(),
  kind: fc.constantFrom(
    'participants',
    'group',
    'personal',
    'shared',
    'shared-owed',
    'equal',
    'percent',
    'custom',
    'split-personal',
  ),
  people: fc.uniqueArray(fc.nat(MEMBERS.length - 1), { minLength: 1, maxLength: MEMBERS.length }),
  cuts: fc.array(fc.nat(), { minLength: 0, maxLength: 4 }),
  percents: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 5, maxLength: 5 }),
});
type Shape = typeof shape extends fc.Arbitrary<infer T> ? T : never;

/** The body a form or the spec would send for the shape, amounts as decimal text of its currency. */
function bodyOf(s: Shape): ExpenseBodyInput {
  const digits = s.sendsCurrency ? minorUnits(s.currency) : 2;
  const text = (minor: number) => minorToDecimalText(minor, digits);
  const payerId = MEMBERS[s.payer] as string;
  const people = s.people.map((i) => MEMBERS[i] as string);
  const paid = partition(s.amount, s.payerCuts).filter((part) => part > 0);
  const payerIds = [payerId, ...MEMBERS.filter((id) => id !== payerId)].slice(0, paid.length);
  const base: ExpenseBodyInput = {
    title: 'Dinner',
    amount: text(s.amount),
    expense_date: '2027-04-11',
    ...(s.sendsCurrency && { currency: s.currency }),
    ...(s.sendsPayers
      ? { payers: payerIds.map((user_id, i) => ({ user_id, amount: text(paid[i] as number) })) }
      : { paid_by: payerId }),
  };
  const shares = partition(s.amount, s.cuts).slice(0, people.length);
  const exact = [...shares.slice(0, -1), s.amount - sumMinor(shares.slice(0, -1))];
  switch (s.kind) {
    case 'participants':
      return {
        ...base,
        participants: people.map((user_id, i) => ({ user_id, share_amount: text(exact[i] ?? 0) })),
      };
    case 'group':
    case 'personal':
    case 'shared':
      return { ...base, expense_type: s.kind };
    case 'shared-owed': {
      const others = people.filter((id) => id !== payerId);
      const owed = splitEqual(Math.floor(s.amount / 2), Math.max(others.length, 1));
      return {
        ...base,
        expense_type: 'shared',
        splits: others.map((user_id, i) => ({ user_id, amount: text(owed[i] ?? 0) })),
      };
    }
    case 'equal':
      return { ...base, split: { method: 'equal', people: people.map((user_id) => ({ user_id })) } };
    case 'percent':
      return {
        ...base,
        split: {
          method: 'percent',
          people: people.map((user_id, i) => ({ user_id, percent: s.percents[i] ?? 0 })),
        },
      };
    case 'custom':
      return {
        ...base,
        split: {
          method: 'custom',
          people: people.map((user_id, i) => ({ user_id, amount: text(exact[i] ?? 0) })),
        },
      };
    case 'split-personal':
      return { ...base, split: { method: 'personal' } };
  }
}

/** Shares decided over the members, or the 422 that refuses the entry (never another failure). */
function decided(entry: ExpenseEntry) {
  try {
    return splitFor(entry, ONE_EACH).shares;
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(422);
    return null;
  }
}

const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

describe('expenseEntrySchema: every shape of expense body, read into one entry', () => {
  it('has payers adding up to the amount, and shares that add up to it once decided', () => {
    let decidedCount = 0;
    fc.assert(
      fc.property(shape, (s) => {
        const parsed = expenseEntrySchema.safeParse(bodyOf(s));
        expect(parsed.success).toBe(true);
        const entry = parsed.data as ExpenseEntry;
        expect(entry.amount_minor).toBe(s.amount);
        expect(sumOf(entry.payers.map((p) => p.paid_minor))).toBe(entry.amount_minor);
        expect(entry.payers[0]?.user_id).toBe(MEMBERS[s.payer]);
        expect(entry.payers.every((p) => Number.isInteger(p.paid_minor) && p.paid_minor > 0)).toBe(true);
        const shares = decided(entry);
        if (!shares) return;
        decidedCount++;
        expect(sumOf(shares.map((share) => share.share_minor))).toBe(entry.amount_minor);
        expect(shares.every((share) => Number.isInteger(share.share_minor) && share.share_minor > 0)).toBe(
          true,
        );
        expect(new Set(shares.map((share) => share.user_id)).size).toBe(shares.length);
      }),
      { numRuns: 400 },
    );
    // Most shapes decide (the refusals are percentages that sum to nothing and the like).
    expect(decidedCount).toBeGreaterThan(200);
  });

  it('reads the spec shapes as they were written: participants as exact shares, the simple form by its type', () => {
    const base = { title: 'Taxi', amount: '30', expense_date: '2027-04-11', paid_by: 'u1' };
    expect(
      expenseEntrySchema.parse({
        ...base,
        participants: [
          { user_id: 'u1', share_amount: '10' },
          { user_id: 'u2', share_amount: 20 },
        ],
      }),
    ).toEqual({
      title: 'Taxi',
      description: '',
      expense_date: '2027-04-11',
      category: 'food',
      expense_type: 'group',
      amount_minor: 3000,
      payers: [{ user_id: 'u1', paid_minor: 3000 }],
      split: {
        method: 'exact',
        people: [
          { user_id: 'u1', amount_minor: 1000 },
          { user_id: 'u2', amount_minor: 2000 },
        ],
      },
    });
    const shared = expenseEntrySchema.parse({
      ...base,
      expense_type: 'shared',
      splits: [{ user_id: 'u2', amount: '12.5' }],
    });
    expect(shared.split).toEqual({ method: 'by_type', people: [{ user_id: 'u2', amount_minor: 1250 }] });
    expect(splitFor(shared, ONE_EACH).shares).toEqual([
      { user_id: 'u2', share_minor: 1250 },
      { user_id: 'u1', share_minor: 1750 },
    ]);
    const modal = expenseEntrySchema.parse({
      ...base,
      split: { method: 'equal', people: [{ user_id: 'u1' }, { user_id: 'u2' }] },
      participants: [
        { user_id: 'u1', share_amount: 15 },
        { user_id: 'u2', share_amount: 15 },
        { user_id: 'u3', share_amount: 0 },
      ],
    });
    expect(modal.split).toEqual({
      method: 'equal',
      people: [{ user_id: 'u1' }, { user_id: 'u2' }],
      sent_shares: [
        { user_id: 'u1', amount_minor: 1500 },
        { user_id: 'u2', amount_minor: 1500 },
      ],
    });
  });

  it("reads by_shares with the shares given, and decides it by them, else by each member's weight", () => {
    const base = { title: 'Dinner', amount: '70', expense_date: '2027-04-11', paid_by: 'u1' };
    const entry = expenseEntrySchema.parse({
      ...base,
      split: {
        method: 'by_shares',
        people: [{ user_id: 'u1' }, { user_id: 'u2', shares: 2 }, { user_id: 'u3' }],
      },
    });
    expect(entry.split).toEqual({
      method: 'by_shares',
      people: [{ user_id: 'u1' }, { user_id: 'u2', shares: 2 }, { user_id: 'u3' }],
    });
    const weighted = ONE_EACH.map((m) => (m.user_id === 'u1' ? { ...m, weight: 4 } : m));
    expect(splitFor(entry, weighted)).toEqual({
      split: {
        method: 'by_shares',
        people: [
          { user_id: 'u1', weight: 4 },
          { user_id: 'u2', weight: 2 },
          { user_id: 'u3', weight: 1 },
        ],
      },
      shares: [
        { user_id: 'u1', share_minor: 4000 },
        { user_id: 'u2', share_minor: 2000 },
        { user_id: 'u3', share_minor: 1000 },
      ],
    });
  });

  it('converted to the home currency, still adds up exactly: payers, and shares once decided', () => {
    fc.assert(
      fc.property(
        shape.filter((s) => s.sendsCurrency && s.currency !== 'USD'),
        fc.integer({ min: 1, max: 2_000_000 }),
        (s, rateTenThousandths) => {
          const entry = expenseEntrySchema.parse(bodyOf(s));
          const rate = minorToDecimalText(rateTenThousandths, 4);
          const original = {
            currency: s.currency,
            amount_minor: s.amount,
            rate,
            rate_source: 'member' as const,
            rate_date: '2027-04-11',
          };
          let home: ExpenseEntry;
          try {
            home = inHomeCurrency(entry, original, 'USD');
          } catch (err) {
            expect(err).toBeInstanceOf(HttpError);
            return;
          }
          expect(sumOf(home.payers.map((p) => p.paid_minor))).toBe(home.amount_minor);
          const shares = decided(home);
          if (shares) expect(sumOf(shares.map((share) => share.share_minor))).toBe(home.amount_minor);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('names people exactly when the body did (an edit naming nobody keeps the split as decided)', () => {
    const base = { title: 'Taxi', amount: '30', expense_date: '2027-04-11', paid_by: 'u1' };
    const stored = splitFor(expenseEntrySchema.parse({ ...base, expense_type: 'group' }), ONE_EACH);
    const record = {
      ...stored,
      paid_by: 'u1',
      expense_type: 'group' as const,
      amount_minor: 3000,
      payers: [{ user_id: 'u1', paid_minor: 3000 }],
    } as Parameters<typeof keptSplit>[0];
    const kept = (body: object) => keptSplit(record, expenseEntrySchema.parse({ ...base, ...body }), ['u1']);
    expect(kept({ expense_type: 'group' })).toEqual(stored);
    expect(kept({ expense_type: 'group', splits: [] })).toEqual(stored);
    expect(kept({ expense_type: 'group', participants: [] })).toEqual(stored);
    expect(kept({ expense_type: 'group', splits: [{ user_id: 'u2', amount: 0 }] })).toBeUndefined();
    expect(kept({ expense_type: 'shared' })).toBeUndefined();
    expect(kept({ split: { method: 'personal' } })).toBeUndefined();
  });
});

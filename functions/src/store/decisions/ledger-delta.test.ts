import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerDelta, type LedgerExpense, type PersonDelta } from './ledger-delta';

const people = ['ana', 'bea', 'cy', 'dan', 'eve'];
const cents = fc.integer({ min: 0, max: 100_000_000 });
/** An expense as stored: payers' parts and shares each add up to its amount. */
const expense: fc.Arbitrary<LedgerExpense> = fc
  .record({
    payers: fc.uniqueArray(fc.constantFrom(...people), { minLength: 1, maxLength: 3 }),
    sharers: fc.uniqueArray(fc.constantFrom(...people), { minLength: 1, maxLength: 5 }),
    paid: fc.array(cents, { minLength: 3, maxLength: 3 }),
    shares: fc.array(cents, { minLength: 5, maxLength: 5 }),
  })
  .map(({ payers, sharers, paid, shares }) => {
    const payerParts = payers.map((user_id, i) => ({ user_id, paid_minor: paid[i] ?? 0 }));
    const amount = payerParts.reduce((sum, p) => sum + p.paid_minor, 0);
    // Shares: the first sharers' parts capped to what is left, the remainder on the last person.
    let left = amount;
    const shareParts = sharers.map((user_id, i) => {
      const share_minor = i === sharers.length - 1 ? left : Math.min(left, shares[i] ?? 0);
      left -= share_minor;
      return { user_id, share_minor };
    });
    return { amount_minor: amount, payers: payerParts, shares: shareParts };
  });

const sum = (delta: Map<string, PersonDelta>, field: keyof PersonDelta) =>
  [...delta.values()].reduce((total, person) => total + person[field], 0);

describe('ledgerDelta', () => {
  it("moves the count, the total and every person's figures by exactly what the expenses hold", () => {
    fc.assert(
      fc.property(fc.array(expense, { maxLength: 8 }), (list) => {
        const delta = ledgerDelta(list.map((e) => [e, 1] as const));
        const total = list.reduce((t, e) => t + e.amount_minor, 0);
        expect(delta.expense_count).toBe(list.length);
        expect(delta.total_expenses_minor).toBe(total);
        expect(sum(delta.people, 'share_minor')).toBe(total);
        expect(sum(delta.people, 'paid_minor')).toBe(total);
        for (const userId of people) {
          const named = list.filter(
            (e) => e.payers.some((p) => p.user_id === userId) || e.shares.some((s) => s.user_id === userId),
          );
          expect(delta.people.get(userId)?.ledger_refs ?? 0).toBe(named.length);
        }
      }),
    );
  });

  it('comes to nothing for an expense created and deleted, in any order among others', () => {
    fc.assert(
      fc.property(expense, fc.array(expense, { maxLength: 4 }), (one, others) => {
        const delta = ledgerDelta([[one, 1], ...others.map((e) => [e, 1] as const), [one, -1]]);
        expect(delta).toEqual(ledgerDelta(others.map((e) => [e, 1] as const)));
        expect(
          ledgerDelta([
            [one, 1],
            [one, -1],
          ]),
        ).toEqual({
          expense_count: 0,
          total_expenses_minor: 0,
          people: new Map(),
        });
      }),
    );
  });

  it("moves an edit by the new version's figures less the old one's, with no count change", () => {
    fc.assert(
      fc.property(expense, expense, (before, after) => {
        const edit = ledgerDelta([
          [before, -1],
          [after, 1],
        ]);
        const gone = ledgerDelta([[before, 1]]);
        const come = ledgerDelta([[after, 1]]);
        expect(edit.expense_count).toBe(0);
        expect(edit.total_expenses_minor).toBe(after.amount_minor - before.amount_minor);
        for (const userId of people) {
          for (const field of ['share_minor', 'paid_minor', 'ledger_refs'] as const) {
            const expected =
              (come.people.get(userId)?.[field] ?? 0) - (gone.people.get(userId)?.[field] ?? 0);
            expect(edit.people.get(userId)?.[field] ?? 0).toBe(expected);
          }
        }
        // Nobody whose figures net to zero is listed.
        for (const person of edit.people.values())
          expect(Object.values(person).some((v) => v !== 0)).toBe(true);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expensePayers, payersLabel } from './payers';
import { computeBalances, ledgerTotals } from './settlement';
import { splitEqual } from './money';

describe('payers', () => {
  it('reads an expense without a payers list as paid in full by paid_by', () => {
    expect(expensePayers({ paid_by: 'a', amount_minor: 900 })).toEqual([{ user_id: 'a', paid_minor: 900 }]);
    expect(expensePayers({ paid_by: 'a', amount_minor: 900, payers: null })).toHaveLength(1);
    const payers = [
      { user_id: 'a', paid_minor: 400 },
      { user_id: 'b', paid_minor: 500 },
    ];
    expect(expensePayers({ paid_by: 'a', amount_minor: 900, payers })).toBe(payers);
  });

  it('labels one, two or more payers', () => {
    expect(payersLabel(['Ana Silva'])).toBe('Ana Silva');
    expect(payersLabel(['Ana Silva', 'Ben Wu'])).toBe('Ana Silva and Ben Wu');
    expect(payersLabel(['Ana Silva', 'Ben Wu', 'Cai', 'Dee'])).toBe('Ana Silva +3');
  });

  it('counts each payer’s part: paid totals add up to the expenses and balances to 0', () => {
    const people = ['a', 'b', 'c', 'd'];
    const expense = fc.record({
      amount: fc.integer({ min: 1, max: 10_000_000 }),
      payers: fc.integer({ min: 1, max: 4 }),
      among: fc.integer({ min: 1, max: 4 }),
      offset: fc.nat(3),
    });
    fc.assert(
      fc.property(fc.array(expense, { maxLength: 20 }), (drafts) => {
        const expenses = drafts.map(({ amount, payers, among, offset }) => {
          const paying = people.slice(offset).concat(people.slice(0, offset)).slice(0, payers);
          const parts = splitEqual(amount, paying.length);
          const shares = splitEqual(amount, among);
          return {
            paid_by: paying[0] as string,
            amount_minor: amount,
            payers: paying.map((user_id, i) => ({ user_id, paid_minor: parts[i] as number })),
            shares: people
              .slice(0, among)
              .map((user_id, i) => ({ user_id, share_minor: shares[i] as number })),
          };
        });
        const totals = ledgerTotals(expenses);
        const paid = totals.reduce((sum, t) => sum + t.paid_minor, 0);
        expect(paid).toBe(expenses.reduce((sum, e) => sum + e.amount_minor, 0));
        const balances = computeBalances(people, expenses);
        expect(balances.reduce((sum, b) => sum + b.balance_minor, 0)).toBe(0);
        for (const person of people) {
          const expected = expenses.reduce(
            (sum, e) => sum + (e.payers.find((p) => p.user_id === person)?.paid_minor ?? 0),
            0,
          );
          expect(balances.find((b) => b.user_id === person)?.total_paid_minor).toBe(expected);
        }
      }),
    );
  });
});

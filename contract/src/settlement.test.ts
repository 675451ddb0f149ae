import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitEqual } from './money';
import { bruteMinimum } from './settlement-brute-force';
import {
  chainedZeroSumGroups,
  computeBalances,
  explainLedger,
  greedySettle,
  ledgerTotals,
  settle,
  subsetZeroSumGroups,
  type LedgerExpense,
  type LedgerTransfer,
} from './settlement';

const people = (n: number) => Array.from({ length: n }, (_, i) => `u${String(i).padStart(2, '0')}`);

/** Random trips: each expense paid by someone and split equally among a non-empty subset. */
const ledger = (maxPeople: number) =>
  fc.integer({ min: 1, max: maxPeople }).chain((n) =>
    fc
      .record({
        members: fc.constant(people(n)),
        expenses: fc.array(
          fc.record({
            payer: fc.integer({ min: 0, max: n - 1 }),
            amount: fc.integer({ min: 1, max: 500_000 }),
            among: fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: n }),
          }),
          { maxLength: 25 },
        ),
      })
      .map(({ members, expenses }) => ({
        members,
        expenses: expenses.map(({ payer, amount, among }): LedgerExpense => {
          const shares = splitEqual(amount, among.length);
          return {
            paid_by: members[payer]!,
            amount_minor: amount,
            shares: among.map((i, k) => ({ user_id: members[i]!, share_minor: shares[k]! })),
          };
        }),
      })),
  );

/** Balances with small values so zero-sum subgroups (where exact beats greedy) are common. */
const zeroSumBalances = (maxPeople: number) =>
  fc.array(fc.integer({ min: -6, max: 6 }), { minLength: 1, maxLength: maxPeople - 1 }).map((values) => {
    const all = [...values, -values.reduce((a, b) => a + b, 0)];
    return all.map((v, i) => ({ user_id: `p${i}`, balance_minor: v * 100 }));
  });

function applyTransfers(
  balances: ReadonlyArray<{ user_id: string; balance_minor: number }>,
  transfers: LedgerTransfer[],
) {
  const left = new Map(balances.map((b) => [b.user_id, b.balance_minor]));
  for (const t of transfers) {
    expect(t.amount_minor).toBeGreaterThan(0);
    expect(t.from).not.toBe(t.to);
    left.set(t.from, (left.get(t.from) ?? 0) + t.amount_minor);
    left.set(t.to, (left.get(t.to) ?? 0) - t.amount_minor);
  }
  return [...left.values()];
}

const nonZero = (balances: ReadonlyArray<{ balance_minor: number }>) =>
  balances.filter((b) => b.balance_minor !== 0).length;

describe('computeBalances', () => {
  it('sums to exactly 0, and paid = owed + balance for everyone', () => {
    fc.assert(
      fc.property(ledger(12), ({ members, expenses }) => {
        const balances = computeBalances(members, expenses);
        expect(balances.reduce((s, b) => s + b.balance_minor, 0)).toBe(0);
        for (const b of balances) expect(b.total_paid_minor - b.total_owed_minor).toBe(b.balance_minor);
        expect(balances.map((b) => b.user_id)).toEqual(members);
      }),
    );
  });

  it('counts paid settlements so they are never asked for twice', () => {
    const balances = computeBalances(
      ['a', 'b'],
      [
        {
          paid_by: 'a',
          amount_minor: 1000,
          shares: [
            { user_id: 'a', share_minor: 500 },
            { user_id: 'b', share_minor: 500 },
          ],
        },
      ],
      [{ from: 'b', to: 'a', amount_minor: 500 }],
    );
    expect(balances.map((b) => b.balance_minor)).toEqual([0, 0]);
    expect(balances[1]).toMatchObject({ total_paid_minor: 0, total_owed_minor: 500 });
  });
});

describe('greedySettle and settle', () => {
  it('clear every balance in at most n − 1 transfers, exact never worse than greedy', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          ledger(14).map(({ members, expenses }) => computeBalances(members, expenses)),
          zeroSumBalances(14),
        ),
        (balances) => {
          const n = nonZero(balances);
          const greedy = greedySettle(balances);
          const exact = settle(balances);
          expect(exact.method).toBe('exact');
          for (const transfers of [greedy, exact.transfers]) {
            expect(applyTransfers(balances, transfers).every((v) => v === 0)).toBe(true);
            expect(transfers.length).toBeLessThanOrEqual(Math.max(0, n - 1));
          }
          expect(exact.transfers.length).toBeLessThanOrEqual(greedy.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds the true minimum: it matches a brute-force count of zero-sum groups on small cases', () => {
    fc.assert(
      fc.property(zeroSumBalances(8), (balances) => {
        const values = balances.map((b) => b.balance_minor).filter((v) => v !== 0);
        expect(settle(balances).transfers).toHaveLength(bruteMinimum(values));
      }),
      { numRuns: 200 },
    );
  });

  it('beats greedy where two pairs cancel inside a larger group', () => {
    // Greedy matches the largest first and needs 4; the exact answer is the pair b/c plus the triple a/d/e: 3.
    const balances = [
      { user_id: 'a', balance_minor: 600 },
      { user_id: 'b', balance_minor: 500 },
      { user_id: 'c', balance_minor: -500 },
      { user_id: 'd', balance_minor: -400 },
      { user_id: 'e', balance_minor: -200 },
    ];
    expect(settle(balances).transfers).toHaveLength(3);
    expect(greedySettle(balances)).toHaveLength(4);
  });

  it('answers exactly for 20 non-zero members and beyond, and falls back to greedy past the work budget', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => ({
      user_id: `p${i}`,
      balance_minor: i < 10 ? 100 * (i + 1) : -100 * (i - 9),
    }));
    const exact = settle(twenty);
    expect(exact.method).toBe('exact');
    expect(exact.transfers).toHaveLength(10);
    // Irregular amounts have few zero-sum subgroups: found meeting in the middle, exact well past 20 people.
    const irregular = (n: number) => {
      const values = Array.from({ length: n - 1 }, (_, i) => (i % 2 ? -1 : 1) * (1000 + 37 * i * i));
      values.push(-values.reduce((a, b) => a + b, 0));
      return values.map((balance_minor, i) => ({ user_id: `p${i}`, balance_minor }));
    };
    expect(settle(irregular(24)).method).toBe('exact');
    // 41 open balances: the halves of the enumeration alone are past the budget.
    const many = irregular(41);
    const fallback = settle(many);
    expect(fallback.method).toBe('greedy');
    expect(fallback.transfers).toEqual(greedySettle(many));
    expect(applyTransfers(many, fallback.transfers).every((v) => v === 0)).toBe(true);
    // 30 people in $5 steps (creditors $5–$15 and one $60, debtors $20–$30) hold too many zero-sum subgroups to
    // chain, and 30 · 2^30 is past the budget too.
    const dollars = [
      ...Array.from({ length: 19 }, (_, i) => 5 * (1 + (i % 3))),
      60,
      ...Array.from({ length: 10 }, (_, i) => -5 * (4 + (i % 3))),
    ];
    expect(dollars.reduce((a, b) => a + b, 0)).toBe(0);
    const crowded = dollars.map((d, i) => ({ user_id: `p${i}`, balance_minor: d * 100 }));
    expect(settle(crowded).method).toBe('greedy');
  });

  it('finds the same most zero-sum groups by either search: meeting in the middle and over all subsets', () => {
    const groupsAreAPartition = (values: number[], groups: number[][]) => {
      expect(groups.flat().sort((a, b) => a - b)).toEqual(values.map((_, i) => i));
      for (const group of groups) expect(group.reduce((s, i) => s + values[i]!, 0)).toBe(0);
    };
    fc.assert(
      fc.property(
        fc.oneof(
          zeroSumBalances(12),
          fc
            .array(fc.integer({ min: -500_000, max: 500_000 }), { minLength: 17, maxLength: 19 })
            .map((values) => {
              const all = [...values, -values.reduce((a, b) => a + b, 0)];
              return all.map((v, i) => ({ user_id: `p${i}`, balance_minor: v }));
            }),
        ),
        (balances) => {
          const values = balances.map((b) => b.balance_minor).filter((v) => v !== 0);
          if (values.length === 0) return;
          const chained = chainedZeroSumGroups(values, 2 ** 20)!;
          const subsets = subsetZeroSumGroups(values);
          groupsAreAPartition(values, chained);
          groupsAreAPartition(values, subsets);
          expect(chained.length).toBe(subsets.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("gives the issue's 20-person reproduction its minimum of 11 transfers, the same plan every time", () => {
    const dollars = [-5, 20, 10, 30, 25, 5, -10, 25, 30, 10, -25, -10, -30, -15, 20, 15, -15, -30, 15, -65];
    const balances = dollars.map((d, i) => ({ user_id: `p${i}`, balance_minor: d * 100 }));
    const plan = settle(balances);
    expect(plan).toMatchObject({ method: 'exact' });
    expect(plan.transfers).toHaveLength(11);
    expect(applyTransfers(balances, plan.transfers).every((v) => v === 0)).toBe(true);
    expect(settle(balances.map((b) => ({ ...b })))).toEqual(plan);
  });

  it('is exact for 20 debtors owing one creditor: a single group, so greedy is already minimal', () => {
    const debtors = Array.from({ length: 20 }, (_, i) => ({ user_id: `d${i}`, balance_minor: -(100 + i) }));
    const balances = [
      ...debtors,
      { user_id: 'c', balance_minor: debtors.reduce((s, d) => s - d.balance_minor, 0) },
    ];
    expect(settle(balances)).toMatchObject({ method: 'exact', transfers: { length: 20 } });
  });

  it('gives the same plan for the same balances, whatever ran before it', () => {
    fc.assert(
      fc.property(zeroSumBalances(16), (balances) => {
        const first = settle(balances);
        settle(balances.map((b) => ({ ...b, balance_minor: -b.balance_minor })));
        expect(settle(balances.map((b) => ({ ...b })))).toEqual(first);
      }),
      { numRuns: 100 },
    );
  });

  it('needs no transfers when everyone is even', () => {
    expect(settle([{ user_id: 'a', balance_minor: 0 }])).toEqual({ transfers: [], method: 'exact' });
    expect(greedySettle([])).toEqual([]);
  });
});

describe('explainLedger', () => {
  it('explains every balance as paid − share and is left with nothing uncovered by the plan for it (property)', () => {
    fc.assert(
      fc.property(ledger(8), ({ members, expenses }) => {
        const plan = settle(computeBalances(members, expenses)).transfers.map((t, i) => ({
          ...t,
          id: `s${i}`,
        }));
        const explained = explainLedger(members, ledgerTotals(expenses), plan);
        for (const entry of explained) {
          expect(entry.balance_minor).toBe(entry.total_paid_minor - entry.total_owed_minor);
          expect(entry.unsettled_minor).toBe(0);
          expect(entry.settlement_ids).toEqual(
            plan.filter((t) => t.from === entry.user_id || t.to === entry.user_id).map((t) => t.id),
          );
        }
      }),
    );
  });

  it('shows what a plan made before the last change leaves uncovered', () => {
    const explained = explainLedger(
      ['ana', 'bea'],
      ledgerTotals([{ paid_by: 'ana', amount_minor: 3000, shares: [{ user_id: 'bea', share_minor: 3000 }] }]),
      [{ id: 'old', from: 'bea', to: 'ana', amount_minor: 1000 }],
    );
    expect(explained.map((e) => [e.user_id, e.balance_minor, e.unsettled_minor, e.settlement_ids])).toEqual([
      ['ana', 3000, 2000, ['old']],
      ['bea', -3000, -2000, ['old']],
    ]);
  });
});

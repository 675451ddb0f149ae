import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { householdTotals, householdUnits, settleHouseholds, type HouseholdGrouping } from './households';
import { explainLedger, ledgerTotals, settle, type LedgerTransfer } from './settlement';
import { bruteMinimum } from './settlement-brute-force';

/**
 * A trip of up to `maxPeople` whose expenses leave small balances (so zero-sum groups, where the fewest transfers
 * differ from greedy, are common), and a random grouping of its people into households, each paid for by one of its
 * members; some people in none.
 */
const tripWithHouseholds = (maxPeople: number) =>
  fc.integer({ min: 1, max: maxPeople }).chain((n) => {
    const people = Array.from({ length: n }, (_, i) => `p${i}`);
    return fc
      .record({
        // Each person's paid and owed in hundreds: balances sum to zero because one expense pays the rest back.
        owed: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: n, maxLength: n }),
        paid: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: n, maxLength: n }),
        // 0: in no household; k: in household k.
        group: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: n, maxLength: n }),
        payerPick: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
      })
      .map(({ owed, paid, group, payerPick }) => {
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
        // The difference is paid by (or owed to) the first person, so the ledger balances.
        const gap = sum(owed) - sum(paid);
        const totals = people.map((user_id, i) => ({
          user_id,
          paid_minor: ((paid[i] ?? 0) + (i === 0 ? Math.max(gap, 0) : 0)) * 100,
          owed_minor: ((owed[i] ?? 0) + (i === 0 ? Math.max(-gap, 0) : 0)) * 100,
        }));
        const households: HouseholdGrouping[] = [1, 2, 3].flatMap((k) => {
          const member_ids = people.filter((_, i) => group[i] === k);
          if (member_ids.length === 0) return [];
          const payer = member_ids[(payerPick[k] ?? 0) % member_ids.length]!;
          return [{ member_ids, payer_user_id: payer }];
        });
        return { people, totals, households };
      });
  });

const balancesOf = ({ people, totals }: { people: string[]; totals: ReturnType<typeof ledgerTotals> }) =>
  explainLedger(people, totals, []);

function leftOpen(
  units: ReadonlyArray<{ user_id: string; balance_minor: number }>,
  transfers: LedgerTransfer[],
) {
  const left = new Map(units.map((u) => [u.user_id, u.balance_minor]));
  for (const t of transfers) {
    expect(Number.isInteger(t.amount_minor) && t.amount_minor > 0).toBe(true);
    expect(left.has(t.from) && left.has(t.to)).toBe(true);
    left.set(t.from, left.get(t.from)! + t.amount_minor);
    left.set(t.to, left.get(t.to)! - t.amount_minor);
  }
  return [...left.values()];
}

describe('settling by household', () => {
  it('never changes anyone’s own balance, and leaves every person and household settled to the unit', () => {
    fc.assert(
      fc.property(tripWithHouseholds(10), (trip) => {
        const alone = settle(balancesOf(trip)).transfers;
        const together = settleHouseholds(balancesOf(trip), trip.households).transfers;
        const withId = (transfers: LedgerTransfer[]) => transfers.map((t, i) => ({ ...t, id: `s${i}` }));
        const off = explainLedger(trip.people, trip.totals, withId(alone));
        const on = explainLedger(trip.people, trip.totals, withId(together));
        // The switch changes who hands money over, never what anyone paid, owes or stands at.
        expect(
          on.map(({ total_paid_minor, total_owed_minor, balance_minor }) => [
            total_paid_minor,
            total_owed_minor,
            balance_minor,
          ]),
        ).toEqual(off.map((p) => [p.total_paid_minor, p.total_owed_minor, p.balance_minor]));
        expect(off.every((p) => p.unsettled_minor === 0)).toBe(true);
        const grouped = new Set(trip.households.flatMap((h) => h.member_ids));
        for (const person of on) if (!grouped.has(person.user_id)) expect(person.unsettled_minor).toBe(0);
        for (const household of trip.households) {
          const totals = householdTotals(on, household);
          expect(totals.unsettled_minor).toBe(0);
          expect(totals.balance_minor).toBe(
            on
              .filter((p) => household.member_ids.includes(p.user_id))
              .reduce((a, p) => a + p.balance_minor, 0),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('settles every unit exactly, each transfer between payers of households or people in none', () => {
    fc.assert(
      fc.property(tripWithHouseholds(12), (trip) => {
        const units = householdUnits(balancesOf(trip), trip.households);
        expect(units.reduce((a, u) => a + u.balance_minor, 0)).toBe(0);
        const grouped = new Set(trip.households.flatMap((h) => h.member_ids));
        const payers = new Set(trip.households.map((h) => h.payer_user_id));
        for (const unit of units) expect(!grouped.has(unit.user_id) || payers.has(unit.user_id)).toBe(true);
        const { transfers } = settleHouseholds(balancesOf(trip), trip.households);
        expect(leftOpen(units, transfers).every((v) => v === 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('needs exactly the brute-force fewest transfers between units on small cases', () => {
    fc.assert(
      fc.property(
        tripWithHouseholds(9).filter((trip) => householdUnits(balancesOf(trip), trip.households).length <= 6),
        (trip) => {
          const units = householdUnits(balancesOf(trip), trip.households);
          const open = units.map((u) => u.balance_minor).filter((v) => v !== 0);
          expect(settleHouseholds(balancesOf(trip), trip.households).transfers).toHaveLength(
            bruteMinimum(open),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('without households is the plan between people, transfer for transfer', () => {
    fc.assert(
      fc.property(tripWithHouseholds(12), (trip) => {
        expect(settleHouseholds(balancesOf(trip), [])).toEqual(settle(balancesOf(trip)));
      }),
      { numRuns: 100 },
    );
  });
});

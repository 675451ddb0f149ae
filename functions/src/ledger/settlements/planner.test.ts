import { describe, expect, it } from 'vitest';
import { cacheFigures } from '../../cache-budgets';
import { settle } from '@wayfare/contract';
import type { LedgerState, SettlementRecord } from '../../store/types';
import { balancesOf, createSettlementPlanner, ledgerKey } from './planner';

/** A ledger of `n` people with pairwise different balances and no matching pair (the exact search's hard case). */
function ledger(n: number, version = 1): { state: LedgerState; members: string[] } {
  const members = Array.from({ length: n }, (_, i) => `p${String(i).padStart(2, '0')}`);
  const values = members.slice(1).map((_, i) => (i % 2 ? -1 : 1) * (1000 + 37 * i * i));
  values.unshift(-values.reduce((a, b) => a + b, 0));
  return {
    members,
    state: {
      ledger_version: version,
      totals: members.map((user_id, i) => ({
        user_id,
        paid_minor: Math.max(values[i] as number, 0),
        owed_minor: Math.max(-(values[i] as number), 0),
      })),
      settlements: [],
    },
  };
}

describe('settlement planner', () => {
  it('answers what settle() answers on the balances, from the worker thread for a large group', async () => {
    const planner = createSettlementPlanner({ workerFrom: 10 });
    try {
      for (const n of [4, 18]) {
        const { state, members } = ledger(n);
        const balances = balancesOf(members, state);
        expect(await planner.plan(`trip-${n}`, state, balances)).toEqual(settle(balances));
      }
    } finally {
      await planner.close();
    }
  });

  it('keeps the main thread free while the worker searches', async () => {
    const planner = createSettlementPlanner({ workerFrom: 2 });
    try {
      const { state, members } = ledger(20);
      let ticks = 0;
      const timer = setInterval(() => (ticks += 1), 1);
      const started = performance.now();
      await planner.plan('trip', state, balancesOf(members, state));
      const elapsed = performance.now() - started;
      clearInterval(timer);
      // A 1 ms timer kept firing during the search (generously: a third of the possible ticks on a busy machine).
      expect(ticks).toBeGreaterThan(Math.min(3, elapsed / 3));
    } finally {
      await planner.close();
    }
  });

  it('shares one computation between concurrent callers and caches it per ledger state', async () => {
    const planner = createSettlementPlanner({ workerFrom: 2 });
    try {
      const { state, members } = ledger(12);
      const balances = balancesOf(members, state);
      const plans = await Promise.all(
        Array.from({ length: 20 }, () => planner.plan('trip', state, balances)),
      );
      expect(new Set(plans).size).toBe(1);
      expect(await planner.plan('trip', state, balances)).toBe(plans[0]);
      expect(planner.planNow('trip', state, balances)).toBe(plans[0]);

      // A new ledger version, or a newly paid settlement, is a new ledger state: planned again.
      const next = { ...state, ledger_version: 2 };
      const replanned = await planner.plan('trip', next, balances);
      expect(replanned).not.toBe(plans[0]);
      expect(replanned).toEqual(plans[0]);
      const paid: SettlementRecord = {
        id: 's1',
        trip_id: 'trip',
        from_user_id: 'p01',
        to_user_id: 'p00',
        amount_minor: 100,
        settled_at: '2027-01-01T00:00:00.000Z',
        created_at: '2027-01-01T00:00:00.000Z',
      };
      expect(ledgerKey({ ...next, settlements: [paid] })).not.toBe(ledgerKey(next));
      expect(ledgerKey({ ...next, settlements: [{ ...paid, settled_at: null }] })).toBe(ledgerKey(next));
    } finally {
      await planner.close();
    }
  });

  it('keeps plans within its budget in bytes: the least recently planned trip is planned again', async () => {
    const planner = createSettlementPlanner({ workerFrom: 2, cacheBytes: 64 * 1024 });
    try {
      // 40 trips of 200 people: each plan is some 199 transfers (~45 kB), so the budget holds one of them.
      const { state, members } = ledger(200);
      const balances = balancesOf(members, state);
      const first = await planner.plan('trip-0', state, balances);
      let last = first;
      for (let trip = 1; trip < 40; trip += 1) {
        last = await planner.plan(`trip-${trip}`, state, balances);
        const figure = cacheFigures().find((cache) => cache.name === 'settlement plans');
        expect(figure?.bytes).toBeGreaterThan(0);
        expect(figure!.bytes).toBeLessThanOrEqual(figure!.budget_bytes);
      }
      expect(planner.planNow('trip-39', state, balances)).toBe(last);
      // The first trip's plan left the cache: asked again, it is planned again (a new object, the same plan).
      const again = await planner.plan('trip-0', state, balances);
      expect(again).not.toBe(first);
      expect(again).toEqual(first);
    } finally {
      await planner.close();
    }
  });
});

/**
 * Settlement plans, computed from each person's totals (O(people), never the expenses), cached per ledger state,
 * shared by concurrent callers, and searched off the main thread when the exact search could take a while, so a
 * calculation never holds up other requests.
 */
import { Worker } from 'node:worker_threads';
import {
  balancesFromTotals,
  householdUnits,
  settle,
  type HouseholdGrouping,
  type LedgerBalance,
  type SettlementPlan,
} from '@wayfare/contract';
import { boundedCache, keyBytes, recordBytes } from '../../cache-budgets';
import type { LedgerState } from '../../store/types';
import type { SettleReply, SettleRequest } from './settle-worker';

/**
 * From this many open (non-zero) balances a plan is searched in the worker thread: below it the exact search is
 * the subset dynamic programming, at most 16 · 2^16 steps (a millisecond or two); from it on the search may use its
 * whole work budget (tens of ms), and greedy over thousands of people takes as long.
 */
export const WORKER_FROM_OPEN_BALANCES = 17;

/** Plans kept, in bytes: a 10k-member trip's plan (about 10k transfers) is some 2 MiB. */
export const PLANS_CACHE_BYTES = 48 * 1024 * 1024;

/**
 * What a plan depends on: the ledger version (bumped by every expense write in the same atomic write as the
 * totals) and which settlements are paid (a paid settlement never changes again).
 */
export function ledgerKey(ledger: LedgerState): string {
  const paid = ledger.settlements.filter((s) => s.settled_at !== null).map((s) => s.id);
  return `${ledger.ledger_version}\n${paid.join('\n')}`;
}

export function balancesOf(memberIds: readonly string[], ledger: LedgerState): LedgerBalance[] {
  return balancesFromTotals(
    memberIds,
    ledger.totals,
    ledger.settlements
      .filter((s) => s.settled_at !== null)
      .map((s) => ({ from: s.from_user_id, to: s.to_user_id, amount_minor: s.amount_minor })),
  );
}

/** The units a plan settles (each household summed under its payer, contract/src/households.ts) that are open. */
const openBalances = (balances: readonly LedgerBalance[], households: readonly HouseholdGrouping[]) =>
  householdUnits(balances, households).filter((b) => b.balance_minor !== 0);

/** A plan also depends on who settles as one: the households it was planned for, when any. */
const groupingKey = (households: readonly HouseholdGrouping[]) =>
  households.map((h) => `\n${h.payer_user_id}:${h.member_ids.join(',')}`).join('');

/** One lazily started worker thread, unref'd so it never keeps the process alive. */
function settleWorker() {
  let worker: Worker | undefined;
  let next = 0;
  const waiting = new Map<
    number,
    { resolve: (plan: SettlementPlan) => void; reject: (e: unknown) => void }
  >();

  const fail = (error: unknown) => {
    worker = undefined;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };

  async function start(): Promise<Worker> {
    const { SETTLE_WORKER, settleWorkerUrl } = await import('./settle-worker');
    // Run from TypeScript sources (tests, tsx), the worker loads the module through tsx; the build runs plain JS.
    const started = settleWorkerUrl.pathname.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(settleWorkerUrl.href)}, ${JSON.stringify(settleWorkerUrl.href)}))`,
          { eval: true, workerData: SETTLE_WORKER },
        )
      : new Worker(settleWorkerUrl, { workerData: SETTLE_WORKER });
    started.unref();
    started.on('message', ({ id, plan }: SettleReply) => {
      waiting.get(id)?.resolve(plan);
      waiting.delete(id);
    });
    started.on('error', fail);
    started.on('exit', (code) => {
      if (worker === started) fail(new Error(`settlement worker exited with code ${code}`));
    });
    return started;
  }

  let starting: Promise<Worker> | undefined;
  return {
    async settle(balances: SettleRequest['balances']): Promise<SettlementPlan> {
      if (!worker) {
        starting ??= start().finally(() => (starting = undefined));
        worker = await starting;
      }
      const id = next++;
      const running = worker;
      return new Promise<SettlementPlan>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        running.postMessage({ id, balances } satisfies SettleRequest);
      });
    },
    async close() {
      const running = worker;
      worker = undefined;
      await running?.terminate();
    },
  };
}

export function createSettlementPlanner({
  workerFrom = WORKER_FROM_OPEN_BALANCES,
  cacheBytes = PLANS_CACHE_BYTES,
} = {}) {
  const plans = boundedCache<{ key: string; plan: SettlementPlan }>(
    'settlement plans',
    cacheBytes,
    ({ key, plan }, tripId) =>
      plan.transfers.reduce((bytes, transfer) => bytes + recordBytes(transfer), 64) +
      keyBytes(key) +
      keyBytes(tripId),
  );
  const inflight = new Map<string, Promise<SettlementPlan>>();
  const worker = settleWorker();

  const cached = (tripId: string, key: string) => {
    const hit = plans.get(tripId);
    return hit?.key === key ? hit.plan : undefined;
  };

  return {
    /**
     * The plan for this ledger state, between the given households' payers and everyone in none (no households:
     * between people): from the cache when the trip's ledger has not changed since it was planned;
     * otherwise one computation shared by every concurrent caller, in the worker thread from `workerFrom` open
     * balances on.
     */
    async plan(
      tripId: string,
      ledger: LedgerState,
      balances: readonly LedgerBalance[],
      households: readonly HouseholdGrouping[] = [],
    ): Promise<SettlementPlan> {
      const key = ledgerKey(ledger) + groupingKey(households);
      const hit = cached(tripId, key);
      if (hit) return hit;
      const flight = `${tripId}\n${key}`;
      let running = inflight.get(flight);
      if (!running) {
        const open = openBalances(balances, households);
        running = (open.length >= workerFrom ? worker.settle(open) : Promise.resolve(settle(open)))
          .then((plan) => {
            plans.set(tripId, { key, plan });
            return plan;
          })
          .finally(() => inflight.delete(flight));
        inflight.set(flight, running);
      }
      return running;
    },

    /**
     * Synchronously, inside a store's atomic write: the cached plan when the ledger is still the one planned, else
     * computed here (an expense write landed between the plan and the write; the search is bounded by its work
     * budget, so this stays short).
     */
    planNow(
      tripId: string,
      ledger: LedgerState,
      balances: readonly LedgerBalance[],
      households: readonly HouseholdGrouping[] = [],
    ): SettlementPlan {
      const key = ledgerKey(ledger) + groupingKey(households);
      const hit = cached(tripId, key);
      if (hit) return hit;
      const plan = settle(openBalances(balances, households));
      plans.set(tripId, { key, plan });
      return plan;
    },

    close: () => worker.close(),
  };
}

export type SettlementPlanner = ReturnType<typeof createSettlementPlanner>;

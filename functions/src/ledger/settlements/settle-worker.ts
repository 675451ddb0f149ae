/**
 * The settlement search off the main thread. This one module is both sides: the main thread imports it
 * dynamically (so the bundle gives it a chunk of its own) only to learn its address, and a worker thread started
 * on that address answers plans. See settlement-planner.ts.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { settle, type SettlementPlan } from '@wayfare/contract';

export const SETTLE_WORKER = 'wayfare-settle-worker';
export const settleWorkerUrl = new URL(import.meta.url);

export interface SettleRequest {
  id: number;
  balances: Array<{ user_id: string; balance_minor: number }>;
}
export interface SettleReply {
  id: number;
  plan: SettlementPlan;
}

if (!isMainThread && workerData === SETTLE_WORKER && parentPort) {
  const port = parentPort;
  port.on('message', ({ id, balances }: SettleRequest) => {
    port.postMessage({ id, plan: settle(balances) } satisfies SettleReply);
  });
}

/**
 * Balances and the transfers that clear them, in integer cents. Pure functions: the server runs them when it
 * calculates settlements, the benchmark and the property tests run them directly.
 */

import { expensePayers, type ExpensePayer } from './payers';

/** An expense as balances see it: who paid what (`payers`, else `paid_by` paid it all) and who owes what. */
export interface LedgerExpense {
  paid_by: string;
  amount_cents: number;
  payers?: readonly ExpensePayer[] | null;
  shares: ReadonlyArray<{ user_id: string; share_cents: number }>;
}

/** A transfer already made: `from` paid `to`, which moves both balances towards zero. */
export interface LedgerTransfer {
  from: string;
  to: string;
  amount_cents: number;
}

export interface LedgerBalance {
  user_id: string;
  total_paid_cents: number;
  total_owed_cents: number;
  /** Positive: the group owes this person; negative: this person owes the group. */
  balance_cents: number;
}

/** One person's running totals over a trip's expenses, as the stores keep them beside the ledger. */
export interface LedgerTotal {
  user_id: string;
  /** What they paid for the group. */
  paid_cents: number;
  /** The sum of their shares. */
  owed_cents: number;
}

/**
 * Every member's paid, owed and net balance from each person's running totals, in O(people): the server keeps the
 * totals in the same atomic write as every expense, so calculating never reads the expenses themselves. Paid
 * settlements count as payments between the two people, so recalculating after a transfer never asks for it twice.
 * Because each expense's shares add up to its amount, the balances sum to exactly 0. People are listed in `members`
 * order, then anyone else who appears in the totals or settlements.
 */
export function balancesFromTotals(
  members: readonly string[],
  totals: readonly LedgerTotal[],
  paid: readonly LedgerTransfer[] = [],
): LedgerBalance[] {
  const byUser = new Map<string, LedgerBalance>();
  const entry = (user_id: string) => {
    let balance = byUser.get(user_id);
    if (!balance) {
      balance = { user_id, total_paid_cents: 0, total_owed_cents: 0, balance_cents: 0 };
      byUser.set(user_id, balance);
    }
    return balance;
  };
  members.forEach(entry);
  for (const total of totals) {
    const balance = entry(total.user_id);
    balance.total_paid_cents += total.paid_cents;
    balance.total_owed_cents += total.owed_cents;
    balance.balance_cents += total.paid_cents - total.owed_cents;
  }
  for (const transfer of paid) {
    entry(transfer.from).balance_cents += transfer.amount_cents;
    entry(transfer.to).balance_cents -= transfer.amount_cents;
  }
  return [...byUser.values()];
}

/** Each person's paid and owed totals over a list of expenses, in order of first appearance. */
export function ledgerTotals(expenses: readonly LedgerExpense[]): LedgerTotal[] {
  const byUser = new Map<string, LedgerTotal>();
  const entry = (user_id: string) => {
    let total = byUser.get(user_id);
    if (!total) {
      total = { user_id, paid_cents: 0, owed_cents: 0 };
      byUser.set(user_id, total);
    }
    return total;
  };
  for (const expense of expenses) {
    for (const payer of expensePayers(expense)) entry(payer.user_id).paid_cents += payer.paid_cents;
    for (const share of expense.shares) entry(share.user_id).owed_cents += share.share_cents;
  }
  return [...byUser.values()];
}

/** balancesFromTotals over a list of expenses (the benchmark and the tests; the server keeps the totals). */
export function computeBalances(
  members: readonly string[],
  expenses: readonly LedgerExpense[],
  paid: readonly LedgerTransfer[] = [],
): LedgerBalance[] {
  return balancesFromTotals(members, ledgerTotals(expenses), paid);
}

export interface LedgerExplanation extends LedgerBalance {
  /** The settlements (pending or paid) this person pays or receives, in the order given. */
  settlement_ids: string[];
  /** The balance the listed settlements leave open: 0 when they settle it exactly. */
  unsettled_cents: number;
}

/**
 * Why each transfer exists: every person's paid, share and balance before any transfer (paid − share), the
 * settlements that involve them, and what is left once they are all made. A payer's transfers raise their balance
 * towards 0, a payee's lower it.
 */
export function explainLedger(
  members: readonly string[],
  expenses: readonly LedgerExpense[],
  settlements: ReadonlyArray<LedgerTransfer & { id: string }>,
): LedgerExplanation[] {
  const explained = computeBalances(
    members,
    expenses,
    settlements.map((s) => ({ from: s.from, to: s.to, amount_cents: 0 })),
  ).map((balance) => ({
    ...balance,
    settlement_ids: [] as string[],
    unsettled_cents: balance.balance_cents,
  }));
  const byUser = new Map(explained.map((entry) => [entry.user_id, entry]));
  for (const settlement of settlements) {
    const from = byUser.get(settlement.from) as LedgerExplanation;
    const to = byUser.get(settlement.to) as LedgerExplanation;
    from.settlement_ids.push(settlement.id);
    from.unsettled_cents += settlement.amount_cents;
    to.settlement_ids.push(settlement.id);
    to.unsettled_cents -= settlement.amount_cents;
  }
  return explained;
}

type Net = ReadonlyArray<{ user_id: string; balance_cents: number }>;

/** A binary max-heap on amount (ties by id, for stable answers): greedy matching stays O(n log n) at 10k people. */
class MaxHeap {
  private readonly items: Array<{ id: string; amount: number }> = [];
  private above(a: { id: string; amount: number }, b: { id: string; amount: number }) {
    return a.amount > b.amount || (a.amount === b.amount && a.id < b.id);
  }
  get size() {
    return this.items.length;
  }
  push(item: { id: string; amount: number }) {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.above(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }
  pop(): { id: string; amount: number } {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let best = i;
        if (left < items.length && this.above(items[left]!, items[best]!)) best = left;
        if (right < items.length && this.above(items[right]!, items[best]!)) best = right;
        if (best === i) break;
        [items[i], items[best]] = [items[best]!, items[i]!];
        i = best;
      }
    }
    return top;
  }
}

/**
 * The baseline: repeatedly the largest debtor pays the largest creditor as much as both allow. Each transfer
 * clears at least one person and the last clears two, so n people with non-zero balances need at most n − 1.
 */
export function greedySettle(balances: Net): LedgerTransfer[] {
  const creditors = new MaxHeap();
  const debtors = new MaxHeap();
  for (const { user_id, balance_cents } of balances) {
    if (balance_cents > 0) creditors.push({ id: user_id, amount: balance_cents });
    else if (balance_cents < 0) debtors.push({ id: user_id, amount: -balance_cents });
  }
  const transfers: LedgerTransfer[] = [];
  while (creditors.size > 0 && debtors.size > 0) {
    const creditor = creditors.pop();
    const debtor = debtors.pop();
    const amount = Math.min(creditor.amount, debtor.amount);
    transfers.push({ from: debtor.id, to: creditor.id, amount_cents: amount });
    if (creditor.amount > amount) creditors.push({ id: creditor.id, amount: creditor.amount - amount });
    if (debtor.amount > amount) debtors.push({ id: debtor.id, amount: debtor.amount - amount });
  }
  return transfers;
}

/**
 * The exact search's budget, counted in work rather than time so the same balances give the same plan on any
 * machine under any load: one unit per (subset, member) step of the search, n · 2^n for n open balances. This is
 * 20 open balances (about 30 ms here); past it the plan is greedy.
 */
export const EXACT_SETTLEMENT_WORK = 20 * 2 ** 20;

export interface SettlementPlan {
  transfers: LedgerTransfer[];
  /** 'exact' when the transfer count is proven minimal; 'greedy' when the baseline was used. */
  method: 'exact' | 'greedy';
}

type Open = { user_id: string; balance_cents: number };

/**
 * Takes out every debtor whose amount a creditor's matches exactly: some minimal plan always settles such a pair
 * on its own (if they sat in groups G1 and G2, {pair} and G1 ∪ G2 minus the pair are as many zero-sum groups),
 * so this never costs a transfer and shrinks what the exact search must look at.
 */
function settleExactPairs(open: readonly Open[]): { pairs: LedgerTransfer[]; rest: Open[] } {
  const creditorsByAmount = new Map<number, Open[]>();
  for (const b of open) {
    if (b.balance_cents <= 0) continue;
    const list = creditorsByAmount.get(b.balance_cents) ?? [];
    list.push(b);
    creditorsByAmount.set(b.balance_cents, list);
  }
  const paired = new Set<Open>();
  const pairs: LedgerTransfer[] = [];
  for (const debtor of open) {
    if (debtor.balance_cents >= 0) continue;
    const creditor = creditorsByAmount.get(-debtor.balance_cents)?.shift();
    if (!creditor) continue;
    paired.add(debtor).add(creditor);
    pairs.push({ from: debtor.user_id, to: creditor.user_id, amount_cents: creditor.balance_cents });
  }
  return { pairs, rest: open.filter((b) => !paired.has(b)) };
}

/**
 * The fewest transfers that clear every balance. With n non-zero balances the minimum is n minus the largest
 * number of disjoint zero-sum groups they can be cut into (each group of k settles in k − 1 transfers, and no
 * plan can do better). Exactly matching debtor/creditor pairs are settled first; if what is left has at most one
 * debtor or one creditor it is a single group and greedy is already minimal. Otherwise the maximum is found by
 * dynamic programming over subsets, best[mask] = max over members i of best[mask − i], plus one when mask sums to
 * zero, when its n · 2^n steps fit `workBudget`; else greedy, which is never worse than n − 1.
 */
export function settle(balances: Net, { workBudget = EXACT_SETTLEMENT_WORK } = {}): SettlementPlan {
  const { pairs, rest: open } = settleExactPairs(balances.filter((b) => b.balance_cents !== 0));
  const n = open.length;
  const debtors = open.filter((b) => b.balance_cents < 0).length;
  if (Math.min(debtors, n - debtors) <= 1)
    return { transfers: [...pairs, ...greedySettle(open)], method: 'exact' };
  // n ≤ 30 keeps the bit masks within 32-bit integers whatever the budget.
  if (n > 30 || n * 2 ** n > workBudget)
    return { transfers: [...pairs, ...greedySettle(open)], method: 'greedy' };

  const size = 1 << n;
  const sums = new Float64Array(size);
  const best = new Int8Array(size);
  for (let mask = 1; mask < size; mask++) {
    const low = 31 - Math.clz32(mask & -mask);
    sums[mask] = sums[mask & (mask - 1)]! + open[low]!.balance_cents;
    let value = 0;
    for (let rest = mask; rest !== 0; rest &= rest - 1) {
      const bit = rest & -rest;
      const candidate = best[mask ^ bit]!;
      if (candidate > value) value = candidate;
    }
    best[mask] = value + (sums[mask] === 0 ? 1 : 0);
  }

  // Walk back down one optimal chain: the members removed between two zero-sum masks form one zero-sum group.
  const transfers: LedgerTransfer[] = [...pairs];
  let mask = size - 1;
  let group: Open[] = [];
  while (mask !== 0) {
    const gain = sums[mask] === 0 ? 1 : 0;
    let rest = mask;
    let bit = rest & -rest;
    for (; rest !== 0; rest &= rest - 1) {
      bit = rest & -rest;
      if (best[mask ^ bit]! + gain === best[mask]) break;
    }
    group.push(open[31 - Math.clz32(bit)]!);
    mask ^= bit;
    if (sums[mask] === 0) {
      transfers.push(...greedySettle(group));
      group = [];
    }
  }
  return { transfers, method: 'exact' };
}

/**
 * Balances and the transfers that clear them, in integer cents. Pure functions: the server runs them when it
 * calculates settlements, the benchmark and the property tests run them directly.
 */

import { expensePayers, type ExpensePayer } from './payers';

/** An expense as balances see it: who paid what (`payers`, else `paid_by` paid it all) and who owes what. */
export interface LedgerExpense {
  paid_by: string;
  amount_minor: number;
  payers?: readonly ExpensePayer[] | null;
  shares: ReadonlyArray<{ user_id: string; share_minor: number }>;
}

/** A transfer already made: `from` paid `to`, which moves both balances towards zero. */
export interface LedgerTransfer {
  from: string;
  to: string;
  amount_minor: number;
}

export interface LedgerBalance {
  user_id: string;
  total_paid_minor: number;
  total_owed_minor: number;
  /** Positive: the group owes this person; negative: this person owes the group. */
  balance_minor: number;
}

/** One person's running totals over a trip's expenses, as the stores keep them beside the ledger. */
export interface LedgerTotal {
  user_id: string;
  /** What they paid for the group. */
  paid_minor: number;
  /** The sum of their shares. */
  owed_minor: number;
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
      balance = { user_id, total_paid_minor: 0, total_owed_minor: 0, balance_minor: 0 };
      byUser.set(user_id, balance);
    }
    return balance;
  };
  members.forEach(entry);
  for (const total of totals) {
    const balance = entry(total.user_id);
    balance.total_paid_minor += total.paid_minor;
    balance.total_owed_minor += total.owed_minor;
    balance.balance_minor += total.paid_minor - total.owed_minor;
  }
  for (const transfer of paid) {
    entry(transfer.from).balance_minor += transfer.amount_minor;
    entry(transfer.to).balance_minor -= transfer.amount_minor;
  }
  return [...byUser.values()];
}

/** Each person's paid and owed totals over a list of expenses, in order of first appearance. */
export function ledgerTotals(expenses: readonly LedgerExpense[]): LedgerTotal[] {
  const byUser = new Map<string, LedgerTotal>();
  const entry = (user_id: string) => {
    let total = byUser.get(user_id);
    if (!total) {
      total = { user_id, paid_minor: 0, owed_minor: 0 };
      byUser.set(user_id, total);
    }
    return total;
  };
  for (const expense of expenses) {
    for (const payer of expensePayers(expense)) entry(payer.user_id).paid_minor += payer.paid_minor;
    for (const share of expense.shares) entry(share.user_id).owed_minor += share.share_minor;
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
  unsettled_minor: number;
}

/**
 * Why each transfer exists: every person's paid, share and balance before any transfer (paid − share), the
 * settlements that involve them, and what is left once they are all made. A payer's transfers raise their balance
 * towards 0, a payee's lower it. From each person's running totals (ledgerTotals), as the server keeps them, so
 * explaining never reads the expenses.
 */
export function explainLedger(
  members: readonly string[],
  totals: readonly LedgerTotal[],
  settlements: ReadonlyArray<LedgerTransfer & { id: string }>,
): LedgerExplanation[] {
  const explained = balancesFromTotals(
    members,
    totals,
    settlements.map((s) => ({ from: s.from, to: s.to, amount_minor: 0 })),
  ).map((balance) => ({
    ...balance,
    settlement_ids: [] as string[],
    unsettled_minor: balance.balance_minor,
  }));
  const byUser = new Map(explained.map((entry) => [entry.user_id, entry]));
  for (const settlement of settlements) {
    const from = byUser.get(settlement.from) as LedgerExplanation;
    const to = byUser.get(settlement.to) as LedgerExplanation;
    from.settlement_ids.push(settlement.id);
    from.unsettled_minor += settlement.amount_minor;
    to.settlement_ids.push(settlement.id);
    to.unsettled_minor -= settlement.amount_minor;
  }
  return explained;
}

type Net = ReadonlyArray<{ user_id: string; balance_minor: number }>;

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
  for (const { user_id, balance_minor } of balances) {
    if (balance_minor > 0) creditors.push({ id: user_id, amount: balance_minor });
    else if (balance_minor < 0) debtors.push({ id: user_id, amount: -balance_minor });
  }
  const transfers: LedgerTransfer[] = [];
  while (creditors.size > 0 && debtors.size > 0) {
    const creditor = creditors.pop();
    const debtor = debtors.pop();
    const amount = Math.min(creditor.amount, debtor.amount);
    transfers.push({ from: debtor.id, to: creditor.id, amount_minor: amount });
    if (creditor.amount > amount) creditors.push({ id: creditor.id, amount: creditor.amount - amount });
    if (debtor.amount > amount) debtors.push({ id: debtor.id, amount: debtor.amount - amount });
  }
  return transfers;
}

/**
 * The exact search's budget, counted in work rather than time so the same balances give the same plan on any
 * machine under any load. Units: one per pair of zero-sum groups compared while chaining them and per group found,
 * WORK_PER_HALF_SUM per subset sum of each half in the meet-in-the-middle enumeration (so it reaches at most 35
 * open balances); or n · 2^n for the subset dynamic programming over n open balances (so at most 20). About 30 ms
 * here at most.
 */
export const EXACT_SETTLEMENT_WORK = 20 * 2 ** 20;

/** Past this many open balances greedy, whatever the budget: each half's bit masks stay 32-bit integers. */
export const EXACT_SETTLEMENT_MAX_OPEN = 40;

export interface SettlementPlan {
  transfers: LedgerTransfer[];
  /** 'exact' when the transfer count is proven minimal; 'greedy' when the baseline was used. */
  method: 'exact' | 'greedy';
}

type Open = { user_id: string; balance_minor: number };

/**
 * Takes out every debtor whose amount a creditor's matches exactly: some minimal plan always settles such a pair
 * on its own (if they sat in groups G1 and G2, {pair} and G1 ∪ G2 minus the pair are as many zero-sum groups),
 * so this never costs a transfer and shrinks what the exact search must look at.
 */
function settleExactPairs(open: readonly Open[]): { pairs: LedgerTransfer[]; rest: Open[] } {
  const creditorsByAmount = new Map<number, Open[]>();
  for (const b of open) {
    if (b.balance_minor <= 0) continue;
    const list = creditorsByAmount.get(b.balance_minor) ?? [];
    list.push(b);
    creditorsByAmount.set(b.balance_minor, list);
  }
  const paired = new Set<Open>();
  const pairs: LedgerTransfer[] = [];
  for (const debtor of open) {
    if (debtor.balance_minor >= 0) continue;
    const creditor = creditorsByAmount.get(-debtor.balance_minor)?.shift();
    if (!creditor) continue;
    paired.add(debtor).add(creditor);
    pairs.push({ from: debtor.user_id, to: creditor.user_id, amount_minor: creditor.balance_minor });
  }
  return { pairs, rest: open.filter((b) => !paired.has(b)) };
}

/** Every subset sum of `values`, indexed by bit mask (bit i: values[i]), each from its mask minus its lowest bit. */
function subsetSums(values: readonly number[]): Float64Array {
  const sums = new Float64Array(2 ** values.length);
  for (let mask = 1; mask < sums.length; mask++) {
    const low = 31 - Math.clz32(mask & -mask);
    sums[mask] = sums[mask & (mask - 1)]! + values[low]!;
  }
  return sums;
}

/**
 * Every non-empty zero-sum subset of the n open balances, as the two halves of its bit mask (low: the first
 * ⌊n/2⌋ balances, high: the rest), in increasing order of the whole mask — so every proper subset of a group
 * comes before it. Meet in the middle: the subset sums of each half, and for each sum of the high half the low
 * subsets summing to its opposite. Undefined when more than `most` groups exist.
 */
function zeroSumGroups(
  values: readonly number[],
  most: number,
): { low: Int32Array; high: Int32Array; count: number } | undefined {
  const half = values.length >> 1;
  const lowSums = subsetSums(values.slice(0, half));
  const highSums = subsetSums(values.slice(half));
  // The low subsets by sum: the first with each sum in `first`, the others chained through `next`.
  const first = new Map<number, number>();
  const next = new Int32Array(lowSums.length).fill(-1);
  for (let mask = lowSums.length - 1; mask >= 0; mask--) {
    const sum = lowSums[mask]!;
    const head = first.get(sum);
    if (head !== undefined) next[mask] = head;
    first.set(sum, mask);
  }
  const low = new Int32Array(most);
  const high = new Int32Array(most);
  let count = 0;
  // High masks ascending, and each one's low masks ascending: the whole masks come out in increasing order.
  for (let h = 0; h < highSums.length; h++) {
    for (let l = first.get(-highSums[h]!) ?? -1; l !== -1; l = next[l]!) {
      if (h === 0 && l === 0) continue;
      if (count === most) return undefined;
      low[count] = l;
      high[count] = h;
      count += 1;
    }
  }
  return { low, high, count };
}

/** The members of a mask given as its two halves, as indices into the open balances. */
function members(low: number, high: number, half: number): number[] {
  const indices: number[] = [];
  for (let rest = low; rest !== 0; rest &= rest - 1) indices.push(31 - Math.clz32(rest & -rest));
  for (let rest = high; rest !== 0; rest &= rest - 1) indices.push(half + 31 - Math.clz32(rest & -rest));
  return indices;
}

/**
 * The most disjoint zero-sum groups, as the longest chain of zero-sum subsets ∅ ⊂ Z1 ⊂ … ⊂ everyone (the
 * differences of a chain are zero-sum groups, and the unions of a partition's groups are a chain): for each
 * subset in increasing mask order, one more than the longest chain of its zero-sum subsets. K groups cost
 * K(K − 1)/2 comparisons. Returns each group's members.
 */
function longestChain(
  { low, high, count }: { low: Int32Array; high: Int32Array; count: number },
  half: number,
): number[][] {
  const length = new Int32Array(count);
  const below = new Int32Array(count).fill(-1);
  for (let i = 0; i < count; i++) {
    const l = low[i]!;
    const h = high[i]!;
    let longest = 0;
    for (let j = 0; j < i; j++) {
      if (length[j]! > longest && (low[j]! & ~l) === 0 && (high[j]! & ~h) === 0) {
        longest = length[j]!;
        below[i] = j;
      }
    }
    length[i] = longest + 1;
  }
  const groups: number[][] = [];
  for (let i = count - 1; i !== -1; i = below[i]!) {
    const j = below[i]!;
    groups.push(members(low[i]! & ~(j === -1 ? 0 : low[j]!), high[i]! & ~(j === -1 ? 0 : high[j]!), half));
  }
  return groups;
}

/**
 * The same answer by dynamic programming over all 2^n subsets, for when zero-sum groups are too many to chain:
 * best[mask] = max over members i of best[mask − i], plus one when mask sums to zero (then removing its lowest
 * member is always as good, since no removal costs more than the one group it breaks). n · 2^n steps at most.
 */
function subsetDp(values: readonly number[]): number[][] {
  const sums = subsetSums(values);
  const size = sums.length;
  const best = new Int8Array(size);
  for (let mask = 1; mask < size; mask++) {
    const lowest = best[mask & (mask - 1)]!;
    if (sums[mask] === 0) {
      best[mask] = lowest + 1;
      continue;
    }
    // best[mask] is lowest or lowest + 1 (a member's removal breaks at most one group): stop at the first + 1.
    let value = lowest;
    for (let rest = mask & (mask - 1); rest !== 0; rest &= rest - 1) {
      if (best[mask ^ (rest & -rest)]! > value) {
        value += 1;
        break;
      }
    }
    best[mask] = value;
  }
  // Walk back down one optimal chain: the members removed between two zero-sum masks form one zero-sum group.
  const groups: number[][] = [];
  let mask = size - 1;
  let group: number[] = [];
  while (mask !== 0) {
    const gain = sums[mask] === 0 ? 1 : 0;
    let bit = mask & -mask;
    for (let rest = mask; rest !== 0; rest &= rest - 1) {
      bit = rest & -rest;
      if (best[mask ^ bit]! + gain === best[mask]) break;
    }
    group.push(31 - Math.clz32(bit));
    mask ^= bit;
    if (sums[mask] === 0) {
      groups.push(group);
      group = [];
    }
  }
  return groups;
}

/** One unit of the work budget per pair of chained groups (about a nanosecond); a subset sum of a half costs this many. */
const WORK_PER_HALF_SUM = 48;

/** Up to this much work (n ≤ 16) the subset dynamic programming runs straight away: a millisecond or two at most. */
const DIRECT_SUBSET_WORK = 2 ** 20;

/**
 * The zero-sum groups found by meeting in the middle and chained (see longestChain), or undefined when more than
 * `most` zero-sum subsets exist. Exported for the property tests; settle() chooses between the two searches.
 */
export function chainedZeroSumGroups(values: readonly number[], most = 2 ** 16): number[][] | undefined {
  const groups = zeroSumGroups(values, most);
  return groups && longestChain(groups, values.length >> 1);
}

/** The zero-sum groups found by dynamic programming over subsets (see subsetDp); exported for the tests. */
export const subsetZeroSumGroups = (values: readonly number[]): number[][] => subsetDp(values);

/**
 * The most disjoint zero-sum groups the open balances (summing to zero) can be cut into, or undefined when
 * finding them would take more than `workBudget`. Up to 16 people by the subset dynamic programming, whose
 * n · 2^n steps bound it whatever the amounts; from 17 on by chaining the zero-sum subsets found meeting in the
 * middle, fast when amounts are irregular and such subsets are few (whatever n up to EXACT_SETTLEMENT_MAX_OPEN),
 * else by the subset dynamic programming again while n · 2^n fits the budget (n ≤ 20).
 */
function mostZeroSumGroups(values: readonly number[], workBudget: number): number[][] | undefined {
  const n = values.length;
  const subsetWork = n * 2 ** n;
  if (subsetWork <= Math.min(DIRECT_SUBSET_WORK, workBudget)) return subsetDp(values);
  const half = n >> 1;
  const enumeration = WORK_PER_HALF_SUM * (2 ** half + 2 ** (n - half));
  if (n <= EXACT_SETTLEMENT_MAX_OPEN && enumeration <= workBudget) {
    // K groups cost K for finding them plus K(K − 1)/2 for chaining: K(K + 1)/2 ≤ what the enumeration leaves.
    const groups = chainedZeroSumGroups(
      values,
      Math.floor((Math.sqrt(1 + 8 * (workBudget - enumeration)) - 1) / 2),
    );
    if (groups) return groups;
  }
  return subsetWork <= workBudget ? subsetDp(values) : undefined;
}

/**
 * The fewest transfers that clear every balance. With n non-zero balances the minimum is n minus the largest
 * number of disjoint zero-sum groups they can be cut into (each group of k settles in k − 1 transfers, and no
 * plan can do better). Exactly matching debtor/creditor pairs are settled first; if what is left has at most one
 * debtor or one creditor it is a single group and greedy is already minimal. Otherwise the groups are found
 * exactly when that fits `workBudget` (see mostZeroSumGroups) and each is settled greedily; else greedy over
 * everyone, which is never worse than n − 1.
 */
export function settle(balances: Net, { workBudget = EXACT_SETTLEMENT_WORK } = {}): SettlementPlan {
  const { pairs, rest: open } = settleExactPairs(balances.filter((b) => b.balance_minor !== 0));
  const debtors = open.filter((b) => b.balance_minor < 0).length;
  if (Math.min(debtors, open.length - debtors) <= 1)
    return { transfers: [...pairs, ...greedySettle(open)], method: 'exact' };
  const groups = mostZeroSumGroups(
    open.map((b) => b.balance_minor),
    workBudget,
  );
  if (!groups) return { transfers: [...pairs, ...greedySettle(open)], method: 'greedy' };
  const transfers = [...pairs];
  for (const group of groups) transfers.push(...greedySettle(group.map((i) => open[i]!)));
  return { transfers, method: 'exact' };
}

import type { ExpenseRecord } from '../port/expenses';

/** What of an expense version the ledger's running figures depend on. */
export type LedgerExpense = Pick<ExpenseRecord, 'amount_minor' | 'payers' | 'shares'>;

/** How one person's running figures move. */
export interface PersonDelta {
  /** Their owed total (the sum of their shares). */
  share_minor: number;
  /** Their paid total (their part of what they paid). */
  paid_minor: number;
  /** How many expenses name them, as a payer or in a share. */
  ledger_refs: number;
}

/** How a trip's running ledger figures move with one write. */
export interface LedgerDelta {
  expense_count: number;
  total_expenses_minor: number;
  /** Only the people whose figures move: someone whose figures all net to zero is left out. */
  people: Map<string, PersonDelta>;
}

/** +1: the expense version comes into the ledger (created, imported, an edit's new version); −1: it leaves it. */
export type LedgerChangeSign = 1 | -1;

/**
 * The change a write makes to a trip's running figures, as one decision both store adapters apply and neither
 * works out: an expense created is `[[expense, 1]]`, deleted `[[expense, -1]]`, edited `[[old, -1], [new, 1]]`, an
 * import every expense at +1. The figures are integer minor units and counts, so the sums are exact; adapters only
 * add the result to what they keep (SQLite rows, Firestore shard documents).
 */
export function ledgerDelta(changes: Iterable<readonly [LedgerExpense, LedgerChangeSign]>): LedgerDelta {
  let expenseCount = 0;
  let totalMinor = 0;
  const people = new Map<string, PersonDelta>();
  const of = (userId: string) => {
    let entry = people.get(userId);
    if (!entry) people.set(userId, (entry = { share_minor: 0, paid_minor: 0, ledger_refs: 0 }));
    return entry;
  };
  for (const [expense, sign] of changes) {
    expenseCount += sign;
    totalMinor += sign * expense.amount_minor;
    for (const payer of expense.payers) of(payer.user_id).paid_minor += sign * payer.paid_minor;
    for (const share of expense.shares) of(share.user_id).share_minor += sign * share.share_minor;
    const named = new Set([...expense.payers.map((p) => p.user_id), ...expense.shares.map((s) => s.user_id)]);
    for (const userId of named) of(userId).ledger_refs += sign;
  }
  for (const [userId, { share_minor, paid_minor, ledger_refs }] of people) {
    if (share_minor === 0 && paid_minor === 0 && ledger_refs === 0) people.delete(userId);
  }
  return { expense_count: expenseCount, total_expenses_minor: totalMinor, people };
}

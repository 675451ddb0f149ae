/**
 * One expense vocabulary from the route inward. An expense body comes in one of several shapes —
 * the spec's `participants` with explicit shares, the simple form's `expense_type` with optional `splits`, the
 * modal's `split` (equal, custom, percent, by_shares, personal, itemized), one `paid_by` or several `payers` — and is read here,
 * once, into an ExpenseEntry: amounts in integer minor units of `currency`, who paid how much, and how the shares are
 * to be decided. The service, the split decision and the currency conversion take an entry; the store keeps the
 * same names (amount_minor, payers' paid_minor, shares' share_minor). Answers keep the spec's names (views).
 */
import type { ItemizedSplit } from '../itemized';
import type { ExpensePayer } from '../payers';
import { expenseBodySchema, type ExpenseBody } from './expense-body';
import type { ExpenseCategory, ExpenseType } from './stored-split';

/** A person and an amount, in minor units of the entry's currency. */
export interface PersonAmount {
  user_id: string;
  amount_minor: number;
}

/**
 * How the shares are to be decided, each method with the people it needs (the last person takes any remainder):
 * - `equal` among `people`; `percent` by each one's percentage; `personal`: the (first) payer bears it all;
 * - `by_shares`: in proportion to each one's whole `shares`, their participant weight where none is given;
 * - `custom` amounts, within a minor unit of the total (the mismatch onto the last person);
 * - `itemized`: `items` (items and extras) decide each person's total, `people`, kept as custom amounts;
 * - `exact` shares (the spec's `participants`), adding up to the amount exactly; zero shares are left out;
 * - `by_type`: the spec's simple form, by the entry's `expense_type` — group: equal among all members; personal: the
 *   payer; shared: `people` owe what they were given and the payer bears the rest (none given: equal among the
 *   others). `people` are the `splits` as sent (possibly none, possibly zeros).
 * A split the modal sent may come with `sent_shares`, the `participants` beside it: they must be its shares.
 */
export type EntrySplit =
  | ({ method: 'equal'; people: Array<{ user_id: string }> } & SentShares)
  | ({ method: 'custom'; people: PersonAmount[] } & SentShares)
  | ({ method: 'percent'; people: Array<{ user_id: string; percent: number }> } & SentShares)
  | ({ method: 'by_shares'; people: Array<{ user_id: string; shares?: number }> } & SentShares)
  | ({ method: 'personal' } & SentShares)
  | ({ method: 'itemized'; people: PersonAmount[]; items: ItemizedSplit } & SentShares)
  | { method: 'exact'; people: PersonAmount[] }
  | { method: 'by_type'; people: PersonAmount[] };

interface SentShares {
  /** The positive `participants` shares sent beside the split (absent when none were). */
  sent_shares?: PersonAmount[];
}

/** What an expense says of itself, under the same names in an entry and in the store (ExpenseRecord). */
export interface ExpenseFacts {
  title: string;
  description: string;
  /** yyyy-MM-dd */
  expense_date: string;
  category: ExpenseCategory;
  /** The spec's type, kept and answered; an entry's `by_type` split is decided by it. */
  expense_type: ExpenseType;
  /** In minor units: of the entry's `currency`; in the store, of the trip's home currency. */
  amount_minor: number;
}

/** An expense as the server takes it in, before its shares are decided over the trip's members. */
export interface ExpenseEntry extends ExpenseFacts {
  /** Absent: the trip's home currency. */
  currency?: string;
  /** Units of the home currency per unit of `currency`, as the member gave it; absent: the reference rate. */
  rate?: string;
  /** Who paid how much, in order (the first is the spec's `paid_by`): each above 0, adding up to amount_minor. */
  payers: ExpensePayer[];
  split: EntrySplit;
}

const amounts = <T extends { user_id: string }>(rows: readonly T[], amountOf: (row: T) => number) =>
  rows.map((row): PersonAmount => ({ user_id: row.user_id, amount_minor: amountOf(row) }));

/** The split a parsed body describes: its `split`, else explicit `participants`, else its `expense_type`. */
function entrySplit(body: ExpenseBody): EntrySplit {
  const { split, participants, itemized } = body;
  if (split) {
    const sent =
      participants && amounts(participants, (p) => p.share_amount).filter((p) => p.amount_minor > 0);
    const sent_shares = sent?.length ? { sent_shares: sent } : {};
    switch (split.method) {
      case 'personal':
        return { method: 'personal', ...sent_shares };
      case 'equal':
        return { method: 'equal', people: split.people.map(({ user_id }) => ({ user_id })), ...sent_shares };
      case 'percent':
        return {
          method: 'percent',
          people: split.people.map(({ user_id, percent }) => ({ user_id, percent })),
          ...sent_shares,
        };
      case 'by_shares':
        return {
          method: 'by_shares',
          people: split.people.map(({ user_id, shares }) => ({
            user_id,
            ...(shares !== undefined && { shares }),
          })),
          ...sent_shares,
        };
      case 'custom': {
        const people = amounts(split.people, (p) => p.amount);
        return itemized
          ? { method: 'itemized', people, items: itemized, ...sent_shares }
          : { method: 'custom', people, ...sent_shares };
      }
    }
  }
  if (participants?.length) return { method: 'exact', people: amounts(participants, (p) => p.share_amount) };
  return { method: 'by_type', people: amounts(body.splits ?? [], (s) => s.amount) };
}

/** The entry a parsed expense body describes (expenseBodySchema checked it; this only renames and regroups). */
export function expenseEntryOf(body: ExpenseBody): ExpenseEntry {
  return {
    title: body.title,
    description: body.description,
    expense_date: body.expense_date,
    category: body.category,
    expense_type: body.expense_type,
    amount_minor: body.amount,
    ...(body.currency !== undefined && { currency: body.currency }),
    ...(body.rate !== undefined && { rate: body.rate }),
    payers: body.payers.map((p) => ({ user_id: p.user_id, paid_minor: p.amount })),
    split: entrySplit(body),
  };
}

/** POST /trips/{tripId}/expenses and PUT /expenses/{id}: the body's every shape, read into an ExpenseEntry. */
export const expenseEntrySchema = expenseBodySchema.transform(expenseEntryOf);

/** Whether the entry says who shares it (a split, shares or amounts owed), rather than leaving it to its type. */
export const entryNamesPeople = ({ split }: ExpenseEntry) =>
  split.method !== 'by_type' || split.people.length > 0;

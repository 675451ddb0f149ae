import {
  changedFields,
  type ActivityEntry,
  type ActivityExpense,
  type ActivityTransfer,
  type LedgerPerson,
  type TripBudget,
} from '@wayfare/contract';
import { CATEGORY, ledgerName } from '../categories';

/** A history entry in words: one line, and under it what an edit changed ("Amount: $420.00 → $480.00"). */
export interface EntryText {
  line: string;
  details: string[];
}

type Money = (minor: number) => string;

export function entryText(
  entry: ActivityEntry,
  people: Record<string, LedgerPerson>,
  money: Money,
  locale: string,
): EntryText {
  const name = (id: string | null) => {
    const person = id ? people[id] : undefined;
    return person ? ledgerName(person) : 'Someone';
  };
  const who = name(entry.actor_id);
  const titled = (e: ActivityExpense) => `“${e.title}” (${money(e.amount_cents)})`;
  const transfer = (t: ActivityTransfer) =>
    `${name(t.from_user_id)} pays ${name(t.to_user_id)} ${money(t.amount_cents)}`;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const payers = (e: ActivityExpense) =>
    e.payers.map((p) => `${name(p.user_id)} ${money(p.paid_cents)}`).join(', ');
  const shares = (e: ActivityExpense) =>
    e.shares.map((s) => `${name(s.user_id)} ${money(s.share_cents)}`).join(', ');
  const budget = (b: Pick<TripBudget, 'kind' | 'amount_minor'>) =>
    `${money(b.amount_minor)} ${b.kind === 'total' ? 'for the whole trip' : 'a day'}`;

  switch (entry.kind) {
    case 'expense.created':
      return { line: `${who} added ${titled(entry.expense)}`, details: [] };
    case 'expense.restored':
      return { line: `${who} restored ${titled(entry.expense)}`, details: [] };
    case 'expense.deleted':
      return { line: `${who} deleted ${titled(entry.expense)}`, details: [] };
    case 'expense.updated': {
      const { before, after } = entry;
      const change: Record<ReturnType<typeof changedFields>[number], string> = {
        amount: `Amount: ${money(before.amount_cents)} → ${money(after.amount_cents)}`,
        payers: `Paid by: ${payers(before)} → ${payers(after)}`,
        split: `Split: ${shares(before)} → ${shares(after)}`,
        date: `Date: ${date(before.expense_date)} → ${date(after.expense_date)}`,
        title: `Title: “${before.title}” → “${after.title}”`,
        category: `Category: ${CATEGORY[before.category].label} → ${CATEGORY[after.category].label}`,
      };
      return {
        line: `${who} edited “${after.title}”`,
        details: changedFields(before, after).map((field) => change[field]),
      };
    }
    case 'expenses.imported':
      return {
        line: `${who} imported ${entry.count} ${entry.count === 1 ? 'expense' : 'expenses'} (${money(entry.amount_cents)})`,
        details: [],
      };
    case 'settlements.calculated':
      return {
        line: `${who} calculated settlements: ${entry.transfers.length} to pay`,
        details: entry.transfers.map(transfer),
      };
    case 'settlement.paid':
      return { line: `${who} marked “${transfer(entry.transfer)}” as paid`, details: [] };
    case 'member.joined':
      return { line: `${name(entry.user_id)} joined the trip`, details: [] };
    case 'member.left':
      return { line: `${name(entry.user_id)} left the trip`, details: [] };
    case 'member.removed':
      return { line: `${who} removed ${name(entry.user_id)} from the trip`, details: [] };
    case 'member.weight':
      return {
        line: `${who} changed the weight of ${name(entry.user_id)} from ${entry.from} to ${entry.to}`,
        details: [],
      };
    case 'trip.home_currency':
      return { line: `${who} changed the trip currency from ${entry.from} to ${entry.to}`, details: [] };
    case 'budget.changed':
      return {
        line: entry.before
          ? `${who} changed the budget from ${budget(entry.before)} to ${budget(entry.after)}`
          : `${who} set the budget to ${budget(entry.after)}`,
        details: Object.entries(entry.after.categories).map(
          ([category, minor]) => `${CATEGORY[category as keyof typeof CATEGORY].label}: ${money(minor ?? 0)}`,
        ),
      };
  }
}

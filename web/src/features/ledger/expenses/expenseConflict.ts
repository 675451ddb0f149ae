/**
 * A save refused because someone changed the expense after the form was opened (412, contract's
 * expense-versions.ts): what they changed and what you changed, field by field, compared as the bodies the form
 * sends (the expense as opened, as it is now, and yours), and the body that combines both where they do not overlap.
 */
import {
  expenseConflictSchema,
  type ExpenseBodyInput,
  type ExpenseConflict,
  type Participant,
} from '@wayfare/contract';
import { ApiError } from '@/shared/api';

/** The 412's answer of a refused conditional write; null for any other failure. */
export function expenseConflictOf(error: unknown): ExpenseConflict | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null;
  const parsed = expenseConflictSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/** "Bea Tester changed this expense at 14:02" (the time as the person's locale writes it, in their zone). */
export function changedLine(conflict: ExpenseConflict, locale?: string): string {
  const { first_name, last_name } = conflict.changed_by;
  const at = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(conflict.changed_at));
  return `${`${first_name} ${last_name}`.trim()} changed this expense at ${at}`;
}

export const CONFLICT_FIELDS = ['title', 'amount', 'date', 'category', 'payers', 'split'] as const;
export type ConflictField = (typeof CONFLICT_FIELDS)[number];

export const FIELD_LABELS: Record<ConflictField, string> = {
  title: 'Title',
  amount: 'Amount',
  date: 'Date',
  category: 'Category',
  payers: 'Paid by',
  split: 'Split',
};

type BodyKey = keyof ExpenseBodyInput;
const KEYS: Record<Exclude<ConflictField, 'split'>, BodyKey[]> = {
  title: ['title', 'description'],
  amount: ['amount', 'currency', 'rate'],
  date: ['expense_date'],
  category: ['category'],
  payers: ['paid_by', 'payers'],
};
const NAMED = new Set<string>(Object.values(KEYS).flat());

/** The body's keys a field is made of; the split is everything else (type, shares, split, items). */
const keysOf = (field: ConflictField, ...bodies: ExpenseBodyInput[]): BodyKey[] =>
  field === 'split'
    ? [...new Set(bodies.flatMap((body) => Object.keys(body) as BodyKey[]))].filter((key) => !NAMED.has(key))
    : KEYS[field];

const same = (field: ConflictField, a: ExpenseBodyInput, b: ExpenseBodyInput) =>
  keysOf(field, a, b).every((key) => JSON.stringify(a[key] ?? null) === JSON.stringify(b[key] ?? null));

/** The fields `to` changed of `from`. */
export const changedFields = (from: ExpenseBodyInput, to: ExpenseBodyInput): ConflictField[] =>
  CONFLICT_FIELDS.filter((field) => !same(field, from, to));

/** The amount, who paid it and how it is split must add up together: a change to one is a change to all three. */
const MONEY = new Set<ConflictField>(['amount', 'payers', 'split']);

/**
 * Their changes and yours on the fields only you changed, when no field was changed by both (and not the money by
 * both: one side's payers cannot be put on the other's amount); null when they overlap.
 */
export function combinedBody(
  opened: ExpenseBodyInput,
  mine: ExpenseBodyInput,
  theirs: ExpenseBodyInput,
): ExpenseBodyInput | null {
  const yours = changedFields(opened, mine);
  const their = changedFields(opened, theirs);
  const touchesMoney = (fields: ConflictField[]) => fields.some((field) => MONEY.has(field));
  if (yours.some((field) => their.includes(field)) || (touchesMoney(yours) && touchesMoney(their)))
    return null;
  const combined: Record<string, unknown> = { ...theirs };
  for (const field of yours) {
    for (const key of keysOf(field, mine, theirs)) {
      if (mine[key] === undefined) delete combined[key];
      else combined[key] = mine[key];
    }
  }
  return combined as ExpenseBodyInput;
}

/** A field of a body as the dialog shows it, people by name and money in its currency. */
export function fieldText(
  field: ConflictField,
  body: ExpenseBodyInput,
  participants: Participant[],
  locale?: string,
): string {
  const name = (userId: string) => participants.find((p) => p.user_id === userId)?.display_name ?? 'Someone';
  const money = (amount: string | number) =>
    body.currency
      ? new Intl.NumberFormat(locale, { style: 'currency', currency: body.currency }).format(Number(amount))
      : String(amount);
  switch (field) {
    case 'title':
      return body.title;
    case 'amount':
      return money(body.amount);
    case 'date':
      return body.expense_date;
    case 'category':
      return body.category ?? '';
    case 'payers':
      return body.payers
        ? body.payers.map((p) => `${name(p.user_id)} ${money(p.amount)}`).join(', ')
        : name(body.paid_by ?? '');
    case 'split': {
      const { split } = body;
      const people = split && 'people' in split ? split.people : (body.participants ?? []);
      const method = split?.method ?? body.expense_type ?? 'group';
      return people.length ? `${method}: ${people.map((p) => name(p.user_id)).join(', ')}` : method;
    }
  }
}

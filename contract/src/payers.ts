/**
 * Several payers per expense: who paid how much of one expense, in integer minor units. An expense
 * written before payers were kept (or with one `paid_by`) has one payer, who paid the whole amount.
 */

/** One person's part of what was paid for an expense; the parts add up to the expense's amount exactly. */
export interface ExpensePayer {
  user_id: string;
  paid_minor: number;
}

/** One person's share of an expense, as the server keeps it (minor units of the trip's home currency). */
export interface ExpenseSharePart {
  user_id: string;
  share_minor: number;
}

/**
 * Payers' and shares' parts under the names answers, files and the history keep (`paid_cents`, `share_cents`: minor
 * units too, named before they were called so), and back.
 */
export const payersAsCents = (payers: readonly ExpensePayer[]) =>
  payers.map(({ user_id, paid_minor }) => ({ user_id, paid_cents: paid_minor }));
export const payersFromCents = (
  payers: ReadonlyArray<{ user_id: string; paid_cents: number }>,
): ExpensePayer[] => payers.map(({ user_id, paid_cents }) => ({ user_id, paid_minor: paid_cents }));
export const sharesAsCents = (shares: readonly ExpenseSharePart[]) =>
  shares.map(({ user_id, share_minor }) => ({ user_id, share_cents: share_minor }));
export const sharesFromCents = (
  shares: ReadonlyArray<{ user_id: string; share_cents: number }>,
): ExpenseSharePart[] => shares.map(({ user_id, share_cents }) => ({ user_id, share_minor: share_cents }));

/** The body's reject when the payers' amounts do not add up to the expense's amount. */
export const PAYERS_MUST_ADD_UP = 'What each person paid must add up to the amount exactly';
/** The body's reject when `paid_by` is sent beside `payers` and is not the first of them. */
export const PAID_BY_FIRST_PAYER = 'paid_by must be the first of the payers';
export const CHOOSE_PAYER = 'Choose who paid';

/** The expense's payers: its stored list, else (a record from before, or a single `paid_by`) one payer of it all. */
export const expensePayers = (expense: {
  paid_by: string;
  amount_minor: number;
  payers?: readonly ExpensePayer[] | null;
}): readonly ExpensePayer[] =>
  expense.payers?.length ? expense.payers : [{ user_id: expense.paid_by, paid_minor: expense.amount_minor }];

/** "Ana Silva", "Ana Silva and Ben Wu", "Ana Silva +2": the payers as one line of a list. */
export function payersLabel(names: readonly string[]): string {
  const [first = '', second] = names;
  if (names.length <= 1) return first;
  if (names.length === 2) return `${first} and ${second}`;
  return `${first} +${names.length - 1}`;
}

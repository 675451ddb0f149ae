import type { Expense, ExpensesResponse } from '@wayfare/contract';

const person = (userId: string) => {
  const name = userId.replace(/^u-/, '');
  return { user_id: userId, first_name: name.charAt(0).toUpperCase() + name.slice(1), last_name: 'Doe' };
};

/**
 * An expense as the API answers one: `amount_cents` (home currency) paid by `payers` (user id → home cents; the
 * first is paid_by), split equally among `shares` (user id → home cents), in the home currency unless `extra` says
 * otherwise (currency, original_amount_minor, rate…).
 */
export function expenseAnswer(
  payers: Record<string, number>,
  shares: Record<string, number>,
  extra: Partial<Expense> = {},
): Expense {
  const amount_cents = Object.values(payers).reduce((a, b) => a + b, 0);
  const [paidBy = ''] = Object.keys(payers);
  return {
    id: 'e1',
    trip_id: 't1',
    title: 'Dinner',
    description: '',
    amount_cents,
    amount: amount_cents / 100,
    expense_date: '2027-04-11',
    category: 'food',
    expense_type: 'group',
    paid_by: paidBy,
    paid_by_name: `${person(paidBy).first_name} Doe`,
    payers: Object.entries(payers).map(([userId, cents]) => ({
      ...person(userId),
      amount_cents: cents,
      amount: cents / 100,
    })),
    participants: Object.entries(shares).map(([userId, cents]) => ({
      ...person(userId),
      share_cents: cents,
      share_amount: cents / 100,
    })),
    split: {
      method: 'equal',
      people: Object.keys(shares).map((user_id) => ({
        user_id,
        amount_cents: null,
        amount: null,
        percent: null,
      })),
    },
    created_by: paidBy,
    created_at: '2027-04-11T10:00:00.000Z',
    updated_at: '2027-04-11T10:00:00.000Z',
    receipt: null,
    ...extra,
  };
}

/** A $30 dinner paid by Alice, split equally among Alice, Bob and Carol: what adding one answers. */
export const dinnerForThree = () =>
  expenseAnswer({ 'u-alice': 3000 }, { 'u-alice': 1000, 'u-bob': 1000, 'u-carol': 1000 });

/**
 * A euro dinner of a dollar trip paid by two: 90.01 EUR at 1.1 USD per EUR is 99.01 USD, paid 60.00 EUR
 * (66.00 USD) by Alice and 30.01 EUR (33.01 USD) by Bob, split equally among the three.
 */
export const euroDinnerPaidByTwo = () =>
  expenseAnswer(
    { 'u-alice': 6600, 'u-bob': 3301 },
    { 'u-alice': 3301, 'u-bob': 3300, 'u-carol': 3300 },
    {
      currency: 'EUR',
      original_amount_minor: 9001,
      original_amount: 90.01,
      rate: '1.1',
      rate_source: 'ecb',
      rate_date: '2027-04-09',
    },
  );

/** A trip's expenses page with none yet (its home currency absent: US dollars, unless `home_currency` is given). */
export const noExpenses = (extra: Partial<ExpensesResponse> = {}): ExpensesResponse => ({
  expenses: [],
  next_cursor: null,
  expense_count: 0,
  total_expenses_cents: 0,
  total_expenses: 0,
  your_share_cents: 0,
  ...extra,
});

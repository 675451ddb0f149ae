/**
 * The ledger as CSV (this app's export): pure functions, money in integer cents. Reading it back is
 * ledger-csv-import.ts; a Splitwise group export is splitwise-csv.ts.
 */
import { stringify } from 'csv-stringify/sync';
import { DEFAULT_HOME_CURRENCY, minorToDecimalText, minorUnits } from '@wayfare/contract';
import type { ExpenseRecord, SettlementRecord } from '../../store/types';

/** Cents as the dollar text a spreadsheet reads: 1250 → "12.50", -5 → "-0.05". */
export const centsText = (cents: number) => minorToDecimalText(cents, 2);

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first) gets a leading
 * apostrophe, which spreadsheets show as text (OWASP's CSV injection advice); so does one that starts with an
 * apostrophe itself, so that removing one leading apostrophe from a guarded cell always gives the text back. Only
 * text cells pass through here.
 */
export const guardCell = (value: string) => (/^[=+\-@\t\r']/.test(value) ? `'${value}` : value);

/** What a spreadsheet shows of a guarded cell: the text without the one apostrophe guardCell put before it. */
export const unguardCell = (cell: string) => (/^'[=+\-@\t\r']/.test(cell) ? cell.slice(1) : cell);

export const LEDGER_CSV_COLUMNS = [
  'Date',
  'Title',
  'Category',
  'Currency',
  'Amount',
  'Rate',
  'Home amount',
  'Payers',
  'Items',
] as const;

/** The Home amount column names the trip's currency, so the file says what its home amounts and shares are in. */
export const homeAmountColumn = (home: string) => `Home amount (${home})`;

/** The Category of a settle-up payment's row: paid by the Payers' person to the one whose column has its amount. */
export const PAYMENT_CATEGORY = 'payment';

type ExportedExpense = Pick<
  ExpenseRecord,
  'expense_date' | 'title' | 'category' | 'amount_minor' | 'payers' | 'shares' | 'original'
> &
  Partial<Pick<ExpenseRecord, 'split'>>;
type ExportedPayment = Pick<SettlementRecord, 'from_user_id' | 'to_user_id' | 'amount_minor'> & {
  settled_at: string;
};

/** Expenses (oldest first) and the paid settlements, each after the expenses of its day: the rows in file order. */
function inFileOrder(expenses: readonly ExportedExpense[], payments: readonly ExportedPayment[]) {
  const paid = [...payments]
    .map((payment) => ({ date: payment.settled_at.slice(0, 10), payment }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const rows: Array<{ expense: ExportedExpense } | { payment: ExportedPayment }> = [];
  let next = 0;
  for (const expense of expenses) {
    while (next < paid.length && (paid[next] as (typeof paid)[number]).date < expense.expense_date) {
      rows.push({ payment: (paid[next++] as (typeof paid)[number]).payment });
    }
    rows.push({ expense });
  }
  return [...rows, ...paid.slice(next).map(({ payment }) => ({ payment }))];
}

/**
 * One row per expense, one share column per person the ledger names (named by `people`, in that order): the
 * amount in the currency it was paid in, the rate, and the home amount and shares in the trip's `home` currency,
 * each with its currency's decimals. Payers: the payer's name, or for several "Ana Silva 60.00; Bea 30.00" (each
 * one's part in the home currency, in order). Items: an itemized expense's items and extras in the currency it was
 * paid in (itemsCell), empty for any other. Each paid settlement is a row too: category "payment", dated the day
 * it was paid, its payer in Payers and its amount in the column of the person paid.
 */
export function ledgerCsv(
  people: ReadonlyArray<{ user_id: string; name: string }>,
  expenses: readonly ExportedExpense[],
  home = DEFAULT_HOME_CURRENCY,
  payments: readonly ExportedPayment[] = [],
): string {
  const nameOf = new Map(people.map((p) => [p.user_id, p.name]));
  const header = [
    ...LEDGER_CSV_COLUMNS.map((column) => (column === 'Home amount' ? homeAmountColumn(home) : column)),
    ...people.map((p) => p.name),
  ].map(guardCell);
  const homeText = (minor: number) => minorToDecimalText(minor, minorUnits(home));
  const paymentRow = (payment: ExportedPayment) => [
    payment.settled_at.slice(0, 10),
    'Payment',
    PAYMENT_CATEGORY,
    home,
    homeText(payment.amount_minor),
    '1',
    homeText(payment.amount_minor),
    guardCell(nameOf.get(payment.from_user_id) ?? payment.from_user_id),
    '',
    ...people.map((p) => homeText(p.user_id === payment.to_user_id ? payment.amount_minor : 0)),
  ];
  const rows = inFileOrder(expenses, payments).map((row) => {
    if ('payment' in row) return paymentRow(row.payment);
    const { expense } = row;
    const shareOf = new Map(expense.shares.map((s) => [s.user_id, s.share_minor]));
    const { original } = expense;
    return [
      expense.expense_date,
      guardCell(expense.title),
      expense.category,
      original?.currency ?? home,
      original
        ? minorToDecimalText(original.amount_minor, minorUnits(original.currency))
        : homeText(expense.amount_minor),
      original?.rate ?? '1',
      homeText(expense.amount_minor),
      guardCell(payersCell(expense.payers, (id) => nameOf.get(id) ?? id, homeText)),
      guardCell(itemsCell(expense.split, (id) => nameOf.get(id) ?? id)),
      ...people.map((p) => homeText(shareOf.get(p.user_id) ?? 0)),
    ];
  });
  return stringify([header, ...rows]);
}

/** The Payers cell: one name, or each payer's name and part ("Ana Silva 60.00; Bea 30.00"). */
export const payersCell = (
  payers: ExpenseRecord['payers'],
  nameOf: (userId: string) => string,
  amountText: (minor: number) => string = centsText,
) =>
  payers.length === 1
    ? nameOf((payers[0] as ExpenseRecord['payers'][number]).user_id)
    : payers.map((p) => `${nameOf(p.user_id)} ${amountText(p.paid_minor)}`).join('; ');

/**
 * The Items cell of an itemized split: "Soup 4.50: Ana Silva; Wine 30.00: Ana Silva, Bea ×2; tip 4.00 (proportional)",
 * amounts in the split's currency, a person's shares shown when above 1; empty for other splits.
 */
export function itemsCell(
  split: ExpenseRecord['split'] | undefined,
  nameOf: (userId: string) => string,
): string {
  const itemized = split?.itemized;
  if (!itemized) return '';
  const text = (minor: number) => minorToDecimalText(minor, minorUnits(itemized.currency));
  const items = itemized.items.map((item) => {
    const people = item.people.map((p) =>
      p.shares > 1 ? `${nameOf(p.user_id)} ×${p.shares}` : nameOf(p.user_id),
    );
    const quantity = item.quantity === null ? '' : `${item.quantity} × `;
    return `${quantity}${item.name} ${text(item.amount)}: ${people.join(', ')}`;
  });
  const extras = itemized.extras.map((e) => `${e.kind} ${text(e.amount)} (${itemized.extras_by})`);
  return [...items, ...extras].join('; ');
}

/**
 * A Splitwise group export read into expenses and settle-up payments (and the rows left out, with why): pure
 * functions, money in integer minor units. The app's own export is written and read back in ledger-csv*.ts.
 */
import { parse } from 'csv-parse/sync';
import {
  IMPORT_MAX_EXPENSES,
  DEFAULT_HOME_CURRENCY,
  MAX_MINOR,
  SPLIT_TOLERANCE_MINOR,
  convertMinor,
  convertParts,
  isCurrencyCode,
  minorUnits,
  isoDateSchema,
  parseDollarsToCents,
  splitCustom,
  splitEqual,
  sumMinor,
  type ExpenseCategory,
  type ImportExpense,
  type ImportPayment,
  type ImportSkippedRow,
} from '@wayfare/contract';
import { uniqueKey } from '../../store/types';

/** A signed amount with at most two decimals to cents; null when it is not one. */
export function signedCents(text: string): number | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const cents = parseDollarsToCents(negative ? trimmed.slice(1) : trimmed);
  return cents === null ? null : negative ? -cents : cents;
}

/** A Splitwise export that cannot be read: nothing is imported, and the message says why. */
export class ImportFileError extends Error {}

const SPLITWISE_COLUMNS = ['date', 'description', 'category', 'cost', 'currency'];

export interface SplitwiseRow {
  line: number;
  date: string;
  description: string;
  category: string;
  cost_cents: number;
  currency: string;
  /** Per person column, their net amount in cents: positive when they are owed (they paid), negative when they owe. */
  nets: number[];
}

/**
 * Reads Splitwise's group export: a header `Date,Description,Category,Cost,Currency,<one column per person>`,
 * expense rows, blank lines, and a closing "Total balance" row (ignored). Throws ImportFileError on anything else.
 */
export function readSplitwise(csv: string): { names: string[]; rows: SplitwiseRow[] } {
  let records: string[][];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: false });
  } catch (err) {
    throw new ImportFileError(`This file is not a readable CSV file (${(err as Error).message})`);
  }
  const [header = [], ...body] = records;
  const names = header.slice(SPLITWISE_COLUMNS.length).map((name) => name.trim());
  const looksRight = SPLITWISE_COLUMNS.every((column, i) => header[i]?.trim().toLowerCase() === column);
  if (!looksRight || names.length === 0 || names.some((name) => !name)) {
    throw new ImportFileError(
      'This is neither a Splitwise group export nor a ledger exported from this app: its first line should be Date, Description, Category, Cost, Currency and one column per person',
    );
  }
  if (new Set(names.map(uniqueKey)).size !== names.length) {
    throw new ImportFileError('Two people in this file have the same name');
  }
  const rows: SplitwiseRow[] = [];
  for (const [index, record] of body.entries()) {
    const line = index + 2;
    if (record.every((cell) => cell.trim() === '')) continue;
    const [date = '', description = '', category = '', cost = '', currency = ''] = record.map((c) =>
      c.trim(),
    );
    if (description.toLowerCase() === 'total balance') continue;
    if (record.length !== header.length) {
      throw new ImportFileError(
        `Line ${line} has ${record.length} columns where the header has ${header.length}`,
      );
    }
    const cost_cents = parseDollarsToCents(cost);
    const nets = record.slice(SPLITWISE_COLUMNS.length).map((cell) => signedCents(cell || '0'));
    if (!isoDateSchema.safeParse(date).success)
      throw new ImportFileError(`Line ${line}: "${date}" is not a date`);
    if (cost_cents === null || nets.some((net) => net === null)) {
      throw new ImportFileError(`Line ${line}: an amount is not a number with at most two decimals`);
    }
    rows.push({
      line,
      date,
      description,
      category,
      cost_cents,
      currency: currency.toUpperCase(),
      nets: nets as number[],
    });
  }
  if (rows.length > IMPORT_MAX_EXPENSES) {
    throw new ImportFileError(`This file has more than ${IMPORT_MAX_EXPENSES} expenses: import it in parts`);
  }
  return { names, rows };
}

const CATEGORY_WORDS: Array<[ExpenseCategory, RegExp]> = [
  ['food', /dining|food|groceries|liquor|restaurant|drink/],
  ['transport', /bus|train|car|gas|fuel|parking|plane|taxi|transport|bicycle/],
  ['accommodation', /hotel|rent|lodging|accommodation|mortgage/],
  ['entertainment', /entertainment|games|movies|music|sports/],
  ['shopping', /clothing|gifts|electronics|furniture|household|shopping/],
];

/** Splitwise's category names ("Dining out", "Taxi", "Hotel"…) to the product's categories. */
export const categoryFromSplitwise = (name: string): ExpenseCategory =>
  CATEGORY_WORDS.find(([, words]) => words.test(name.toLowerCase()))?.[0] ?? 'other';

/** The rate a row in another currency than the trip's is converted at: units of the trip's currency per unit of it. */
export interface ImportRate {
  rate: string;
  source: 'ecb' | 'snapshot';
  rate_date: string;
}

/**
 * An amount Splitwise wrote with two decimals, in `currency`'s minor units (yen: 1500.00 is 1500; dinars: 1.50 is
 * 1500); null when it has decimals the currency does not (1500.50 yen).
 */
function inMinorUnits(hundredths: number, currency: string): number | null {
  const digits = minorUnits(currency);
  if (digits >= 2) return hundredths * 10 ** (digits - 2);
  const step = 10 ** (2 - digits);
  return hundredths % step === 0 ? hundredths / step : null;
}

type RowPlan = Omit<ImportExpense, 'original'>;

/** What a file would import: its expenses, its settle-up payments, and the rows left out with the reason. */
export interface ImportPlan {
  expenses: ImportExpense[];
  payments: ImportPayment[];
  skipped: ImportSkippedRow[];
}

/**
 * The expenses the rows make, given who each person column is (a member's id, or null: left out, their shares borne
 * by the last payer). Rows that cannot be imported are listed with the reason. A row in another currency than the
 * trip's (`home`) is planned in its own currency, then converted at `rateOf` its date as an expense entered in it
 * would be: the cost rounds once, and the shares and the payers' parts still add up to it exactly (convertParts).
 */
export function planImport(
  names: string[],
  rows: SplitwiseRow[],
  columnUser: ReadonlyArray<string | null>,
  home: string = DEFAULT_HOME_CURRENCY,
  rateOf: (currency: string, date: string) => ImportRate | null = () => null,
): ImportPlan {
  const expenses: ImportExpense[] = [];
  const payments: ImportPayment[] = [];
  const skipped: ImportSkippedRow[] = [];
  for (const row of rows) {
    const skip = (reason: string) => skipped.push({ line: row.line, description: row.description, reason });
    const { currency } = row;
    if (!isCurrencyCode(currency)) {
      skip(`In ${currency || 'no currency'}: not a currency this app knows`);
      continue;
    }
    const cost = inMinorUnits(row.cost_cents, currency);
    const nets = row.nets.map((net) => inMinorUnits(net, currency));
    if (cost === null || nets.some((net) => net === null)) {
      skip(`Its amounts have decimals that ${currency} does not have`);
      continue;
    }
    const rate = currency === home ? null : rateOf(currency, row.date);
    if (currency !== home && !rate) {
      skip(`No exchange rate from ${currency} to ${home} is known for ${row.date}`);
      continue;
    }
    const inMinor = { ...row, cost_cents: cost, nets: nets as number[] };
    if (row.category.toLowerCase() === 'payment') {
      const payment = planPayment(names, inMinor, columnUser);
      const amount =
        typeof payment === 'string' || !rate ? null : convertMinor(cost, rate.rate, currency, home);
      if (typeof payment === 'string') skip(payment);
      else if (amount === 0)
        skip(`At the exchange rate of its date it is less than the smallest unit of ${home}`);
      else payments.push({ ...payment, amount_cents: amount ?? payment.amount_cents });
      continue;
    }
    const planned = planRow(names, inMinor, columnUser);
    const expense = typeof planned === 'string' || !rate ? planned : converted(planned, currency, home, rate);
    if (typeof expense === 'string') skip(expense);
    else expenses.push({ original: null, ...expense });
  }
  return { expenses, payments, skipped };
}

/**
 * A Splitwise "Payment" row: the person with the positive net paid the one with the negative net its cost (Splitwise
 * writes it as an expense the payer paid for the other). Recorded as a transfer already made between the two.
 */
function planPayment(
  names: string[],
  row: SplitwiseRow,
  columnUser: ReadonlyArray<string | null>,
): ImportPayment | string {
  const involved = row.nets.flatMap((net, column) => (net !== 0 ? [column] : []));
  const from = involved.find((column) => (row.nets[column] as number) > 0);
  const to = involved.find((column) => (row.nets[column] as number) < 0);
  if (involved.length !== 2 || from === undefined || to === undefined)
    return 'A payment is between two people';
  if (row.nets[from] !== row.cost_cents || row.nets[to] !== -row.cost_cents) {
    return 'Its amounts do not add up to its cost';
  }
  const [fromUser, toUser] = [columnUser[from], columnUser[to]];
  if (!fromUser || !toUser) return `A payment with ${names[fromUser ? to : from]}, who is left out`;
  return {
    line: row.line,
    date: row.date,
    from_user_id: fromUser,
    to_user_id: toUser,
    amount_cents: row.cost_cents,
  };
}

/**
 * One row's expense in the row's currency, or why it cannot be imported. The payers are the people with a positive
 * net (Splitwise keeps only each person's net: paid − share); the others' shares are what they owe. What the payers'
 * nets leave of the cost is their own shares, split equally among them (the remainder on the last), and each payer
 * paid their net plus their own share, so the parts add up to the cost exactly and every balance is the file's net.
 * A mismatch of the file's rounding (at most SPLIT_TOLERANCE_MINOR) lands on the last person, the last payer (the
 * spec's remainder rule).
 */
function planRow(
  names: string[],
  row: SplitwiseRow,
  columnUser: ReadonlyArray<string | null>,
): RowPlan | string {
  const payerColumns = row.nets.flatMap((net, column) => (net > 0 ? [column] : []));
  if (payerColumns.length === 0) return 'Nobody owes anybody for it';
  const leftOutPayer = payerColumns.find((column) => !columnUser[column]);
  if (leftOutPayer !== undefined) return `Paid by ${names[leftOutPayer]}, who is left out`;
  const payerIds = payerColumns.map((column) => columnUser[column] as string);
  const payerNets = payerColumns.map((column) => row.nets[column] as number);
  const owing = row.nets.flatMap((net, column) => {
    const user = columnUser[column];
    return net < 0 && user ? [{ user_id: user, share_cents: -net }] : [];
  });
  // The payers' own shares; the last payer also bears the shares of anyone left out.
  const own = splitEqual(row.cost_cents - sumMinor(payerNets), payerIds.length);
  const leftOut = sumMinor(row.nets.map((net, column) => (net < 0 && !columnUser[column] ? -net : 0)));
  const wanted = [...owing.map((s) => s.share_cents), ...own];
  wanted[wanted.length - 1] = (wanted[wanted.length - 1] as number) + leftOut;
  const mismatch = Math.abs(row.cost_cents - sumMinor(wanted));
  const shares = mismatch <= SPLIT_TOLERANCE_MINOR ? splitCustom(row.cost_cents, wanted) : null;
  if (!shares || row.cost_cents === 0 || own.some((cents) => cents < 0)) {
    return 'Its amounts do not add up to its cost';
  }
  return {
    line: row.line,
    expense_date: row.date,
    title: row.description.slice(0, 200) || 'Untitled expense',
    category: categoryFromSplitwise(row.category),
    amount_cents: row.cost_cents,
    paid_by: payerIds[0] as string,
    payers: payerIds.map((user_id, i) => ({
      user_id,
      paid_cents: (payerNets[i] as number) + (own[i] as number),
    })),
    shares: [...owing.map((s) => s.user_id), ...payerIds]
      .map((user_id, i) => ({ user_id, share_cents: shares[i] as number }))
      .filter((s) => s.share_cents > 0),
  };
}

/** A row planned in `currency`, in the trip's currency at `rate`, or why it cannot be. */
function converted(
  planned: RowPlan,
  currency: string,
  home: string,
  rate: ImportRate,
): ImportExpense | string {
  const convert = (parts: number[]) => convertParts(planned.amount_cents, parts, rate.rate, currency, home);
  const shares = convert(planned.shares.map((s) => s.share_cents));
  const paid = convert(planned.payers.map((p) => p.paid_cents)).parts;
  if (shares.total > MAX_MINOR) return 'At the exchange rate of its date its amount is too large';
  if (shares.total <= 0 || paid.some((cents) => cents <= 0)) {
    return `At the exchange rate of its date an amount is less than the smallest unit of ${home}`;
  }
  return {
    ...planned,
    amount_cents: shares.total,
    payers: planned.payers.map((p, i) => ({ user_id: p.user_id, paid_cents: paid[i] as number })),
    shares: planned.shares
      .map((s, i) => ({ user_id: s.user_id, share_cents: shares.parts[i] as number }))
      .filter((s) => s.share_cents > 0),
    original: {
      currency,
      amount_minor: planned.amount_cents,
      rate: rate.rate,
      rate_source: rate.source,
      rate_date: rate.rate_date,
      shares: planned.shares,
    },
  };
}

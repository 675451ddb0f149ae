/**
 * This app's own ledger CSV (ledgerCsv) read back into expenses and payments: pure functions, money in integer
 * minor units. The file's home amounts and shares are taken as written, so a ledger imported into a trip of the same
 * currency has the same balances, and exports again to the same rows.
 */
import { parse } from 'csv-parse/sync';
import {
  EXPENSE_CATEGORIES,
  convertMinor,
  isCurrencyCode,
  isoDateSchema,
  minorUnits,
  normalizeRate,
  parseDecimalToMinor,
  sumMinor,
  type ExpenseCategory,
  type ImportExpense,
} from '@wayfare/contract';
import { uniqueKey } from '../../store/types';
import { LEDGER_CSV_COLUMNS, PAYMENT_CATEGORY, homeAmountColumn, unguardCell } from './ledger-csv';
import { ImportFileError, type ImportPlan } from './splitwise-csv';

/** A person's column: "Ana Silva (@ana_s)", and " (left)" after it for someone who left the trip. */
const PERSON_COLUMN = /^(.*?)(?: \(@([\p{L}\p{N}._-]+)\))?(?: \(left\))?$/u;

export interface LedgerCsvPerson {
  /** The column header as written, which the Payers cells name. */
  column: string;
  name: string;
  username: string | null;
}

export interface LedgerCsvRow {
  line: number;
  date: string;
  title: string;
  category: ExpenseCategory | typeof PAYMENT_CATEGORY;
  currency: string;
  /** In `currency`'s minor units. */
  amount_minor: number;
  /** Canonical rate text: units of the home currency per unit of `currency`. */
  rate: string;
  /** In the home currency's minor units, as every part below. */
  home_cents: number;
  /** Per person column (by index), the part they paid. */
  paid: Map<number, number>;
  /** Per person column, their share. */
  shares: number[];
}

export interface LedgerCsvFile {
  home: string;
  people: LedgerCsvPerson[];
  rows: LedgerCsvRow[];
}

const CATEGORIES = new Set<string>([...EXPENSE_CATEGORIES, PAYMENT_CATEGORY]);

/**
 * The Payers cell back to each payer's column and part: one column's name (it paid everything), or "Name 60.00;
 * Other 30.00". Names are matched against the columns, longest first, so a name may contain spaces or digits.
 */
function readPayers(cell: string, columns: readonly string[], home: string, total: number) {
  const single = columns.indexOf(cell);
  if (single >= 0) return new Map([[single, total]]);
  const names = columns
    .map((column, index) => ({ column, index }))
    .sort((a, b) => b.column.length - a.column.length);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const part = new RegExp(
    `(${names.map((n) => escape(n.column)).join('|')}) (\\d+(?:\\.\\d+)?)(?:; |$)`,
    'uy',
  );
  const paid = new Map<number, number>();
  while (part.lastIndex < cell.length) {
    const match = part.exec(cell);
    const cents = match && parseDecimalToMinor(match[2], minorUnits(home));
    if (!match || cents === null || cents === undefined) return null;
    const index = (names.find((n) => n.column === match[1]) as (typeof names)[number]).index;
    if (paid.has(index)) return null;
    paid.set(index, cents);
  }
  return paid.size > 0 ? paid : null;
}

/** The first cell of the budget rows the export writes after the ledger (budget-export.ts). */
const BUDGET_ROW = /^Budget(: .+)?$/;

/**
 * Reads a ledger this app exported as CSV; null when the file's first line is not that export's (another format,
 * such as Splitwise's). Throws ImportFileError when it is one but cannot be read.
 */
export function readLedgerCsv(csv: string): LedgerCsvFile | null {
  let records: string[][];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: false });
  } catch {
    return null;
  }
  const [header = [], ...body] = records;
  const fixed = header.slice(0, LEDGER_CSV_COLUMNS.length).map((cell) => cell.trim());
  const home = /^Home amount \(([A-Z]{3})\)$/.exec(fixed[6] ?? '')?.[1];
  const ours =
    home !== undefined &&
    LEDGER_CSV_COLUMNS.every((column, i) =>
      column === 'Home amount' ? fixed[i] === homeAmountColumn(home) : fixed[i] === column,
    );
  if (!ours) return null;
  if (!isCurrencyCode(home)) throw new ImportFileError(`${home} is not a currency this app knows`);
  const columns = header.slice(LEDGER_CSV_COLUMNS.length).map((cell) => unguardCell(cell.trim()));
  if (columns.length === 0 || columns.some((column) => !column)) {
    throw new ImportFileError('Every person column of this file needs a name');
  }
  if (new Set(columns.map(uniqueKey)).size !== columns.length) {
    throw new ImportFileError('Two people in this file have the same name');
  }
  const people = columns.map((column): LedgerCsvPerson => {
    const [, name = column, username = null] = PERSON_COLUMN.exec(column) ?? [];
    return { column, name: name.trim() || column, username };
  });

  const rows: LedgerCsvRow[] = [];
  for (const [index, record] of body.entries()) {
    const line = index + 2;
    if (record.every((cell) => cell.trim() === '')) continue;
    // Not an expense: the budget is not imported, a new trip's is set apart.
    if (BUDGET_ROW.test(record[0] ?? '')) continue;
    if (record.length !== header.length) {
      throw new ImportFileError(
        `Line ${line} has ${record.length} columns where the header has ${header.length}`,
      );
    }
    const cells = record.map((cell) => cell.trim());
    const [date = '', title = '', category = '', currency = '', amount = '', rate = '', homeAmount = ''] =
      cells;
    const payers = unguardCell(cells[7] ?? '');
    const bad = (what: string) => new ImportFileError(`Line ${line}: ${what}`);
    if (!isoDateSchema.safeParse(date).success) throw bad(`"${date}" is not a date`);
    if (!CATEGORIES.has(category)) throw bad(`"${category}" is not a category`);
    if (!isCurrencyCode(currency)) throw bad(`${currency || 'no currency'} is not a currency this app knows`);
    const amount_minor = parseDecimalToMinor(amount, minorUnits(currency));
    const home_cents = parseDecimalToMinor(homeAmount, minorUnits(home));
    const shares = cells
      .slice(LEDGER_CSV_COLUMNS.length)
      .map((cell) => parseDecimalToMinor(cell, minorUnits(home)));
    const canonicalRate = normalizeRate(rate);
    if (amount_minor === null || home_cents === null || shares.some((share) => share === null)) {
      throw bad(`an amount is not a number with the decimals of its currency`);
    }
    if (!canonicalRate) throw bad(`"${rate}" is not an exchange rate`);
    const paid = readPayers(payers, columns, home, home_cents);
    if (!paid) throw bad(`"${payers}" does not name the payers as the columns do`);
    rows.push({
      line,
      date,
      title: unguardCell(title),
      category: category as LedgerCsvRow['category'],
      currency,
      amount_minor,
      rate: canonicalRate,
      home_cents,
      paid,
      shares: shares as number[],
    });
  }
  return { home, people, rows };
}

/**
 * `total` in parts proportional to `weights` (which add up to a positive number): each part is the difference of
 * the rounded running sums, so the parts add up to `total` exactly. The split as decided, in the currency paid in,
 * of a row whose shares the file gives in the home currency.
 */
function proportional(total: number, weights: readonly number[]): number[] {
  const whole = sumMinor(weights);
  let running = 0;
  let given = 0;
  return weights.map((weight) => {
    running += weight;
    const upTo = Math.round((total * running) / whole);
    const part = upTo - given;
    given = upTo;
    return part;
  });
}

/**
 * The expenses and payments the rows make in a trip whose currency is `home`, given who each person column is (a
 * member's id, or null: left out, their shares borne by the last payer). A file in another currency than the
 * trip's is refused whole; rows that do not hold together are listed with the reason.
 */
export function planLedgerCsvImport(
  file: LedgerCsvFile,
  columnUser: ReadonlyArray<string | null>,
  home: string,
): ImportPlan {
  if (file.home !== home) {
    throw new ImportFileError(
      `This ledger's amounts are in ${file.home} and this trip's are in ${home}: import it into a trip in ${file.home}`,
    );
  }
  const plan: ImportPlan = { expenses: [], payments: [], skipped: [] };
  for (const row of file.rows) {
    const skip = (reason: string) => plan.skipped.push({ line: row.line, description: row.title, reason });
    const payers = [...row.paid].map(([column, cents]) => ({ column, user_id: columnUser[column], cents }));
    const leftOutPayer = payers.find((p) => !p.user_id);
    if (leftOutPayer) {
      skip(`Paid by ${file.people[leftOutPayer.column]?.name}, who is left out`);
      continue;
    }
    const sharers = row.shares.flatMap((cents, column) => (cents > 0 ? [{ column, cents }] : []));
    if (
      sumMinor(payers.map((p) => p.cents)) !== row.home_cents ||
      sumMinor(sharers.map((s) => s.cents)) !== row.home_cents
    ) {
      skip('Its payers or shares do not add up to its home amount');
      continue;
    }
    const sameCurrency = row.currency === home;
    if (
      row.home_cents <= 0 ||
      (sameCurrency && (row.rate !== '1' || row.amount_minor !== row.home_cents)) ||
      (!sameCurrency && convertMinor(row.amount_minor, row.rate, row.currency, home) !== row.home_cents)
    ) {
      skip('Its home amount is not its amount at its rate');
      continue;
    }
    if (row.category === PAYMENT_CATEGORY) {
      const [from] = payers;
      const [to] = sharers;
      const toUser = to && columnUser[to.column];
      if (payers.length !== 1 || sharers.length !== 1 || !from || !toUser || from.user_id === toUser) {
        skip('A payment is from one person to another, both in the trip');
      } else {
        plan.payments.push({
          line: row.line,
          date: row.date,
          from_user_id: from.user_id as string,
          to_user_id: toUser,
          amount_cents: row.home_cents,
        });
      }
      continue;
    }
    // A left-out person's share is borne by the last payer, as in a Splitwise import.
    const last = payers.at(-1)?.user_id as string;
    const shareOf = new Map<string, number>();
    for (const { column, cents } of sharers) {
      const user = columnUser[column] ?? last;
      shareOf.set(user, (shareOf.get(user) ?? 0) + cents);
    }
    const shares = [...shareOf].map(([user_id, share_cents]) => ({ user_id, share_cents }));
    const expense: ImportExpense = {
      line: row.line,
      expense_date: row.date,
      title: row.title.slice(0, 200) || 'Untitled expense',
      category: row.category,
      amount_cents: row.home_cents,
      paid_by: payers[0]?.user_id as string,
      payers: payers.map((p) => ({ user_id: p.user_id as string, paid_cents: p.cents })),
      shares,
      original: sameCurrency
        ? null
        : {
            currency: row.currency,
            amount_minor: row.amount_minor,
            rate: row.rate,
            rate_source: 'member',
            rate_date: row.date,
            shares: proportional(
              row.amount_minor,
              shares.map((s) => s.share_cents),
            ).map((share_cents, i) => ({
              user_id: (shares[i] as (typeof shares)[number]).user_id,
              share_cents,
            })),
          },
    };
    plan.expenses.push(expense);
  }
  return plan;
}

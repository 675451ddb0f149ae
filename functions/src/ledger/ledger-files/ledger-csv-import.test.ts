import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXPENSE_CATEGORIES,
  convertMinor,
  computeBalances,
  normalizeRate,
  payersFromCents,
  sharesFromCents,
  splitEqual,
  type ImportExpense,
  type ImportPayment,
} from '@wayfare/contract';
import { budgetCsv } from '../budget/export';
import { ledgerCsv } from './ledger-csv';
import { ImportFileError } from './splitwise-csv';
import { planLedgerCsvImport, readLedgerCsv } from './ledger-csv-import';

const HOMES = ['USD', 'JPY', 'KWD'] as const;
const CURRENCIES = ['USD', 'EUR', 'JPY', 'KWD'] as const;
const DATES = ['2027-04-10', '2027-04-11', '2027-04-12'] as const;

/** What the export writes again from what an import would store: the plan's expenses and payments as records. */
const asRecords = (expenses: ImportExpense[], payments: ImportPayment[]) => ({
  expenses: expenses.map((e) => ({
    expense_date: e.expense_date,
    title: e.title,
    category: e.category,
    amount_minor: e.amount_cents,
    payers: payersFromCents(e.payers),
    shares: sharesFromCents(e.shares),
    ...(e.original && { original: { ...e.original, shares: undefined } }),
  })),
  payments: payments.map((p) => ({
    from_user_id: p.from_user_id,
    to_user_id: p.to_user_id,
    amount_minor: p.amount_cents,
    settled_at: `${p.date}T12:00:00.000Z`,
  })),
});

/** A trip's people (names as the export writes them: with the username) and its ledger, in export order. */
const ledgerArb = fc
  .uniqueArray(
    fc.record({
      user_id: fc.uuid(),
      first: fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() === s && s !== ''),
      username: fc.stringMatching(/^[a-z0-9._-]{1,12}$/),
    }),
    { minLength: 2, maxLength: 5, selector: (p) => p.username },
  )
  .chain((people) => {
    const n = people.length;
    const expense = fc.record({
      expense_date: fc.constantFrom(...DATES),
      title: fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() === s && s !== ''),
      category: fc.constantFrom(...EXPENSE_CATEGORIES),
      currency: fc.constantFrom(...CURRENCIES),
      amount_minor: fc.integer({ min: 1, max: 50_000_000 }),
      // Rates as the app keeps them: canonical decimal text.
      rate: fc
        .integer({ min: 1, max: 5_000_000 })
        .map((r) => normalizeRate((r / 10_000).toFixed(4)) as string),
      firstPayer: fc.nat(n - 1),
      payerCount: fc.integer({ min: 1, max: n }),
      among: fc.integer({ min: 1, max: n }),
    });
    const payment = fc.record({
      date: fc.constantFrom(...DATES),
      from: fc.nat(n - 1),
      step: fc.integer({ min: 1, max: n - 1 }),
      amount_cents: fc.integer({ min: 1, max: 10_000_000 }),
    });
    return fc.record({
      people: fc.constant(people),
      home: fc.constantFrom(...HOMES),
      expenses: fc.array(expense, { maxLength: 8 }),
      payments: fc.array(payment, { maxLength: 4 }),
    });
  })
  .map(({ people, home, expenses, payments }) => {
    const columns = people.map((p) => ({ user_id: p.user_id, name: `${p.first} (@${p.username})` }));
    const records = expenses
      .map((d) => {
        const foreign = d.currency !== home;
        const amount_minor = foreign
          ? convertMinor(d.amount_minor, d.rate, d.currency, home)
          : d.amount_minor;
        const rotated = [...people.slice(d.firstPayer), ...people.slice(0, d.firstPayer)];
        const parts = splitEqual(amount_minor, d.payerCount);
        const shares = splitEqual(amount_minor, d.among);
        return {
          expense_date: d.expense_date,
          title: d.title,
          category: d.category,
          amount_minor,
          payers: rotated
            .slice(0, d.payerCount)
            .map((p, i) => ({ user_id: p.user_id, paid_minor: parts[i] as number }))
            .filter((p) => p.paid_minor > 0),
          shares: people
            .slice(0, d.among)
            .map((p, i) => ({ user_id: p.user_id, share_minor: shares[i] as number }))
            .filter((s) => s.share_minor > 0),
          ...(foreign && {
            original: {
              currency: d.currency,
              amount_minor: d.amount_minor,
              rate: d.rate,
              rate_source: 'ecb' as const,
              rate_date: d.expense_date,
            },
          }),
        };
      })
      .filter((e) => e.amount_minor > 0 && e.amount_minor <= 1_000_000_000)
      .sort((a, b) => (a.expense_date < b.expense_date ? -1 : a.expense_date > b.expense_date ? 1 : 0));
    const paid = payments.map((p) => ({
      from_user_id: (people[p.from] as (typeof people)[number]).user_id,
      to_user_id: (people[(p.from + p.step) % people.length] as (typeof people)[number]).user_id,
      amount_minor: p.amount_cents,
      settled_at: `${p.date}T12:00:00.000Z`,
    }));
    return { columns, home, expenses: records, payments: paid };
  });

describe("this app's ledger CSV, imported back", () => {
  it('is a fixed point of export → import → export, with the same balances', () => {
    fc.assert(
      fc.property(ledgerArb, ({ columns, home, expenses, payments }) => {
        const exported = ledgerCsv(columns, expenses, home, payments);
        const file = readLedgerCsv(exported);
        expect(file?.home).toBe(home);
        expect(file?.people.map((p) => p.column)).toEqual(columns.map((c) => c.name));
        const plan = planLedgerCsvImport(
          file!,
          columns.map((c) => c.user_id),
          home,
        );
        expect(plan.skipped).toEqual([]);
        const again = asRecords(plan.expenses, plan.payments);
        expect(ledgerCsv(columns, again.expenses, home, again.payments)).toBe(exported);

        const ids = columns.map((c) => c.user_id);
        const transfers = (list: typeof payments) =>
          list.map((p) => ({ from: p.from_user_id, to: p.to_user_id, amount_minor: p.amount_minor }));
        const before = computeBalances(
          ids,
          expenses.map((e) => ({ ...e, paid_by: e.payers[0]!.user_id })),
          transfers(payments),
        );
        const after = computeBalances(
          ids,
          again.expenses.map((e) => ({ ...e, paid_by: e.payers[0]!.user_id })),
          transfers(again.payments),
        );
        expect(after).toEqual(before);
        // An expense paid in another currency keeps it, with its split in that currency adding up to its amount.
        for (const e of plan.expenses.filter((x) => x.original)) {
          expect(e.original!.shares.reduce((t, s) => t + s.share_cents, 0)).toBe(e.original!.amount_minor);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('reads the ledger of an export that ends with its budget rows', () => {
    const people = [{ user_id: 'a', name: 'Ana (@ana)' }];
    const expense = {
      expense_date: '2027-04-10',
      title: 'Dinner',
      category: 'food' as const,
      amount_minor: 3000,
      payers: [{ user_id: 'a', paid_minor: 3000 }],
      shares: [{ user_id: 'a', share_minor: 3000 }],
    };
    const budget = {
      kind: 'total' as const,
      amount_minor: 50_000,
      categories: { food: 20_000 },
      updated_at: '2027-04-01T00:00:00.000Z',
      updated_by: 'a',
    };
    const csv = ledgerCsv(people, [expense], 'USD') + budgetCsv(budget, 'USD');
    expect(csv).toContain('Budget: food');
    const plan = planLedgerCsvImport(readLedgerCsv(csv)!, ['a'], 'USD');
    expect(plan.expenses.map((e) => e.amount_cents)).toEqual([3000]);
    expect(plan.skipped).toEqual([]);
  });

  it('matches the columns by username and name, and refuses a ledger of another currency whole', () => {
    const csv =
      'Date,Title,Category,Currency,Amount,Rate,Home amount (EUR),Payers,Items,Ana Silva (@ana),Bea (@bea) (left)\n' +
      '2027-04-10,Dinner,food,EUR,30.00,1,30.00,Ana Silva (@ana),,10.00,20.00\n';
    const file = readLedgerCsv(csv)!;
    expect(file.people).toEqual([
      { column: 'Ana Silva (@ana)', name: 'Ana Silva', username: 'ana' },
      { column: 'Bea (@bea) (left)', name: 'Bea', username: 'bea' },
    ]);
    expect(() => planLedgerCsvImport(file, ['a', 'b'], 'USD')).toThrow(ImportFileError);
    // Someone left out: their share is borne by the last payer.
    expect(planLedgerCsvImport(file, ['a', null], 'EUR').expenses[0]?.shares).toEqual([
      { user_id: 'a', share_cents: 3000 },
    ]);
    // A Splitwise file is not this app's: read by the other reader.
    expect(readLedgerCsv('Date,Description,Category,Cost,Currency,Ana\n')).toBeNull();
  });

  it('reads any rows under its header as a plan or an ImportFileError, never another failure', () => {
    const header =
      'Date,Title,Category,Currency,Amount,Rate,Home amount (JPY),Payers,Items,Ana (@ana),Bea (@bea)\n';
    const cell = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom(
        '2027-04-10',
        'food',
        'payment',
        'EUR',
        'JPY',
        '1',
        '0.5',
        '100',
        'Ana (@ana)',
        'Bea (@bea) 5',
      ),
    );
    const line = fc.array(cell, { minLength: 10, maxLength: 12 }).map((cells) => cells.join(','));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 5 }), (lines) => {
        try {
          const file = readLedgerCsv(header + lines.join('\n'));
          if (file) planLedgerCsvImport(file, ['a', 'b'], 'JPY');
        } catch (err) {
          expect(err).toBeInstanceOf(ImportFileError);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('lists rows that do not hold together with the reason, and refuses cells it cannot read', () => {
    const header =
      'Date,Title,Category,Currency,Amount,Rate,Home amount (USD),Payers,Items,Ana (@ana),Bea (@bea)\n';
    const plan = planLedgerCsvImport(
      readLedgerCsv(
        `${header}2027-04-10,Short,food,USD,30.00,1,30.00,Ana (@ana),,10.00,10.00\n` +
          '2027-04-10,Wrong rate,food,EUR,10.00,2,30.00,Ana (@ana),,15.00,15.00\n' +
          '2027-04-10,Payment,payment,USD,5.00,1,5.00,Ana (@ana),,5.00,0.00\n',
      )!,
      ['a', 'b'],
      'USD',
    );
    expect(plan.skipped.map((s) => [s.line, s.reason])).toEqual([
      [2, 'Its payers or shares do not add up to its home amount'],
      [3, 'Its home amount is not its amount at its rate'],
      [4, 'A payment is from one person to another, both in the trip'],
    ]);
    expect(() => readLedgerCsv(`${header}2027-04-10,X,food,USD,1.00,1,1.00,Cai (@cai),,1.00,0.00\n`)).toThrow(
      'Line 2: "Cai (@cai)" does not name the payers as the columns do',
    );
    expect(() => readLedgerCsv(`${header}2027-04-10,X,fun,USD,1.00,1,1.00,Ana (@ana),,1.00,0.00\n`)).toThrow(
      'Line 2: "fun" is not a category',
    );
  });
});

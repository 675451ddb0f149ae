import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  EXPENSE_CATEGORIES,
  computeBalances,
  parseDollarsToCents,
  payersFromCents,
  sharesFromCents,
  splitEqual,
} from '@wayfare/contract';
import { LEDGER_CSV_COLUMNS, centsText, guardCell, ledgerCsv, unguardCell } from './ledger-csv';
import {
  ImportFileError,
  categoryFromSplitwise,
  planImport,
  readSplitwise,
  signedCents,
} from './splitwise-csv';

const fixture = fs.readFileSync(path.join(__dirname, 'fixtures/splitwise-lisbon.csv'), 'utf8');
/** Shares in the order written: user id → cents. */
const shares = (cents: Record<string, number>) =>
  Object.entries(cents).map(([user_id, share_cents]) => ({ user_id, share_cents }));

describe('ledger CSV', () => {
  it('writes cents as dollars and reads them back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        expect(signedCents(centsText(cents))).toBe(cents);
      }),
    );
  });

  it('round-trips every expense: export, parse, the same cents, titles and names', () => {
    const person = fc.record({
      user_id: fc.uuid(),
      name: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '' && s === s.trim()),
    });
    const ledger = fc
      .uniqueArray(person, { minLength: 1, maxLength: 6, selector: (p) => p.user_id })
      .chain((people) =>
        fc.tuple(
          fc.constant(people),
          fc.array(
            fc.record({
              expense_date: fc.constantFrom('2027-04-10', '2027-12-31'),
              title: fc.string({ minLength: 1, maxLength: 40 }),
              category: fc.constantFrom(...EXPENSE_CATEGORIES),
              amount_minor: fc.integer({ min: 1, max: 1_000_000_000 }),
              payer: fc.nat(people.length - 1),
              // How many people (from the payer on) paid a part.
              payerCount: fc.integer({ min: 1, max: people.length }),
              among: fc.integer({ min: 1, max: people.length }),
            }),
            { maxLength: 8 },
          ),
        ),
      );
    fc.assert(
      fc.property(ledger, ([people, drafts]) => {
        const expenses = drafts.map((d) => {
          const equal = splitEqual(d.amount_minor, d.among);
          const paying = [...people.slice(d.payer), ...people.slice(0, d.payer)].slice(0, d.payerCount);
          const parts = splitEqual(d.amount_minor, paying.length);
          return {
            ...d,
            payers: paying
              .map((p, i) => ({ user_id: p.user_id, name: p.name, paid_minor: parts[i]! }))
              .filter((p) => p.paid_minor > 0),
            shares: people.slice(0, d.among).map((p, i) => ({ user_id: p.user_id, share_minor: equal[i]! })),
          };
        });
        const [header, ...rows] = parse(ledgerCsv(people, expenses)) as string[][];
        expect(header!.slice(0, LEDGER_CSV_COLUMNS.length)).toEqual(
          LEDGER_CSV_COLUMNS.map((column) => (column === 'Home amount' ? 'Home amount (USD)' : column)),
        );
        expect(header!.slice(LEDGER_CSV_COLUMNS.length).map(unguardCell)).toEqual(people.map((p) => p.name));
        expect(rows).toHaveLength(expenses.length);
        rows.forEach((row, i) => {
          const expense = expenses[i]!;
          // No cell a spreadsheet would run as a formula.
          for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
          expect(unguardCell(row[1]!)).toBe(expense.title);
          expect(row[3]).toBe('USD');
          expect(parseDollarsToCents(row[4])).toBe(expense.amount_minor);
          expect(row[5]).toBe('1');
          expect(parseDollarsToCents(row[6])).toBe(expense.amount_minor);
          expect(unguardCell(row[7]!)).toBe(
            expense.payers.length === 1
              ? expense.payers[0]!.name
              : expense.payers.map((p) => `${p.name} ${centsText(p.paid_minor)}`).join('; '),
          );
          const shares = row.slice(LEDGER_CSV_COLUMNS.length).map((cell) => parseDollarsToCents(cell));
          expect(shares).toEqual(
            people.map((p) => expense.shares.find((s) => s.user_id === p.user_id)?.share_minor ?? 0),
          );
        });
      }),
    );
  });

  it('guards formula cells with an apostrophe and leaves others alone', () => {
    expect(["'=1", '=1+1', '+33', '-2', '@SUM(A1)', '\tx', 'Dinner', '2027-04-10'].map(guardCell)).toEqual([
      "''=1",
      "'=1+1",
      "'+33",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      'Dinner',
      '2027-04-10',
    ]);
  });
});

describe('Splitwise import', () => {
  it('reads the export: names, expense rows in cents, blank lines and the total ignored', () => {
    const { names, rows } = readSplitwise(fixture);
    expect(names).toEqual(['Ana Silva', 'Bea', 'Cai Wong']);
    expect(rows.map((r) => r.line)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(rows[1]).toEqual({
      line: 4,
      date: '2027-04-11',
      description: 'Taxi to Belém',
      category: 'Taxi',
      cost_cents: 1000,
      currency: 'USD',
      nets: [-333, 667, -334],
    });
  });

  it('plans expenses: the one positive net pays, the others owe what they are short, the rest is the payer’s', () => {
    const { names, rows } = readSplitwise(fixture);
    const { expenses, payments, skipped } = planImport(names, rows, ['ana', 'bea', 'cai']);
    expect(expenses.map((e) => [e.line, e.title, e.category, e.amount_cents, e.paid_by, e.shares])).toEqual([
      [3, 'Dinner at Taberna', 'food', 9000, 'ana', shares({ bea: 3000, cai: 3000, ana: 3000 })],
      [4, 'Taxi to Belém', 'transport', 1000, 'bea', shares({ ana: 333, cai: 334, bea: 333 })],
      [5, '=HYPERLINK("http://evil.example","x")', 'other', 500, 'ana', shares({ bea: 250, ana: 250 })],
      // The file's nets are a cent off (6.66 against 3.33 + 3.34): the cent lands on the last person, the payer.
      [8, 'Snacks', 'food', 1000, 'ana', shares({ bea: 333, cai: 334, ana: 333 })],
      // Two payers (nets +10, +10, −20): Cai owes 20; the 10 left is Ana's and Bea's own shares, 5 each, so each
      // paid 15.
      [9, 'Market', 'food', 3000, 'ana', shares({ cai: 2000, ana: 500, bea: 500 })],
    ]);
    for (const e of expenses) {
      expect(e.shares.reduce((t, s) => t + s.share_cents, 0)).toBe(e.amount_cents);
      expect(e.payers.reduce((t, p) => t + p.paid_cents, 0)).toBe(e.amount_cents);
      expect(e.payers[0]!.user_id).toBe(e.paid_by);
    }
    expect(expenses.map((e) => e.payers.length)).toEqual([1, 1, 1, 1, 2]);
    expect(expenses.at(-1)!.payers).toEqual([
      { user_id: 'ana', paid_cents: 1500 },
      { user_id: 'bea', paid_cents: 1500 },
    ]);
    expect(expenses.every((e) => e.original === null)).toBe(true);
    expect(skipped).toEqual([
      {
        line: 6,
        description: 'Hotel Porto',
        reason: 'No exchange rate from EUR to USD is known for 2027-04-12',
      },
    ]);
    // "Bea paid Ana" (Bea +20.00, Ana −20.00): a transfer already made, from Bea to Ana.
    expect(payments).toEqual([
      { line: 7, date: '2027-04-12', from_user_id: 'bea', to_user_id: 'ana', amount_cents: 2000 },
    ]);
  });

  it('records a payment in another currency at its rate, and skips one with someone left out or not two people', () => {
    const header = 'Date,Description,Category,Cost,Currency,Ana,Bea,Cai\n';
    const { names, rows } = readSplitwise(
      `${header}2027-04-12,Bea paid Ana,Payment,20.00,EUR,-20.00,20.00,0.00\n` +
        '2027-04-12,Cai paid Ana,Payment,5.00,USD,-5.00,0.00,5.00\n' +
        '2027-04-12,Odd,Payment,5.00,USD,-5.00,2.50,2.50\n',
    );
    const plan = planImport(names, rows, ['ana', 'bea', null], 'USD', (_currency, date) => ({
      rate: '1.5',
      source: 'ecb',
      rate_date: date,
    }));
    expect(plan.payments).toEqual([
      { line: 2, date: '2027-04-12', from_user_id: 'bea', to_user_id: 'ana', amount_cents: 3000 },
    ]);
    expect(plan.skipped.map((s) => s.reason)).toEqual([
      'A payment with Cai, who is left out',
      'A payment is between two people',
    ]);
    expect(plan.expenses).toEqual([]);
  });

  it("converts a row in another currency at its date's rate, its shares and payers adding up exactly", () => {
    const { names, rows } = readSplitwise(fixture);
    const asked: string[] = [];
    const { expenses, skipped } = planImport(names, rows, ['ana', 'bea', 'cai'], 'USD', (currency, date) => {
      asked.push(`${currency} ${date}`);
      return { rate: '1.0823', source: 'ecb', rate_date: date };
    });
    expect(asked).toEqual(['EUR 2027-04-12']);
    expect(skipped).toEqual([]);
    // 300.00 EUR paid by Ana, Bea and Cai owing 100.00 each: 324.69 USD, the last share taking the remainder.
    expect(expenses.find((e) => e.line === 6)).toEqual({
      line: 6,
      expense_date: '2027-04-12',
      title: 'Hotel Porto',
      category: 'accommodation',
      amount_cents: 32469,
      paid_by: 'ana',
      payers: [{ user_id: 'ana', paid_cents: 32469 }],
      shares: shares({ bea: 10823, cai: 10823, ana: 10823 }),
      original: {
        currency: 'EUR',
        amount_minor: 30000,
        rate: '1.0823',
        rate_source: 'ecb',
        rate_date: '2027-04-12',
        shares: shares({ bea: 10000, cai: 10000, ana: 10000 }),
      },
    });
  });

  it("imports any group's expenses and settle-up payments to the balances of its Total balance line", () => {
    // Rows as Splitwise writes them: three people's nets summing to zero; an expense costs at least what is owed
    // to its payers, a payment moves its amount from the one paid (−) to the one who paid (+).
    const expenseRow = fc
      .record({
        a: fc.integer({ min: -500_000, max: 500_000 }),
        b: fc.integer({ min: -500_000, max: 500_000 }),
      })
      .chain(({ a, b }) => {
        const nets = [a, b, -a - b];
        const owedToPayers = nets.filter((n) => n > 0).reduce((t, n) => t + n, 0);
        return fc.nat(200_000).map((extra) => ({ category: 'General', cost: owedToPayers + extra, nets }));
      });
    const paymentRow = fc
      .record({
        from: fc.nat(2),
        step: fc.integer({ min: 1, max: 2 }),
        amount: fc.integer({ min: 1, max: 500_000 }),
      })
      .map(({ from, step, amount }) => {
        const nets = [0, 0, 0];
        nets[from] = amount;
        nets[(from + step) % 3] = -amount;
        return { category: 'Payment', cost: amount, nets };
      });
    fc.assert(
      fc.property(fc.array(fc.oneof(expenseRow, paymentRow), { maxLength: 12 }), (drafts) => {
        const rows = drafts.map((d, i) => ({
          line: i + 2,
          date: '2027-04-12',
          description: `Row ${i}`,
          category: d.category,
          cost_cents: d.cost,
          currency: 'USD',
          nets: d.nets,
        }));
        const ids = ['a', 'b', 'c'];
        const plan = planImport(['A', 'B', 'C'], rows, ids);
        // Only rows that move nobody's balance are left out.
        for (const skipped of plan.skipped)
          expect(rows[skipped.line - 2]!.nets.every((n) => n === 0)).toBe(true);
        const totalBalance = ids.map((_, column) => rows.reduce((t, r) => t + r.nets[column]!, 0));
        const paid = plan.payments.map((p) => ({
          from: p.from_user_id,
          to: p.to_user_id,
          amount_minor: p.amount_cents,
        }));
        const kept = plan.expenses.map((e) => ({
          paid_by: e.paid_by,
          amount_minor: e.amount_cents,
          payers: payersFromCents(e.payers),
          shares: sharesFromCents(e.shares),
        }));
        const balances = computeBalances(ids, kept, paid);
        expect(ids.map((id) => balances.find((b) => b.user_id === id)?.balance_minor ?? 0)).toEqual(
          totalBalance,
        );
      }),
      { numRuns: 200 },
    );
  });

  it('keeps every converted row exact: shares and payers add up to the cost, in both currencies', () => {
    const row = fc.record({
      // Three people's nets in euro cents, the last making them sum to zero (as Splitwise writes them).
      nets: fc.tuple(
        fc.integer({ min: -500_000, max: 500_000 }),
        fc.integer({ min: -500_000, max: 500_000 }),
      ),
      extra: fc.nat(200_000),
      rate: fc.integer({ min: 1, max: 9_999_999 }).map((n) => `${Math.floor(n / 10_000)}.${n % 10_000}`),
      home: fc.constantFrom('USD', 'JPY', 'KWD'),
    });
    fc.assert(
      fc.property(row, ({ nets: [a, b], extra, rate, home }) => {
        const nets = [a, b, -a - b];
        const positive = nets.filter((n) => n > 0).reduce((t, n) => t + n, 0);
        const cost = positive + extra;
        const rows = [
          {
            line: 2,
            date: '2027-04-12',
            description: 'x',
            category: 'General',
            cost_cents: cost,
            currency: 'EUR',
            nets,
          },
        ];
        const { expenses } = planImport(['A', 'B', 'C'], rows, ['a', 'b', 'c'], home, (_c, date) => ({
          rate,
          source: 'ecb',
          rate_date: date,
        }));
        for (const e of expenses) {
          expect(e.shares.reduce((t, x) => t + x.share_cents, 0)).toBe(e.amount_cents);
          expect(e.payers.reduce((t, x) => t + x.paid_cents, 0)).toBe(e.amount_cents);
          expect(e.original?.amount_minor).toBe(cost);
          expect(e.original?.shares.reduce((t, x) => t + x.share_cents, 0)).toBe(cost);
          expect(
            [...e.shares, ...e.payers].every((x) => ('share_cents' in x ? x.share_cents : x.paid_cents) > 0),
          ).toBe(true);
        }
      }),
    );
  });

  it("reads amounts in each currency's own decimals, and says which rows cannot be", () => {
    const csv = [
      'Date,Description,Category,Cost,Currency,Ana,Bea',
      '2027-04-10,Ramen,Dining out,3000.00,JPY,1500.00,-1500.00',
      '2027-04-10,Half a yen,Dining out,3.50,JPY,1.75,-1.75',
      '2027-04-10,Dinars,Dining out,1.50,KWD,0.75,-0.75',
      '2027-04-10,Doubloons,General,5.00,XYZ,2.50,-2.50',
      '2027-04-10,Tip,General,0.01,JPY,0.01,-0.01',
    ].join('\n');
    const { names, rows } = readSplitwise(csv);
    const { expenses, skipped } = planImport(names, rows, ['ana', 'bea'], 'JPY', () => ({
      rate: '460.5',
      source: 'snapshot',
      rate_date: '2027-04-09',
    }));
    expect(expenses.map((e) => [e.line, e.amount_cents, e.shares, e.original?.amount_minor ?? null])).toEqual(
      [
        [2, 3000, shares({ bea: 1500, ana: 1500 }), null],
        // 1.500 dinars at 460.5 yen each: 691 yen (690.75, rounded once), 345 and 346 yen.
        [4, 691, shares({ bea: 345, ana: 346 }), 1500],
      ],
    );
    expect(skipped).toEqual([
      { line: 3, description: 'Half a yen', reason: 'Its amounts have decimals that JPY does not have' },
      { line: 5, description: 'Doubloons', reason: 'In XYZ: not a currency this app knows' },
      { line: 6, description: 'Tip', reason: 'Its amounts have decimals that JPY does not have' },
    ]);
  });

  it('lets the payer bear the shares of someone left out, and skips what a left-out person paid', () => {
    const { names, rows } = readSplitwise(fixture);
    const { expenses, skipped } = planImport(names, rows, ['ana', null, 'cai']);
    expect(expenses[0]!.shares).toEqual(shares({ cai: 3000, ana: 6000 }));
    expect(skipped).toContainEqual({
      line: 4,
      description: 'Taxi to Belém',
      reason: 'Paid by Bea, who is left out',
    });
  });

  it.each([
    ['not a Splitwise export', 'Name,Amount\nTaxi,3.00\n'],
    ['no person columns', 'Date,Description,Category,Cost,Currency\n2027-04-10,Taxi,Taxi,3.00,USD\n'],
    ['a bad date', 'Date,Description,Category,Cost,Currency,A,B\n10/04/2027,Taxi,Taxi,3.00,USD,1.50,-1.50\n'],
    [
      'a bad amount',
      'Date,Description,Category,Cost,Currency,A,B\n2027-04-10,Taxi,Taxi,3.005,USD,1.50,-1.50\n',
    ],
    ['a short row', 'Date,Description,Category,Cost,Currency,A,B\n2027-04-10,Taxi,Taxi,3.00,USD,1.50\n'],
    ['the same name twice', 'Date,Description,Category,Cost,Currency,Ana,ana\n'],
    ['broken quoting', 'Date,Description,Category,Cost,Currency,A\n2027-04-10,"Taxi,Taxi,3.00,USD,1\n'],
  ])('refuses a file with %s', (_case, csv) => {
    expect(() => readSplitwise(csv)).toThrow(ImportFileError);
  });

  it('reads any text either as rows or as an ImportFileError, never another failure', () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        '2027-04-10',
        '10.00',
        '-3.33',
        'USD',
        'Payment',
        '"',
        '""',
        '\n',
        ',',
        'Total balance',
      ),
    );
    const csvText = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc
        .array(fc.array(cell, { maxLength: 8 }), { maxLength: 6 })
        .map((rows) =>
          ['Date,Description,Category,Cost,Currency,A,B', ...rows.map((r) => r.join(','))].join('\n'),
        ),
    );
    fc.assert(
      fc.property(csvText, (csv) => {
        try {
          const { names, rows } = readSplitwise(csv);
          const { expenses } = planImport(
            names,
            rows,
            names.map((_, i) => `u${i}`),
          );
          for (const e of expenses) {
            expect(e.shares.reduce((t, s) => t + s.share_cents, 0)).toBe(e.amount_cents);
            for (const share of e.shares) expect(share.share_cents).toBeGreaterThan(0);
            expect(e.payers.reduce((t, p) => t + p.paid_cents, 0)).toBe(e.amount_cents);
            for (const payer of e.payers) expect(payer.paid_cents).toBeGreaterThan(0);
            // Each person's balance (paid − share) is their net in the file, within the rounding cent.
            const row = rows.find((r) => r.line === e.line)!;
            names.forEach((_, i) => {
              const paid = e.payers.find((p) => p.user_id === `u${i}`)?.paid_cents ?? 0;
              const share = e.shares.find((s) => s.user_id === `u${i}`)?.share_cents ?? 0;
              expect(Math.abs(paid - share - row.nets[i]!)).toBeLessThanOrEqual(1);
            });
          }
        } catch (err) {
          expect(err).toBeInstanceOf(ImportFileError);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('maps Splitwise categories to ours', () => {
    expect(
      ['Dining out', 'Taxi', 'Hotel', 'Movies', 'Clothing', 'General'].map(categoryFromSplitwise),
    ).toEqual(['food', 'transport', 'accommodation', 'entertainment', 'shopping', 'other']);
  });
});

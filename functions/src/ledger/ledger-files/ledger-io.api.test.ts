/** The ledger's export and the Splitwise import over HTTP, with a sample Splitwise group export. */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balancesFromTotals,
  convertMinor,
  convertParts,
  importPreviewSchema,
  importResultSchema,
  ledgerExportSchema,
} from '@wayfare/contract';
import snapshot from '../../rates/ecb-snapshot.json' with { type: 'json' };
import { newTrip, newUser } from '../../../test-support/store-adapters';
import type { NewUser } from '../../store/types';
import { startTestApi, type TestApi } from '../../../test-support/api-server';

const fixture = fs.readFileSync(path.join(__dirname, 'fixtures/splitwise-lisbon.csv'), 'utf8');
const withPayment = fs.readFileSync(path.join(__dirname, 'fixtures/splitwise-payment.csv'), 'utf8');

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function person(fields: Partial<NewUser>) {
  const user = await api.store.users.create(newUser(fields));
  const { id: userId, email, username, first_name, last_name } = user;
  return { user, token: await api.tokens.issue({ userId, email, username, first_name, last_name }) };
}

/** Ana Silva (owner), Bea Costa and Dan Reis: the fixture's "Cai Wong" matches nobody. */
async function group() {
  const ana = await person({ first_name: 'Ana', last_name: 'Silva' });
  const bea = await person({ first_name: 'Bea', last_name: 'Costa' });
  const dan = await person({ first_name: 'Dan', last_name: 'Reis' });
  const stranger = await person({ first_name: 'Eve', last_name: 'Stone' });
  const trip = await api.store.trips.create(ana.user.id, newTrip());
  await api.store.members.add(trip.id, bea.user.id);
  // Members are in joining order (ties broken by id): a distinct instant keeps Bea before Dan.
  await new Promise((resolve) => setTimeout(resolve, 5));
  await api.store.members.add(trip.id, dan.user.id);
  return { ana, bea, dan, stranger, trip };
}

const importPath = (tripId: string, preview = false) =>
  `/api/trip-split/trips/${tripId}/import${preview ? '/preview' : ''}`;
const ledgerOf = async (tripId: string, token: string) =>
  (await api.call('GET', `/api/trip-split/trips/${tripId}/expenses?limit=100`, { token })).body;

/** Each person's balance as settlements are calculated from it: totals of the expenses, and the paid transfers. */
async function balancesOf(tripId: string) {
  const ledger = await api.store.ledger.ledgerState(tripId);
  const paid = ledger.settlements
    .filter((s) => s.settled_at !== null)
    .map((s) => ({ from: s.from_user_id, to: s.to_user_id, amount_minor: s.amount_minor }));
  return new Map(balancesFromTotals([], ledger.totals, paid).map((b) => [b.user_id, b.balance_minor]));
}

const exportCsv = async (tripId: string, token: string) =>
  (await fetch(`${api.baseUrl}/api/trip-split/trips/${tripId}/export?format=csv`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((res) => res.text())) as string;

describe('Splitwise import', () => {
  it('previews without writing, lists unmatched names, and commits everything at once once they are mapped', async () => {
    const { ana, bea, dan, trip } = await group();
    const preview = await api.call('POST', importPath(trip.id, true), {
      token: bea.token,
      body: { csv: fixture },
    });
    expect(preview.status).toBe(200);
    const plan = importPreviewSchema.parse(preview.body);
    expect(plan.people).toEqual([
      { name: 'Ana Silva', user_id: ana.user.id, matched_by: 'name', skipped: false },
      { name: 'Bea', user_id: bea.user.id, matched_by: 'name', skipped: false },
      { name: 'Cai Wong', user_id: null, matched_by: null, skipped: false },
    ]);
    expect(plan.unmatched).toEqual(['Cai Wong']);
    expect(plan.skipped).toEqual([]);
    // "Bea paid Ana" is a settle-up payment: recorded as paid, from Bea to Ana.
    expect(plan.payments).toEqual([
      { line: 7, date: '2027-04-12', from_user_id: bea.user.id, to_user_id: ana.user.id, amount_cents: 2000 },
    ]);
    expect((await ledgerOf(trip.id, ana.token)).expense_count).toBe(0);

    const refused = await api.call('POST', importPath(trip.id), { token: bea.token, body: { csv: fixture } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toContain('Cai Wong');
    expect((await ledgerOf(trip.id, ana.token)).expense_count).toBe(0);

    const mapping = { 'Cai Wong': dan.user.id };
    const committed = await api.call('POST', importPath(trip.id), {
      token: bea.token,
      body: { csv: fixture, mapping },
    });
    expect(committed.status).toBe(201);
    const result = importResultSchema.parse(committed.body);
    expect(result.created).toBe(6);
    expect(await api.store.ledger.listSettlements(trip.id)).toEqual([
      expect.objectContaining({
        from_user_id: bea.user.id,
        to_user_id: ana.user.id,
        amount_minor: 2000,
        settled_at: '2027-04-12T12:00:00.000Z',
      }),
    ]);
    // The hotel's 300.00 EUR at the reference rate of its date (offline: the bundled ECB snapshot's, USD per euro).
    const hotelCents = convertMinor(30000, snapshot.rates.USD, 'EUR', 'USD');
    expect(result.total_cents).toBe(9000 + 1000 + 500 + hotelCents + 1000 + 3000);
    const ledger = await ledgerOf(trip.id, ana.token);
    expect([ledger.expense_count, ledger.total_expenses_cents]).toEqual([6, 14500 + hotelCents]);
    const hotel = ledger.expenses.find((e: { title: string }) => e.title === 'Hotel Porto');
    expect(hotel).toMatchObject({
      amount_cents: hotelCents,
      currency: 'EUR',
      original_amount_minor: 30000,
      rate: snapshot.rates.USD,
      rate_source: 'snapshot',
      rate_date: snapshot.date,
      paid_by: ana.user.id,
      // The split as decided in Splitwise, in euros: 100.00 each.
      split: { method: 'custom' },
    });
    expect(hotel.participants.map((p: { share_cents: number }) => p.share_cents).sort()).toEqual(
      convertParts(30000, [10000, 10000, 10000], snapshot.rates.USD, 'EUR', 'USD').parts.sort(),
    );
    // Paid by two (nets +10, +10, −20 in the file): each paid 15 and owes 5.
    const market = ledger.expenses.find((e: { title: string }) => e.title === 'Market');
    expect(market).toMatchObject({
      paid_by: ana.user.id,
      payers: [
        { user_id: ana.user.id, amount_cents: 1500 },
        { user_id: bea.user.id, amount_cents: 1500 },
      ],
    });
    const taxi = ledger.expenses.find((e: { title: string }) => e.title === 'Taxi to Belém');
    expect(taxi).toMatchObject({ amount_cents: 1000, paid_by: bea.user.id, category: 'transport' });
    expect(
      Object.fromEntries(
        taxi.participants.map((p: { user_id: string; share_cents: number }) => [p.user_id, p.share_cents]),
      ),
    ).toEqual({ [ana.user.id]: 333, [dan.user.id]: 334, [bea.user.id]: 333 });
  });

  it("records a settle-up payment as paid, so the balances are the file's own Total balance line", async () => {
    const { ana, bea, trip } = await group();
    const committed = await api.call('POST', importPath(trip.id), {
      token: ana.token,
      body: { csv: withPayment },
    });
    expect(committed.status).toBe(201);
    expect(committed.body.created).toBe(1);
    const [header, ...lines] = parse(withPayment, { relax_column_count: true }) as string[][];
    const total = lines.find((line) => line[1] === 'Total balance')!;
    const fileBalances = new Map(
      header!.slice(5).map((name, i) => [name, Math.round(Number(total[5 + i]) * 100)]),
    );
    expect(fileBalances).toEqual(
      new Map([
        ['Ana Silva', 2500],
        ['Bea Costa', -2500],
      ]),
    );
    const balances = await balancesOf(trip.id);
    expect([balances.get(ana.user.id), balances.get(bea.user.id)]).toEqual([
      fileBalances.get('Ana Silva'),
      fileBalances.get('Bea Costa'),
    ]);
    // The settlements calculated next ask for the rest only: Bea pays Ana 25.00.
    const calculated = await api.call('POST', `/api/trip-split/trips/${trip.id}/settlements/calculate`, {
      token: ana.token,
    });
    expect(
      calculated.body.settlements.map((s: Record<string, { user_id: string }>) => [
        s.payer!.user_id,
        s.payee!.user_id,
        s.amount_cents,
        s.settled_at === null ? 'pending' : 'paid',
      ]),
    ).toEqual([
      [bea.user.id, ana.user.id, 2000, 'paid'],
      [bea.user.id, ana.user.id, 2500, 'pending'],
    ]);
  });

  it('brings its own CSV export back into a new trip: people matched by username, the same balances and export', async () => {
    const { ana, bea, dan, trip } = await group();
    await api.call('POST', importPath(trip.id), {
      token: ana.token,
      body: { csv: fixture, mapping: { 'Cai Wong': dan.user.id } },
    });
    const exported = await exportCsv(trip.id, ana.token);

    const copy = await api.store.trips.create(ana.user.id, newTrip());
    await api.store.members.add(copy.id, bea.user.id);
    await api.store.members.add(copy.id, dan.user.id);
    const preview = importPreviewSchema.parse(
      (await api.call('POST', importPath(copy.id, true), { token: bea.token, body: { csv: exported } })).body,
    );
    expect(preview.people.map((p) => [p.user_id, p.matched_by])).toEqual([
      [ana.user.id, 'username'],
      [bea.user.id, 'username'],
      [dan.user.id, 'username'],
    ]);
    expect([preview.expenses.length, preview.payments.length, preview.skipped]).toEqual([6, 1, []]);
    const committed = await api.call('POST', importPath(copy.id), {
      token: bea.token,
      body: { csv: exported },
    });
    expect(committed.status).toBe(201);

    expect(await balancesOf(copy.id)).toEqual(await balancesOf(trip.id));
    // The same file again: same-day rows may come in another order, and people who joined in the same millisecond
    // in another column order, so each row is compared cell by cell under its column's name.
    const again = await exportCsv(copy.id, ana.token);
    const rowsOf = (csv: string) => {
      const [header = [], ...rows] = parse(csv) as string[][];
      const named = (row: string[]) =>
        JSON.stringify(header.map((column, i) => [column, row[i]]).sort(([a], [b]) => (a! < b! ? -1 : 1)));
      return { columns: [...header].sort(), rows: rows.map(named).sort() };
    };
    expect(rowsOf(again)).toEqual(rowsOf(exported));
    // A ledger of another currency is refused whole.
    const euros = await api.store.trips.create(bea.user.id, newTrip({ home_currency: 'EUR' }));
    const refused = await api.call('POST', importPath(euros.id, true), {
      token: bea.token,
      body: { csv: exported },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(
      "This ledger's amounts are in USD and this trip's are in EUR: import it into a trip in USD",
    );
  });

  it("lists rows dated far from the trip's days as not imported, as any expense would be refused", async () => {
    const { ana, dan, trip } = await group();
    const early = fixture.replace('2027-04-10,Dinner', '2026-01-10,Dinner');
    const res = await api.call('POST', importPath(trip.id, true), {
      token: ana.token,
      body: { csv: early, mapping: { 'Cai Wong': dan.user.id } },
    });
    expect(res.body.expenses.map((e: { line: number }) => e.line)).toEqual([4, 5, 6, 8, 9]);
    expect(res.body.skipped[0]).toEqual({
      line: 3,
      description: 'Dinner at Taberna',
      reason: expect.stringMatching(/^Pick a date between/),
    });
  });

  it('leaves out a person mapped to null, and refuses mappings to outsiders or to one member twice', async () => {
    const { ana, bea, stranger, trip } = await group();
    const skipCai = await api.call('POST', importPath(trip.id, true), {
      token: ana.token,
      body: { csv: fixture, mapping: { 'Cai Wong': null } },
    });
    expect(skipCai.body.unmatched).toEqual([]);
    expect(skipCai.body.people[2]).toEqual({
      name: 'Cai Wong',
      user_id: null,
      matched_by: 'mapping',
      skipped: true,
    });
    // Cai's 30.00 of the dinner is borne by Ana, who paid.
    expect(skipCai.body.expenses[0].shares).toEqual([
      { user_id: bea.user.id, share_cents: 3000 },
      { user_id: ana.user.id, share_cents: 6000 },
    ]);
    for (const mapping of [{ 'Cai Wong': stranger.user.id }, { 'Cai Wong': bea.user.id }]) {
      const res = await api.call('POST', importPath(trip.id, true), {
        token: ana.token,
        body: { csv: fixture, mapping },
      });
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual(expect.any(String));
    }
  });

  it('writes nothing for a bad file, and answers strangers 404', async () => {
    const { ana, stranger, trip } = await group();
    const broken = fixture.replace('10.00,USD,-3.33', '10.00,USD,-3.333');
    for (const csv of [broken, 'Name,Amount\nTaxi,3.00\n']) {
      const res = await api.call('POST', importPath(trip.id), {
        token: ana.token,
        body: { csv, mapping: { 'Cai Wong': null } },
      });
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect((await ledgerOf(trip.id, ana.token)).expense_count).toBe(0);
    for (const body of [{}, { csv: '' }, { csv: 'x'.repeat(40_000) }, { csv: fixture, mapping: { a: 3 } }]) {
      expect((await api.call('POST', importPath(trip.id, true), { token: ana.token, body })).status).toBe(
        400,
      );
    }
    for (const preview of [true, false]) {
      const res = await api.call('POST', importPath(trip.id, preview), {
        token: stranger.token,
        body: { csv: fixture },
      });
      expect(res.status).toBe(404);
    }
    expect((await ledgerOf(trip.id, ana.token)).expense_count).toBe(0);
  });
});

describe('ledger export', () => {
  it('downloads the ledger as CSV and JSON to members only, formula cells guarded', async () => {
    const { ana, bea, dan, stranger, trip } = await group();
    await api.call('POST', importPath(trip.id), {
      token: ana.token,
      body: { csv: fixture, mapping: { 'Cai Wong': dan.user.id } },
    });

    const csv = await fetch(`${api.baseUrl}/api/trip-split/trips/${trip.id}/export?format=csv`, {
      headers: { authorization: `Bearer ${bea.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename=Lisbon-in-spring-ledger.csv');
    const [header, ...rows] = parse(await csv.text()) as string[][];
    const column = (who: typeof ana, name: string) => `${name} (@${who.user.username})`;
    expect(header).toEqual([
      'Date',
      'Title',
      'Category',
      'Currency',
      'Amount',
      'Rate',
      'Home amount (USD)',
      'Payers',
      'Items',
      column(ana, 'Ana Silva'),
      column(bea, 'Bea Costa'),
      column(dan, 'Dan Reis'),
    ]);
    // Oldest first (same-day rows in any order), the payment after its day's expenses; the formula-looking title is
    // shown as text.
    expect(rows.map((r) => r[1])).toHaveLength(7);
    expect(rows[4]).toEqual([
      '2027-04-12',
      'Payment',
      'payment',
      'USD',
      '20.00',
      '1',
      '20.00',
      column(bea, 'Bea Costa'),
      '',
      '20.00',
      '0.00',
      '0.00',
    ]);
    expect(rows[0]?.[1]).toBe('Dinner at Taberna');
    expect(rows.slice(5).map((r) => r[1])).toEqual(expect.arrayContaining(['Snacks', 'Market']));
    const hotelCents = convertMinor(30000, snapshot.rates.USD, 'EUR', 'USD');
    expect(rows[3]?.slice(1, 7)).toEqual([
      'Hotel Porto',
      'accommodation',
      'EUR',
      '300.00',
      snapshot.rates.USD,
      (hotelCents / 100).toFixed(2),
    ]);
    expect(rows.find((r) => r[1] === 'Market')?.[7]).toBe(
      `${column(ana, 'Ana Silva')} 15.00; ${column(bea, 'Bea Costa')} 15.00`,
    );
    expect(rows.map((r) => r[1])).toContain(`'=HYPERLINK("http://evil.example","x")`);
    const taxi = rows.find((r) => r[1] === 'Taxi to Belém');
    expect(taxi).toEqual([
      '2027-04-11',
      'Taxi to Belém',
      'transport',
      'USD',
      '10.00',
      '1',
      '10.00',
      column(bea, 'Bea Costa'),
      '',
      '3.33',
      '3.33',
      '3.34',
    ]);

    const json = await api.call('GET', `/api/trip-split/trips/${trip.id}/export?format=json`, {
      token: dan.token,
    });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toBe('attachment; filename=Lisbon-in-spring-ledger.json');
    const ledger = ledgerExportSchema.parse(json.body);
    expect(ledger.people.map((p) => [p.name, p.username, p.left])).toEqual([
      ['Ana Silva', ana.user.username, false],
      ['Bea Costa', bea.user.username, false],
      ['Dan Reis', dan.user.username, false],
    ]);
    expect(ledger.expenses).toHaveLength(6);
    expect(ledger.expenses.reduce((t, e) => t + e.home_amount_cents, 0)).toBe(14500 + hotelCents);
    for (const e of ledger.expenses) {
      expect(e.shares.reduce((t, s) => t + s.share_cents, 0)).toBe(e.home_amount_cents);
      expect(e.payers.reduce((t, p) => t + p.paid_cents, 0)).toBe(e.home_amount_cents);
    }

    expect(
      (await api.call('GET', `/api/trip-split/trips/${trip.id}/export`, { token: stranger.token })).status,
    ).toBe(404);
    expect(
      (await api.call('GET', `/api/trip-split/trips/${trip.id}/export?format=xls`, { token: ana.token }))
        .status,
    ).toBe(400);
    expect((await api.call('GET', `/api/trip-split/trips/${trip.id}/export`)).status).toBe(401);
  });
});

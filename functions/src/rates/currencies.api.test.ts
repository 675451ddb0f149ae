/**
 * Currencies over HTTP: GET /api/rates against a local stand-in that speaks Frankfurter's wire
 * format (the ECB's reference rates), and offline (the stand-in down: the bundled snapshot); expenses in another
 * currency converted once, with balances and settlements exact in the trip's home currency.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOME_CURRENCY_CHANGED,
  HOME_CURRENCY_LOCKED,
  RATE_UNAVAILABLE,
  calculateSettlementsResponseSchema,
  convertMinor,
  divideRates,
  expenseResponseSchema,
  expensesResponseSchema,
  rateAnswerSchema,
  splitTripsResponseSchema,
} from '@wayfare/contract';
import { newTrip } from '../../test-support/store-adapters';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { registerMember } from '../../test-support/registered-member';
import snapshot from './ecb-snapshot.json' with { type: 'json' };

/**
 * GET /{date}?from=EUR as Frankfurter answers it: the last working day's rates on or before the date; at once, or
 * when released (a slow rate service).
 */
async function startFrankfurterStandIn() {
  const requests: URL[] = [];
  let held: Array<() => void> | null = null;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(url);
    if (held) held.push(() => answer(url, res));
    else answer(url, res);
  });
  const answer = (url: URL, res: http.ServerResponse) => {
    const date = url.pathname.slice(1);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || url.searchParams.get('from') !== 'EUR') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
      return;
    }
    // A Sunday answers Friday's rates, as the ECB publishes none at weekends.
    const answered = date === '2027-04-11' ? '2027-04-09' : date;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        amount: 1.0,
        base: 'EUR',
        date: answered,
        rates: { GBP: 0.8512, JPY: 160.0, USD: 1.08 },
      }),
    );
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((answerNow) => answerNow());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('with the rate service (a local stand-in)', () => {
  let api: TestApi;
  let standIn: Awaited<ReturnType<typeof startFrankfurterStandIn>>;
  const member = (first: string) => registerMember(api, first, 'rates');

  beforeAll(async () => {
    standIn = await startFrankfurterStandIn();
    // Long enough for a held answer (below) on a loaded machine.
    api = await startTestApi({ RATES_BASE_URL: standIn.baseUrl, KEYLESS_TIMEOUT_MS: '20000' });
  });
  afterAll(async () => {
    await api.close();
    await standIn.close();
  });

  it('answers the ECB cross rate of the date, fetched once per date, to signed-in callers only', async () => {
    const ana = await member('ana');
    const path = '/api/rates?from=JPY&to=USD&date=2027-04-11';
    expect((await api.call('GET', path)).status).toBe(401);
    const first = await api.call('GET', path, { token: ana.token });
    expect(first.status).toBe(200);
    expect(rateAnswerSchema.parse(first.body)).toEqual({
      from: 'JPY',
      to: 'USD',
      rate: divideRates('1.08', '160'),
      source: 'ecb',
      rate_date: '2027-04-09',
    });
    expect(first.body.rate).toBe('0.00675');
    const before = standIn.requests.length;
    const again = await api.call('GET', '/api/rates?from=USD&to=GBP&date=2027-04-11', { token: ana.token });
    expect(again.body).toMatchObject({ rate: divideRates('0.8512', '1.08'), source: 'ecb' });
    expect(standIn.requests.length).toBe(before);
    expect(Object.fromEntries(standIn.requests[0]!.searchParams)).toEqual({ from: 'EUR' });

    const bad = await api.call('GET', '/api/rates?from=YEN&to=USD&date=2027-04-11', { token: ana.token });
    expect([bad.status, bad.body.error]).toEqual([400, 'Choose a currency']);
    const same = await api.call('GET', '/api/rates?from=EUR&to=EUR&date=2027-04-11', { token: ana.token });
    expect(same.body).toMatchObject({ rate: '1', source: 'home' });
  });

  it('converts a yen expense once and keeps balances and settlements exact in dollars', async () => {
    const ana = await member('ana');
    const ben = await member('ben');
    const cai = await member('cai');
    const trip = await api.store.trips.create(ana.id, newTrip());
    await api.store.members.add(trip.id, ben.id);
    await api.store.members.add(trip.id, cai.id);
    const base = `/api/trip-split/trips/${trip.id}`;
    const as = { token: ana.token };

    // ¥10,001 at the ECB rate 0.00675: $67.50675 → $67.51, split equally in dollars.
    const taxi = await api.call('POST', `${base}/expenses`, {
      ...as,
      body: { title: 'Taxi', amount: '10001', currency: 'JPY', expense_date: '2027-04-11', paid_by: ana.id },
    });
    expect(taxi.status).toBe(201);
    const expense = expenseResponseSchema.parse(taxi.body).expense;
    expect(expense).toMatchObject({
      amount_cents: 6751,
      amount: 67.51,
      currency: 'JPY',
      original_amount_minor: 10001,
      original_amount: 10001,
      rate: '0.00675',
      rate_source: 'ecb',
      rate_date: '2027-04-09',
    });
    expect(expense.participants.map((p) => p.share_cents)).toEqual([2250, 2250, 2251]);

    // The rate the member got, and custom amounts in yen: converted to add up to the dollar amount exactly.
    // Shares of ¥3,333, ¥3,333 and ¥3,334 (¥10,000), for a dinner of `amount` yen.
    const izakayaOf = (amount: string) =>
      api.call('POST', `${base}/expenses`, {
        token: ben.token,
        body: {
          title: 'Izakaya',
          amount,
          currency: 'JPY',
          rate: '0.0066667',
          expense_date: '2027-04-12',
          paid_by: ben.id,
          split: {
            method: 'custom',
            people: [
              { user_id: ana.id, amount: '3333' },
              { user_id: ben.id, amount: '3333' },
              { user_id: cai.id, amount: '3334' },
            ],
          },
        },
      });
    const dinner = await izakayaOf('9000');
    expect(dinner.status).toBe(422);
    expect(dinner.body.error).toBe('The shares must add up to the amount exactly');
    const fixed = await izakayaOf('10000');
    expect(fixed.status).toBe(201);
    const izakaya = expenseResponseSchema.parse(fixed.body).expense;
    expect(izakaya).toMatchObject({ amount_cents: 6667, rate: '0.0066667', rate_source: 'member' });
    const shares = izakaya.participants.map((p) => p.share_cents);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(6667);
    expect(shares).toEqual([2222, 2222, 2223]);

    // A dollar expense on the same trip answers in dollars at rate 1, as before.
    const usd = await api.call('POST', `${base}/expenses`, {
      ...as,
      body: { title: 'Tram', amount: '3.00', expense_date: '2027-04-12', paid_by: cai.id },
    });
    expect(usd.body.expense).toMatchObject({
      currency: 'USD',
      amount_cents: 300,
      original_amount_minor: 300,
      rate: '1',
      rate_source: 'home',
    });

    // Editing the title keeps the stored rate, even with the service unreachable meanwhile.
    const edited = await api.call('PUT', `/api/trip-split/expenses/${expense.id}`, {
      ...as,
      body: {
        title: 'Taxi to Shibuya',
        amount: '10001',
        currency: 'JPY',
        expense_date: '2027-04-11',
        paid_by: ana.id,
      },
    });
    expect(edited.body.expense).toMatchObject({ amount_cents: 6751, rate: '0.00675', rate_source: 'ecb' });

    const page = expensesResponseSchema.parse((await api.call('GET', `${base}/expenses`, as)).body);
    expect(page).toMatchObject({ home_currency: 'USD', total_expenses_cents: 6751 + 6667 + 300 });
    const calculated = calculateSettlementsResponseSchema.parse(
      (await api.call('POST', `${base}/settlements/calculate`, as)).body,
    );
    expect(calculated.balances.reduce((t, b) => t + b.balance_cents, 0)).toBe(0);
    const paid = new Map(calculated.balances.map((b) => [b.user_id, b.total_paid_cents]));
    expect(paid.get(ana.id)).toBe(6751);
    expect(paid.get(ben.id)).toBe(6667);

    const csv = await api.call('GET', `${base}/export?format=csv`, as);
    const rows = parse(csv.body as string) as string[][];
    const taxiRow = rows.find((r) => r[1] === 'Taxi to Shibuya');
    expect(taxiRow?.slice(3, 7)).toEqual(['JPY', '10001', '0.00675', '67.51']);
  });

  it('lets a member choose the home currency while the ledger is empty, and then reads amounts in it', async () => {
    const ana = await member('ana');
    const outsider = await member('zed');
    const trip = await api.store.trips.create(ana.id, newTrip());
    const base = `/api/trip-split/trips/${trip.id}`;
    const as = { token: ana.token };
    const set = (currency: string, token = ana.token) =>
      api.call('PUT', `${base}/home-currency`, { token, body: { home_currency: currency } });

    expect((await set('JPY', outsider.token)).status).toBe(404);
    expect((await set('XYZ')).body.error).toBe('Choose a currency');
    expect((await set('jpy')).body).toEqual({ home_currency: 'JPY' });
    const trips = splitTripsResponseSchema.parse(
      (await api.call('GET', '/api/trip-split/user/trips', as)).body,
    );
    expect(trips.trips.find((t) => t.id === trip.id)?.home_currency).toBe('JPY');

    // No currency: the trip's own at the time of the write, read with its decimals.
    const noCurrency = await api.call('POST', `${base}/expenses`, {
      ...as,
      body: { title: 'Ramen', amount: '1200', expense_date: '2027-04-11', paid_by: ana.id },
    });
    expect([noCurrency.status, noCurrency.body.expense]).toEqual([
      201,
      expect.objectContaining({ amount_cents: 1200, amount: 1200, currency: 'JPY', rate: '1' }),
    ]);
    const noCurrencyTooPrecise = await api.call('POST', `${base}/expenses`, {
      ...as,
      body: { title: 'Ramen', amount: '1200.5', expense_date: '2027-04-11', paid_by: ana.id },
    });
    expect(noCurrencyTooPrecise.body.error).toBe('Amount must be an amount in JPY with at most 0 decimals');
    const edited = await api.call('PUT', `/api/trip-split/expenses/${noCurrency.body.expense.id}`, {
      ...as,
      body: { title: 'Ramen and gyoza', amount: '1500', expense_date: '2027-04-11', paid_by: ana.id },
    });
    expect([edited.status, edited.body.expense?.amount_cents]).toEqual([200, 1500]);
    expect(
      (await api.call('DELETE', `/api/trip-split/expenses/${noCurrency.body.expense.id}`, as)).status,
    ).toBe(204);
    const tooPrecise = await api.call('POST', `${base}/expenses`, {
      ...as,
      body: {
        title: 'Ramen',
        amount: '1200.5',
        currency: 'JPY',
        expense_date: '2027-04-11',
        paid_by: ana.id,
      },
    });
    expect(tooPrecise.body.error).toBe('Amount must be an amount in JPY with at most 0 decimals');
    const ramen = await api.call('POST', `${base}/expenses`, {
      ...as,
      body: { title: 'Ramen', amount: '1200', currency: 'JPY', expense_date: '2027-04-11', paid_by: ana.id },
    });
    expect(ramen.body.expense).toMatchObject({
      amount_cents: 1200,
      amount: 1200,
      currency: 'JPY',
      rate: '1',
    });
    // Dollars into a yen trip: $10.00 at 160/1.08 yen per dollar.
    const usd = await api.call('POST', `${base}/expenses`, {
      ...as,
      body: {
        title: 'Airport bus',
        amount: '10.00',
        currency: 'USD',
        expense_date: '2027-04-11',
        paid_by: ana.id,
      },
    });
    expect(usd.body.expense).toMatchObject({
      amount_cents: convertMinor(1000, divideRates('160', '1.08')!, 'USD', 'JPY'),
      original_amount: 10,
      rate_source: 'ecb',
    });

    expect([(await set('EUR')).status, (await set('EUR')).body.error]).toEqual([409, HOME_CURRENCY_LOCKED]);
  });

  it('refuses an expense converted to the home currency another member changed during the rate lookup', async () => {
    const ana = await member('ana');
    const ben = await member('ben');
    const trip = await api.store.trips.create(ana.id, newTrip());
    await api.store.members.add(trip.id, ben.id);
    const base = `/api/trip-split/trips/${trip.id}`;
    const taxi = {
      title: 'Taxi',
      amount: '10001',
      currency: 'JPY',
      expense_date: '2027-04-13',
      paid_by: ana.id,
    };

    standIn.hold();
    const asked = standIn.requests.length;
    const saving = api.call('POST', `${base}/expenses`, { token: ana.token, body: taxi });
    while (standIn.requests.length === asked) await new Promise((resolve) => setTimeout(resolve, 20));
    // Ana's yen are being converted to dollars; the ledger is still empty, so Ben may choose euros.
    const chosen = await api.call('PUT', `${base}/home-currency`, {
      token: ben.token,
      body: { home_currency: 'EUR' },
    });
    expect(chosen.body).toEqual({ home_currency: 'EUR' });
    standIn.release();
    const refused = await saving;
    expect([refused.status, refused.body.error]).toEqual([409, HOME_CURRENCY_CHANGED]);
    const page = expensesResponseSchema.parse(
      (await api.call('GET', `${base}/expenses`, { token: ana.token })).body,
    );
    expect(page).toMatchObject({ home_currency: 'EUR', expenses: [], total_expenses_cents: 0 });

    // Saved again, the yen are converted to euros: ¥10,001 at 1/160 = €62.51.
    const saved = await api.call('POST', `${base}/expenses`, { token: ana.token, body: taxi });
    expect(saved.status).toBe(201);
    expect(saved.body.expense).toMatchObject({
      amount_cents: 6251,
      currency: 'JPY',
      rate: divideRates('1', '160'),
    });
  });
});

describe('offline (the rate service unreachable)', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ KEYLESS_TIMEOUT_MS: '300' });
  });
  afterAll(() => api.close());

  it('answers from the bundled ECB snapshot, marked with its date, and says when a currency is not in it', async () => {
    const ana = await registerMember(api, 'ana', 'offline');
    const answer = await api.call('GET', '/api/rates?from=EUR&to=JPY&date=2027-04-11', { token: ana.token });
    expect(answer.body).toEqual({
      from: 'EUR',
      to: 'JPY',
      rate: divideRates(snapshot.rates.JPY, '1'),
      source: 'snapshot',
      rate_date: snapshot.date,
    });
    const unknown = await api.call('GET', '/api/rates?from=KWD&to=USD&date=2027-04-11', { token: ana.token });
    expect([unknown.status, unknown.body.error]).toEqual([404, RATE_UNAVAILABLE]);

    const trip = await api.store.trips.create(ana.id, newTrip());
    const created = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      token: ana.token,
      body: {
        title: 'Pastéis',
        amount: '12.40',
        currency: 'EUR',
        expense_date: '2027-04-11',
        paid_by: ana.id,
      },
    });
    expect(created.body.expense).toMatchObject({
      amount_cents: convertMinor(1240, snapshot.rates.USD, 'EUR', 'USD'),
      rate: snapshot.rates.USD,
      rate_source: 'snapshot',
      rate_date: snapshot.date,
    });
    // A currency the snapshot lacks needs the member's own rate.
    const kwd = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      token: ana.token,
      body: { title: 'Souq', amount: '1.250', currency: 'KWD', expense_date: '2027-04-11', paid_by: ana.id },
    });
    expect([kwd.status, kwd.body.error]).toEqual([422, RATE_UNAVAILABLE]);
    const typed = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      token: ana.token,
      body: {
        title: 'Souq',
        amount: '1.250',
        currency: 'KWD',
        rate: '3.25',
        expense_date: '2027-04-11',
        paid_by: ana.id,
      },
    });
    expect(typed.body.expense).toMatchObject({
      amount_cents: 406,
      original_amount_minor: 1250,
      rate_source: 'member',
    });
  });
});

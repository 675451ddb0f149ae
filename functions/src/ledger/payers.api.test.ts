import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAID_BY_FIRST_PAYER,
  PAYERS_MUST_ADD_UP,
  expenseResponseSchema,
  ledgerExportSchema,
  type Balance,
  type Expense,
  type MemberExplanation,
} from '@wayfare/contract';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { registerMember, tripOfThree } from '../../test-support/registered-member';
import { NOT_A_PARTICIPANT } from './expenses/split-decision';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
});
afterAll(() => api.close());

/** Ana (owner), Bea and Cai on one trip, and calls on its expenses and settlements. */
async function trio() {
  const { ana, bea, cai, tripId, create, put } = await tripOfThree(api, 'payers');
  const calculate = async () =>
    (await api.call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, { token: ana.token }))
      .body as { balances: Balance[] };
  return { ana, bea, cai, tripId, create, put, calculate };
}

const dinner = (overrides: Record<string, unknown> = {}) => ({
  title: 'Dinner',
  amount: '90.01',
  expense_date: '2027-04-11',
  expense_type: 'group',
  ...overrides,
});

describe('several payers per expense', () => {
  it('stores who paid how much, answers it, and counts each part in balances, explanation, overview and export', async () => {
    const { ana, bea, cai, tripId, create, calculate } = await trio();
    const res = await create(bea, {
      ...dinner(),
      payers: [
        { user_id: ana.id, amount: '60.00' },
        { user_id: bea.id, amount: 30.01 },
      ],
    });
    expect(res.status).toBe(201);
    const expense = expenseResponseSchema.parse(res.body).expense;
    expect(expense).toMatchObject({
      paid_by: ana.id,
      paid_by_name: 'Ana Tester and Bea Tester',
      payers: [
        { user_id: ana.id, first_name: 'Ana', amount_cents: 6000, amount: 60 },
        { user_id: bea.id, first_name: 'Bea', amount_cents: 3001, amount: 30.01 },
      ],
    });
    // One payer by paid_by, as spec §7 has it: answered as one payer of it all.
    const taxi = await create(cai, { ...dinner({ title: 'Taxi', amount: '9' }), paid_by: cai.id });
    expect(taxi.body.expense).toMatchObject({
      paid_by: cai.id,
      paid_by_name: 'Cai Tester',
      payers: [{ user_id: cai.id, amount_cents: 900 }],
    });

    const { balances } = await calculate();
    const paid = Object.fromEntries(balances.map((b) => [b.user_id, b.total_paid_cents]));
    expect(paid).toEqual({ [ana.id]: 6000, [bea.id]: 3001, [cai.id]: 900 });
    expect(balances.reduce((sum, b) => sum + b.balance_cents, 0)).toBe(0);

    const explained = (
      await api.call('GET', `/api/trip-split/trips/${tripId}/settlements/explanation`, { token: cai.token })
    ).body.members as MemberExplanation[];
    expect(explained.find((m) => m.user_id === bea.id)).toMatchObject({
      total_paid_cents: 3001,
      total_owed_cents: 3000 + 300,
      unsettled_cents: 0,
    });

    const [card] = (await api.call('GET', '/api/trip-split/user/trips', { token: bea.token })).body.trips;
    expect(card).toMatchObject({ expense_count: 2, total_expenses_cents: 9901 });

    const json = await api.call('GET', `/api/trip-split/trips/${tripId}/export?format=json`, {
      token: cai.token,
    });
    expect(ledgerExportSchema.parse(json.body).expenses.map((e) => e.payers)).toEqual([
      [
        { user_id: ana.id, paid_cents: 6000 },
        { user_id: bea.id, paid_cents: 3001 },
      ],
      [{ user_id: cai.id, paid_cents: 900 }],
    ]);
    const csv = await fetch(`${api.baseUrl}/api/trip-split/trips/${tripId}/export?format=csv`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    const [, first, second] = parse(await csv.text()) as string[][];
    // Payers are named as the person columns are: name and username, so the file imports back.
    expect(first?.[7]).toBe(`Ana Tester (@${ana.username}) 60.00; Bea Tester (@${bea.username}) 30.01`);
    expect(second?.[7]).toBe(`Cai Tester (@${cai.username})`);
  });

  it('moves each paid total on an edit and a delete, and lets any payer edit', async () => {
    const { ana, bea, cai, create, put, calculate } = await trio();
    const both = (
      await create(ana, {
        ...dinner({ amount: 100 }),
        payers: [
          { user_id: ana.id, amount: 50 },
          { user_id: cai.id, amount: 50 },
        ],
      })
    ).body.expense as Expense;
    // Cai neither added it nor is its first payer, but paid part of it.
    const edited = await put(cai, both.id, {
      ...dinner({ amount: '100.02' }),
      paid_by: bea.id,
      payers: [
        { user_id: bea.id, amount: '0.02' },
        { user_id: cai.id, amount: 100 },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.expense.paid_by).toBe(bea.id);
    const totals = async () =>
      Object.fromEntries((await calculate()).balances.map((b) => [b.user_id, b.total_paid_cents]));
    expect(await totals()).toEqual({ [ana.id]: 0, [bea.id]: 2, [cai.id]: 10000 });

    const single = await create(bea, { ...dinner({ amount: 5 }), paid_by: bea.id });
    expect(
      (await put(ana, single.body.expense.id, { ...dinner({ amount: 5 }), paid_by: cai.id })).status,
    ).toBe(200);
    expect(await totals()).toEqual({ [ana.id]: 0, [bea.id]: 2, [cai.id]: 10500 });

    // Ana is the owner; Bea, a payer now, may delete it too.
    expect(
      (await api.call('DELETE', `/api/trip-split/expenses/${both.id}`, { token: bea.token })).status,
    ).toBe(204);
    expect(await totals()).toEqual({ [ana.id]: 0, [bea.id]: 0, [cai.id]: 500 });
  });

  it('refuses parts that do not add up, a stranger among the payers (writing nothing), and strangers as callers', async () => {
    const { ana, bea, tripId, create, put, calculate } = await trio();
    const stranger = await registerMember(api, 'zed', 'payers');
    const kept = (await create(ana, { ...dinner({ amount: 10 }), paid_by: ana.id })).body.expense as Expense;
    const before = await calculate();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [
        {
          payers: [
            { user_id: ana.id, amount: 60 },
            { user_id: bea.id, amount: 30 },
          ],
        },
        400,
        PAYERS_MUST_ADD_UP,
      ],
      [{ paid_by: bea.id, payers: [{ user_id: ana.id, amount: '90.01' }] }, 400, PAID_BY_FIRST_PAYER],
      [
        {
          payers: [
            { user_id: ana.id, amount: 90 },
            { user_id: stranger.id, amount: '0.01' },
          ],
        },
        422,
        NOT_A_PARTICIPANT,
      ],
      [{ payers: [{ user_id: stranger.id, amount: '90.01' }] }, 422, NOT_A_PARTICIPANT],
    ];
    for (const [patch, status, error] of cases) {
      const created = await create(ana, { ...dinner(), ...patch });
      expect([created.status, created.body.error], JSON.stringify(patch)).toEqual([status, error]);
      const edited = await put(ana, kept.id, { ...dinner(), ...patch });
      expect([edited.status, edited.body.error], JSON.stringify(patch)).toEqual([status, error]);
    }
    // The stranger cannot name themselves a payer of a trip they are not on.
    const own = await api.call('POST', `/api/trip-split/trips/${tripId}/expenses`, {
      token: stranger.token,
      body: { ...dinner(), payers: [{ user_id: stranger.id, amount: '90.01' }] },
    });
    expect(own.status).toBe(404);
    const list = await api.call('GET', `/api/trip-split/trips/${tripId}/expenses`, { token: ana.token });
    expect(list.body.expenses).toEqual([expect.objectContaining({ id: kept.id, amount_cents: 1000 })]);
    expect(await calculate()).toEqual(before);
  });
});

import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSIGN_EVERY_ITEM,
  ITEMS_MUST_MATCH_AMOUNT,
  convertParts,
  expenseResponseSchema,
  ledgerExportSchema,
  type Balance,
  type MemberExplanation,
} from '@wayfare/contract';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { registerMember, tripOfThree, type RegisteredMember } from '../../test-support/registered-member';
import { LEDGER_CSV_COLUMNS } from './ledger-files/ledger-csv';
import { NOT_A_PARTICIPANT } from './expenses/split-decision';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
});
afterAll(() => api.close());

type Member = RegisteredMember;

const trio = () => tripOfThree(api, 'items');

/** Soup for Ana, steak for Bea, wine for all three (Cai twice), tax and tip on top: 59.00 in all. */
const dinner = (ana: Member, bea: Member, cai: Member, overrides: Record<string, unknown> = {}) => ({
  title: 'Dinner',
  amount: '59.00',
  expense_date: '2027-04-11',
  paid_by: ana.id,
  split: {
    method: 'itemized',
    items: [
      { name: 'Soup', amount: '5.00', people: [{ user_id: ana.id }] },
      { name: 'Steak', amount: '15.00', quantity: 1, people: [{ user_id: bea.id }] },
      {
        name: 'Wine',
        amount: '30.00',
        quantity: 2,
        people: [{ user_id: ana.id }, { user_id: bea.id }, { user_id: cai.id, shares: 2 }],
      },
    ],
    extras: [
      { kind: 'tax', amount: '4.00' },
      { kind: 'tip', amount: '5.00' },
    ],
  },
  ...overrides,
});

describe('itemized expenses over the API', () => {
  it('decides the shares from the items, tax and tip in proportion, and shows them in answers, balances, explanation and export', async () => {
    const { ana, bea, cai, tripId, create, get } = await trio();
    const res = await create(bea, dinner(ana, bea, cai));
    expect(res.status).toBe(201);
    const expense = expenseResponseSchema.parse(res.body).expense;
    // Items: Ana 5 + 7.50, Bea 15 + 7.50, Cai 15 (of 50); extras 9.00 by those: 2.25, 4.05, the rest 2.70.
    expect(expense.participants.map((p) => [p.first_name, p.share_cents])).toEqual([
      ['Ana', 1475],
      ['Bea', 2655],
      ['Cai', 1770],
    ]);
    expect(expense.split.method).toBe('itemized');
    expect(expense.split.itemized).toMatchObject({
      currency: 'USD',
      extras_by: 'proportional',
      items: [
        { name: 'Soup', amount_minor: 500, quantity: null, people: [{ user_id: ana.id, part_minor: 500 }] },
        { name: 'Steak', amount_minor: 1500, quantity: 1 },
        {
          name: 'Wine',
          quantity: 2,
          people: [
            { user_id: ana.id, shares: 1, part_minor: 750 },
            { user_id: bea.id, shares: 1, part_minor: 750 },
            { user_id: cai.id, shares: 2, part_minor: 1500 },
          ],
        },
      ],
      people: [
        { user_id: ana.id, items_minor: 1250, extras_minor: 225, total_minor: 1475 },
        { user_id: bea.id, items_minor: 2250, extras_minor: 405, total_minor: 2655 },
        { user_id: cai.id, items_minor: 1500, extras_minor: 270, total_minor: 1770 },
      ],
    });
    // Read back as stored (the list, from the store) and in the explanation.
    const listed = (await get(cai, `/trips/${tripId}/expenses`)).body.expenses;
    expect(listed[0].split).toEqual(expense.split);
    const members = (await get(cai, `/trips/${tripId}/settlements/explanation`)).body
      .members as MemberExplanation[];
    expect(members.map((m) => [m.first_name, m.total_owed_cents, m.total_paid_cents])).toEqual([
      ['Ana', 1475, 5900],
      ['Bea', 2655, 0],
      ['Cai', 1770, 0],
    ]);

    const json = ledgerExportSchema.parse((await get(bea, `/trips/${tripId}/export?format=json`)).body);
    expect(json.expenses[0]?.itemized).toEqual(expense.split.itemized);
    const csv = await fetch(`${api.baseUrl}/api/trip-split/trips/${tripId}/export?format=csv`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    const [header, row] = parse(await csv.text()) as string[][];
    const items = LEDGER_CSV_COLUMNS.indexOf('Items');
    expect(header?.[items]).toBe('Items');
    // People are named as the person columns are: name and username.
    const [a, b, c] = [ana, bea, cai].map(
      (m) => `${m.first_name[0]!.toUpperCase()}${m.first_name.slice(1)} Tester (@${m.username})`,
    );
    expect(row?.[items]).toBe(
      `Soup 5.00: ${a}; 1 × Steak 15.00: ${b}; 2 × Wine 30.00: ${a}, ${b}, ${c} ×2; ` +
        'tax 4.00 (proportional); tip 5.00 (proportional)',
    );
  });

  it('decides in the currency paid and converts each person’s total to the home currency exactly', async () => {
    const { ana, bea, cai, create, tripId } = await trio();
    const res = await create(ana, {
      ...dinner(ana, bea, cai, { currency: 'EUR', rate: '1.0837' }),
      split: {
        method: 'itemized',
        items: [
          { name: 'Pizza', amount: '10.00', people: [{ user_id: ana.id }, { user_id: bea.id }] },
          { name: 'Pasta', amount: '13.33', people: [{ user_id: cai.id }] },
        ],
        extras: [{ kind: 'service', amount: '2.00' }],
        extras_by: 'equal',
      },
      amount: '25.33',
    });
    expect(res.status).toBe(201);
    const expense = expenseResponseSchema.parse(res.body).expense;
    expect(expense).toMatchObject({ currency: 'EUR', original_amount_minor: 2533, amount_cents: 2745 });
    expect(expense.split.itemized?.people.map((p) => p.total_minor)).toEqual([566, 566, 1401]);
    const shares = expense.participants.map((p) => p.share_cents);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(2745);
    // Converted as any custom split's amounts are (convertParts): [613, 614, 1518].
    expect(shares).toEqual(convertParts(2533, [566, 566, 1401], '1.0837', 'EUR', 'USD').parts);
    const { balances } = (
      await api.call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, {
        token: bea.token,
      })
    ).body as { balances: Balance[] };
    expect(balances.reduce((sum, b) => sum + b.balance_cents, 0)).toBe(0);
  });

  it('edits: new items re-decide the shares, an edit of words keeps them, a new amount alone asks for the items', async () => {
    const { ana, bea, cai, create, put } = await trio();
    const created = expenseResponseSchema.parse((await create(ana, dinner(ana, bea, cai))).body).expense;
    const reassigned = await put(ana, created.id, {
      ...dinner(ana, bea, cai),
      split: {
        method: 'itemized',
        items: [{ name: 'Everything', amount: '59.00', people: [{ user_id: bea.id }, { user_id: cai.id }] }],
      },
    });
    expect(reassigned.status).toBe(200);
    expect(reassigned.body.expense.participants.map((p: { share_cents: number }) => p.share_cents)).toEqual([
      2950, 2950,
    ]);
    const { split: _split, ...simple } = dinner(ana, bea, cai);
    const words = await put(ana, created.id, { ...simple, title: 'Dinner by the river' });
    expect(words.status).toBe(200);
    expect(words.body.expense.split).toEqual(reassigned.body.expense.split);
    const amount = await put(ana, created.id, { ...simple, amount: '60.00' });
    expect([amount.status, amount.body.error]).toEqual([422, ITEMS_MUST_MATCH_AMOUNT]);
  });

  it('refuses a leftover, an item for no one, and a stranger on an item, writing nothing', async () => {
    const { ana, bea, cai, create, get, tripId } = await trio();
    const stranger = await registerMember(api, 'zed', 'items');
    const body = dinner(ana, bea, cai);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ amount: '60.00' }, 400, 'Assign the 1 USD left between the items and the total before saving'],
      [{ amount: '58.00' }, 400, 'The items and extras come to 1 USD more than the total'],
      [
        { split: { method: 'itemized', items: [{ name: 'Soup', amount: '59', people: [] }] } },
        400,
        ASSIGN_EVERY_ITEM,
      ],
      [
        {
          split: {
            method: 'itemized',
            items: [{ name: 'Soup', amount: '59', people: [{ user_id: stranger.id }] }],
          },
        },
        422,
        NOT_A_PARTICIPANT,
      ],
    ];
    for (const [patch, status, error] of cases) {
      const res = await create(ana, { ...body, ...patch });
      expect([res.status, res.body.error], JSON.stringify(patch)).toEqual([status, error]);
    }
    expect((await get(ana, `/trips/${tripId}/expenses`)).body.expenses).toEqual([]);
  });
});

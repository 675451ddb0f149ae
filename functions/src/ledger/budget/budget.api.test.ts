import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_RESTORED,
  CATEGORIES_EXCEED_BUDGET,
  NOT_RESTORABLE,
  ledgerExportSchema,
  type ActivityResponse,
  type BudgetResponse,
} from '@wayfare/contract';
import { startTestApi, type TestApi } from '../../../test-support/api-server';
import { registerMember } from '../../../test-support/registered-member';
import { newTrip } from '../../../test-support/store-adapters';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
});
afterAll(() => api.close());

type Member = Awaited<ReturnType<typeof registerMember>>;

/** Ana (owner) and Bea on a five-day "Moderate" trip for 2 (2027-04-10 to 14), and calls on its ledger. */
async function pair(guide = '{"itinerary":{}}') {
  const ana = await registerMember(api, 'ana', 'budget');
  const bea = await registerMember(api, 'bea', 'budget');
  const tripId = (
    await api.store.trips.create(ana.id, newTrip({ number_of_people: 2, recommendations: guide }))
  ).id;
  await api.store.members.add(tripId, bea.id);
  const base = `/api/trip-split/trips/${tripId}`;
  const call = (who: Member, method: string, path: string, body?: unknown) =>
    api.call(method, `${base}${path}`, { token: who.token, body });
  const expense = (who: Member, body: Record<string, unknown>) =>
    call(who, 'POST', '/expenses', {
      title: 'Dinner',
      amount: '100.00',
      expense_date: '2027-04-11',
      expense_type: 'group',
      paid_by: who.id,
      category: 'food',
      ...body,
    });
  return { ana, bea, tripId, call, expense };
}

describe('trip budget', () => {
  it('suggests the budget choice × days × people until one is set, then compares the spending with it', async () => {
    const { ana, bea, call, expense } = await pair();
    const before = await call(bea, 'GET', '/budget');
    expect(before.status).toBe(200);
    const empty = before.body as BudgetResponse;
    expect(empty.budget).toBeNull();
    // "Moderate": US$200 a day per person × 5 days × 2 people, in the trip's (US dollar) cents.
    expect(empty.suggestion).toMatchObject({ kind: 'total', amount_minor: 200000, basis: 'budget-choice' });
    expect(empty).toMatchObject({
      plan_source: 'suggested',
      plan: { total_minor: 200000, per_day_minor: 40000 },
    });
    expect(empty.spending.by_day).toHaveLength(5);

    await expense(ana, {
      title: 'Hotel',
      amount: '480.00',
      category: 'accommodation',
      expense_date: '2027-04-10',
    });
    await expense(bea, { amount: '60.50' });
    await expense(bea, { amount: '10.00', expense_date: '2027-04-01' });
    const set = await call(bea, 'PUT', '/budget', {
      kind: 'per_day',
      amount_minor: 30000,
      categories: { food: 10000 },
    });
    expect(set.status).toBe(200);
    const answer = set.body as BudgetResponse;
    expect(answer.budget).toMatchObject({ kind: 'per_day', amount_minor: 30000, updated_by: bea.id });
    expect(answer).toMatchObject({
      plan_source: 'set',
      plan: { total_minor: 150000, per_day_minor: 30000, categories: { food: 50000 } },
    });
    expect(answer.spending).toMatchObject({ spent_minor: 55050, outside_days_minor: 1000 });
    expect(answer.spending.by_day.slice(0, 2)).toEqual([
      { date: '2027-04-10', spent_minor: 48000 },
      { date: '2027-04-11', spent_minor: 6050 },
    ]);
    expect(answer.spending.by_category).toEqual([
      { category: 'accommodation', spent_minor: 48000, budget_minor: null },
      { category: 'food', spent_minor: 7050, budget_minor: 50000 },
    ]);
    expect(answer.spending.by_person).toEqual([
      expect.objectContaining({ user_id: ana.id, first_name: 'Ana', paid_minor: 48000, share_minor: 27525 }),
      expect.objectContaining({ user_id: bea.id, paid_minor: 7050, share_minor: 27525 }),
    ]);
    expect((await call(ana, 'GET', '/budget')).body).toEqual(answer);
  });

  it("prefills from the guide's own total per person when it states one", async () => {
    const guide = JSON.stringify({
      itinerary: {},
      budget: 'Food: $50 a day\n- Total: about $1,234 per person',
    });
    const { bea, call } = await pair(guide);
    const { suggestion } = (await call(bea, 'GET', '/budget')).body as BudgetResponse;
    expect(suggestion).toMatchObject({ amount_minor: 246800, basis: 'guide' });
  });

  it('refuses bad budgets with a 400 and strangers with a 404', async () => {
    const { ana, call } = await pair();
    const over = await call(ana, 'PUT', '/budget', {
      kind: 'total',
      amount_minor: 100,
      categories: { food: 200 },
    });
    expect([over.status, over.body.error]).toEqual([400, CATEGORIES_EXCEED_BUDGET]);
    for (const bad of [{ kind: 'total', amount_minor: '12.50' }, { kind: 'total' }, 'x']) {
      const res = await call(ana, 'PUT', '/budget', bad);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    const stranger = await registerMember(api, 'cy', 'budget');
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/budget'],
      ['PUT', '/budget', { kind: 'total', amount_minor: 100 }],
      ['GET', '/activity'],
      ['POST', '/activity/some-entry/restore'],
    ];
    for (const [method, path, body] of calls) {
      const res = await call(stranger, method, path, body);
      expect([method, path, res.status, res.body.error]).toEqual([method, path, 404, 'Trip not found']);
    }
    const res = await api.call('GET', '/api/trip-split/trips/no-such-trip/budget', { token: ana.token });
    expect(res.status).toBe(404);
  });
});

describe('activity history', () => {
  it('answers who changed the hotel to 480, pages newest first, and restores a delete once', async () => {
    const { ana, bea, call, expense } = await pair();
    // Bea books the hotel Ana paid for (so either may change it).
    const hotel = (
      await expense(bea, { title: 'Hotel', amount: '420.00', category: 'accommodation', paid_by: ana.id })
    ).body.expense as { id: string };
    const edit = await api.call('PUT', `/api/trip-split/expenses/${hotel.id}`, {
      token: bea.token,
      body: {
        title: 'Hotel',
        amount: '480.00',
        expense_date: '2027-04-12',
        expense_type: 'group',
        paid_by: ana.id,
      },
    });
    expect(edit.status).toBe(200);
    await call(ana, 'PUT', '/budget', { kind: 'total', amount_minor: 150000 });
    const removed = await api.call('DELETE', `/api/trip-split/expenses/${hotel.id}`, { token: ana.token });
    expect(removed.status).toBe(204);

    const page = (await call(bea, 'GET', '/activity')).body as ActivityResponse;
    expect(page.entries.map((e) => e.kind)).toEqual([
      'expense.deleted',
      'budget.changed',
      'expense.updated',
      'expense.created',
    ]);
    expect(page.next_cursor).toBeNull();
    const updated = page.entries[2];
    expect(updated).toMatchObject({
      actor_id: bea.id,
      before: { amount_cents: 42000, expense_date: '2027-04-11' },
      after: { amount_cents: 48000, expense_date: '2027-04-12' },
    });
    expect(page.people[bea.id]).toMatchObject({ first_name: 'Bea', left: false });
    expect(page.home_currency).toBe('USD');

    const first = (await call(ana, 'GET', '/activity?limit=3')).body as ActivityResponse;
    expect(first.entries).toHaveLength(3);
    const rest = (await call(ana, 'GET', `/activity?limit=3&cursor=${first.next_cursor}`))
      .body as ActivityResponse;
    expect([...first.entries, ...rest.entries]).toEqual(page.entries);
    expect(rest.next_cursor).toBeNull();
    expect((await call(ana, 'GET', '/activity?limit=0')).status).toBe(400);
    expect((await call(ana, 'GET', '/activity?cursor=a/b')).status).toBe(400);

    const deletion = page.entries[0]?.id;
    const restored = await call(bea, 'POST', `/activity/${deletion}/restore`);
    expect(restored.status).toBe(201);
    const list = (await call(ana, 'GET', '/expenses')).body as {
      expenses: Array<{ id: string; amount_cents: number }>;
    };
    expect(list.expenses).toEqual([
      expect.objectContaining({ id: restored.body.expense_id, amount_cents: 48000 }),
    ]);
    const again = await call(ana, 'POST', `/activity/${deletion}/restore`);
    expect([again.status, again.body.error]).toEqual([409, ALREADY_RESTORED]);
    const notDeletion = await call(ana, 'POST', `/activity/${page.entries[1]?.id}/restore`);
    expect([notDeletion.status, notDeletion.body.error]).toEqual([409, NOT_RESTORABLE]);
    expect((await call(ana, 'POST', '/activity/unknown-entry/restore')).status).toBe(404);

    const latest = (await call(ana, 'GET', '/activity?limit=1')).body as ActivityResponse;
    expect(latest.entries[0]).toMatchObject({
      kind: 'expense.restored',
      actor_id: bea.id,
      restored_from: deletion,
    });
  });
});

describe('export', () => {
  it('carries the budget in the CSV and JSON exports, and the history in the JSON export', async () => {
    const { ana, tripId, call, expense } = await pair();
    await expense(ana, { amount: '25.00' });
    await call(ana, 'PUT', '/budget', { kind: 'total', amount_minor: 150000, categories: { food: 40000 } });
    const csv = await fetch(`${api.baseUrl}/api/trip-split/trips/${tripId}/export?format=csv`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    const lines = (await csv.text()).trimEnd().split('\n');
    expect(lines.slice(-3)).toEqual(['', 'Budget,total,USD,1500.00', 'Budget: food,total,USD,400.00']);

    const json = await call(ana, 'GET', '/export?format=json');
    const file = ledgerExportSchema.parse(json.body);
    expect(file.budget).toMatchObject({ kind: 'total', amount_minor: 150000, categories: { food: 40000 } });
    expect(file.activity?.map((e) => [e.kind, e.actor_id])).toEqual([
      ['expense.created', ana.id],
      ['budget.changed', ana.id],
    ]);
  });
});

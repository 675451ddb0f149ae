/**
 * Conditional writes of an expense over HTTP (RFC 9110 §13.1.1): single-expense answers carry its version as a
 * strong ETag and every expense answer as `version`; a PUT or DELETE with an If-Match naming another version is
 * refused with 412 and the current expense, who made it and when, and changes nothing; without If-Match the last
 * write wins as the spec has it. Runs on the embedded server and again in the emulator suite (vitest.config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAD_IF_MATCH,
  EXPENSE_CHANGED,
  expenseConflictSchema,
  expenseResponseSchema,
  expensesResponseSchema,
} from '@wayfare/contract';
import { startTestApi, type TestApi } from '../../test-support/api-server';
import { tripOfThree, type RegisteredMember } from '../../test-support/registered-member';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
});
afterAll(() => api.close());

type Trip = Awaited<ReturnType<typeof tripOfThree>>;

const dinner = (trip: Trip, title = 'Dinner') => ({
  title,
  description: '',
  amount: 30,
  expense_date: '2027-04-11',
  category: 'food',
  paid_by: trip.bea.id,
  expense_type: 'group',
});

/** Ana's trip with Bea and Cai, and a dinner Ana added and Bea paid: both may change it, Cai may not. */
async function tripWithDinner() {
  const trip = await tripOfThree(api, 'conflicts');
  const created = await trip.create(trip.ana, dinner(trip));
  expect(created.status).toBe(201);
  const { expense } = expenseResponseSchema.parse(created.body);
  return { trip, expense };
}

const put = (who: RegisteredMember, id: string, body: unknown, ifMatch?: string) =>
  api.call('PUT', `/api/trip-split/expenses/${id}`, {
    token: who.token,
    body,
    headers: ifMatch === undefined ? {} : { 'If-Match': ifMatch },
  });

const remove = (who: RegisteredMember, id: string, ifMatch: string) =>
  api.call('DELETE', `/api/trip-split/expenses/${id}`, {
    token: who.token,
    headers: { 'If-Match': ifMatch },
  });

describe('expense versions', () => {
  it('answers version 1 with a strong ETag, and one more on every edit, in single answers and lists', async () => {
    const { trip, expense } = await tripWithDinner();
    expect(expense.version).toBe(1);
    const read = await trip.get(trip.bea, `/expenses/${expense.id}`);
    expect(read.headers.get('etag')).toBe('"1"');
    expect(expenseResponseSchema.parse(read.body).expense.version).toBe(1);

    const edited = await put(trip.bea, expense.id, dinner(trip, 'Supper'), '"1"');
    expect(edited.status).toBe(200);
    expect(edited.headers.get('etag')).toBe('"2"');
    expect(expenseResponseSchema.parse(edited.body).expense).toMatchObject({ title: 'Supper', version: 2 });
    const listed = expensesResponseSchema.parse(
      (await trip.get(trip.cai, `/trips/${trip.tripId}/expenses`)).body,
    );
    expect(listed.expenses.map((e) => [e.title, e.version])).toEqual([['Supper', 2]]);
  });

  it('refuses an edit with a stale If-Match: 412 with the current expense, who changed it and when', async () => {
    const { trip, expense } = await tripWithDinner();
    const bea = await put(trip.bea, expense.id, dinner(trip, 'Bea’s title'), '"1"');
    const current = expenseResponseSchema.parse(bea.body).expense;

    const ana = await put(trip.ana, expense.id, dinner(trip, 'Ana’s title'), '"1"');
    expect(ana.status).toBe(412);
    const conflict = expenseConflictSchema.parse(ana.body);
    expect(conflict).toEqual({
      error: EXPENSE_CHANGED,
      expense: current,
      changed_by: { user_id: trip.bea.id, first_name: 'Bea', last_name: 'Tester' },
      changed_at: current.updated_at,
    });
    // Nothing changed: the stored expense is still Bea's version.
    const read = expenseResponseSchema.parse((await trip.get(trip.cai, `/expenses/${expense.id}`)).body);
    expect(read.expense).toMatchObject({ title: 'Bea’s title', version: 2 });

    // Sent again with the version the 412 gave, it is saved.
    const again = await put(trip.ana, expense.id, dinner(trip, 'Ana’s title'), `"${current.version}"`);
    expect(again.status).toBe(200);
    expect(expenseResponseSchema.parse(again.body).expense).toMatchObject({
      title: 'Ana’s title',
      version: 3,
    });
  });

  it('lets the last write win without If-Match, as the spec has it, and with If-Match: *', async () => {
    const { trip, expense } = await tripWithDinner();
    expect((await put(trip.bea, expense.id, dinner(trip, 'First'))).status).toBe(200);
    const last = await put(trip.ana, expense.id, dinner(trip, 'Second'));
    expect(last.status).toBe(200);
    expect(expenseResponseSchema.parse(last.body).expense).toMatchObject({ title: 'Second', version: 3 });
    const any = await put(trip.ana, expense.id, dinner(trip, 'Third'), '*');
    expect(expenseResponseSchema.parse(any.body).expense).toMatchObject({ title: 'Third', version: 4 });
    // One of several tags matching is enough; a weak tag never matches (If-Match compares strongly).
    expect((await put(trip.ana, expense.id, dinner(trip, 'Fourth'), '"1", "4"')).status).toBe(200);
    expect((await put(trip.ana, expense.id, dinner(trip, 'Fifth'), 'W/"5"')).status).toBe(412);
  });

  it('refuses a delete with a stale version and deletes with the current one', async () => {
    const { trip, expense } = await tripWithDinner();
    expect((await put(trip.bea, expense.id, dinner(trip, 'Supper'), '"1"')).status).toBe(200);
    const stale = await remove(trip.ana, expense.id, '"1"');
    expect(stale.status).toBe(412);
    expect(expenseConflictSchema.parse(stale.body)).toMatchObject({
      expense: { id: expense.id, title: 'Supper', version: 2 },
      changed_by: { user_id: trip.bea.id },
    });
    expect((await trip.get(trip.ana, `/expenses/${expense.id}`)).status).toBe(200);
    expect((await remove(trip.ana, expense.id, '"2"')).status).toBe(204);
    // Gone: without the precondition the answer would be 404, so it is 404 with it (RFC 9110 §13.2.1).
    expect((await remove(trip.ana, expense.id, '"2"')).status).toBe(404);
    expect((await put(trip.ana, expense.id, dinner(trip), '"2"')).status).toBe(404);
  });

  it('refuses a malformed If-Match with 400, writing nothing', async () => {
    const { trip, expense } = await tripWithDinner();
    for (const header of ['3', '"3', 'W/3', '"3" "4"', '"a"b"', ' , ']) {
      const answer = await put(trip.ana, expense.id, dinner(trip, 'Never'), header);
      expect({ header, status: answer.status, body: answer.body }).toEqual({
        header,
        status: 400,
        body: expect.objectContaining({ error: BAD_IF_MATCH }),
      });
    }
    expect((await remove(trip.ana, expense.id, 'nope')).status).toBe(400);
    const read = expenseResponseSchema.parse((await trip.get(trip.ana, `/expenses/${expense.id}`)).body);
    expect(read.expense).toMatchObject({ title: 'Dinner', version: 1 });
  });
});

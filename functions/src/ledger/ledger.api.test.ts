import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHARES_EXCEED_AMOUNT,
  type Balance,
  type Expense,
  type ExpensesResponse,
  type LedgerChange,
  type MemberExplanation,
  type Settlement,
} from '@wayfare/contract';
import {
  nodeFirestoreEmulatorUnderTest,
  startTestApi,
  targetsEmulatorSuite,
  warmFunctionWorkers,
  type TestApi,
} from '../../test-support/api-server';
import { readEvents } from '../../test-support/event-stream';
import { registerMember } from '../../test-support/registered-member';
import { newTrip } from '../../test-support/store-adapters';
import { STILL_IN_LEDGER } from './membership/service';

let api: TestApi;

interface Member {
  id: string;
  token: string;
  username: string;
  email: string;
}

const member = (first = 'ana'): Promise<Member> => registerMember(api, first, 'split');

/** A trip of the owner and the given friends, created through the store (trip creation is another feature's API). */
async function tripOf(owner: Member, ...friends: Member[]) {
  const trip = await api.store.trips.create(owner.id, newTrip());
  for (const friend of friends) {
    await new Promise((r) => setTimeout(r, 2)); // distinct joining times keep the member order (and split order) fixed
    await api.store.members.add(trip.id, friend.id);
  }
  return trip.id;
}

const expenseBody = (paidBy: string, overrides: Record<string, unknown> = {}) => ({
  title: 'Dinner',
  amount: '100.00',
  expense_date: '2027-04-11',
  paid_by: paidBy,
  ...overrides,
});

beforeAll(async () => {
  // Many accounts from one address: the auth limit the emulator suite's function runs with (EMULATOR_FUNCTION_ENV).
  api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
});
afterAll(() => api.close());

describe('trip-split access', () => {
  it('answers 401 without a token or with a forged one, and 404 to strangers on every call', async () => {
    const owner = await member();
    const stranger = await member('zed');
    const tripId = await tripOf(owner);
    const created = await api.call('POST', `/api/trip-split/trips/${tripId}/expenses`, {
      token: owner.token,
      body: expenseBody(owner.id),
    });
    const { settlements } = (
      await api.call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, { token: owner.token })
    ).body;
    expect(settlements).toEqual([]);

    const forged = await new SignJWT({
      userId: owner.id,
      email: owner.email,
      username: owner.username,
      first_name: 'A',
      last_name: 'B',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-to-sign'));

    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/trip-split/trips/${tripId}/participants`],
      ['POST', `/api/trip-split/trips/${tripId}/participants`, { username: stranger.username }],
      ['DELETE', `/api/trip-split/trips/${tripId}/participants/${owner.id}`],
      ['GET', `/api/trip-split/trips/${tripId}/expenses`],
      ['POST', `/api/trip-split/trips/${tripId}/expenses`, expenseBody(stranger.id)],
      ['PUT', `/api/trip-split/expenses/${created.body.expense.id}`, expenseBody(owner.id)],
      ['DELETE', `/api/trip-split/expenses/${created.body.expense.id}`],
      ['GET', `/api/trip-split/trips/${tripId}/settlements`],
      ['POST', `/api/trip-split/trips/${tripId}/settlements/calculate`],
      ['GET', `/api/trip-split/trips/${tripId}/live`],
    ];
    for (const [method, path, body] of calls) {
      expect((await api.call(method, path, { body })).status, `${method} ${path} without token`).toBe(401);
      expect((await api.call(method, path, { body, token: forged })).status, `${method} ${path} forged`).toBe(
        401,
      );
      const res = await api.call(method, path, { body, token: stranger.token });
      expect(res.status, `${method} ${path} as a stranger`).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    const list = await api.call('GET', `/api/trip-split/trips/${tripId}/expenses`, { token: owner.token });
    expect(list.body.expenses).toHaveLength(1);
    await expect(
      api.call('GET', '/api/trip-split/user/trips', { token: stranger.token }),
    ).resolves.toMatchObject({ status: 200, body: { trips: [] } });
  });
});

describe('participants', () => {
  const accept = (who: Member, tripId: string) =>
    api.call('POST', `/api/trip-split/invitations/${tripId}/accept`, { token: who.token });

  it('lets the invitee decline (gone from both lists, never a member) and be invited again', async () => {
    const owner = await member('ana');
    const bea = await member('bea');
    const tripId = await tripOf(owner);
    // Bea's own setting asks for an invitation (participants.api.test.ts: everyone else is added at once).
    await api.call('PUT', '/api/auth/me/add-policy', { token: bea.token, body: { add_policy: 'nobody' } });
    const invite = () =>
      api.call('POST', `/api/trip-split/trips/${tripId}/participants`, {
        token: owner.token,
        body: { username: bea.username },
      });
    const decline = () =>
      api.call('POST', `/api/trip-split/invitations/${tripId}/decline`, { token: bea.token });
    await invite();
    expect((await decline()).status).toBe(204);
    expect([(await decline()).status, (await decline()).body.error]).toEqual([
      404,
      'No pending invitation to this trip',
    ]);
    expect((await accept(bea, tripId)).status).toBe(404);
    expect(
      (await api.call('GET', `/api/trip-split/trips/${tripId}/invitations`, { token: owner.token })).body
        .invitations,
    ).toEqual([]);
    expect((await api.call('GET', `/api/trips/${tripId}`, { token: bea.token })).status).toBe(404);
    expect((await invite()).status).toBe(202);
    // Nobody accepts or declines an invitation that is not theirs.
    const stranger = await member('zed');
    expect((await accept(stranger, tripId)).status).toBe(404);
  });

  it('lets the owner remove only people the ledger does not name, and anyone leave, keeping their balance', async () => {
    const owner = await member();
    const [bea, cai, dan] = [await member('bea'), await member('cai'), await member('dan')];
    const tripId = await tripOf(owner, bea, cai, dan);
    const remove = (who: Member, target: Member) =>
      api.call('DELETE', `/api/trip-split/trips/${tripId}/participants/${target.id}`, { token: who.token });

    expect((await remove(bea, owner)).status).toBe(403);
    expect(await remove(bea, cai).then((r) => [r.status, r.body.error])).toEqual([
      403,
      'Only the trip owner can remove other participants',
    ]);

    await api.call('POST', `/api/trip-split/trips/${tripId}/expenses`, {
      token: cai.token,
      body: expenseBody(cai.id, { participants: [{ user_id: bea.id, share_amount: 100 }] }),
    });
    expect(await remove(owner, cai).then((r) => [r.status, r.body.error])).toEqual([409, STILL_IN_LEDGER]);
    expect((await remove(owner, bea)).status).toBe(409);

    // Bea owes Cai 100 and leaves: the debt stays, under her name, marked as having left.
    expect((await remove(bea, bea)).status).toBe(204);
    expect((await remove(owner, dan)).status).toBe(204);
    expect((await remove(owner, dan)).status).toBe(404);
    for (const gone of [bea, dan]) {
      expect(
        (await api.call('GET', `/api/trip-split/trips/${tripId}/expenses`, { token: gone.token })).status,
      ).toBe(404);
    }
    const { body } = await api.call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, {
      token: owner.token,
    });
    expect((body.balances as Balance[]).map((b) => [b.first_name, b.balance_cents, b.left]).sort()).toEqual([
      ['Ana', 0, false],
      ['Bea', -10000, true],
      ['Cai', 10000, false],
    ]);
    expect(body.settlements).toEqual([
      expect.objectContaining({
        amount_cents: 10000,
        payer: expect.objectContaining({ user_id: bea.id, left: true }),
        payee: expect.objectContaining({ user_id: cai.id, left: false }),
      }),
    ]);
    // The expense Cai paid still names Bea: its owner edits its words, and nothing of its money moves.
    const [paidByCai] = (
      await api.call('GET', `/api/trip-split/trips/${tripId}/expenses`, { token: owner.token })
    ).body.expenses as Expense[];
    const reworded = await api.call('PUT', `/api/trip-split/expenses/${paidByCai!.id}`, {
      token: owner.token,
      body: expenseBody(cai.id, {
        title: 'Dinner at the harbour',
        participants: [{ user_id: bea.id, share_amount: 100 }],
      }),
    });
    expect([reworded.status, reworded.body.expense?.participants]).toEqual([
      200,
      [expect.objectContaining({ user_id: bea.id, share_cents: 10000 })],
    ]);
    // A member who left can no longer be named by a new expense.
    const named = await api.call('POST', `/api/trip-split/trips/${tripId}/expenses`, {
      token: cai.token,
      body: expenseBody(cai.id, { participants: [{ user_id: bea.id, share_amount: 100 }] }),
    });
    expect(named.status).toBe(422);
  });
});

describe('expenses', () => {
  async function trio() {
    const owner = await member('ana');
    const bea = await member('bea');
    const cai = await member('cai');
    const tripId = await tripOf(owner, bea, cai);
    const create = (who: Member, body: unknown) =>
      api.call('POST', `/api/trip-split/trips/${tripId}/expenses`, { token: who.token, body });
    return { owner, bea, cai, tripId, create };
  }
  const shares = (expense: Expense) => expense.participants.map((p) => [p.first_name, p.share_cents]);

  it('computes every split type on the server, in cents, with the remainder on the last person', async () => {
    const { owner, bea, cai, create } = await trio();

    const group = (await create(bea, expenseBody(owner.id))).body.expense as Expense;
    expect(group).toMatchObject({
      amount_cents: 10000,
      category: 'food',
      expense_type: 'group',
      paid_by_name: 'Ana Tester',
      created_by: bea.id,
    });
    expect(shares(group)).toEqual([
      ['Ana', 3333],
      ['Bea', 3333],
      ['Cai', 3334],
    ]);

    const personal = (await create(owner, expenseBody(bea.id, { expense_type: 'personal', amount: 12.5 })))
      .body.expense as Expense;
    expect(shares(personal)).toEqual([['Bea', 1250]]);

    const sharedEqual = (
      await create(
        owner,
        expenseBody(owner.id, { expense_type: 'shared', amount: '0.05', category: 'transport' }),
      )
    ).body.expense;
    expect(shares(sharedEqual)).toEqual([
      ['Bea', 2],
      ['Cai', 3],
    ]);

    const sharedCustom = await create(
      owner,
      expenseBody(owner.id, {
        expense_type: 'shared',
        amount: 30,
        splits: [
          { user_id: bea.id, amount: 30 },
          { user_id: cai.id, amount: 0 },
        ],
      }),
    );
    expect(shares(sharedCustom.body.expense)).toEqual([['Bea', 3000]]);

    // Spec §5: the non-payers owe what was entered for them, and the payer bears the rest.
    const sharedPart = await create(
      owner,
      expenseBody(owner.id, {
        expense_type: 'shared',
        amount: 30,
        splits: [{ user_id: cai.id, amount: 12.5 }],
      }),
    );
    expect(sharedPart.status).toBe(201);
    expect(shares(sharedPart.body.expense)).toEqual([
      ['Cai', 1250],
      ['Ana', 1750],
    ]);

    const explicit = await create(
      cai,
      expenseBody(cai.id, {
        participants: [
          { user_id: owner.id, share_amount: '10.01' },
          { user_id: cai.id, share_amount: 9.99 },
        ],
        amount: 20,
      }),
    );
    expect(explicit.status).toBe(201);
    expect(shares(explicit.body.expense)).toEqual([
      ['Ana', 1001],
      ['Cai', 999],
    ]);
  });

  it('keeps a split as decided: a join and an edit of words change no share, an amount edit keeps the people', async () => {
    const owner = await member('ana');
    const bea = await member('bea');
    const tripId = await tripOf(owner, bea);
    const created = await api.call('POST', `/api/trip-split/trips/${tripId}/expenses`, {
      token: owner.token,
      body: expenseBody(owner.id, { amount: 90 }),
    });
    const id = (created.body.expense as Expense).id;
    await api.store.members.add(tripId, (await member('cai')).id);
    const edit = (body: Record<string, unknown>) =>
      api.call('PUT', `/api/trip-split/expenses/${id}`, {
        token: owner.token,
        body: expenseBody(owner.id, body),
      });

    const reworded = await edit({
      amount: 90,
      title: 'Late dinner',
      category: 'other',
      expense_date: '2027-04-12',
    });
    expect(shares(reworded.body.expense)).toEqual([
      ['Ana', 4500],
      ['Bea', 4500],
    ]);
    const repriced = await edit({ amount: 100.01 });
    expect(shares(repriced.body.expense)).toEqual([
      ['Ana', 5000],
      ['Bea', 5001],
    ]);
  });

  it('stores the split as decided, answers it, and re-applies it on an amount edit from either form', async () => {
    const { owner, bea, cai, create } = await trio();
    // The overview's modal: percentages over selected people, payer included.
    const created = await create(
      owner,
      expenseBody(owner.id, {
        amount: 100,
        expense_type: 'shared',
        split: {
          method: 'percent',
          people: [
            { user_id: owner.id, percent: 50 },
            { user_id: cai.id, percent: 50 },
          ],
        },
        participants: [
          { user_id: owner.id, share_amount: 50 },
          { user_id: cai.id, share_amount: 50 },
        ],
      }),
    );
    expect(created.status).toBe(201);
    const expense = created.body.expense as Expense;
    expect(expense.split).toEqual({
      method: 'percent',
      people: [
        { user_id: owner.id, amount_cents: null, amount: null, percent: 50 },
        { user_id: cai.id, amount_cents: null, amount: null, percent: 50 },
      ],
    });
    const edit = (body: Record<string, unknown>) =>
      api.call('PUT', `/api/trip-split/expenses/${expense.id}`, {
        token: owner.token,
        body: expenseBody(owner.id, { expense_type: 'shared', ...body }),
      });
    // The trip page's form, its split untouched: words change, no share does.
    const reworded = await edit({ amount: 100, title: 'Tapas', description: 'Bairro Alto' });
    expect(shares(reworded.body.expense)).toEqual([
      ['Ana', 5000],
      ['Cai', 5000],
    ]);
    expect(reworded.body.expense.split.method).toBe('percent');
    // An amount edit re-applies the percentages to the same people, the rounding on the last one.
    const repriced = await edit({ amount: '100.01' });
    expect(shares(repriced.body.expense)).toEqual([
      ['Ana', 5000],
      ['Cai', 5001],
    ]);
    // The trip page's shared split of the same expense: what the others owe, the payer bears the rest.
    const asShared = await edit({ amount: 100.01, splits: [{ user_id: cai.id, amount: 50.01 }] });
    expect(asShared.status).toBe(200);
    expect(shares(asShared.body.expense)).toEqual([
      ['Cai', 5001],
      ['Ana', 5000],
    ]);
    expect(asShared.body.expense.split.method).toBe('custom');
    const moreForPayer = await edit({ amount: 110.01 });
    expect(shares(moreForPayer.body.expense)).toEqual([
      ['Cai', 5001],
      ['Ana', 6000],
    ]);

    // Equal over selected people; custom within a cent, adjusted onto the last person.
    const equal = await create(
      bea,
      expenseBody(bea.id, {
        amount: 10,
        split: { method: 'equal', people: [{ user_id: bea.id }, { user_id: cai.id }] },
      }),
    );
    expect(shares(equal.body.expense)).toEqual([
      ['Bea', 500],
      ['Cai', 500],
    ]);
    const custom = await create(
      bea,
      expenseBody(bea.id, {
        amount: 10,
        split: {
          method: 'custom',
          people: [
            { user_id: owner.id, amount: 3.33 },
            { user_id: bea.id, amount: 6.66 },
          ],
        },
      }),
    );
    expect(shares(custom.body.expense)).toEqual([
      ['Ana', 333],
      ['Bea', 667],
    ]);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [
        { split: { method: 'custom', people: [{ user_id: owner.id, amount: 9.5 }] } },
        'The shares must add up to the amount exactly',
      ],
      [
        {
          split: { method: 'equal', people: [{ user_id: owner.id }, { user_id: bea.id }] },
          participants: [{ user_id: owner.id, share_amount: 10 }],
        },
        'The shares do not match the split',
      ],
      [
        { split: { method: 'percent', people: [{ user_id: owner.id, percent: 0 }] } },
        'Unable to compute split',
      ],
    ];
    for (const [body, error] of refusals) {
      const refused = await create(owner, expenseBody(owner.id, { amount: 10, ...body }));
      expect([refused.status, refused.body.error]).toEqual([422, error]);
    }
  });

  it('rejects a split that does not sum exactly, strangers in the split, and bad input', async () => {
    const { owner, bea, create } = await trio();
    const outsider = await member('zed');
    const cases: Array<[unknown, number, string]> = [
      [
        expenseBody(owner.id, {
          participants: [
            { user_id: owner.id, share_amount: 50 },
            { user_id: bea.id, share_amount: 49.99 },
          ],
        }),
        422,
        'The shares must add up to the amount exactly',
      ],
      [
        expenseBody(owner.id, { expense_type: 'shared', splits: [{ user_id: bea.id, amount: 100.01 }] }),
        422,
        SHARES_EXCEED_AMOUNT,
      ],
      [
        expenseBody(owner.id, { expense_type: 'shared', splits: [{ user_id: owner.id, amount: 100 }] }),
        422,
        'A shared expense lists only what the others owe the payer',
      ],
      [expenseBody(outsider.id), 422, 'Everyone in the split must be a participant of this trip'],
      [
        expenseBody(owner.id, { participants: [{ user_id: outsider.id, share_amount: 100 }] }),
        422,
        'Everyone in the split must be a participant of this trip',
      ],
      [expenseBody(owner.id, { amount: '0' }), 400, 'Enter a valid amount'],
      [
        expenseBody(owner.id, { amount: '12.345' }),
        400,
        'Amount must be a dollar amount with at most 2 decimals',
      ],
      [
        expenseBody(owner.id, { amount: 1e12 }),
        400,
        'Amount must be a dollar amount with at most 2 decimals',
      ],
      [expenseBody(owner.id, { title: '' }), 400, 'Title is required'],
      [expenseBody(owner.id, { expense_date: 'tomorrow' }), 400, 'Dates must look like 2027-03-05'],
      [{ ...expenseBody(owner.id), paid_by: undefined }, 400, 'Choose who paid'],
      ['not json at all', 400, 'The request body is not valid JSON'],
    ];
    for (const [body, status, error] of cases) {
      const res = await create(owner, body);
      expect([res.status, res.body.error], JSON.stringify(body)).toEqual([status, error]);
      expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|node_modules/);
    }
  });

  it('edits and deletes only for its creator, its payer or the owner, and keeps trip totals exact', async () => {
    const { owner, bea, cai, tripId, create } = await trio();
    const expense = (await create(bea, expenseBody(bea.id))).body.expense as Expense;
    const put = (who: Member, body: unknown) =>
      api.call('PUT', `/api/trip-split/expenses/${expense.id}`, { token: who.token, body });

    // Any member reads it as the list shows it; a stranger, an unknown id and no session do not.
    const read = (who?: Member, id = expense.id) =>
      api.call('GET', `/api/trip-split/expenses/${id}`, { token: who?.token });
    const listed = (await api.call('GET', `/api/trip-split/trips/${tripId}/expenses`, { token: cai.token }))
      .body.expenses as Expense[];
    const byCai = await read(cai);
    expect(byCai.status).toBe(200);
    expect(byCai.body.expense).toEqual(listed.find((e) => e.id === expense.id));
    expect((await read(await member('dan'))).status).toBe(404);
    expect((await read(cai, 'nope')).status).toBe(404);
    expect((await read(cai, 'a b')).status).toBe(400);
    expect((await read()).status).toBe(401);

    expect((await put(cai, expenseBody(bea.id, { amount: 1 }))).status).toBe(403);
    const edited = await put(
      owner,
      expenseBody(bea.id, { amount: '60', title: 'Dinner and wine', category: 'entertainment' }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.expense).toMatchObject({
      id: expense.id,
      title: 'Dinner and wine',
      amount_cents: 6000,
      category: 'entertainment',
    });
    expect((await put(bea, expenseBody(bea.id, { amount: 'lots' }))).status).toBe(400);
    expect(
      (
        await api.call('PUT', '/api/trip-split/expenses/nope', {
          token: owner.token,
          body: expenseBody(owner.id),
        })
      ).status,
    ).toBe(404);

    await create(cai, expenseBody(cai.id, { amount: '0.01', expense_type: 'personal' }));
    const summary = async (who: Member) =>
      (await api.call('GET', '/api/trip-split/user/trips', { token: who.token })).body.trips[0];
    expect(await summary(bea)).toMatchObject({
      expense_count: 2,
      total_expenses_cents: 6001,
      participant_count: 3,
      user_role: 'participant',
      your_share_cents: 2000,
    });
    // A trip image shows on the card through the same signed address the trips API hands out.
    await api.store.trips.update(tripId, { image_path: 'trips/cover.jpg' });
    expect((await summary(cai)).image_url).toMatch(
      new RegExp(`^/api/files/trips/${tripId}/image\\?u=${cai.id}&expires=\\d+&sig=`),
    );
    expect(await summary(owner)).toMatchObject({
      user_role: 'owner',
      your_share_cents: 2000,
      trip_owner_username: owner.username,
    });

    expect(
      (await api.call('DELETE', `/api/trip-split/expenses/${expense.id}`, { token: cai.token })).status,
    ).toBe(403);
    expect(
      (await api.call('DELETE', `/api/trip-split/expenses/${expense.id}`, { token: bea.token })).status,
    ).toBe(204);
    expect(
      (await api.call('DELETE', `/api/trip-split/expenses/${expense.id}`, { token: bea.token })).status,
    ).toBe(404);
    expect((await read(owner)).status).toBe(404);
    expect(await summary(cai)).toMatchObject({
      expense_count: 1,
      total_expenses_cents: 1,
      your_share_cents: 1,
    });
  });

  it('pages the list newest first with a stable cursor and trip-wide figures', async () => {
    const { owner, bea, cai, tripId, create } = await trio();
    const dates = [
      '2027-04-12',
      '2027-04-10',
      '2027-04-12',
      '2027-04-11',
      '2027-04-10',
      '2027-04-12',
      '2027-04-09',
    ];
    for (const [i, date] of dates.entries()) {
      const body = expenseBody([owner, bea, cai][i % 3]!.id, {
        title: `E${i}`,
        amount: `${i + 1}.00`,
        expense_date: date,
      });
      expect((await create(owner, body)).status).toBe(201);
    }
    const url = (query: string) => `/api/trip-split/trips/${tripId}/expenses?${query}`;
    const pages: ExpensesResponse[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await api.call('GET', url(`limit=3${cursor ? `&cursor=${cursor}` : ''}`), {
        token: bea.token,
      });
      expect(res.status).toBe(200);
      pages.push(res.body as ExpensesResponse);
      cursor = (res.body as ExpensesResponse).next_cursor;
    }
    expect(pages.map((p) => p.expenses.length)).toEqual([3, 3, 1]);
    const all = await api.store.ledger.listExpenses(tripId);
    expect(pages.flatMap((p) => p.expenses.map((e) => e.id))).toEqual(all.map((e) => e.id));
    expect(all.map((e) => e.expense_date)).toEqual([...dates].sort().reverse());
    const beaShare = all.flatMap((e) => e.shares).filter((s) => s.user_id === bea.id);
    for (const page of pages) {
      expect(page).toMatchObject({
        expense_count: 7,
        total_expenses_cents: 2800,
        your_share_cents: beaShare.reduce((sum, s) => sum + s.share_minor, 0),
      });
    }
    // The default page holds them all; names come with every share.
    const first = (await api.call('GET', url(''), { token: cai.token })).body as ExpensesResponse;
    expect(first.next_cursor).toBeNull();
    expect(first.expenses[0]).toMatchObject({ paid_by_name: expect.stringMatching(/ Tester$/) });

    // A cursor keeps its place while the list moves: a newer expense, and the very row it points at deleted.
    const page1 = (await api.call('GET', url('limit=3'), { token: owner.token })).body as ExpensesResponse;
    await create(owner, expenseBody(owner.id, { title: 'Newest', expense_date: '2027-05-01' }));
    expect(
      (await api.call('DELETE', `/api/trip-split/expenses/${page1.expenses[2]!.id}`, { token: owner.token }))
        .status,
    ).toBe(204);
    const page2 = (await api.call('GET', url(`limit=3&cursor=${page1.next_cursor}`), { token: owner.token }))
      .body as ExpensesResponse;
    expect(page2.expenses.map((e) => e.id)).toEqual(all.slice(3, 6).map((e) => e.id));
    expect(page2).toMatchObject({
      expense_count: 7,
      total_expenses_cents: 2800 + 10000 - all[2]!.amount_minor,
    });
  });

  it('rejects a bad page size or cursor with 400 and an error, and hides the trip from strangers', async () => {
    const { owner, tripId, create } = await trio();
    await create(owner, expenseBody(owner.id));
    await create(owner, expenseBody(owner.id));
    const url = (query: string) => `/api/trip-split/trips/${tripId}/expenses?${query}`;
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const query of [
      'limit=0',
      'limit=201',
      'limit=abc',
      'limit=1.5',
      'cursor=',
      'cursor=not%20a%20cursor',
      `cursor=${b64('not json')}`,
      `cursor=${b64('{"a":1}')}`,
      `cursor=${b64('["2027-02-30","2027-04-11T10:00:00.000Z","x"]')}`,
      `cursor=${b64('["2027-04-11","yesterday","x"]')}`,
      `cursor=${b64(JSON.stringify(['2027-04-11', '2027-04-11T10:00:00.000Z', 'x'.repeat(400)]))}`,
      `cursor=${'A'.repeat(5000)}`,
      'cursor=a&cursor=b',
    ]) {
      const res = await api.call('GET', url(query), { token: owner.token });
      expect([query, res.status]).toEqual([query, 400]);
      expect(typeof res.body.error).toBe('string');
    }
    const { next_cursor } = (await api.call('GET', url('limit=1'), { token: owner.token }))
      .body as ExpensesResponse;
    expect(next_cursor).toEqual(expect.any(String));
    const stranger = await member('zed');
    expect(
      (await api.call('GET', url(`limit=1&cursor=${next_cursor}`), { token: stranger.token })).status,
    ).toBe(404);
  });

  // The issue's bar for the emulator suite is 20 parallel writes on one trip: the Functions emulator starts a worker
  // process per concurrent request, and 50 cold ones outlast Hosting's proxy on this 2-core machine.
  const PARALLEL_WRITES = targetsEmulatorSuite ? 20 : 50;
  it(`loses none of ${PARALLEL_WRITES} parallel writes from 3 members and keeps the totals exact`, async () => {
    const { owner, bea, cai, tripId, create } = await trio();
    const writers = [owner, bea, cai];
    await warmFunctionWorkers(api, PARALLEL_WRITES);
    const results = await Promise.all(
      Array.from({ length: PARALLEL_WRITES }, (_, i) =>
        create(
          writers[i % 3]!,
          expenseBody(writers[(i + 1) % 3]!.id, { amount: ((i + 1) * 1.01).toFixed(2), title: `Round ${i}` }),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(PARALLEL_WRITES).fill(201));
    const expected = Array.from({ length: PARALLEL_WRITES }, (_, i) => (i + 1) * 101).reduce(
      (a, b) => a + b,
      0,
    );
    const list = (await api.call('GET', `/api/trip-split/trips/${tripId}/expenses`, { token: owner.token }))
      .body.expenses as Expense[];
    expect(new Set(list.map((e) => e.title)).size).toBe(PARALLEL_WRITES);
    expect(list.reduce((s, e) => s + e.amount_cents, 0)).toBe(expected);
    const trip = await api.store.trips.get(tripId);
    expect([trip?.expense_count, trip?.total_expenses_minor]).toEqual([PARALLEL_WRITES, expected]);
    const { balances } = (
      await api.call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, { token: bea.token })
    ).body;
    expect((balances as Balance[]).reduce((s, b) => s + b.balance_cents, 0)).toBe(0);
  });
});

describe('settlements', () => {
  it('calculates balances summing to 0 and the fewest transfers, keeps paid ones counted on recalculation', async () => {
    const owner = await member('ana');
    const bea = await member('bea');
    const cai = await member('cai');
    const outsider = await member('zed');
    const tripId = await tripOf(owner, bea, cai);
    await api.call('POST', `/api/trip-split/trips/${tripId}/expenses`, {
      token: owner.token,
      body: expenseBody(owner.id, { amount: 90 }),
    });
    const calculate = (who: Member) =>
      api.call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, { token: who.token });

    const first = await calculate(cai);
    expect(first.status).toBe(200);
    expect(first.body.method).toBe('exact');
    expect(
      (first.body.balances as Balance[]).map((b) => [
        b.first_name,
        b.total_paid_cents,
        b.total_owed_cents,
        b.balance_cents,
      ]),
    ).toEqual([
      ['Ana', 9000, 3000, 6000],
      ['Bea', 0, 3000, -3000],
      ['Cai', 0, 3000, -3000],
    ]);
    // Equal debts tie; which one is listed first is not part of the contract.
    const byPayer = (a: Settlement, b: Settlement) => a.payer.first_name.localeCompare(b.payer.first_name);
    const settlements = (first.body.settlements as Settlement[]).sort(byPayer);
    expect(
      settlements.map((s) => [s.payer.first_name, s.payee.first_name, s.amount_cents, s.settled_at]),
    ).toEqual([
      ['Bea', 'Ana', 3000, null],
      ['Cai', 'Ana', 3000, null],
    ]);

    const beaPays = settlements[0]!;
    const paid = (who: Member, id = beaPays.id) =>
      api.call('PUT', `/api/trip-split/settlements/${id}/paid`, { token: who.token });
    expect((await paid(outsider)).status).toBe(404);
    expect((await paid(cai)).status).toBe(403);
    const marked = await paid(bea);
    expect(marked.status).toBe(200);
    expect(marked.body.settlement.settled_at).toEqual(expect.any(String));
    expect((await paid(owner)).status).toBe(409);
    expect((await paid(owner, 'missing')).status).toBe(404);

    const again = (await calculate(owner)).body;
    expect((again.balances as Balance[]).map((b) => b.balance_cents)).toEqual([3000, 0, -3000]);
    expect(
      [...(again.settlements as Settlement[])]
        .sort(byPayer)
        .map((s) => [s.payer.first_name, s.amount_cents, Boolean(s.settled_at)]),
    ).toEqual([
      ['Bea', 3000, true],
      ['Cai', 3000, false],
    ]);
    const listed = await api.call('GET', `/api/trip-split/trips/${tripId}/settlements`, { token: bea.token });
    expect(listed.body.settlements).toEqual(again.settlements);
  });

  /** A trip of two with one $10 expense paid by its owner, and its calculation by either member. */
  async function calculatedTrip() {
    const owner = await member('ana');
    const bea = await member('bea');
    const tripId = await tripOf(owner, bea);
    const add = (amount: number) =>
      api.call('POST', `/api/trip-split/trips/${tripId}/expenses`, {
        token: owner.token,
        body: expenseBody(owner.id, { amount }),
      });
    const calculate = (who: Member) =>
      api.call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, { token: who.token });
    await add(10);
    return { owner, bea, add, calculate };
  }

  // Alike even across instances rests on transaction conflicts, which the Node.js Firestore emulator does not
  // detect: the Functions emulator may serve the 30 from two instances, each then writing a transfer of its own.
  it.skipIf(nodeFirestoreEmulatorUnderTest)(
    'answers 30 concurrent calculations of one trip alike',
    async () => {
      const { owner, bea, calculate } = await calculatedTrip();
      await warmFunctionWorkers(api, 30);
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => calculate(i % 2 ? owner : bea)));
      expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(answers[0]!.body.settlements).toMatchObject([{ amount_cents: 500 }]);
    },
  );

  it('answers a calculation racing expense writes with a fresh answer', async () => {
    const { owner, bea, add, calculate } = await calculatedTrip();
    const [, after] = await Promise.all([add(20), add(30).then(() => calculate(bea))]);
    expect(after.status).toBe(200);
    const balances = (await calculate(owner)).body.balances as Balance[];
    expect(balances.map((b) => b.balance_cents)).toEqual([3000, -3000]);
  });

  it('repeats one body under one ETag while nothing changes, and answers who joined or left without a ledger write', async () => {
    const owner = await member('ana');
    const bea = await member('bea');
    const cai = await member('cai');
    const tripId = await tripOf(owner, bea);
    await api.call('POST', `/api/trip-split/trips/${tripId}/expenses`, {
      token: owner.token,
      body: expenseBody(owner.id, { amount: 10 }),
    });
    const calculate = (who: Member, headers: Record<string, string> = {}) =>
      api.call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, {
        token: who.token,
        headers,
      });
    const first = await calculate(owner);
    const again = await calculate(bea, { 'accept-encoding': 'gzip' });
    expect(first.headers.get('etag')).toBeTruthy();
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('cache-control')).toBe('no-store');
    const people = (answer: { body: { balances: Balance[] } }) =>
      answer.body.balances.map((b) => [b.user_id, b.left, b.balance_cents]);

    // Joining and leaving move no expense, yet the answer shows them: Cai at 0, Bea (who owes 5) as having left.
    await api.store.members.add(tripId, cai.id);
    const joined = await calculate(owner);
    expect(joined.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(people(joined)).toEqual([
      [owner.id, false, 500],
      [bea.id, false, -500],
      [cai.id, false, 0],
    ]);
    expect(
      (
        await api.call('DELETE', `/api/trip-split/trips/${tripId}/participants/${bea.id}`, {
          token: bea.token,
        })
      ).status,
    ).toBe(204);
    expect(people(await calculate(cai))).toEqual([
      [owner.id, false, 500],
      [cai.id, false, 0],
      [bea.id, true, -500],
    ]);
  });
});

describe('settlements that move', () => {
  it("answers 409 with the current list when another member's recalculation replaced the transfer", async () => {
    const owner = await member('ana');
    const bea = await member('bea');
    const outsider = await member('zed');
    const tripId = await tripOf(owner, bea);
    const addExpense = (who: Member, amount: number) =>
      api.call('POST', `/api/trip-split/trips/${tripId}/expenses`, {
        token: who.token,
        body: expenseBody(who.id, { amount }),
      });
    const calculate = (who: Member) =>
      api.call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, { token: who.token });
    const paid = (who: Member, id: string) =>
      api.call('PUT', `/api/trip-split/settlements/${id}/paid`, { token: who.token });

    await addExpense(owner, 20);
    const [seen] = (await calculate(owner)).body.settlements as Settlement[];
    // An unchanged ledger keeps the id: Bea's view stays markable.
    expect(((await calculate(bea)).body.settlements as Settlement[]).map((s) => s.id)).toEqual([seen!.id]);

    // Bea pays a bigger bill and recalculates: now Ana owes Bea, a new transfer.
    await addExpense(bea, 60);
    const current = (await calculate(bea)).body.settlements as Settlement[];
    expect(current.map((s) => [s.payer.first_name, s.payee.first_name, s.amount_cents])).toEqual([
      ['Ana', 'Bea', 2000],
    ]);
    const stale = await paid(bea, seen!.id);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      error: 'This settlement was recalculated. Here is the current list.',
      settlements: current,
    });
    expect((await paid(outsider, seen!.id)).status).toBe(404);

    // Same pair, another amount: the id is kept, but marking it at the amount seen before is refused.
    await addExpense(owner, 10);
    const grown = (await calculate(owner)).body.settlements as Settlement[];
    expect(grown.map((s) => [s.id, s.amount_cents])).toEqual([[current[0]!.id, 1500]]);
    const atOldAmount = await api.call('PUT', `/api/trip-split/settlements/${current[0]!.id}/paid`, {
      token: owner.token,
      body: { amount: 20 },
    });
    expect([atOldAmount.status, atOldAmount.body.settlements]).toEqual([409, grown]);
    const atShown = await api.call('PUT', `/api/trip-split/settlements/${current[0]!.id}/paid`, {
      token: owner.token,
      body: { amount: '15.00' },
    });
    expect(atShown.status).toBe(200);
    expect((await paid(bea, current[0]!.id)).status).toBe(409);
  });

  it('explains how each balance came about and which transfers settle it', async () => {
    const owner = await member('ana');
    const bea = await member('bea');
    const cai = await member('cai');
    const outsider = await member('zed');
    const tripId = await tripOf(owner, bea, cai);
    await api.call('POST', `/api/trip-split/trips/${tripId}/expenses`, {
      token: owner.token,
      body: expenseBody(owner.id, { amount: 90 }),
    });
    const explain = (who: Member) =>
      api.call('GET', `/api/trip-split/trips/${tripId}/settlements/explanation`, { token: who.token });
    const rows = (body: { members: MemberExplanation[] }) =>
      body.members.map((m) => [
        m.first_name,
        m.total_paid_cents,
        m.total_owed_cents,
        m.balance_cents,
        m.unsettled_cents,
      ]);

    // Before any calculation nothing settles the balances yet; looking changes nothing.
    const before = await explain(bea);
    expect(before.status).toBe(200);
    expect(rows(before.body)).toEqual([
      ['Ana', 9000, 3000, 6000, 6000],
      ['Bea', 0, 3000, -3000, -3000],
      ['Cai', 0, 3000, -3000, -3000],
    ]);
    expect(before.body.settlements).toEqual([]);

    const calculated = (
      await api.call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, { token: cai.token })
    ).body.settlements as Settlement[];
    await api.call('PUT', `/api/trip-split/settlements/${calculated[0]!.id}/paid`, { token: owner.token });
    const after = (await explain(cai)).body as { members: MemberExplanation[]; settlements: Settlement[] };
    expect(rows(after)).toEqual([
      ['Ana', 9000, 3000, 6000, 0],
      ['Bea', 0, 3000, -3000, 0],
      ['Cai', 0, 3000, -3000, 0],
    ]);
    expect(after.members[0]!.settlement_ids.sort()).toEqual(calculated.map((s) => s.id).sort());
    const bea_ = after.members[1]!;
    expect(bea_.settlement_ids).toHaveLength(1);
    expect(after.settlements.find((s) => s.id === bea_.settlement_ids[0])?.payer.user_id).toBe(bea.id);
    expect(after.members[0]).toMatchObject({ total_paid: 90, total_owed: 30, balance: 60, unsettled: 0 });
    expect((await explain(outsider)).status).toBe(404);
  });
});

// Firebase mode's live path is the Firestore ledger notice (firebase-live.test.ts), not this stream.
describe.skipIf(targetsEmulatorSuite)(
  'live stream (embedded mode; firebase mode listens to Firestore)',
  () => {
    it('has no Firebase custom token to give in embedded mode', async () => {
      const res = await api.call('POST', '/api/trip-split/live-token', { token: (await member()).token });
      expect([res.status, res.body.error]).toEqual([404, 'This server streams live updates itself']);
    });

    const open = (tripId: string, who: Member, lastEventId?: string) =>
      fetch(`${api.baseUrl}/api/trip-split/trips/${tripId}/live`, {
        headers: {
          authorization: `Bearer ${who.token}`,
          ...(lastEventId && { 'last-event-id': lastEventId }),
        },
      });

    it("pushes another member's changes within a second, resumes after a drop, and ends for a removed member", async () => {
      const owner = await member('ana');
      const bea = await member('bea');
      const tripId = await tripOf(owner, bea);

      const response = await open(tripId, bea);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const stream = readEvents(response);
      const ready = await stream.waitFor((e) => e.event === 'ready');

      const started = Date.now();
      const created = await api.call('POST', `/api/trip-split/trips/${tripId}/expenses`, {
        token: owner.token,
        body: expenseBody(owner.id),
      });
      const change = await stream.waitFor((e) => e.event === 'change');
      expect(Date.now() - started).toBeLessThan(1000);
      expect(JSON.parse(change.data) as LedgerChange).toMatchObject({
        kind: 'expense.created',
        trip_id: tripId,
        subject_id: created.body.expense.id,
      });
      const lastSeen = stream.received.at(-1)!.id!;
      await stream.cancel();

      // While disconnected: an edit and a settlement run. On reconnect with Last-Event-ID both are replayed in order.
      await api.call('PUT', `/api/trip-split/expenses/${created.body.expense.id}`, {
        token: owner.token,
        body: expenseBody(owner.id, { amount: 80 }),
      });
      await api.call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, { token: owner.token });
      const resumed = readEvents(await open(tripId, bea, lastSeen));
      await resumed.waitFor((e) => e.data.includes('settlements.calculated'));
      expect(resumed.received.map((e) => JSON.parse(e.data).kind)).toEqual([
        'expense.updated',
        'settlements.calculated',
      ]);
      await resumed.cancel();

      // An id from another server process (or too old) asks the client to refetch everything.
      const stale = readEvents(await open(tripId, bea, 'deadbeef-12'));
      await stale.waitFor((e) => e.event === 'resync');
      await stale.cancel();
      expect(ready.id).toMatch(/^\w+-\d+$/);

      // Removed from the trip: the open stream is told and closed at once; reopening is a 404.
      const live = readEvents(await open(tripId, bea));
      await live.waitFor((e) => e.event === 'ready');
      await api.call('DELETE', `/api/trip-split/expenses/${created.body.expense.id}`, { token: owner.token });
      // The pending settlement naming Bea goes with a recalculation; only then is she out of the ledger.
      await api.call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, { token: owner.token });
      await api.call('DELETE', `/api/trip-split/trips/${tripId}/participants/${bea.id}`, {
        token: owner.token,
      });
      await live.waitFor((e) => e.event === 'revoked');
      await expect.poll(() => live.ended, { timeout: 1000 }).toBe(true);
      expect((await open(tripId, bea)).status).toBe(404);
    });
  },
);

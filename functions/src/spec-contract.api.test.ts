/**
 * The product as an outside client sees it: a client written ONLY from the product spec
 * (/work/shared/spec/product-spec.md §3 entity fields, §7 calls, and the §2/§5/§6 rules they serve), speaking plain
 * fetch, reading answers by the spec's field names — not through our contract's schemas. Where the spec names a
 * "list" or an "object trip" without saying how it is wrapped, the answer may be the bare value or an object holding
 * it under the entity's plural/singular name. Runs on the embedded server and, through Hosting's /api rewrite, in the
 * emulator suite (vitest.config.ts EMULATOR_API_SUITES).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test-support/api-server';

// Answers are read as a spec client reads untyped JSON.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;
interface Answer {
  status: number;
  body: Json;
}

let api: TestApi;

/** One §7 call: JSON or multipart in, JSON (or nothing) out, the bearer token when there is one (§6). */
async function call(method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const multipart = body instanceof FormData;
  const res = await fetch(api.baseUrl + path, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && !multipart && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}

/** §7 "list": the bare array, or the array under the entity's plural name. */
const list = (answer: Answer, plural: string): Json[] => {
  const value = Array.isArray(answer.body) ? answer.body : answer.body?.[plural];
  expect(Array.isArray(value), `a list of ${plural}: ${JSON.stringify(answer.body)}`).toBe(true);
  return value;
};
/** §7 "object trip" / "the new plan": the object itself, or under the entity's name. */
const object = (answer: Answer, singular: string): Json => answer.body?.[singular] ?? answer.body;
const cents = (dollars: number) => Math.round(dollars * 100);
/** A 2xx answer (§7 gives no status codes; the brief's 201 for an add is checked where it is made). */
const succeeded = (answer: Answer, what: string) =>
  expect(answer.status, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`).toSatisfy(
    (status: number) => status >= 200 && status < 300,
  );
/** A refusal: 4xx with the error field §8 shows ("the server's error text, from the answer's error field"). */
const refused = (answer: Answer, what: string) => {
  expect(answer.status, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`).toSatisfy(
    (status: number) => status >= 400 && status < 500,
  );
  expect(typeof answer.body?.error, `${what}: an error field`).toBe('string');
};

/** §3 User (session), decoded from the login token's payload (§5: dot-separated parts, base64 JSON payload). */
interface Account {
  userId: string;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  token: string;
}

let signups = 0;
/** §2 Signup then Login, as the screens do: §7 register, then login for the token; the session is the token. */
async function signUp(first: string, last: string): Promise<Account> {
  signups += 1;
  const tag = `${Date.now().toString(36)}${signups}`;
  const form = {
    username: `${first.toLowerCase()}_${tag}`,
    email: `${first.toLowerCase()}.${tag}@example.com`,
    password: 'a long enough password',
    first_name: first,
    last_name: last,
  };
  succeeded(await call('POST', '/api/auth/register', undefined, form), 'register');
  const login = await call('POST', '/api/auth/login', undefined, {
    email: form.email,
    password: form.password,
  });
  succeeded(login, 'login');
  const token: unknown = login.body.token;
  expect(typeof token).toBe('string');
  const parts = (token as string).split('.');
  expect(parts.length).toBeGreaterThanOrEqual(2);
  const session = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  expect(session).toMatchObject({
    userId: expect.any(String),
    email: form.email,
    username: form.username,
    first_name: first,
    last_name: last,
  });
  return {
    userId: session.userId,
    email: form.email,
    username: form.username,
    first_name: first,
    last_name: last,
    token: token as string,
  };
}

/** yyyy-MM-dd, `days` after today (UTC). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const START = dayFromToday(40);
const END = dayFromToday(43);

/** §3 field lists, as the spec names them. */
const TRIP_FIELDS = [
  'id',
  'trip_name',
  'description',
  'city_name',
  'start_date',
  'end_date',
  'number_of_people',
  'budget_range',
  'image_url',
  'latitude',
  'longitude',
  'recommendations',
  'attractions',
  'daily_plans',
  'user_role',
  'trip_owner_username',
  'participant_count',
  'expense_count',
  'total_expenses',
];
/** The overview card (§2): image, name, city, dates, role badge, People (number_of_people, §3), Expenses, Total. */
const OVERVIEW_TRIP_FIELDS = [
  'id',
  'trip_name',
  'city_name',
  'start_date',
  'end_date',
  'image_url',
  'user_role',
  'trip_owner_username',
  'number_of_people',
  'participant_count',
  'expense_count',
  'total_expenses',
];
const PARTICIPANT_FIELDS = [
  'id',
  'user_id',
  'display_name',
  'first_name',
  'last_name',
  'username',
  'joined_at',
  'is_owner',
];
const EXPENSE_FIELDS = [
  'id',
  'title',
  'description',
  'amount',
  'expense_date',
  'category',
  'expense_type',
  'paid_by',
  'participants',
];
const SHARE_FIELDS = ['user_id', 'first_name', 'last_name', 'share_amount'];
const BALANCE_FIELDS = ['user_id', 'email', 'balance', 'total_paid', 'total_owed'];

const expectFields = (value: Json, fields: string[], what: string) => {
  expect(value, what).toBeTypeOf('object');
  const missing = fields.filter((field) => !(field in value));
  expect(missing, `${what} lacks the spec's fields`).toEqual([]);
};
/** A participant's email: §3 names it email (user_email). */
const emailOf = (participant: Json) => participant.email ?? participant.user_email;
/** §3 Settlement: "payer first name, last name and email" — nested under payer, or flat payer_first_name… */
const side = (settlement: Json, who: 'payer' | 'payee') => ({
  first_name: settlement[who]?.first_name ?? settlement[`${who}_first_name`],
  last_name: settlement[who]?.last_name ?? settlement[`${who}_last_name`],
  email: settlement[who]?.email ?? settlement[`${who}_email`],
});

let ana: Account;
let ben: Account;
let cleo: Account;
let dan: Account;
let zoe: Account;
let tripId: string;

beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_AUTH_PER_IP: '100000' });
  ana = await signUp('Ana', 'Silva');
  ben = await signUp('Ben', 'Wu');
  cleo = await signUp('Cleo', 'Park');
  dan = await signUp('Dan', 'Moss');
  zoe = await signUp('Zoe', 'Stranger');
});
afterAll(() => api.close());

const trips = (who: Account) => call('GET', '/api/trips', who.token);
const overview = (who: Account) => call('GET', '/api/trip-split/user/trips', who.token);
const participants = async (who: Account) =>
  list(await call('GET', `/api/trip-split/trips/${tripId}/participants`, who.token), 'participants');
const expenses = async (who: Account) =>
  list(await call('GET', `/api/trip-split/trips/${tripId}/expenses`, who.token), 'expenses');
const settlements = async (who: Account) =>
  list(await call('GET', `/api/trip-split/trips/${tripId}/settlements`, who.token), 'settlements');
const tripOf = async (who: Account) => object(await call('GET', `/api/trips/${tripId}`, who.token), 'trip');

describe('a client written from the product spec (§3 fields, §7 calls)', () => {
  it('refuses calls without a session with a 4xx error (§6: every call carries the bearer token)', async () => {
    refused(await call('GET', '/api/trips'), 'GET /api/trips without a token');
    refused(await call('GET', '/api/trip-split/user/trips'), 'overview without a token');
  });

  it('creates a trip from the question flow answers and reads it back with the spec fields', async () => {
    const answers = {
      destination: 'Lisbon, Portugal',
      dates: `${START} - ${END}`,
      startDate: START,
      endDate: END,
      budget: 'Moderate',
      interests: ['Culture & History', 'Food & Dining'],
      travelStyle: 'Group of friends',
    };
    const created = await call('POST', '/api/trips', ana.token, {
      destination: answers.destination,
      startDate: START,
      endDate: END,
      numberOfPeople: 1,
      preferences: answers,
      travelStyle: answers.travelStyle,
      budgetRange: answers.budget,
      interests: answers.interests,
      latitude: 38.7223,
      longitude: -9.1393,
    });
    succeeded(created, 'POST /api/trips');
    expect(typeof created.body.id).toBe('string');
    tripId = created.body.id;

    const trip = await tripOf(ana);
    expectFields(trip, TRIP_FIELDS, 'GET /api/trips/{id}');
    expect(trip).toMatchObject({ id: tripId, start_date: START, end_date: END, number_of_people: 1 });
    expect(trip.user_role).toBe('owner');
    expect(Array.isArray(trip.attractions) && Array.isArray(trip.daily_plans)).toBe(true);
    for (const attraction of trip.attractions) {
      expect(attraction).toMatchObject({
        key: expect.anything(),
        name: expect.any(String),
        location: { lat: expect.any(Number), lng: expect.any(Number) },
      });
    }

    const listed = list(await trips(ana), 'trips').find((t) => t.id === tripId);
    // §2 trip card: photo, name, date range, people count.
    expectFields(
      listed,
      ['id', 'trip_name', 'start_date', 'end_date', 'number_of_people', 'image_url'],
      'a trip card',
    );
    expect(listed).toMatchObject({
      trip_name: trip.trip_name,
      start_date: START,
      end_date: END,
      number_of_people: 1,
    });
  });

  it('edits the trip with the multipart PUT of the edit screen', async () => {
    const form = new FormData();
    form.set('trip_name', 'Lisbon with friends');
    form.set('start_date', START);
    form.set('end_date', END);
    form.set('description', 'Four days of tiles and tarts');
    succeeded(await call('PUT', `/api/trips/${tripId}`, ana.token, form), 'PUT /api/trips/{id}');
    expect(await tripOf(ana)).toMatchObject({
      trip_name: 'Lisbon with friends',
      description: 'Four days of tiles and tarts',
      start_date: START,
      end_date: END,
    });
  });

  it('adds, moves, bulk-creates and removes daily plans', async () => {
    const plansPath = `/api/trips/${tripId}/daily-plans`;
    const added = await call('POST', plansPath, ana.token, {
      plan_date: START,
      category: 'Attraction',
      title: 'Belém Tower',
      description: 'Morning visit',
    });
    succeeded(added, 'POST daily-plans');
    const plan = object(added, 'plan');
    expectFields(plan, ['id', 'plan_date', 'category', 'title', 'description'], 'the new plan');
    expect(plan).toMatchObject({ plan_date: START, category: 'Attraction', title: 'Belém Tower' });

    const nextDay = dayFromToday(41);
    succeeded(
      await call('PUT', `${plansPath}/${plan.id}`, ana.token, { ...plan, plan_date: nextDay }),
      'PUT daily-plans/{planId} (a drag to the next day)',
    );
    const bulk = await call('POST', `${plansPath}/bulk`, ana.token, {
      plans: [
        { plan_date: START, category: 'Restaurant', title: 'Time Out Market', description: 'Lunch' },
        { plan_date: nextDay, category: 'Hotel', title: 'Check in', description: '' },
      ],
    });
    succeeded(bulk, 'POST daily-plans/bulk');
    const createdPlans = list(bulk, 'plans');
    expect(createdPlans.map((p) => p.title).sort()).toEqual(['Check in', 'Time Out Market']);

    const plans = () => tripOf(ana).then((trip) => trip.daily_plans as Json[]);
    expect((await plans()).map((p) => [p.title, p.plan_date]).sort()).toEqual(
      [
        ['Belém Tower', nextDay],
        ['Check in', nextDay],
        ['Time Out Market', START],
      ].sort(),
    );
    succeeded(await call('DELETE', `${plansPath}/${plan.id}`, ana.token), 'DELETE daily-plans/{planId}');
    expect((await plans()).map((p) => p.title).sort()).toEqual(['Check in', 'Time Out Market']);
  });

  it('adds participants by email and by username: 201, listed at once, in their own trips as Participant', async () => {
    const path = `/api/trip-split/trips/${tripId}/participants`;
    const byEmail = await call('POST', path, ana.token, { email: ben.email });
    expect([byEmail.status, byEmail.body]).toEqual([201, expect.anything()]);
    const byUsername = await call('POST', path, ana.token, { username: cleo.username });
    expect([byUsername.status, byUsername.body]).toEqual([201, expect.anything()]);

    const people = await participants(ana);
    for (const p of people) expectFields(p, PARTICIPANT_FIELDS, 'a participant');
    expect(
      people.map((p) => [p.user_id, p.first_name, p.last_name, p.username, emailOf(p), p.is_owner]),
    ).toEqual([
      [ana.userId, 'Ana', 'Silva', ana.username, ana.email, true],
      [ben.userId, 'Ben', 'Wu', ben.username, ben.email, false],
      [cleo.userId, 'Cleo', 'Park', cleo.username, cleo.email, false],
    ]);

    for (const person of [ben, cleo]) {
      const card = list(await overview(person), 'trips').find((t) => t.id === tripId);
      expect(card, `${person.first_name}'s overview`).toMatchObject({
        user_role: 'participant',
        trip_owner_username: ana.username,
      });
      const listed = list(await trips(person), 'trips').map((t) => t.id);
      expect(listed, `${person.first_name}'s trip list`).toContain(tripId);
      // §6: participants see the trip's people too.
      expect((await participants(person)).map((p) => p.user_id)).toEqual([
        ana.userId,
        ben.userId,
        cleo.userId,
      ]);
    }
  });

  it('keeps 4xx answers for a blank, unknown or duplicate participant', async () => {
    const path = `/api/trip-split/trips/${tripId}/participants`;
    refused(await call('POST', path, ana.token, { email: '' }), 'a blank identifier');
    refused(await call('POST', path, ana.token, { email: 'nobody.here@example.com' }), 'an unknown email');
    refused(await call('POST', path, ana.token, { username: 'nobody_here_at_all' }), 'an unknown username');
    refused(await call('POST', path, ana.token, { username: ben.username }), 'someone already a participant');
    expect((await participants(ana)).length).toBe(3);
  });

  it('counts every member in number_of_people and participant_count (§2 Travelers, People)', async () => {
    expect((await tripOf(ana)).number_of_people).toBe(3);
    expect((await tripOf(ben)).number_of_people).toBe(3);
    for (const person of [ana, cleo]) {
      const listed = list(await trips(person), 'trips').find((t) => t.id === tripId);
      expect(listed?.number_of_people, `${person.first_name}'s trip list`).toBe(3);
    }
    const card = list(await overview(ana), 'trips').find((t) => t.id === tripId);
    expectFields(card, OVERVIEW_TRIP_FIELDS, 'an overview trip');
    expect(card).toMatchObject({ user_role: 'owner', number_of_people: 3, participant_count: 3 });
  });

  it('splits expenses exactly among A, B and C, the remainder on the last person (§5, §9)', async () => {
    const path = `/api/trip-split/trips/${tripId}/expenses`;
    // The overview's modal: equal split of 100.00 in cents, remainder on the last person.
    const dinner = await call('POST', path, ana.token, {
      title: 'Dinner',
      description: 'Fado night',
      amount: 100,
      expense_date: START,
      category: 'food',
      paid_by: ana.userId,
      participants: [
        { user_id: ana.userId, share_amount: 33.33 },
        { user_id: ben.userId, share_amount: 33.33 },
        { user_id: cleo.userId, share_amount: 33.34 },
      ],
    });
    succeeded(dinner, 'POST expenses (participants with share_amount)');
    // The per-trip simple form: a group expense, equal among all participants, computed by the server.
    const tram = await call('POST', path, ana.token, {
      title: 'Tram 28',
      description: '',
      amount: 10,
      expense_date: START,
      category: 'transport',
      paid_by: ana.userId,
      expense_type: 'group',
    });
    succeeded(tram, 'POST expenses (expense_type group)');
    // §6: a participant adds an expense too.
    const museum = await call('POST', path, ben.token, {
      title: 'Museum',
      description: 'Tiles',
      amount: 60,
      expense_date: dayFromToday(41),
      category: 'entertainment',
      paid_by: ben.userId,
      participants: [ana, ben, cleo].map((p) => ({ user_id: p.userId, share_amount: 20 })),
    });
    succeeded(museum, 'POST expenses by a participant');

    const listed = await expenses(ana);
    for (const expense of listed) {
      expectFields(expense, EXPENSE_FIELDS, 'an expense');
      for (const share of expense.participants) expectFields(share, SHARE_FIELDS, 'an expense participant');
    }
    const byTitle = (title: string) => listed.find((e) => e.title === title);
    const shares = (title: string) =>
      byTitle(title).participants.map((p: Json) => [
        p.user_id,
        p.first_name,
        p.last_name,
        cents(p.share_amount),
      ]);
    expect(byTitle('Dinner')).toMatchObject({ amount: 100, paid_by: ana.userId, category: 'food' });
    expect(shares('Dinner')).toEqual([
      [ana.userId, 'Ana', 'Silva', 3333],
      [ben.userId, 'Ben', 'Wu', 3333],
      [cleo.userId, 'Cleo', 'Park', 3334],
    ]);
    expect(byTitle('Tram 28')).toMatchObject({ amount: 10, expense_type: 'group' });
    expect(shares('Tram 28')).toEqual([
      [ana.userId, 'Ana', 'Silva', 333],
      [ben.userId, 'Ben', 'Wu', 333],
      [cleo.userId, 'Cleo', 'Park', 334],
    ]);
    expect(shares('Museum').map((s: Json[]) => s[3])).toEqual([2000, 2000, 2000]);
    for (const expense of listed) {
      const sum = expense.participants.reduce((total: number, p: Json) => total + cents(p.share_amount), 0);
      expect(sum, `${expense.title}: shares add up to the amount`).toBe(cents(expense.amount));
    }
  });

  it('splits the simple form’s personal and shared types, edits with the create payload, and deletes', async () => {
    const path = `/api/trip-split/trips/${tripId}/expenses`;
    const simple = (title: string, expense_type: string, amount: number) => ({
      title,
      description: '',
      amount,
      expense_date: START,
      category: 'food',
      paid_by: cleo.userId,
      expense_type,
    });
    // §5: personal is the payer's alone; shared without amounts is divided equally among the non-payers.
    succeeded(await call('POST', path, cleo.token, simple('Coffee', 'personal', 2.5)), 'a personal expense');
    succeeded(await call('POST', path, cleo.token, simple('Pastéis', 'shared', 4.5)), 'a shared expense');
    const sharesOf = async (title: string) =>
      (await expenses(cleo))
        .find((e) => e.title === title)
        .participants.filter((p: Json) => cents(p.share_amount) !== 0)
        .map((p: Json) => [p.user_id, cents(p.share_amount)]);
    expect(await sharesOf('Coffee')).toEqual([[cleo.userId, 250]]);
    expect(await sharesOf('Pastéis')).toEqual([
      [ana.userId, 225],
      [ben.userId, 225],
    ]);

    const id = (await expenses(cleo)).find((e) => e.title === 'Pastéis')?.id;
    const edited = await call('PUT', `/api/trip-split/expenses/${id}`, cleo.token, {
      title: 'Pastéis de nata',
      description: 'Six of them',
      amount: 7.2,
      expense_date: START,
      category: 'food',
      paid_by: cleo.userId,
      participants: [
        { user_id: ben.userId, share_amount: 3.6 },
        { user_id: cleo.userId, share_amount: 3.6 },
      ],
    });
    succeeded(edited, 'PUT /api/trip-split/expenses/{id}');
    const after = (await expenses(ana)).find((e) => e.id === id);
    expect(after).toMatchObject({ title: 'Pastéis de nata', description: 'Six of them', amount: 7.2 });
    expect(after.participants.map((p: Json) => [p.user_id, cents(p.share_amount)])).toEqual([
      [ben.userId, 360],
      [cleo.userId, 360],
    ]);
    for (const title of ['Coffee', 'Pastéis de nata']) {
      const expenseId = (await expenses(cleo)).find((e) => e.title === title)?.id;
      succeeded(await call('DELETE', `/api/trip-split/expenses/${expenseId}`, cleo.token), `DELETE ${title}`);
    }
    expect((await expenses(ana)).map((e) => e.title).sort()).toEqual(['Dinner', 'Museum', 'Tram 28']);
  });

  it('calculates balances and the fewest settlements, and marks them paid until all are settled', async () => {
    const calculated = await call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, ana.token);
    succeeded(calculated, 'POST settlements/calculate');
    const balances = list(calculated, 'balances');
    for (const balance of balances) expectFields(balance, BALANCE_FIELDS, 'a balance');
    // Ana paid 110.00 and owes 33.33 + 3.33 + 20; Ben paid 60.00 and owes the same; Cleo paid nothing.
    const byUser = new Map(balances.map((b) => [b.user_id, b]));
    const figures = (who: Account) => {
      const b = byUser.get(who.userId);
      return [b.first_name, b.last_name, b.email, cents(b.total_paid), cents(b.total_owed), cents(b.balance)];
    };
    expect(figures(ana)).toEqual(['Ana', 'Silva', ana.email, 11000, 5666, 5334]);
    expect(figures(ben)).toEqual(['Ben', 'Wu', ben.email, 6000, 5666, 334]);
    expect(figures(cleo)).toEqual(['Cleo', 'Park', cleo.email, 0, 5668, -5668]);

    const pending = list(calculated, 'settlements');
    // Fewest transfers: Cleo, the only debtor, pays each creditor once.
    const person = (who: Account) => ({
      first_name: who.first_name,
      last_name: who.last_name,
      email: who.email,
    });
    const transfers = (rows: Json[]) =>
      rows
        .map((s) => ({ payer: side(s, 'payer'), payee: side(s, 'payee'), cents: cents(s.amount) }))
        .sort((x, y) => y.cents - x.cents);
    const expected = [
      { payer: person(cleo), payee: person(ana), cents: 5334 },
      { payer: person(cleo), payee: person(ben), cents: 334 },
    ];
    expect(transfers(pending)).toEqual(expected);
    for (const s of pending) {
      expect(s.id).toBeTruthy();
      expect(s.settled_at ?? '', 'pending: empty settled_at').toBe('');
    }
    expect(transfers(await settlements(ben))).toEqual(expected);

    const [first, second] = await settlements(cleo);
    succeeded(await call('PUT', `/api/trip-split/settlements/${first.id}/paid`, cleo.token), 'mark paid');
    const afterOne = await settlements(ana);
    expect(afterOne.find((s) => s.id === first.id)?.settled_at).toBeTruthy();
    expect(afterOne.find((s) => s.id === second.id)?.settled_at ?? '').toBe('');
    succeeded(await call('PUT', `/api/trip-split/settlements/${second.id}/paid`, cleo.token), 'mark paid');
    expect((await settlements(ana)).every((s) => Boolean(s.settled_at))).toBe(true);
    // §4: the overview recalculates when its settlements tab opens; paid transfers count, so all stays settled.
    const again = await call('POST', `/api/trip-split/trips/${tripId}/settlements/calculate`, ben.token);
    succeeded(again, 'recalculating after everything was paid');
    expect(list(again, 'balances').map((b) => [b.user_id, cents(b.balance)])).toEqual(
      expect.arrayContaining([ana, ben, cleo].map((p) => [p.userId, 0])),
    );
    expect((await settlements(ana)).filter((s) => !s.settled_at)).toEqual([]);
  });

  it('shows the trip on the overview with its people, expenses and total', async () => {
    const card = list(await overview(ana), 'trips').find((t) => t.id === tripId);
    expect(card).toMatchObject({
      trip_name: 'Lisbon with friends',
      user_role: 'owner',
      trip_owner_username: ana.username,
      participant_count: 3,
      expense_count: 3,
    });
    expect(cents(card.total_expenses)).toBe(17000);
    expect(list(await overview(zoe), 'trips').some((t) => t.id === tripId)).toBe(false);
  });

  it('never removes the owner, and removes a participant', async () => {
    const path = (userId: string) => `/api/trip-split/trips/${tripId}/participants/${userId}`;
    refused(await call('DELETE', path(ana.userId), ben.token), 'a participant removing the owner');
    refused(await call('DELETE', path(ana.userId), ana.token), 'the owner removing themselves');
    expect((await participants(ana)).find((p) => p.user_id === ana.userId)?.is_owner).toBe(true);

    const added = await call('POST', `/api/trip-split/trips/${tripId}/participants`, ana.token, {
      email: dan.email,
    });
    expect(added.status).toBe(201);
    expect((await participants(ana)).map((p) => p.user_id)).toContain(dan.userId);
    succeeded(await call('DELETE', path(dan.userId), ana.token), 'removing a participant');
    expect((await participants(ana)).map((p) => p.user_id)).toEqual([ana.userId, ben.userId, cleo.userId]);
    expect(list(await overview(dan), 'trips').some((t) => t.id === tripId)).toBe(false);
  });

  it('answers a stranger 4xx on every call about the trip, and changes nothing', async () => {
    const expenseId = (await expenses(ana))[0].id;
    const settlementId = (await settlements(ana))[0].id;
    const planId = (await tripOf(ana)).daily_plans[0].id;
    const plan = { plan_date: START, category: 'Comment', title: 'Mine now', description: '' };
    const expense = {
      title: 'Sneaky',
      description: '',
      amount: 1,
      expense_date: START,
      category: 'other',
      paid_by: zoe.userId,
      participants: [{ user_id: ana.userId, share_amount: 1 }],
    };
    const form = new FormData();
    form.set('trip_name', 'Taken');
    form.set('start_date', START);
    form.set('end_date', END);
    form.set('description', 'Taken');
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/trips/${tripId}`],
      ['PUT', `/api/trips/${tripId}`, form],
      ['POST', `/api/trips/${tripId}/daily-plans`, plan],
      ['POST', `/api/trips/${tripId}/daily-plans/bulk`, { plans: [plan] }],
      ['PUT', `/api/trips/${tripId}/daily-plans/${planId}`, plan],
      ['DELETE', `/api/trips/${tripId}/daily-plans/${planId}`],
      ['POST', `/api/trip-split/trips/${tripId}/participants`, { username: zoe.username }],
      ['GET', `/api/trip-split/trips/${tripId}/participants`],
      ['DELETE', `/api/trip-split/trips/${tripId}/participants/${ben.userId}`],
      ['POST', `/api/trip-split/trips/${tripId}/expenses`, expense],
      ['GET', `/api/trip-split/trips/${tripId}/expenses`],
      ['PUT', `/api/trip-split/expenses/${expenseId}`, expense],
      ['DELETE', `/api/trip-split/expenses/${expenseId}`],
      ['GET', `/api/trip-split/trips/${tripId}/settlements`],
      ['POST', `/api/trip-split/trips/${tripId}/settlements/calculate`],
      ['PUT', `/api/trip-split/settlements/${settlementId}/paid`],
      ['DELETE', `/api/trips/${tripId}`],
    ];
    for (const [method, path, body] of calls) {
      refused(await call(method, path, zoe.token, body), `a stranger's ${method} ${path}`);
    }
    expect(list(await trips(zoe), 'trips').some((t) => t.id === tripId)).toBe(false);
    expect(await tripOf(ana)).toMatchObject({ trip_name: 'Lisbon with friends', number_of_people: 3 });
    expect((await tripOf(ana)).daily_plans.map((p: Json) => p.id)).toContain(planId);
    expect((await participants(ana)).map((p) => p.user_id)).toEqual([ana.userId, ben.userId, cleo.userId]);
    expect((await expenses(ana)).map((e) => e.title).sort()).toEqual(['Dinner', 'Museum', 'Tram 28']);
  });

  it('deletes the trip for everyone', async () => {
    succeeded(await call('DELETE', `/api/trips/${tripId}`, ana.token), 'DELETE /api/trips/{id}');
    refused(await call('GET', `/api/trips/${tripId}`, ana.token), 'the deleted trip');
    for (const person of [ana, ben, cleo]) {
      expect(list(await trips(person), 'trips').some((t) => t.id === tripId)).toBe(false);
      expect(list(await overview(person), 'trips').some((t) => t.id === tripId)).toBe(false);
    }
    refused(
      await call('GET', `/api/trip-split/trips/${tripId}/expenses`, ben.token),
      'expenses of a deleted trip',
    );
  });
});

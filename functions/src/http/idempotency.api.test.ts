import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialEmulatorOnlyReason } from '../../test-support/test-firestore';
import {
  startFirestoreApi,
  startTestApi,
  targetsEmulatorSuite,
  type TestApi,
} from '../../test-support/api-server';
import { tripWithMembers } from '../../test-support/trip-members';

/**
 * Both backends: the embedded server on SQLite, and firebase mode on the Firestore adapter (the Node.js emulator in
 * unit+api; the official one in the emulators project, which runs firebase mode alone).
 */
const backends: Record<
  string,
  () => Promise<{ api: TestApi; detectsConflicts: boolean; stop(): Promise<void> }>
> = {
  ...(!targetsEmulatorSuite && {
    embedded: async () => {
      const api = await startTestApi();
      return { api, detectsConflicts: true, stop: () => api.close() };
    },
  }),
  firebase: async () => {
    // The Node.js emulator does not detect transaction conflicts: racing claims cannot be told apart there.
    const api = await startFirestoreApi();
    return { api, detectsConflicts: api.detectsConflicts, stop: () => api.close() };
  },
};

const expense = (paidBy: string, title = 'Dinner') => ({
  title,
  amount: '42.10',
  expense_date: '2027-04-11',
  paid_by: paidBy,
});

describe.each(Object.entries(backends))('Idempotency-Key on writes: %s', (_name, start) => {
  let api: TestApi;
  let detectsConflicts: boolean;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ api, detectsConflicts, stop } = await start());
  });
  afterAll(() => stop());

  it('writes an expense once for a repeated key, answering the first result again', async () => {
    const { trip, owner } = await tripWithMembers(api);
    const path = `/api/trip-split/trips/${trip.id}/expenses`;
    const key = randomUUID();
    const headers = { 'Idempotency-Key': key };
    const first = await api.call('POST', path, { token: owner.token, headers, body: expense(owner.user.id) });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await api.call('POST', path, { token: owner.token, headers, body: expense(owner.user.id) });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const listed = await api.call('GET', path, { token: owner.token });
    expect(listed.body.expenses).toHaveLength(1);
    // Without a key (or with a new one) the same body is a new expense.
    await api.call('POST', path, { token: owner.token, body: expense(owner.user.id) });
    await api.call('POST', path, {
      token: owner.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: expense(owner.user.id),
    });
    expect((await api.call('GET', path, { token: owner.token })).body.expenses).toHaveLength(3);
  });

  it('refuses a key reused with another body or method (422) and stores nothing; the first body still replays', async () => {
    const { trip, owner } = await tripWithMembers(api);
    const path = `/api/trip-split/trips/${trip.id}/expenses`;
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await api.call('POST', path, {
      token: owner.token,
      headers,
      body: { ...expense(owner.user.id), amount: '7.20' },
    });
    expect(first.status).toBe(201);
    const otherBody = await api.call('POST', path, {
      token: owner.token,
      headers,
      body: { ...expense(owner.user.id), amount: '99.00' },
    });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toEqual({
      error: 'This Idempotency-Key was already used for a request with a different body',
    });
    const otherMethod = await api.call('PUT', path, {
      token: owner.token,
      headers,
      body: expense(owner.user.id),
    });
    expect(otherMethod.status).toBe(422);
    expect(otherMethod.body).toEqual({ error: 'This Idempotency-Key was already used for another request' });
    const listed = await api.call('GET', path, { token: owner.token });
    expect(listed.body.expenses.map((e: { amount_cents: number }) => e.amount_cents)).toEqual([720]);
    // The same body, its keys in another order, is the same request: the first answer again.
    const { title, amount, expense_date, paid_by } = { ...expense(owner.user.id), amount: '7.20' };
    const reordered = await api.call('POST', path, {
      token: owner.token,
      headers,
      body: JSON.stringify({ paid_by, expense_date, amount, title }),
    });
    expect(reordered.status).toBe(201);
    expect(reordered.headers.get('idempotent-replayed')).toBe('true');
    expect(reordered.body).toEqual(first.body);
  });

  it('writes once when the same key arrives many times at once', async (ctx) => {
    if (!detectsConflicts) ctx.skip(officialEmulatorOnlyReason);
    const { trip, owner } = await tripWithMembers(api);
    const path = `/api/trips/${trip.id}/daily-plans`;
    const headers = { 'Idempotency-Key': randomUUID() };
    const plan = { plan_date: trip.start_date, category: 'Attraction', title: 'Castle at dawn' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api.call('POST', path, { token: owner.token, headers, body: plan })),
    );
    // The first writes; the others replay it or, while it still runs, are told to try again.
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.id));
    expect(ids.size).toBe(1);
    const plans = await api.store.plans.list(trip.id);
    expect(plans.filter((p) => p.title === 'Castle at dawn')).toHaveLength(1);
  });

  it('keeps keys per user: another member may use the same key for a write of their own', async () => {
    const { trip, owner, participant } = await tripWithMembers(api);
    const path = `/api/trip-split/trips/${trip.id}/expenses`;
    const headers = { 'Idempotency-Key': 'shared-key-123' };
    const mine = await api.call('POST', path, { token: owner.token, headers, body: expense(owner.user.id) });
    const theirs = await api.call('POST', path, {
      token: participant.token,
      headers,
      body: expense(participant.user.id, 'Taxi'),
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.expense.id).not.toBe(mine.body.expense.id);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });

  it('frees the key of a refused write, so the corrected retry is written', async () => {
    const { trip, owner } = await tripWithMembers(api);
    const path = `/api/trip-split/trips/${trip.id}/expenses`;
    const headers = { 'Idempotency-Key': randomUUID() };
    const refused = await api.call('POST', path, {
      token: owner.token,
      headers,
      body: { ...expense(owner.user.id), amount: 'lots' },
    });
    expect(refused.status).toBe(400);
    const retried = await api.call('POST', path, {
      token: owner.token,
      headers,
      body: expense(owner.user.id),
    });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers a repeated calculation in full: a pre-encoded answer is computed again, never replayed empty', async () => {
    const { trip, owner, participant } = await tripWithMembers(api);
    const created = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      token: owner.token,
      body: expense(owner.user.id),
    });
    expect(created.status).toBe(201);
    const path = `/api/trip-split/trips/${trip.id}/settlements/calculate`;
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await api.call('POST', path, { token: owner.token, headers });
    const again = await api.call('POST', path, { token: owner.token, headers });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(first.body.settlements).toHaveLength(1);
    expect(again.body).toEqual(first.body);
    expect(again.body.settlements[0].payer.user_id).toBe(participant.user.id);
  });

  it('refuses a key reused for another request (422), a malformed key (400), and ignores it without a session', async () => {
    const { trip, owner, stranger } = await tripWithMembers(api);
    const key = randomUUID();
    const headers = { 'Idempotency-Key': key };
    await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      token: owner.token,
      headers,
      body: expense(owner.user.id),
    });
    const elsewhere = await api.call('POST', `/api/trips/${trip.id}/daily-plans`, {
      token: owner.token,
      headers,
      body: { plan_date: trip.start_date, category: 'Attraction', title: 'Tram 28' },
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body).toEqual({ error: 'This Idempotency-Key was already used for another request' });

    const malformed = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      token: owner.token,
      headers: { 'Idempotency-Key': 'short' },
      body: expense(owner.user.id),
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/Idempotency-Key/);

    const anonymous = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      headers,
      body: expense(owner.user.id),
    });
    expect(anonymous.status).toBe(401);
    // A stranger's key never answers the owner's stored result.
    const strangers = await api.call('POST', `/api/trip-split/trips/${trip.id}/expenses`, {
      token: stranger.token,
      headers,
      body: expense(stranger.user.id),
    });
    expect(strangers.status).toBe(404);
  });
});

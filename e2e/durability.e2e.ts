import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { TripView } from '@wayfare/contract';
import { apiLogin, createTrip } from './support/seed';
import { registerAccount, startServer, type RunningServer } from './support/server';

const json = (token: string, body?: unknown) => ({
  method: body === undefined ? 'GET' : 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: body === undefined ? undefined : JSON.stringify(body),
});

/**
 * Crash safety of the embedded backend: expenses, plans and sign-ups stream in, the server is killed with SIGKILL
 * mid-stream, and after a restart on the same data folder every write that had answered 2xx is there, the trip's
 * totals agree with its expenses, and SQLite's integrity check passes.
 */
describe('durability across a crash (SIGKILL)', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (servers[0]) fs.rmSync(servers[0].dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write', async () => {
    const env = { RATE_LIMIT_AUTH_PER_IP: '100000' };
    const first = await startServer({ env });
    servers.push(first);
    const account = await registerAccount(first.baseUrl);
    const { token, userId } = await apiLogin(first.baseUrl, account);
    const trip = await createTrip(first.baseUrl, token);
    const { trip_name, start_date } = (await (
      await fetch(`${first.baseUrl}/api/trips/${trip.id}`, json(token))
    ).json()) as TripView;
    expect(trip_name).toBeTruthy();

    const acked = { expenses: [] as number[], plans: [] as string[], users: [] as string[] };
    let crashed = false;
    // Resolved by the writers themselves once enough writes were acknowledged: the moment to pull the plug.
    let enoughAcked!: () => void;
    const acknowledged = new Promise<void>((resolve) => (enoughAcked = resolve));
    const counted = () => {
      if (acked.expenses.length >= 30 && acked.plans.length >= 30 && acked.users.length >= 5) enoughAcked();
    };
    const post = (route: string, body: unknown) =>
      fetch(first.baseUrl + route, json(token, body)).then(
        (res) => res.status,
        () => 0,
      );
    const lanes = [
      async () => {
        for (let i = 0; !crashed; i += 1) {
          const cents = 100 + i;
          const status = await post(`/api/trip-split/trips/${trip.id}/expenses`, {
            title: `Crash expense ${i}`,
            amount: (cents / 100).toFixed(2),
            expense_date: start_date,
            category: 'food',
            paid_by: userId,
            expense_type: 'personal',
          });
          if (status === 201) {
            acked.expenses.push(cents);
            counted();
          } else if (status === 0) return;
        }
      },
      async () => {
        for (let i = 0; !crashed; i += 1) {
          const title = `Crash plan ${i}`;
          const status = await post(`/api/trips/${trip.id}/daily-plans`, {
            plan_date: start_date,
            category: 'Activity',
            title,
            description: '',
          });
          if (status === 201) {
            acked.plans.push(title);
            counted();
          } else if (status === 0) return;
        }
      },
      async () => {
        for (let i = 0; !crashed; i += 1) {
          const email = `crash.${i}@example.com`;
          const status = await fetch(`${first.baseUrl}/api/auth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              username: `crash_${i}`,
              email,
              password: 'durable password',
              first_name: 'C',
              last_name: 'K',
            }),
          }).then(
            (res) => res.status,
            () => 0,
          );
          if (status === 201) {
            acked.users.push(email);
            counted();
          } else if (status === 0) return;
        }
      },
    ];
    const running = Promise.all(lanes.map((lane) => lane()));
    await Promise.race([
      acknowledged,
      running.then(() => {
        if (!crashed) throw new Error('the writers lost the server before enough writes were acknowledged');
      }),
    ]);
    await first.stop('SIGKILL');
    crashed = true;
    await running;

    const second = await startServer({ dataDir: first.dataDir, env });
    servers.push(second);
    const after = (await (
      await fetch(`${second.baseUrl}/api/trips/${trip.id}`, json(token))
    ).json()) as TripView;
    const titles = new Set(after.daily_plans.map((p) => p.title));
    expect(acked.plans.filter((title) => !titles.has(title))).toEqual([]);
    // Every acknowledged expense is counted; one in flight at the kill may also have landed, whole.
    expect(after.expense_count).toBeGreaterThanOrEqual(acked.expenses.length);
    expect(after.expense_count).toBeLessThanOrEqual(acked.expenses.length + 1);
    const ackedCents = acked.expenses.reduce((sum, c) => sum + c, 0);
    const inFlight = after.expense_count - acked.expenses.length;
    expect(after.total_expenses_cents).toBe(ackedCents + (inFlight ? 100 + acked.expenses.length : 0));
    for (const email of acked.users) {
      const res = await fetch(`${second.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'durable password' }),
      });
      expect(res.status, email).toBe(200);
    }
    await second.stop();

    const db = new Database(path.join(first.dataDir, 'wayfare.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const totals = db
      .prepare(
        'SELECT t.expense_count AS count, t.total_expenses_minor AS cents, (SELECT COUNT(*) FROM expenses e WHERE e.trip_id = t.id) AS rows_, (SELECT COALESCE(SUM(amount_minor), 0) FROM expenses e WHERE e.trip_id = t.id) AS sum_ FROM trips t WHERE t.id = ?',
      )
      .get(trip.id) as { count: number; cents: number; rows_: number; sum_: number };
    expect([totals.count, totals.cents]).toEqual([totals.rows_, totals.sum_]);
    db.close();
  });
});

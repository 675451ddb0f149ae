import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { newTrip, newUser, personalExpense, tripOfPeople } from '../../../test-support/store-adapters';
import { openSqliteStore } from './sqlite-store';

const dirs: string[] = [];
const tempDbFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-sqlite-'));
  dirs.push(dir);
  return path.join(dir, 'nested', 'wayfare.db');
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('embedded SQLite store', () => {
  it('creates its folder, runs in WAL mode and keeps data across a reopen', async () => {
    const file = tempDbFile();
    const first = openSqliteStore(file);
    const user = await first.users.create({
      username: 'kept',
      email: 'kept@example.com',
      first_name: 'Kept',
      last_name: 'User',
      password_hash: 'h',
    });
    await first.close();

    const raw = new Database(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(raw.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({
      n: expect.any(Number),
    });
    raw.close();

    const reopened = openSqliteStore(file);
    await expect(reopened.users.findById(user.id)).resolves.toEqual(user);
    await reopened.close();
  });

  it('moves its change count with every kind of write, and not with reads', async () => {
    const store = openSqliteStore(tempDbFile());
    const counts: number[] = [store.changeCount() as number];
    const moved = () => {
      counts.push(store.changeCount() as number);
      return (counts.at(-1) as number) > (counts.at(-2) as number);
    };
    const owner = await store.users.create(newUser());
    expect(moved()).toBe(true);
    const other = await store.users.create(newUser());
    const trip = await store.trips.create(owner.id, newTrip());
    expect(moved()).toBe(true);
    await store.trips.listForUser(owner.id);
    await store.trips.get(trip.id);
    expect(moved()).toBe(false);
    await store.trips.update(trip.id, { trip_name: 'Renamed' });
    expect(moved()).toBe(true);
    await store.members.add(trip.id, other.id);
    expect(moved()).toBe(true);
    await store.members.leave(trip.id, other.id);
    expect(moved()).toBe(true);
    await store.close();
  });

  it('upgrades a database from before plan times: its plans read as untimed and can be given a time', async () => {
    const file = tempDbFile();
    const first = openSqliteStore(file);
    const owner = await first.users.create(newUser());
    const trip = await first.trips.create(owner.id, newTrip());
    const plan = await first.plans.create(trip.id, {
      plan_date: '2027-04-10',
      category: 'Attraction',
      title: 'Tower',
      description: '',
    });
    await first.close();
    // The file as the release before 020-plan-times left it.
    const raw = new Database(file);
    raw.exec(`ALTER TABLE daily_plans DROP COLUMN start_time;
      ALTER TABLE daily_plans DROP COLUMN duration_minutes;
      DELETE FROM schema_migrations WHERE id = '020-plan-times';`);
    raw.close();

    const upgraded = openSqliteStore(file);
    await expect(upgraded.plans.list(trip.id)).resolves.toEqual([plan]);
    const timed = await upgraded.plans.update(trip.id, plan.id, {
      ...plan,
      start_time: '09:00',
      duration_minutes: 30,
    });
    expect(timed).toEqual({ ...plan, start_time: '09:00', duration_minutes: 30 });
    await upgraded.close();
  });
});

/** A database file as it was before s11-vocab-minor-unit-columns: its columns named `*_cents`, payers' JSON too. */
const BEFORE_MINOR_NAMES = `ALTER TABLE expenses RENAME COLUMN amount_minor TO amount_cents;
  ALTER TABLE expense_shares RENAME COLUMN share_minor TO share_cents;
  ALTER TABLE settlements RENAME COLUMN amount_minor TO amount_cents;
  ALTER TABLE expense_share_totals RENAME COLUMN share_minor TO share_cents;
  ALTER TABLE expense_share_totals RENAME COLUMN paid_minor TO paid_cents;
  ALTER TABLE trips RENAME COLUMN total_expenses_minor TO total_expenses_cents;
  UPDATE expenses SET payers = (
    SELECT json_group_array(json_object('user_id', json_extract(p.value, '$.user_id'),
      'paid_cents', json_extract(p.value, '$.paid_minor')))
    FROM (SELECT value FROM json_each(expenses.payers) ORDER BY key) AS p
  ) WHERE payers IS NOT NULL;
  DELETE FROM schema_migrations WHERE id = 's11-vocab-minor-unit-columns';`;

describe('migration s11-vocab-minor-unit-columns: internal names say minor units', () => {
  it('keeps every amount, payer order, settlement and total of a file written with *_cents columns', async () => {
    const file = tempDbFile();
    const store = openSqliteStore(file);
    const {
      trip,
      people: [ana, bea, cy],
    } = await tripOfPeople(store, ['Ana', 'Bea', 'Cy']);
    await store.ledger.createExpense(trip.id, {
      ...personalExpense({ paid_by: bea.id, amount_minor: 9001, owes: cy.id }),
      payers: [
        { user_id: bea.id, paid_minor: 1 },
        { user_id: ana.id, paid_minor: 9000 },
      ],
    });
    await store.ledger.createExpense(
      trip.id,
      personalExpense({ paid_by: cy.id, amount_minor: 700, owes: ana.id }),
    );
    await store.ledger.recalculateSettlements(trip.id, () => [
      { from: cy.id, to: ana.id, amount_minor: 8300 },
    ]);
    const expenses = await store.ledger.listExpenses(trip.id);
    const [ledger, tripRecord] = [await store.ledger.ledgerState(trip.id), await store.trips.get(trip.id)];
    await store.close();

    const raw = new Database(file);
    raw.exec(BEFORE_MINOR_NAMES);
    expect(raw.prepare('SELECT payers FROM expenses WHERE payers IS NOT NULL').pluck().get()).toBe(
      JSON.stringify([
        { user_id: bea.id, paid_cents: 1 },
        { user_id: ana.id, paid_cents: 9000 },
      ]),
    );
    raw.close();

    const upgraded = openSqliteStore(file);
    expect(await upgraded.ledger.listExpenses(trip.id)).toEqual(expenses);
    expect(await upgraded.ledger.ledgerState(trip.id)).toEqual(ledger);
    expect(await upgraded.trips.get(trip.id)).toEqual(tripRecord);
    expect(tripRecord).toMatchObject({ expense_count: 2, total_expenses_minor: 9701 });
    await upgraded.close();
  });
});

describe('migration 013: paid totals', () => {
  it('backfills every payer’s paid total from the expenses already stored', async () => {
    const file = tempDbFile();
    const store = openSqliteStore(file);
    const person = (name: string) =>
      store.users.create({
        username: name,
        email: `${name}@example.com`,
        first_name: name,
        last_name: 'X',
        password_hash: 'h',
      });
    const [ana, bea] = [await person('ana'), await person('bea')];
    const trip = await store.trips.create(ana.id, newTrip());
    await store.members.add(trip.id, bea.id);
    const expense = (paid_by: string, amount_minor: number) =>
      store.ledger.createExpense(trip.id, personalExpense({ paid_by, amount_minor, owes: bea.id }));
    await expense(ana.id, 3000);
    await expense(ana.id, 1234);
    await expense(bea.id, 500);
    const kept = await store.ledger.ledgerState(trip.id);
    await store.close();

    // The database as it was before the migration: no paid column, the migration not yet run.
    const raw = new Database(file);
    raw.exec(`${BEFORE_MINOR_NAMES}
      ALTER TABLE expense_share_totals DROP COLUMN paid_cents;
      DELETE FROM schema_migrations WHERE id = '013-paid-totals';`);
    raw.close();

    const migrated = openSqliteStore(file);
    const state = await migrated.ledger.ledgerState(trip.id);
    expect(state).toEqual(kept);
    expect(state.totals.find((t) => t.user_id === ana.id)).toMatchObject({ paid_minor: 4234, owed_minor: 0 });
    expect(state.totals.find((t) => t.user_id === bea.id)).toMatchObject({
      paid_minor: 500,
      owed_minor: 4734,
    });
    await migrated.close();
  });
});

describe('migration 014: expense payers', () => {
  it('reads every expense stored before it as paid in full by its paid_by, and keeps several payers after', async () => {
    const file = tempDbFile();
    const store = openSqliteStore(file);
    const {
      trip,
      people: [ana, bea],
    } = await tripOfPeople(store, ['Ana', 'Bea']);
    const dinner = await store.ledger.createExpense(
      trip.id,
      personalExpense({ paid_by: ana.id, amount_minor: 3000, owes: bea.id }),
    );
    await store.close();

    // The file as the release before 014-expense-payers left it.
    const raw = new Database(file);
    raw.exec(`${BEFORE_MINOR_NAMES}
      ALTER TABLE expenses DROP COLUMN payers;
      DELETE FROM schema_migrations WHERE id = '014-expense-payers';`);
    raw.close();

    const upgraded = openSqliteStore(file);
    await expect(upgraded.ledger.getExpense(dinner.id)).resolves.toMatchObject({
      paid_by: ana.id,
      payers: [{ user_id: ana.id, paid_minor: 3000 }],
    });
    const { created_by: _by, id: _id, trip_id: _trip, created_at: _at, updated_at: _up, ...patch } = dinner;
    const split = await upgraded.ledger.updateExpense(dinner.id, {
      ...patch,
      payers: [
        { user_id: ana.id, paid_minor: 1000 },
        { user_id: bea.id, paid_minor: 2000 },
      ],
    });
    expect(split?.payers).toHaveLength(2);
    const state = await upgraded.ledger.ledgerState(trip.id);
    expect(state.totals.find((t) => t.user_id === bea.id)).toMatchObject({
      paid_minor: 2000,
      owed_minor: 3000,
    });
    await upgraded.close();
  });
});

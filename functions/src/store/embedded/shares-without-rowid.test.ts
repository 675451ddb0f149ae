import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { groupExpense, tripOfPeople } from '../../../test-support/store-adapters';
import { openSqliteStore } from './sqlite-store';

const dirs: string[] = [];
const tempDbFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-shares-'));
  dirs.push(dir);
  return path.join(dir, 'wayfare.db');
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** The shares table as every migration before s12-writes2-shares-without-rowid left it, rows kept. */
const BEFORE_LEAN_SHARES = `CREATE TABLE expense_shares_old (
    expense_id TEXT NOT NULL REFERENCES expenses(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id),
    share_minor INTEGER NOT NULL CHECK (share_minor >= 0),
    PRIMARY KEY (expense_id, position),
    UNIQUE (expense_id, user_id)
  ) STRICT;
  INSERT INTO expense_shares_old SELECT expense_id, position, user_id, share_minor FROM expense_shares;
  DROP TABLE expense_shares;
  ALTER TABLE expense_shares_old RENAME TO expense_shares;
  DELETE FROM schema_migrations WHERE id = 's12-writes2-shares-without-rowid';`;

const sharesTableSql = (file: string) => {
  const raw = new Database(file, { readonly: true });
  try {
    return raw.prepare("SELECT sql FROM sqlite_schema WHERE name = 'expense_shares'").pluck().get() as string;
  } finally {
    raw.close();
  }
};

describe('migration s12-writes2-shares-without-rowid: the shares in one b-tree', () => {
  it('keeps every share, its order and the totals of a file written with the rowid table', async () => {
    const file = tempDbFile();
    const store = openSqliteStore(file);
    const { trip, people } = await tripOfPeople(store, ['Ana', 'Bea', 'Cy']);
    const [ana, bea, cy] = people;
    await store.ledger.createExpense(
      trip.id,
      groupExpense([
        { user_id: cy.id, share_minor: 1 },
        { user_id: ana.id, share_minor: 700 },
        { user_id: bea.id, share_minor: 33 },
      ]),
    );
    await store.ledger.createExpense(trip.id, groupExpense([{ user_id: bea.id, share_minor: 5 }]));
    await store.close();
    const raw = new Database(file);
    raw.exec(BEFORE_LEAN_SHARES);
    raw.close();
    expect(sharesTableSql(file)).not.toContain('WITHOUT ROWID');

    const upgraded = openSqliteStore(file);
    const expenses = await upgraded.ledger.listExpenses(trip.id);
    expect(expenses.map((e) => e.shares)).toEqual(
      expect.arrayContaining([
        [
          { user_id: cy.id, share_minor: 1 },
          { user_id: ana.id, share_minor: 700 },
          { user_id: bea.id, share_minor: 33 },
        ],
        [{ user_id: bea.id, share_minor: 5 }],
      ]),
    );
    expect(await upgraded.ledger.shareTotal(trip.id, bea.id)).toBe(38);
    // A trip deleted takes its expenses' shares with it (the cascade the rebuilt table keeps).
    await upgraded.trips.delete(trip.id);
    await upgraded.close();
    expect(sharesTableSql(file)).toContain('WITHOUT ROWID');
    const check = new Database(file, { readonly: true });
    expect(check.prepare('SELECT count(*) FROM expense_shares').pluck().get()).toBe(0);
    check.close();
  });

  it('refuses an expense that names a person twice, as the dropped unique index did, and writes none of it', async () => {
    const store = openSqliteStore(tempDbFile());
    const { trip, people } = await tripOfPeople(store, ['Ana', 'Bea']);
    const [ana, bea] = people;
    const twice = groupExpense([
      { user_id: ana.id, share_minor: 10 },
      { user_id: bea.id, share_minor: 10 },
      { user_id: ana.id, share_minor: 10 },
    ]);
    await expect(store.ledger.createExpense(trip.id, twice)).rejects.toThrow('names a person twice');
    expect(await store.ledger.listExpenses(trip.id)).toEqual([]);
    expect(await store.trips.get(trip.id)).toMatchObject({ expense_count: 0, total_expenses_minor: 0 });
    await store.close();
  });
});

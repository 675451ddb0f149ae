import type Database from 'better-sqlite3';
import type { Migration } from './migrations';

/** The last answers of one read, per key, valid while what it reads is not written. */
export interface ReadMemo<T> {
  /** The remembered answer when nothing it reads was written since, else `read(key)` (then remembered). */
  get(key: string): T;
  /** Remembers an answer the caller knows is the database's current one (just written by it, say). */
  remember(key: string, value: T): void;
}

/**
 * Every write to trip memberships or to users moves the 'members' count, by trigger, whatever statement or cascade
 * made it: a memo of members lists stays valid through the expense writes that would otherwise end it.
 */
export const readMemoMigrations: Migration[] = [
  {
    id: '050-change-counts',
    sql: `CREATE TABLE change_counts (name TEXT PRIMARY KEY, count INTEGER NOT NULL) STRICT;
    INSERT INTO change_counts (name, count) VALUES ('members', 0);
    ${['trip_members', 'users']
      .flatMap((table) =>
        ['INSERT', 'UPDATE', 'DELETE'].map(
          (change) => `CREATE TRIGGER ${table}_${change.toLowerCase()}_counted AFTER ${change} ON ${table}
          BEGIN UPDATE change_counts SET count = count + 1 WHERE name = 'members'; END;`,
        ),
      )
      .join('\n')}`,
  },
];

/** What a memo's answers depend on: any row of the database, or only memberships and users. */
export type MemoScope = 'any' | 'members';

const STAMP_SQL: Record<MemoScope, string> = {
  any: "SELECT total_changes() || ' ' || data_version FROM pragma_data_version",
  members: `SELECT count || ' ' || (SELECT data_version FROM pragma_data_version) FROM change_counts
    WHERE name = 'members'`,
};

/**
 * Memos for reads of thousands of rows that one request asks twice, or many requests in a row (a 10k-member trip's
 * members and ledger totals): each read runs synchronously on the event loop, so asking again costs every other
 * request the wait. An answer is kept for as long as what it depends on stays as it was when it was read — for
 * 'any', no row changed through this connection (`total_changes()`, moved by every write, even one rolled back);
 * for 'members', the count above — and no other connection committed (`data_version`), so it is never stale.
 * Nothing read inside a transaction is remembered. The answers are shared: callers must not change them.
 */
export function createReadMemos(db: Database.Database) {
  return function readMemo<T>(read: (key: string) => T, scope: MemoScope = 'any', keep = 4): ReadMemo<T> {
    const stamp = db.prepare<[], string>(STAMP_SQL[scope]).pluck();
    const answers = new Map<string, { stamp: string; value: T }>();
    const remember = (key: string, value: T) => {
      // Inside a transaction the answer may include writes that are then rolled back.
      if (db.inTransaction) return;
      answers.delete(key);
      answers.set(key, { stamp: stamp.get() as string, value });
      // Map keeps insertion order: the first key is the one least recently remembered.
      if (answers.size > keep) answers.delete(answers.keys().next().value as string);
    };
    return {
      get(key) {
        const kept = answers.get(key);
        if (kept && kept.stamp === stamp.get()) return kept.value;
        const value = read(key);
        remember(key, value);
        return value;
      },
      remember,
    };
  };
}

export type ReadMemos = ReturnType<typeof createReadMemos>;

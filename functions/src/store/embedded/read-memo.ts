import type Database from 'better-sqlite3';

/** The last answers of one read, per key, valid while nothing is written to the database. */
export interface ReadMemo<T> {
  /** The remembered answer when nothing was written since it was read, else `read(key)` (then remembered). */
  get(key: string): T;
  /** Remembers an answer the caller knows is the database's current one (just written by it, say). */
  remember(key: string, value: T): void;
}

/**
 * Memos for reads of thousands of rows that one request asks twice, or many requests in a row (a 10k-member trip's
 * members and ledger totals): each read runs synchronously on the event loop, so asking again costs every other
 * request the wait. An answer is kept for as long as the database stays as it was when it was read — no row
 * changed through this connection (`total_changes()`, moved by every write, even one rolled back) and no commit by
 * another connection (`data_version`) — so it is never stale. Nothing read inside a transaction is remembered. The
 * answers are shared: callers must not change them.
 */
export function createReadMemos(db: Database.Database) {
  const stampOf = db
    .prepare<[], string>("SELECT total_changes() || ' ' || data_version FROM pragma_data_version")
    .pluck();

  return function readMemo<T>(read: (key: string) => T, keep = 4): ReadMemo<T> {
    const answers = new Map<string, { stamp: string; value: T }>();
    const remember = (key: string, value: T) => {
      // Inside a transaction the answer may include writes that are then rolled back (the count stays moved).
      if (db.inTransaction) return;
      answers.delete(key);
      answers.set(key, { stamp: stampOf.get() as string, value });
      // Map keeps insertion order: the first key is the one least recently remembered.
      if (answers.size > keep) answers.delete(answers.keys().next().value as string);
    };
    return {
      get(key) {
        const kept = answers.get(key);
        if (kept && kept.stamp === stampOf.get()) return kept.value;
        const value = read(key);
        remember(key, value);
        return value;
      },
      remember,
    };
  };
}

export type ReadMemos = ReturnType<typeof createReadMemos>;

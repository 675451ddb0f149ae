import type Database from 'better-sqlite3';

interface PendingWrite {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** Runs a synchronous write inside the next group commit; resolves once that commit is on disk. */
export type GroupWrite = <T>(write: () => T) => Promise<T>;

const committers = new WeakMap<Database.Database, GroupWrite>();

/**
 * Group commit: writes that arrive in the same turn of the event loop (requests read together from their sockets)
 * run in one SQLite transaction, each in its own savepoint so one write's failure undoes only that write, and
 * share one commit, so one fsync makes all of them durable. Each promise settles only after that commit, so a
 * write answered 2xx is on disk. One committer per connection, so every adapter on it groups together.
 */
export function groupCommit(db: Database.Database): GroupWrite {
  const existing = committers.get(db);
  if (existing) return existing;
  let pending: PendingWrite[] = [];

  const flush = () => {
    const batch = pending;
    pending = [];
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      db.transaction(() => {
        for (const { write } of batch) {
          try {
            // Nested inside the open transaction, better-sqlite3 runs this as a savepoint.
            outcomes.push({ ok: true, value: db.transaction(write)() });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      }).immediate();
    } catch (error) {
      for (const { reject } of batch) reject(error);
      return;
    }
    batch.forEach(({ resolve, reject }, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) resolve(outcome.value);
      else reject(outcome.error);
    });
  };

  const write: GroupWrite = <T>(run: () => T) =>
    new Promise<T>((resolve, reject) => {
      // setImmediate runs after the poll phase, so every request read in this turn has queued its write by then.
      if (pending.length === 0) setImmediate(flush);
      pending.push({ write: run, resolve: resolve as (value: unknown) => void, reject });
    });
  committers.set(db, write);
  return write;
}

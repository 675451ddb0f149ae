import fs from 'node:fs';
import type Database from 'better-sqlite3';

interface PendingWrite {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** Runs a synchronous write inside the next group commit; resolves once that commit is on disk. */
export type GroupWrite = <T>(write: () => T) => Promise<T>;

const committers = new WeakMap<Database.Database, GroupWrite>();

/** Flushes the database's write-ahead log to disk, on libuv's thread pool. */
async function syncWal(db: Database.Database): Promise<void> {
  const wal = await fs.promises.open(`${db.name}-wal`, 'r');
  try {
    await wal.sync();
  } finally {
    await wal.close();
  }
}

/**
 * Group commit: writes that arrive in the same turn of the event loop (requests read together from their sockets)
 * run in one SQLite transaction, each in its own savepoint so one write's failure undoes only that write, and
 * share one commit, so one fsync makes all of them durable. Each promise settles only after that fsync, so a
 * write answered 2xx is on disk. In WAL mode the fsync does not hold the event loop: the group commits with
 * synchronous = NORMAL (its frames written to the log, not yet flushed) and the log is then fsynced off the main
 * thread while other requests, and the next group's commit, go on. One committer per connection, so every adapter
 * on it groups together.
 */
export function groupCommit(db: Database.Database): GroupWrite {
  const existing = committers.get(db);
  if (existing) return existing;
  const wal = !db.memory && db.pragma('journal_mode', { simple: true }) === 'wal';
  let pending: PendingWrite[] = [];

  const flush = () => {
    const batch = pending;
    pending = [];
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    const synchronous = db.pragma('synchronous', { simple: true }) as number;
    try {
      if (wal) db.pragma('synchronous = NORMAL');
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
    } finally {
      if (wal) db.pragma(`synchronous = ${synchronous}`);
    }
    const settle = () =>
      batch.forEach(({ resolve, reject }, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) resolve(outcome.value);
        else reject(outcome.error);
      });
    // Were the log not flushed, nothing in the group is answered as written.
    if (wal) syncWal(db).then(settle, (error: unknown) => batch.forEach(({ reject }) => reject(error)));
    else settle();
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

import fs from 'node:fs';
import { promisify } from 'node:util';
import type Database from 'better-sqlite3';

/**
 * Work a group's writes share, made once per attempt at the group (see `Group.shared`): what the writes read once
 * for all of them, and what they add up to and write once. `finish` runs after the group's last write, inside its
 * transaction, before the commit.
 */
export interface GroupStep {
  finish(): void;
}

/** The group a write runs in. */
export interface Group {
  /**
   * The step `key` names in this attempt at the group, made by `create` for the first write that asks. A write adds
   * to a step only as its last act, once nothing of it can fail any more, so a write that fails never added to one.
   */
  shared<S extends GroupStep>(key: object, create: () => S): S;
}

interface PendingWrite {
  write: (group: Group) => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  awaitDurable: NonNullable<GroupWriteOptions<unknown>['awaitDurable']>;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface GroupWriteOptions<T> {
  /**
   * Whether the write's promise waits for the log's fsync (true, the default) or settles once its group has
   * committed: then every reader on the connection sees it, but a crash before a later flush may lose it. A
   * function decides from the write's value (a write that throws then settles at once: it wrote nothing). Only a
   * write whose loss in a crash loses nothing anyone was told may pass false (see the idempotency claim).
   */
  awaitDurable?: boolean | ((value: T) => boolean);
}

/**
 * Runs a synchronous write inside the next group commit; resolves once that commit is on disk (or, with
 * `awaitDurable`, once it committed).
 */
export type GroupWrite = <T>(write: (group: Group) => T, options?: GroupWriteOptions<T>) => Promise<T>;

const committers = new WeakMap<Database.Database, GroupWrite>();
/**
 * The write-ahead log each committer keeps open to flush it (one open file per connection, not one per group), the
 * flush running on the thread pool, and the one queued to start when it ends.
 */
interface WalFile {
  fd: number;
  flushes: Set<Promise<void>>;
  running?: Promise<void>;
  queued?: Promise<void>;
}
const walFiles = new WeakMap<Database.Database, WalFile>();
const fsync = promisify(fs.fsync);

/**
 * Flushes the database's write-ahead log to disk, on libuv's thread pool, covering every commit made before it is
 * asked. A flush already running may have started before the caller's commit, so the caller waits for the next
 * one; every group that commits while one runs shares that next one. Groups that come faster than the disk flushes
 * thus wake the thread pool once, not once each (on a busy 2-core machine each wake-up can cost the event loop its
 * core for a while).
 */
async function syncWal(db: Database.Database): Promise<void> {
  let wal = walFiles.get(db);
  if (!wal) walFiles.set(db, (wal = { fd: fs.openSync(`${db.name}-wal`, 'r'), flushes: new Set() }));
  const file = wal;
  const track = (flush: Promise<void>) => {
    file.flushes.add(flush);
    void flush.then(
      () => file.flushes.delete(flush),
      () => file.flushes.delete(flush),
    );
    return flush;
  };
  const start = () => {
    const flush = track(fsync(file.fd));
    file.running = flush;
    const done = () => {
      if (file.running === flush) file.running = undefined;
    };
    flush.then(done, done);
    return flush;
  };
  // The queued flush starts after this commit, so it covers it.
  if (file.queued) return file.queued;
  if (!file.running) return start();
  const queued = track(
    file.running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        file.queued = undefined;
        return start();
      }),
  );
  file.queued = queued;
  return queued;
}

/**
 * Closes the log the committer of `db` keeps open, after the flushes under way. Call it before the database closes:
 * SQLite removes the log when its last connection closes.
 */
export async function closeGroupCommit(db: Database.Database): Promise<void> {
  const wal = walFiles.get(db);
  if (!wal) return;
  walFiles.delete(db);
  await Promise.allSettled(wal.flushes);
  fs.closeSync(wal.fd);
}

/** A fresh set of shared steps, finished in the order they were made. */
function newGroup(): Group & { finish(): void } {
  const steps = new Map<object, GroupStep>();
  return {
    shared<S extends GroupStep>(key: object, create: () => S): S {
      let step = steps.get(key);
      if (!step) steps.set(key, (step = create()));
      return step as S;
    },
    finish() {
      for (const step of steps.values()) step.finish();
    },
  };
}

/**
 * Group commit: writes that arrive in the same turn of the event loop (requests read together from their sockets)
 * run in one SQLite transaction and share one commit, so one fsync makes all of them durable. Each promise settles
 * only after that fsync (unless its write passed `awaitDurable`), so a write answered 2xx is on disk. In WAL mode
 * the fsync does not hold the event loop: the group commits with synchronous = NORMAL (its frames written to the
 * log, not yet flushed) and the log is then fsynced off the main thread while other requests, and the next group's
 * commit, go on. One committer per connection, so every adapter on it groups together.
 *
 * The writes first run one after another with nothing between them. Should any of them throw, that attempt is
 * rolled back whole and the group runs again with each write in its own savepoint, so a failing write undoes only
 * itself and the others commit; the first attempt spares every write a savepoint (its journal of each page it
 * touches) in the usual case where none fails. A write may therefore run twice: it must be a function of the
 * database alone.
 */
export function groupCommit(db: Database.Database): GroupWrite {
  const existing = committers.get(db);
  if (existing) return existing;
  const wal = !db.memory && db.pragma('journal_mode', { simple: true }) === 'wal';
  let pending: PendingWrite[] = [];
  // Prepared once: db.pragma() compiles its statement anew on every call, three times a group.
  const synchronousLevel = db.prepare<[], number>('PRAGMA synchronous').pluck();
  const setSynchronous = new Map<number, Database.Statement>();
  const synchronousTo = (level: number) => {
    let statement = setSynchronous.get(level);
    if (!statement) setSynchronous.set(level, (statement = db.prepare(`PRAGMA synchronous = ${level}`)));
    statement.run();
  };

  /** One attempt at the group in one transaction: every write's outcome, or throws when the attempt is undone. */
  const attemptInTransaction = db.transaction((batch: PendingWrite[], isolated: boolean): Outcome[] => {
    const group = newGroup();
    const outcomes = batch.map(({ write }): Outcome => {
      // Nested inside the open transaction, better-sqlite3 runs a transaction as a savepoint.
      if (!isolated) return { ok: true, value: write(group) };
      try {
        return { ok: true, value: db.transaction(write)(group) };
      } catch (error) {
        return { ok: false, error };
      }
    });
    group.finish();
    return outcomes;
  });
  const attempt = (batch: PendingWrite[], isolated: boolean): Outcome[] =>
    attemptInTransaction.immediate(batch, isolated);

  const flush = () => {
    const batch = pending;
    pending = [];
    // A write queued just before the database closed (a server shutting down) fails; it must not throw out of the
    // immediate, where nothing would catch it.
    if (!db.open) {
      const closed = new Error('The database closed before the write could run');
      for (const { reject } of batch) reject(closed);
      return;
    }
    let outcomes: Outcome[];
    const synchronous = synchronousLevel.get() as number;
    try {
      if (wal) synchronousTo(1);
      try {
        outcomes = attempt(batch, false);
      } catch {
        outcomes = attempt(batch, true);
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
      return;
    } finally {
      if (wal) synchronousTo(synchronous);
    }
    const settle = (i: number) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) batch[i]!.resolve(outcome.value);
      else batch[i]!.reject(outcome.error);
    };
    const durable: number[] = [];
    batch.forEach(({ awaitDurable }, i) => {
      const outcome = outcomes[i]!;
      const waits =
        typeof awaitDurable === 'function' ? outcome.ok && awaitDurable(outcome.value) : awaitDurable;
      if (wal && waits) durable.push(i);
      else settle(i);
    });
    // Were the log not flushed, nothing that waits for it is answered as written. A group no write waits for asks
    // for no flush: the log is written in order, so the next flush anyone asks for covers its commit too.
    if (durable.length > 0) {
      syncWal(db).then(
        () => durable.forEach(settle),
        (error: unknown) => durable.forEach((i) => batch[i]!.reject(error)),
      );
    }
  };

  const write: GroupWrite = <T>(run: (group: Group) => T, options?: GroupWriteOptions<T>) =>
    new Promise<T>((resolve, reject) => {
      // setImmediate runs after the poll phase, so every request read in this turn has queued its write by then.
      if (pending.length === 0) setImmediate(flush);
      pending.push({
        write: run,
        resolve: resolve as (value: unknown) => void,
        reject,
        awaitDurable: (options?.awaitDurable ?? true) as PendingWrite['awaitDurable'],
      });
    });
  committers.set(db, write);
  return write;
}

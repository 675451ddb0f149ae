import fs from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { walDatabases } from '../../../test-support/wal-database';

/**
 * Each fsync the committer asks for, held until the test lets the real one run: node's fs.fsync is wrapped before
 * group-commit.ts is loaded (it binds fs.fsync when it loads), so the test decides when each flush ends.
 */
const flushes: Array<{ run: () => void; fail: (error: Error) => void }> = [];
const realFsync = fs.fsync;
vi.spyOn(fs, 'fsync').mockImplementation(((fd: number, done: (err: NodeJS.ErrnoException | null) => void) => {
  flushes.push({ run: () => realFsync(fd, done), fail: (error) => done(error) });
}) as typeof fs.fsync);
const { closeGroupCommit, groupCommit } = await import('./group-commit');
const { idempotencyMigrations, sqliteIdempotency } = await import('./idempotency');
const { migrate } = await import('./migrations');

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
/** Lets the oldest held flush run (or fail), and waits for what its end sets off. */
async function endFlush(error?: Error) {
  const flush = flushes.shift() as (typeof flushes)[number];
  if (error) flush.fail(error);
  else flush.run();
  for (let i = 0; i < 5; i += 1) await nextTurn();
}

describe('groupCommit flushes of the log', () => {
  const database = walDatabases('wayfare-flushes-');

  it('has the groups that commit while a flush runs share the next flush, which starts after their commits', async () => {
    const { db } = database('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
    const write = groupCommit(db);
    const settled: string[] = [];
    const group = (text: string) => write(() => insert.run(text)).then(() => settled.push(text));

    const first = group('first');
    await nextTurn();
    expect(flushes).toHaveLength(1);
    // Two more groups commit while the first flush runs: it may have started before them, so neither settles on it.
    const second = group('second');
    await nextTurn();
    const third = group('third');
    await nextTurn();
    expect(db.prepare('SELECT COUNT(*) FROM notes').pluck().get()).toBe(3);
    expect(flushes).toHaveLength(1);

    await endFlush();
    await first;
    expect(settled).toEqual(['first']);
    // One flush for both, started only now that the first has ended.
    expect(flushes).toHaveLength(1);
    await endFlush();
    await Promise.all([second, third]);
    expect(settled).toEqual(['first', 'second', 'third']);
    expect(flushes).toHaveLength(0);

    // With no flush running, a group starts its own at once.
    const later = group('later');
    await nextTurn();
    expect(flushes).toHaveLength(1);
    await endFlush();
    await later;
    await closeGroupCommit(db);
    db.close();
  });

  it('fails only the groups a failed flush was to cover; the next flush serves the groups after them', async () => {
    const { db } = database('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
    const write = groupCommit(db);
    const failing = write(() => insert.run('a')).catch((error: unknown) => error);
    await nextTurn();
    const waiting = write(() => insert.run('b'));
    await nextTurn();
    // The first flush fails (as an fsync on a failing disk would): its group is not answered as written.
    await endFlush(new Error('EIO'));
    expect(await failing).toEqual(new Error('EIO'));
    // The group after it waits for a flush of its own, started once the failed one ended.
    expect(flushes).toHaveLength(1);
    await endFlush();
    await expect(waiting).resolves.toBeDefined();
    await closeGroupCommit(db);
    db.close();
  });

  it('settles a write with awaitDurable: false once committed, asking no flush; a durable write still waits for one, which covers both', async () => {
    const { db, file } = database('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    const reader = new Database(file, { readonly: true });
    const count = () => reader.prepare('SELECT COUNT(*) FROM notes').pluck().get();
    const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
    const write = groupCommit(db);
    const settled: string[] = [];

    const committed = write(() => insert.run('committed'), { awaitDurable: false }).then(() =>
      settled.push('committed'),
    );
    await committed;
    // Settled on its commit (another connection sees it), with no flush asked for: the group had no durable write.
    expect(count()).toBe(1);
    expect(flushes).toHaveLength(0);

    // In one group with a durable write: the other settles on the commit, the durable one on the flush.
    const durable = write(() => insert.run('durable')).then(() => settled.push('durable'));
    const alongside = write(() => insert.run('alongside'), { awaitDurable: false }).then(() =>
      settled.push('alongside'),
    );
    await alongside;
    expect(count()).toBe(3);
    expect(flushes).toHaveLength(1);
    expect(settled).toEqual(['committed', 'alongside']);
    // The log is written in order: this flush, asked for after all three commits, makes all three durable.
    await endFlush();
    await durable;
    expect(settled).toEqual(['committed', 'alongside', 'durable']);
    reader.close();
    await closeGroupCommit(db);
    db.close();
  });

  it('lets awaitDurable decide from the value: a write whose value needs the disk waits for the flush', async () => {
    const { db } = database('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
    const write = groupCommit(db);
    const onDisk = (text: string) => text === 'wait';
    let waited = false;
    await write(() => (insert.run('go'), 'go'), { awaitDurable: onDisk });
    expect(flushes).toHaveLength(0);
    const waiting = write(() => (insert.run('wait'), 'wait'), { awaitDurable: onDisk }).then(
      () => (waited = true),
    );
    await nextTurn();
    expect(flushes).toHaveLength(1);
    expect(waited).toBe(false);
    await endFlush();
    await waiting;
    // A write that throws wrote nothing: it fails on its commit, whatever its value would have been.
    await expect(
      write(
        () => {
          throw new Error('no');
        },
        { awaitDurable: onDisk },
      ),
    ).rejects.toThrow('no');
    expect(flushes).toHaveLength(0);
    await closeGroupCommit(db);
    db.close();
  });

  it("answers an idempotency claim on its commit, before any flush; a taken key's answer and complete wait for the disk", async () => {
    const { db } = database('SELECT 1');
    migrate(db, idempotencyMigrations);
    const keys = sqliteIdempotency(db);
    const [now, lease, later] = [new Date(0), new Date(120_000), new Date(604_800_000)];

    await expect(keys.claim('u1', 'k', 'POST /a', 'p', now, lease)).resolves.toEqual({ state: 'claimed' });
    expect(flushes).toHaveLength(0);
    // A racing request with the same key finds it taken (the claim is committed), and waits for the disk.
    let found = false;
    const racing = keys.claim('u1', 'k', 'POST /a', 'p', now, lease).then(() => (found = true));
    await nextTurn();
    expect(flushes).toHaveLength(1);
    expect(found).toBe(false);
    await endFlush();
    await racing;

    // The answer is kept durably before it is sent.
    let kept = false;
    const completing = keys
      .complete('u1', 'k', { status: 201, body: { id: 'e1' } }, later)
      .then(() => (kept = true));
    await nextTurn();
    expect(flushes).toHaveLength(1);
    expect(kept).toBe(false);
    await endFlush();
    await completing;
    await closeGroupCommit(db);
    db.close();
  });
});

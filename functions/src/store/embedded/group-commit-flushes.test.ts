import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { walDatabases } from './test-wal-database';

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

  it('has the writes that arrive while a flush runs wait for it to end, then commit together and share one flush', async () => {
    const { db } = database('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
    const count = db.prepare('SELECT COUNT(*) FROM notes').pluck();
    const write = groupCommit(db);
    const settled: string[] = [];
    const transactions = new Set<object>();
    const step = {};
    const group = (text: string) =>
      write((g) => {
        transactions.add(g.shared(step, () => ({ finish() {} })));
        return insert.run(text);
      }).then(() => settled.push(text));

    const first = group('first');
    await nextTurn();
    expect(flushes).toHaveLength(1);
    expect(count.get()).toBe(1);
    // Two writes of later turns while the first flush runs: it may have started before any commit of theirs, so
    // they wait for it to end before committing (nothing of them is written yet) and then share one transaction.
    const second = group('second');
    await nextTurn();
    const third = group('third');
    await nextTurn();
    expect(count.get()).toBe(1);
    expect(flushes).toHaveLength(1);

    await endFlush();
    await first;
    await nextTurn();
    expect(settled).toEqual(['first']);
    expect(count.get()).toBe(3);
    expect(transactions.size).toBe(2);
    // One flush for both, started after their commit; neither settles before it ends.
    expect(flushes).toHaveLength(1);
    expect(settled).toEqual(['first']);
    await endFlush();
    await Promise.all([second, third]);
    expect(settled).toEqual(['first', 'second', 'third']);
    expect(flushes).toHaveLength(0);

    // With no flush running, a group commits in its turn and starts its own flush at once.
    const later = group('later');
    await nextTurn();
    expect(count.get()).toBe(4);
    expect(flushes).toHaveLength(1);
    await endFlush();
    await later;
    await closeGroupCommit(db);
    db.close();
  });

  it('fails only the group a failed flush was to cover; the writes waiting for it commit after it and flush anew', async () => {
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
    // The write that waited commits now, with a flush of its own.
    expect(flushes).toHaveLength(1);
    await endFlush();
    await expect(waiting).resolves.toBeDefined();
    await closeGroupCommit(db);
    db.close();
  });
});

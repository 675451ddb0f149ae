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
});

import fs from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { closeGroupCommit, groupCommit } from './group-commit';
import { walDatabases } from '../../../test-support/wal-database';

describe('groupCommit', () => {
  const database = walDatabases('wayfare-group-');
  const open = () => database('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');

  it('runs writes that arrive together in one transaction; each settles after the commit', async () => {
    const { db, file } = open();
    const reader = new Database(file, { readonly: true });
    const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
    const write = groupCommit(db);
    expect(groupCommit(db)).toBe(write);
    let seenByOtherConnection = -1;
    const results = Promise.all([
      write(() => insert.run('a').lastInsertRowid),
      write(() => insert.run('b').lastInsertRowid),
      write(() => {
        insert.run('c');
        // The first two are written but not yet committed: another connection cannot see them.
        seenByOtherConnection = reader.prepare('SELECT COUNT(*) FROM notes').pluck().get() as number;
        return db.inTransaction;
      }),
    ]);
    expect(db.prepare('SELECT COUNT(*) FROM notes').pluck().get()).toBe(0);
    await expect(results).resolves.toEqual([1, 2, true]);
    expect(seenByOtherConnection).toBe(0);
    expect(reader.prepare('SELECT text FROM notes ORDER BY id').pluck().all()).toEqual(['a', 'b', 'c']);
    reader.close();
    db.close();
  });

  it('commits without waiting for the disk and flushes the log before settling, leaving synchronous as it was', async () => {
    const { db, file } = open();
    db.pragma('synchronous = FULL');
    const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
    const write = groupCommit(db);
    let settled = false;
    const written = write(() => insert.run('a')).then(() => (settled = true));
    // The group runs on the next turn; its promise waits for the log's fsync on the thread pool.
    await new Promise((resolve) => setImmediate(resolve));
    expect(new Database(file, { readonly: true }).prepare('SELECT COUNT(*) FROM notes').pluck().get()).toBe(
      1,
    );
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(settled).toBe(false);
    await written;
    expect(settled).toBe(true);
    db.close();
  });

  it("undoes only a failing write's changes; the others in its group commit", async () => {
    const { db } = open();
    const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
    const write = groupCommit(db);
    const outcomes = await Promise.allSettled([
      write(() => insert.run('kept')),
      write(() => {
        insert.run('undone');
        throw new Error('no');
      }),
      write(() => insert.run('also kept')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(db.prepare('SELECT text FROM notes ORDER BY id').pluck().all()).toEqual(['kept', 'also kept']);
    // A later turn starts a new group.
    await write(() => insert.run('later'));
    expect(db.prepare('SELECT COUNT(*) FROM notes').pluck().get()).toBe(3);
    db.close();
  });

  it('gives the writes of a group one shared step, finished once inside the transaction before the commit', async () => {
    const { db } = open();
    const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
    const write = groupCommit(db);
    const key = {};
    let made = 0;
    const joined = () => {
      made += 1;
      const texts: string[] = [];
      return { texts, finish: () => insert.run(texts.join('+')) };
    };
    await Promise.all(
      ['a', 'b', 'c'].map((text) => write((group) => group.shared(key, joined).texts.push(text))),
    );
    expect(made).toBe(1);
    expect(db.prepare('SELECT text FROM notes').pluck().all()).toEqual(['a+b+c']);
    await write((group) => group.shared(key, joined).texts.push('d'));
    expect(made).toBe(2);
  });

  it('runs the group again with a savepoint per write when one fails: shared steps start afresh, the failed write adds nothing', async () => {
    const { db } = open();
    const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
    const write = groupCommit(db);
    const key = {};
    const runs: string[] = [];
    const joined = () => {
      const texts: string[] = [];
      return { texts, finish: () => insert.run(texts.join('+')) };
    };
    const note = (text: string, fail = false) =>
      write((group) => {
        runs.push(text);
        insert.run(text);
        if (fail) throw new Error('no');
        group.shared(key, joined).texts.push(text);
      });
    const outcomes = await Promise.allSettled([note('a'), note('b', true), note('c')]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // The first attempt stopped at the failure and was undone; the second ran every write in its own savepoint.
    expect(runs).toEqual(['a', 'b', 'a', 'b', 'c']);
    expect(db.prepare('SELECT text FROM notes ORDER BY id').pluck().all()).toEqual(['a', 'c', 'a+c']);
  });

  it.runIf(fs.existsSync('/proc/self/fd'))(
    'flushes every group through one open log file, closed by closeGroupCommit',
    async () => {
      const { db, file } = open();
      const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
      const write = groupCommit(db);
      const openLogs = () =>
        fs.readdirSync('/proc/self/fd').filter((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`) === `${file}-wal`;
          } catch {
            return false;
          }
        }).length;
      for (const text of ['a', 'b', 'c']) await write(() => insert.run(text));
      // SQLite's own handle and the committer's.
      expect(openLogs()).toBe(2);
      await closeGroupCommit(db);
      expect(openLogs()).toBe(1);
      db.close();
    },
  );

  it('fails a write queued just before the database closed, instead of throwing out of the event loop', async () => {
    const { db } = open();
    const insert = db.prepare('INSERT INTO notes (text) VALUES (?)');
    const write = groupCommit(db);
    const queued = write(() => insert.run('late'));
    db.close();
    await expect(queued).rejects.toThrow('The database closed before the write could run');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

describe('groupCommit', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  function open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-group-'));
    dirs.push(dir);
    const file = path.join(dir, 'db.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    return { db, file };
  }

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
});

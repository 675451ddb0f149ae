import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from './migrations';
import { createReadMemos, readMemoMigrations } from './read-memo';
import { walDatabases } from '../../../test-support/wal-database';

describe('read memos', () => {
  const database = walDatabases('wayfare-memo-');

  /** A WAL database file with a table of notes, and a memo of the notes' texts that counts its reads. */
  function notes() {
    const { db, file } = database('CREATE TABLE notes (key TEXT, text TEXT)');
    const insert = db.prepare('INSERT INTO notes (key, text) VALUES (?, ?)');
    const select = db
      .prepare<[string], string>('SELECT text FROM notes WHERE key = ? ORDER BY rowid')
      .pluck();
    let reads = 0;
    const memo = createReadMemos(db)((key) => {
      reads += 1;
      return select.all(key);
    });
    return { db, file, insert, memo, reads: () => reads };
  }

  it('answers again from memory until any row is written, then reads anew', () => {
    const { db, insert, memo, reads } = notes();
    insert.run('a', 'one');
    expect(memo.get('a')).toEqual(['one']);
    expect(memo.get('a')).toEqual(['one']);
    expect(reads()).toBe(1);
    // A write to another key moves the count too: no reasoning about which reads it touched.
    insert.run('b', 'two');
    expect(memo.get('a')).toEqual(['one']);
    expect(reads()).toBe(2);
    db.prepare("UPDATE notes SET text = 'uno' WHERE key = 'a'").run();
    expect(memo.get('a')).toEqual(['uno']);
    db.close();
  });

  it('remembers nothing read inside a transaction that is then rolled back', () => {
    const { db, insert, memo } = notes();
    insert.run('a', 'one');
    expect(() =>
      db.transaction(() => {
        insert.run('a', 'two');
        expect(memo.get('a')).toEqual(['one', 'two']);
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(memo.get('a')).toEqual(['one']);
    db.close();
  });

  it("reads anew after another connection's commit", () => {
    const { db, file, insert, memo } = notes();
    insert.run('a', 'one');
    expect(memo.get('a')).toEqual(['one']);
    const other = new Database(file);
    other.prepare("INSERT INTO notes (key, text) VALUES ('a', 'two')").run();
    other.close();
    expect(memo.get('a')).toEqual(['one', 'two']);
    db.close();
  });

  it('keeps the answers it was told are current, and only the last few keys', () => {
    const { db, memo, reads } = notes();
    memo.remember('a', ['told']);
    expect(memo.get('a')).toEqual(['told']);
    for (const key of ['b', 'c', 'd', 'e']) memo.get(key);
    const before = reads();
    expect(memo.get('a')).toEqual([]);
    expect(reads()).toBe(before + 1);
    db.close();
  });

  it('keeps a members memo through writes elsewhere, and ends it with any write to memberships or users, cascades included', () => {
    const { db, insert } = notes();
    db.pragma('foreign_keys = ON');
    db.exec(`CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT);
      CREATE TABLE trips (id TEXT PRIMARY KEY);
      CREATE TABLE trip_members (trip_id TEXT REFERENCES trips(id) ON DELETE CASCADE, user_id TEXT REFERENCES users(id))`);
    migrate(db, readMemoMigrations);
    const select = db.prepare<[string], string>(
      'SELECT u.name FROM trip_members m JOIN users u ON u.id = m.user_id WHERE m.trip_id = ? ORDER BY u.name',
    );
    let reads = 0;
    const members = createReadMemos(db)((trip) => {
      reads += 1;
      return select.pluck().all(trip);
    }, 'members');
    db.exec(`INSERT INTO users VALUES ('u1', 'Ana'), ('u2', 'Bea'); INSERT INTO trips VALUES ('t1');
      INSERT INTO trip_members VALUES ('t1', 'u1')`);
    expect(members.get('t1')).toEqual(['Ana']);
    insert.run('a', 'an expense, say');
    db.exec("INSERT INTO trips VALUES ('t2')");
    expect(members.get('t1')).toEqual(['Ana']);
    expect(reads).toBe(1);
    const changes: Array<[string, string[]]> = [
      ["INSERT INTO trip_members VALUES ('t1', 'u2')", ['Ana', 'Bea']],
      ["UPDATE users SET name = 'Bia' WHERE id = 'u2'", ['Ana', 'Bia']],
      ["DELETE FROM trip_members WHERE user_id = 'u1'", ['Bia']],
      ["DELETE FROM trips WHERE id = 't1'", []],
    ];
    for (const [sql, expected] of changes) {
      db.exec(sql);
      expect(members.get('t1')).toEqual(expected);
    }
    expect(reads).toBe(1 + changes.length);
    db.close();
  });
});

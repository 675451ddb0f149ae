import type Database from 'better-sqlite3';
import type { IdempotencyStore } from '../types';
import { groupCommit } from './group-commit';
import type { Migration } from './migrations';

export const idempotencyMigrations: Migration[] = [
  {
    id: '020-idempotency-keys',
    sql: `CREATE TABLE idempotency_keys (
      user_id TEXT NOT NULL,
      key TEXT NOT NULL,
      request TEXT NOT NULL,
      answer TEXT,
      expires_at TEXT NOT NULL,
      PRIMARY KEY (user_id, key)
    ) STRICT;
    CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);`,
  },
  {
    // The body's fingerprint, so a key reused with another body is told apart; NULL in keys kept before it.
    id: '070-idempotency-payload',
    sql: 'ALTER TABLE idempotency_keys ADD COLUMN payload TEXT',
  },
];

interface Row {
  request: string;
  payload: string | null;
  answer: string | null;
  expires_at: string;
}

/** idempotency_keys: one row per (user, key); the answer as JSON once the write completed. */
export function sqliteIdempotency(db: Database.Database): IdempotencyStore {
  const purge = db.prepare<[string]>('DELETE FROM idempotency_keys WHERE expires_at <= ?');
  const find = db.prepare<[string, string], Row>(
    'SELECT request, payload, answer, expires_at FROM idempotency_keys WHERE user_id = ? AND key = ?',
  );
  const insert = db.prepare<[string, string, string, string | null, string]>(
    'INSERT INTO idempotency_keys (user_id, key, request, payload, answer, expires_at) VALUES (?, ?, ?, ?, NULL, ?)',
  );
  const complete = db.prepare<[string, string, string, string]>(
    'UPDATE idempotency_keys SET answer = ?, expires_at = ? WHERE user_id = ? AND key = ?',
  );
  const remove = db.prepare<[string, string]>('DELETE FROM idempotency_keys WHERE user_id = ? AND key = ?');

  const writeGrouped = groupCommit(db);
  // The check and the claim run as one write, inside the group commit's write transaction, so two racing requests
  // cannot both claim.
  const claim = (
    userId: string,
    key: string,
    request: string,
    payload: string | null,
    now: string,
    leaseUntil: string,
  ) => {
    purge.run(now);
    const row = find.get(userId, key);
    if (row) {
      return {
        state: 'taken' as const,
        request: row.request,
        payload: row.payload,
        answer: row.answer === null ? null : JSON.parse(row.answer),
      };
    }
    insert.run(userId, key, request, payload, leaseUntil);
    return { state: 'claimed' as const };
  };

  return {
    async claim(userId, key, request, payload, now, leaseUntil) {
      const [at, until] = [now.toISOString(), leaseUntil.toISOString()];
      // A key claimed is answered once committed, before its group's fsync, and the request's own writes go on:
      // every later reader on the connection sees the claim, so a racing request still finds it taken. Its loss
      // in a crash loses nothing: no write after it was answered yet, and the log is written in order, so once
      // any later write is flushed (the request's own, and `complete`, which keeps the answer before it is sent)
      // the claim is on disk too. What a taken key found (above all an answer to replay, whose `complete` may
      // not be flushed yet) waits for the disk like any write.
      return writeGrouped(() => claim(userId, key, request, payload, at, until), {
        awaitDurable: (found) => found.state === 'taken',
      });
    },
    async complete(userId, key, answer, expiresAt) {
      const [text, until] = [JSON.stringify(answer), expiresAt.toISOString()];
      await writeGrouped(() => complete.run(text, until, userId, key));
    },
    async release(userId, key) {
      await writeGrouped(() => remove.run(userId, key));
    },
  };
}

import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteIdempotency, idempotencyMigrations } from './idempotency';
import { migrate } from './migrations';
import { walDatabases } from '../../../test-support/wal-database';

const NOW = new Date('2026-11-26T12:00:00Z');
const LEASE = new Date('2026-11-26T12:02:00Z');
const LATER = new Date('2026-12-03T12:00:00Z');

describe('idempotency keys in the group commit', () => {
  const database = walDatabases('wayfare-idem-');
  const open = () => {
    const { db, file } = database('SELECT 1');
    db.pragma('synchronous = FULL');
    migrate(db, idempotencyMigrations);
    const reader = new Database(file, { readonly: true });
    const stored = () =>
      reader.prepare('SELECT key, answer FROM idempotency_keys ORDER BY key').all() as Array<{
        key: string;
        answer: string | null;
      }>;
    return { db, keys: sqliteIdempotency(db), stored, close: () => (reader.close(), db.close()) };
  };

  it('claims with the writes of its turn, in one transaction: of two racing claims of a key one holds it', async () => {
    const { db, keys, stored, close } = open();
    const first = keys.claim('u1', 'k1', 'POST /a', 'p', NOW, LEASE);
    const second = keys.claim('u1', 'k1', 'POST /a', 'p', NOW, LEASE);
    const other = keys.claim('u1', 'k2', 'POST /a', 'p', NOW, LEASE);
    // Nothing is written while the requests of this turn are still arriving.
    expect(stored()).toEqual([]);
    expect(db.inTransaction).toBe(false);
    await expect(Promise.all([first, second, other])).resolves.toEqual([
      { state: 'claimed' },
      { state: 'taken', request: 'POST /a', payload: 'p', answer: null },
      { state: 'claimed' },
    ]);
    expect(stored()).toEqual([
      { key: 'k1', answer: null },
      { key: 'k2', answer: null },
    ]);
    // The connection's own setting is left as it was (the group commits at NORMAL and fsyncs the log itself).
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    close();
  });

  it('keeps an answer, and frees a key, once the group that writes it is on disk', async () => {
    const { keys, stored, close } = open();
    await Promise.all([
      keys.claim('u1', 'done', 'POST /a', null, NOW, LEASE),
      keys.claim('u1', 'failed', 'POST /a', null, NOW, LEASE),
    ]);
    const kept = keys.complete('u1', 'done', { status: 201, body: { id: 'e1' } }, LATER);
    const freed = keys.release('u1', 'failed');
    expect(stored()).toHaveLength(2);
    await Promise.all([kept, freed]);
    expect(stored()).toEqual([{ key: 'done', answer: JSON.stringify({ status: 201, body: { id: 'e1' } }) }]);
    await expect(keys.claim('u1', 'done', 'POST /a', null, NOW, LEASE)).resolves.toEqual({
      state: 'taken',
      request: 'POST /a',
      payload: null,
      answer: { status: 201, body: { id: 'e1' } },
    });
    await expect(keys.claim('u1', 'failed', 'POST /a', null, NOW, LEASE)).resolves.toEqual({
      state: 'claimed',
    });
    close();
  });
});

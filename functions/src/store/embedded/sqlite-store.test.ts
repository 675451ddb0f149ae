import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from './sqlite-store';

const dirs: string[] = [];
const tempDbFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wayfare-sqlite-'));
  dirs.push(dir);
  return path.join(dir, 'nested', 'wayfare.db');
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('embedded SQLite store', () => {
  it('creates its folder, runs in WAL mode and keeps data across a reopen', async () => {
    const file = tempDbFile();
    const first = openSqliteStore(file);
    const user = await first.users.create({
      username: 'kept',
      email: 'kept@example.com',
      first_name: 'Kept',
      last_name: 'User',
      password_hash: 'h',
    });
    await first.close();

    const raw = new Database(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(raw.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({
      n: expect.any(Number),
    });
    raw.close();

    const reopened = openSqliteStore(file);
    await expect(reopened.users.findById(user.id)).resolves.toEqual(user);
    await reopened.close();
  });
});

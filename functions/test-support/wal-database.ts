import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach } from 'vitest';

/**
 * Opens WAL database files made from `schema`, each in a temporary folder of its own, all removed after each test.
 * Call once per test file (it registers the cleanup).
 */
export function walDatabases(prefix: string) {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return (schema: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    const file = path.join(dir, 'db.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec(schema);
    return { db, file };
  };
}

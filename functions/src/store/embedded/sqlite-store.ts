import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { migrate } from './migrations';
import { UniqueConstraintError, uniqueKey, type NewUser, type Store, type UserRecord } from '../types';

const USER_COLUMNS = 'id, username, email, first_name, last_name, password_hash, created_at';

/** Opens (creating and migrating as needed) the embedded database file. */
export function openSqliteStore(file: string): Store {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: a write that answered 2xx survives a power cut, not only a process crash.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);

  const insertUser = db.prepare(
    `INSERT INTO users (id, username, username_key, email, email_key, first_name, last_name, password_hash, created_at)
     VALUES (@id, @username, @username_key, @email, @email_key, @first_name, @last_name, @password_hash, @created_at)`,
  );
  const userById = db.prepare<[string], UserRecord>(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`);
  const userByEmail = db.prepare<[string], UserRecord>(`SELECT ${USER_COLUMNS} FROM users WHERE email_key = ?`);
  const userByUsername = db.prepare<[string], UserRecord>(
    `SELECT ${USER_COLUMNS} FROM users WHERE username_key = ?`,
  );

  return {
    users: {
      async create(user: NewUser) {
        const record: UserRecord = { ...user, id: randomUUID(), created_at: new Date().toISOString() };
        try {
          insertUser.run({ ...record, username_key: uniqueKey(user.username), email_key: uniqueKey(user.email) });
        } catch (err) {
          const message = err instanceof Error ? err.message : '';
          if (message.includes('users.username_key')) throw new UniqueConstraintError('username');
          if (message.includes('users.email_key')) throw new UniqueConstraintError('email');
          throw err;
        }
        return record;
      },
      async findById(id) {
        return userById.get(id) ?? null;
      },
      async findByEmail(email) {
        return userByEmail.get(uniqueKey(email)) ?? null;
      },
      async findByUsername(username) {
        return userByUsername.get(uniqueKey(username)) ?? null;
      },
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      db.close();
    },
  };
}

import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { DEFAULT_ADD_POLICY, type PaymentHandles } from '@wayfare/contract';
import { UniqueConstraintError, uniqueKey, type NewUser, type UserRecord, type UserStore } from '../types';
import type { Migration } from './migrations';
import { boundedCache, keyBytes, recordBytes } from '../../cache-budgets';

export const userMigrations: Migration[] = [
  {
    id: '001-users',
    sql: `CREATE TABLE users (
      id TEXT PRIMARY KEY,
      username TEXT NOT NULL,
      username_key TEXT NOT NULL UNIQUE,
      email TEXT NOT NULL,
      email_key TEXT NOT NULL UNIQUE,
      first_name TEXT NOT NULL,
      last_name TEXT NOT NULL,
      password_hash TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;`,
  },
  {
    // Who may add the user to a trip directly; everyone stored before keeps the spec's behaviour.
    id: '060-user-add-policy',
    sql: `ALTER TABLE users ADD COLUMN add_policy TEXT NOT NULL DEFAULT 'anyone'
      CHECK (add_policy IN ('anyone', 'shared_trip', 'nobody'));`,
  },
  {
    // Guests (guests.ts): the one trip a person without an account is in; NULL for everyone who signed up.
    id: '070-user-guest-trip',
    sql: 'ALTER TABLE users ADD COLUMN guest_trip_id TEXT;',
  },
  {
    // Where the user can be paid (contract payments/handles.ts), as JSON: read whole, written whole, never queried.
    id: '110-user-payment-handles',
    sql: `ALTER TABLE users ADD COLUMN payment_handles TEXT NOT NULL DEFAULT '{}'
      CHECK (json_valid(payment_handles));`,
  },
];

const USER_COLUMNS =
  'id, username, email, first_name, last_name, password_hash, created_at, add_policy, payment_handles, guest_trip_id';

type UserRow = Omit<UserRecord, 'guest_trip_id' | 'payment_handles'> & {
  guest_trip_id: string | null;
  payment_handles: string;
};
/** A registered user's record has no guest_trip_id at all, as on Firestore. */
function toUser({ guest_trip_id, payment_handles, ...row }: UserRow): UserRecord {
  const user = { ...row, payment_handles: JSON.parse(payment_handles) as PaymentHandles };
  return guest_trip_id === null ? user : { ...user, guest_trip_id };
}

/** The users remembered by id: some 8,000 at ~500 bytes each. */
export const USERS_CACHE_BYTES = 4 * 1024 * 1024;

/** The users port, and `forget` for a write elsewhere that deletes a user (claiming a guest, guests.ts). */
export function sqliteUsers(db: Database.Database): UserStore & { forget(id: string): void } {
  const insert = db.prepare(
    `INSERT INTO users (id, username, username_key, email, email_key, first_name, last_name, password_hash, created_at,
       add_policy)
     VALUES (@id, @username, @username_key, @email, @email_key, @first_name, @last_name, @password_hash, @created_at,
       @add_policy)`,
  );
  const setPolicy = db.prepare('UPDATE users SET add_policy = ? WHERE id = ?');
  const setHandles = db.prepare('UPDATE users SET payment_handles = ? WHERE id = ?');
  const byId = db.prepare<[string], UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`);
  const byEmail = db.prepare<[string], UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email_key = ?`);
  const byUsername = db.prepare<[string], UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE username_key = ?`,
  );

  // Every signed-in request looks its user up by id. A user record is never deleted through this port, is changed only
  // by setAddPolicy and setPaymentHandles (which forget it) and this process is the database's only writer, so a user once found is
  // remembered (frozen: shared by requests).
  const found = boundedCache<UserRecord>(
    'users',
    USERS_CACHE_BYTES,
    (user, key) => recordBytes(user) + keyBytes(key),
  );

  return {
    async create(user: NewUser) {
      const record: UserRecord = {
        ...user,
        add_policy: user.add_policy ?? DEFAULT_ADD_POLICY,
        payment_handles: {},
        id: randomUUID(),
        created_at: new Date().toISOString(),
      };
      try {
        const { payment_handles: _none, ...columns } = record;
        insert.run({ ...columns, username_key: uniqueKey(user.username), email_key: uniqueKey(user.email) });
      } catch (err) {
        const message = err instanceof Error ? err.message : '';
        if (message.includes('users.username_key')) throw new UniqueConstraintError('username');
        if (message.includes('users.email_key')) throw new UniqueConstraintError('email');
        throw err;
      }
      return record;
    },
    async findById(id) {
      let user = found.get(id);
      if (!user) {
        const row = byId.get(id);
        if (!row) return null;
        user = Object.freeze(toUser(row));
        found.set(id, user);
      }
      return user;
    },
    async findByEmail(email) {
      const row = byEmail.get(uniqueKey(email));
      return row ? toUser(row) : null;
    },
    async findByUsername(username) {
      const row = byUsername.get(uniqueKey(username));
      return row ? toUser(row) : null;
    },
    forget(id) {
      found.delete(id);
    },
    async setAddPolicy(id, policy) {
      found.delete(id);
      if (setPolicy.run(policy, id).changes === 0) return null;
      return this.findById(id);
    },
    async setPaymentHandles(id, handles) {
      found.delete(id);
      if (setHandles.run(JSON.stringify(handles), id).changes === 0) return null;
      return this.findById(id);
    },
  };
}

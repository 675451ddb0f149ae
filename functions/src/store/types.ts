/**
 * The data port. Feature services depend on this interface only, never on an adapter.
 * Every operation that writes more than one record is atomic inside the adapter.
 */

export interface UserRecord {
  id: string;
  username: string;
  /** Stored lower-case; the unique key for login. */
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  created_at: string;
}

export type NewUser = Omit<UserRecord, 'id' | 'created_at'>;

/** A create that would break a uniqueness rule (username or email, case-insensitive). */
export class UniqueConstraintError extends Error {
  constructor(readonly field: 'username' | 'email') {
    super(`${field} already exists`);
  }
}

export interface UserStore {
  /** Creates the user and claims its username and email; throws UniqueConstraintError when either is taken. */
  create(user: NewUser): Promise<UserRecord>;
  findById(id: string): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  findByUsername(username: string): Promise<UserRecord | null>;
}

export interface Store {
  users: UserStore;
  /** Resolves once the store answers reads; rejects when it cannot. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Uniqueness keys are case-insensitive across scripts, not only ASCII. */
export const uniqueKey = (value: string) => value.trim().toLocaleLowerCase('en-US');

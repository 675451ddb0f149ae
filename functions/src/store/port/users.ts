import type { AddPolicy, PaymentHandles } from '@wayfare/contract';

export interface UserRecord {
  id: string;
  username: string;
  /** Stored lower-case; the unique key for login. */
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  created_at: string;
  /** Who may add them to a trip directly (contract add-policy.ts); 'anyone' for users stored before it. */
  add_policy: AddPolicy;
  /** Where they can be paid (contract payments/handles.ts), shown to the members of their trips; {} until set. */
  payment_handles: PaymentHandles;
  /** Set for a guest (port/guests.ts): the one trip they are in. Guests have no email, username or password. */
  guest_trip_id?: string;
}

export type NewUser = Omit<UserRecord, 'id' | 'created_at' | 'add_policy' | 'payment_handles'> & {
  add_policy?: AddPolicy;
};

export interface UserStore {
  /** Creates the user and claims its username and email; throws UniqueConstraintError when either is taken. */
  create(user: NewUser): Promise<UserRecord>;
  findById(id: string): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  findByUsername(username: string): Promise<UserRecord | null>;
  /** Stores the user's add policy; the updated user, or null when there is no such user. */
  setAddPolicy(id: string, policy: AddPolicy): Promise<UserRecord | null>;
  /** Replaces the user's payment handles with `handles`; the updated user, or null when there is no such user. */
  setPaymentHandles(id: string, handles: PaymentHandles): Promise<UserRecord | null>;
}

/** Uniqueness keys are case-insensitive across scripts, not only ASCII. */
export const uniqueKey = (value: string) => value.trim().toLocaleLowerCase('en-US');

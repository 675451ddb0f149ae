/**
 * The data port. Feature services depend on this interface only, never on an adapter.
 * Every operation that writes more than one record is atomic inside the adapter.
 */
import type { Attraction, TripRole } from '@wayfare/contract';

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
  constructor(readonly field: 'username' | 'email' | 'member') {
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

export interface TripRecord {
  id: string;
  owner_id: string;
  trip_name: string;
  description: string;
  city_name: string;
  /** yyyy-MM-dd */
  start_date: string | null;
  end_date: string | null;
  number_of_people: number;
  budget_range: string | null;
  /** Key of the uploaded trip image in the file store; null when the trip has none. */
  image_path: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The AI guide as the provider wrote it (JSON text, or raw text when it did not parse). */
  recommendations: string | null;
  /** Which provider wrote the guide, e.g. 'offline' or 'gemini'. */
  recommendations_provider: string | null;
  attractions: Attraction[];
  /** The question-flow answers the trip was created from. */
  preferences: Record<string, unknown> | null;
  expense_count: number;
  total_expenses_cents: number;
  created_at: string;
  updated_at: string;
}

export type NewTrip = Omit<
  TripRecord,
  'id' | 'owner_id' | 'expense_count' | 'total_expenses_cents' | 'created_at' | 'updated_at'
>;

/** The fields a trip edit may change. */
export type TripPatch = Partial<
  Pick<TripRecord, 'trip_name' | 'description' | 'start_date' | 'end_date' | 'image_path' | 'number_of_people'>
>;

/** A trip as one of its members sees it in a list. */
export interface MemberTrip extends TripRecord {
  role: TripRole;
  member_count: number;
  owner_username: string;
}

export interface TripStore {
  /** Creates the trip and makes its owner the first member, in one atomic write. */
  create(ownerId: string, trip: NewTrip): Promise<TripRecord>;
  get(id: string): Promise<TripRecord | null>;
  /** Applies the patch and bumps updated_at; null when the trip does not exist. */
  update(id: string, patch: TripPatch): Promise<TripRecord | null>;
  /** Deletes the trip and everything under it (members, plans, expenses, settlements); false when absent. */
  delete(id: string): Promise<boolean>;
  /** The trips the user belongs to, newest first. */
  listForUser(userId: string): Promise<MemberTrip[]>;
}

export interface MemberRecord {
  trip_id: string;
  user_id: string;
  role: TripRole;
  joined_at: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
}

export interface MemberStore {
  roleOf(tripId: string, userId: string): Promise<TripRole | null>;
  /** The trip's members with their names, the owner first, then by joining time. */
  list(tripId: string): Promise<MemberRecord[]>;
  /** Adds a participant; throws UniqueConstraintError('member') when already a member. */
  add(tripId: string, userId: string): Promise<MemberRecord>;
  /** Removes a participant (never the owner: callers check); false when not a member. */
  remove(tripId: string, userId: string): Promise<boolean>;
}

export interface Store {
  users: UserStore;
  trips: TripStore;
  members: MemberStore;
  /** Resolves once the store answers reads; rejects when it cannot. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Uniqueness keys are case-insensitive across scripts, not only ASCII. */
export const uniqueKey = (value: string) => value.trim().toLocaleLowerCase('en-US');

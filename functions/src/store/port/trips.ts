import type { Attraction, GuideStatus, SplitTripsSummary, TripCursor, TripRole } from '@wayfare/contract';

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
  /** Whether the AI guide is still being written (then recommendations are null), written, or the fallback. */
  guide_status: GuideStatus;
  /** The AI guide as the provider wrote it (JSON text, or raw text when it did not parse). */
  recommendations: string | null;
  /** Which provider wrote the guide, e.g. 'offline' or 'gemini'. */
  recommendations_provider: string | null;
  attractions: Attraction[];
  /** The question-flow answers the trip was created from. */
  preferences: Record<string, unknown> | null;
  /**
   * ISO 4217 code of the trip's ledger: every amount_minor, share, total and settlement is in its minor units.
   * Absent on trips stored before currencies: US dollars (homeCurrencyOf).
   */
  home_currency?: string;
  expense_count: number;
  total_expenses_minor: number;
  /** Bumped by every expense write in the same atomic write: a changed ledger always has a new version. */
  ledger_version: number;
  created_at: string;
  updated_at: string;
}

export type NewTrip = Omit<
  TripRecord,
  | 'id'
  | 'owner_id'
  | 'expense_count'
  | 'total_expenses_minor'
  | 'ledger_version'
  | 'created_at'
  | 'updated_at'
>;

/** The fields a trip edit may change. */
export type TripPatch = Partial<
  Pick<
    TripRecord,
    'trip_name' | 'description' | 'start_date' | 'end_date' | 'image_path' | 'number_of_people'
  >
>;

/** The trip fields a list answers: never the guide, attractions or preferences, which lists do not show. */
export type TripListFields = Pick<
  TripRecord,
  | 'id'
  | 'owner_id'
  | 'trip_name'
  | 'description'
  | 'city_name'
  | 'start_date'
  | 'end_date'
  | 'number_of_people'
  | 'budget_range'
  | 'image_path'
  | 'latitude'
  | 'longitude'
  | 'home_currency'
  | 'expense_count'
  | 'total_expenses_minor'
  | 'ledger_version'
  | 'created_at'
>;

/** The columns behind TripListFields, for adapters that select them by name. */
export const TRIP_LIST_FIELDS = [
  'id',
  'owner_id',
  'trip_name',
  'description',
  'city_name',
  'start_date',
  'end_date',
  'number_of_people',
  'budget_range',
  'image_path',
  'latitude',
  'longitude',
  'home_currency',
  'expense_count',
  'total_expenses_minor',
  'ledger_version',
  'created_at',
] as const satisfies ReadonlyArray<keyof TripListFields>;

/** A page of a member's trips: up to `limit`, strictly after `after` (from the newest when null). */
export interface TripPageRequest {
  limit: number;
  after: TripCursor | null;
}

/** A trip as one of its members sees it in a list. */
export interface MemberTrip extends TripListFields {
  role: TripRole;
  member_count: number;
  owner_username: string;
  /** Who added this member directly (members.add with addedBy); null when they joined otherwise. */
  added_by_username: string | null;
}

/** A trip as the access check of a member's request reads it: its list fields and the caller's role, nothing more. */
export interface TripAccess {
  trip: TripListFields;
  role: TripRole;
}

/** A finished guide as its writer leaves it on the trip. */
export type WrittenGuide = Pick<
  TripRecord,
  'recommendations' | 'recommendations_provider' | 'attractions'
> & {
  guide_status: Exclude<GuideStatus, 'writing'>;
};

export interface TripStore {
  /** Creates the trip and makes its owner the first member, in one atomic write. */
  create(ownerId: string, trip: NewTrip): Promise<TripRecord>;
  /**
   * Stores the written guide only while the trip's guide is still 'writing', checked and written atomically, so a
   * repeated or late job never overwrites a finished guide. False when it was not written (finished, or no trip).
   */
  finishGuide(id: string, guide: WrittenGuide): Promise<boolean>;
  /** Ids of the trips whose guide is still 'writing' (left so by a process that stopped mid-job). */
  listWritingGuides(): Promise<string[]>;
  get(id: string): Promise<TripRecord | null>;
  /** Applies the patch and bumps updated_at; null when the trip does not exist. */
  update(id: string, patch: TripPatch): Promise<TripRecord | null>;
  /** Deletes the trip and everything under it (members, plans, expenses, settlements); false when absent. */
  delete(id: string): Promise<boolean>;
  /**
   * The trip's list fields (never its guide, attractions or preferences) and the user's role in it, in one read;
   * null when the trip does not exist or the user is not a member.
   */
  accessFor(id: string, userId: string): Promise<TripAccess | null>;
  /** The trip's list fields, never its guide, attractions or preferences; null when the trip does not exist. */
  listFields(id: string): Promise<TripListFields | null>;
  /**
   * The trips the user belongs to, newest first (created_at desc, then id desc): all of them, or with `page` up to
   * `limit` strictly after `after`. Member counts are kept on the trip by every membership change.
   */
  listForUser(userId: string, page?: TripPageRequest): Promise<MemberTrip[]>;
  /** The user's kept share total in each of these trips, in their order (0 where no expense shares with them). */
  shareTotals(userId: string, tripIds: readonly string[]): Promise<number[]>;
  /** How many trips the user is in, their expenses and their totals per home currency (currencies in code order). */
  summaryForUser(userId: string): Promise<SplitTripsSummary>;
  /** How many members the trip has, counted without loading them; 0 when it does not exist. */
  countMembers(id: string): Promise<number>;
  /**
   * Sets the trip's home currency in one atomic step with the check that its ledger is empty (no expense, no
   * settlement), since every stored amount is in it: 'in-use' (nothing written) otherwise. Bumps ledger_version.
   */
  setHomeCurrency(id: string, currency: string, actorId?: string): Promise<'set' | 'not-found' | 'in-use'>;
}

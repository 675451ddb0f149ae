import type Database from 'better-sqlite3';
import type { TripRole } from '@wayfare/contract';
import {
  UniqueConstraintError,
  type MemberRecord,
  type MemberStore,
  type NewTrip,
  type TripPatch,
  type TripRecord,
  type TripListFields,
  type TripStore,
  TRIP_LIST_FIELDS,
} from '../types';
import { newTripRecord } from '../shared/new-records';
import { sqliteActivityLog } from './activity';
import type { Migration } from './migrations';
import type { ReadMemos } from './read-memo';
import { sqliteMemberTrips } from './member-trips';

export const tripMigrations: Migration[] = [
  {
    id: '002-trips-and-members',
    sql: `CREATE TABLE trips (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users(id),
      trip_name TEXT NOT NULL,
      description TEXT NOT NULL,
      city_name TEXT NOT NULL,
      start_date TEXT,
      end_date TEXT,
      number_of_people INTEGER NOT NULL,
      budget_range TEXT,
      image_path TEXT,
      latitude REAL,
      longitude REAL,
      recommendations TEXT,
      recommendations_provider TEXT,
      attractions TEXT NOT NULL,
      preferences TEXT,
      expense_count INTEGER NOT NULL DEFAULT 0,
      total_expenses_cents INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE TABLE trip_members (
      trip_id TEXT NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users(id),
      role TEXT NOT NULL CHECK (role IN ('owner', 'participant')),
      joined_at TEXT NOT NULL,
      PRIMARY KEY (trip_id, user_id)
    ) STRICT;
    CREATE INDEX trip_members_by_user ON trip_members(user_id);`,
  },
  {
    id: '012-trip-ledger-version',
    sql: 'ALTER TABLE trips ADD COLUMN ledger_version INTEGER NOT NULL DEFAULT 0;',
  },
  {
    // Trips from before background guides had theirs written at creation.
    id: '040-trip-guide-status',
    sql: `ALTER TABLE trips ADD COLUMN guide_status TEXT NOT NULL DEFAULT 'ready'
        CHECK (guide_status IN ('writing', 'ready', 'fallback'));
      CREATE INDEX trips_writing_guides ON trips(id) WHERE guide_status = 'writing';`,
  },
  {
    // The currency of every amount in the trip's ledger; trips stored before are in US dollars.
    id: '014-trip-home-currency',
    sql: "ALTER TABLE trips ADD COLUMN home_currency TEXT NOT NULL DEFAULT 'USD';",
  },
  {
    // Who added the member directly (null: the owner, or joined by invitation or link).
    id: '061-member-added-by',
    sql: 'ALTER TABLE trip_members ADD COLUMN added_by TEXT REFERENCES users(id);',
  },
  {
    // Whole shares in a by_shares split; everyone from before counts as one person.
    id: '072-member-weight',
    sql: 'ALTER TABLE trip_members ADD COLUMN weight INTEGER NOT NULL DEFAULT 1 CHECK (weight BETWEEN 1 AND 99);',
  },
];

type TripRow = Omit<TripRecord, 'attractions' | 'preferences'> & {
  attractions: string;
  preferences: string | null;
};

// member_count is a list figure (member-trips.ts) and settle_by_household the households' switch (households.ts),
// not parts of the record.
const fromRow = <R extends TripRow>({
  attractions,
  preferences,
  member_count: _count,
  settle_by_household: _settle,
  ...rest
}: R & { member_count?: number; settle_by_household?: number }) => ({
  ...rest,
  attractions: JSON.parse(attractions) as TripRecord['attractions'],
  preferences: preferences === null ? null : (JSON.parse(preferences) as Record<string, unknown>),
});

const toRow = (trip: TripRecord): TripRow => ({
  ...trip,
  attractions: JSON.stringify(trip.attractions),
  preferences: trip.preferences === null ? null : JSON.stringify(trip.preferences),
});

const PATCHABLE: ReadonlyArray<keyof TripPatch> = [
  'trip_name',
  'description',
  'start_date',
  'end_date',
  'image_path',
  'number_of_people',
];

export function sqliteTrips(db: Database.Database): TripStore {
  const insertTrip = db.prepare(
    `INSERT INTO trips (id, owner_id, trip_name, description, city_name, start_date, end_date, number_of_people,
       budget_range, image_path, latitude, longitude, guide_status, recommendations, recommendations_provider,
       attractions, preferences, home_currency, expense_count, total_expenses_minor, created_at, updated_at)
     VALUES (@id, @owner_id, @trip_name, @description, @city_name, @start_date, @end_date, @number_of_people,
       @budget_range, @image_path, @latitude, @longitude, @guide_status, @recommendations, @recommendations_provider,
       @attractions, @preferences, @home_currency, @expense_count, @total_expenses_minor, @created_at, @updated_at)`,
  );
  const finishGuide = db.prepare(
    `UPDATE trips SET guide_status = @guide_status, recommendations = @recommendations,
       recommendations_provider = @recommendations_provider, attractions = @attractions, updated_at = @updated_at
     WHERE id = @id AND guide_status = 'writing'`,
  );
  const writingGuides = db
    .prepare<[], string>("SELECT id FROM trips WHERE guide_status = 'writing' ORDER BY created_at")
    .pluck();
  const setHomeCurrency = db.prepare(
    `UPDATE trips SET home_currency = @currency, updated_at = @at, ledger_version = ledger_version + 1
     WHERE id = @id AND expense_count = 0 AND NOT EXISTS (SELECT 1 FROM settlements WHERE trip_id = @id)`,
  );
  const tripExists = db.prepare<[string], number>('SELECT 1 FROM trips WHERE id = ?').pluck();
  const currencyOf = db.prepare<[string], string>('SELECT home_currency FROM trips WHERE id = ?').pluck();
  const history = sqliteActivityLog(db);
  const changeCurrency = db.transaction((id: string, currency: string, actorId: string | null) => {
    const from = currencyOf.get(id);
    if (setHomeCurrency.run({ id, currency, at: new Date().toISOString() }).changes === 0) return false;
    history.change(id, actorId, { kind: 'trip.home_currency', from: from ?? currency, to: currency });
    return true;
  });
  const insertMember = db.prepare(
    'INSERT INTO trip_members (trip_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)',
  );
  const byId = db.prepare<[string], TripRow>('SELECT * FROM trips WHERE id = ?');
  const deleteTrip = db.prepare('DELETE FROM trips WHERE id = ?');
  const deleteGuests = db.prepare('DELETE FROM users WHERE guest_trip_id = ?');
  // The trip's guests are people of it alone: they go with it, once their memberships have.
  const deleteWithGuests = db.transaction((id: string) => {
    const deleted = deleteTrip.run(id).changes > 0;
    if (deleted) deleteGuests.run(id);
    return deleted;
  });
  // The access check of nearly every trip request: the list columns and the caller's role on the members' primary
  // key, never the guide text or attractions (the whole row and its JSON were a tenth of an expense page's time).
  const forMember = db.prepare<[string, string], TripListFields & { role: TripRole }>(
    `SELECT ${TRIP_LIST_FIELDS.map((field) => `t.${field}`).join(', ')}, m.role
     FROM trip_members m JOIN trips t ON t.id = m.trip_id
     WHERE m.trip_id = ? AND m.user_id = ?`,
  );
  const listFields = db.prepare<[string], TripListFields>(
    `SELECT ${TRIP_LIST_FIELDS.join(', ')} FROM trips WHERE id = ?`,
  );
  const memberCount = db.prepare<[string], number>('SELECT member_count FROM trips WHERE id = ?').pluck();

  const create = db.transaction((trip: TripRecord) => {
    insertTrip.run(toRow(trip));
    insertMember.run(trip.id, trip.owner_id, 'owner', trip.created_at);
  });

  return {
    // The lists read kept figures: only the listed columns, so the guide text and attractions are neither read nor
    // parsed, and member counts kept on the trip (member-trips.ts).
    ...sqliteMemberTrips(db),
    async create(ownerId: string, input: NewTrip) {
      const trip = newTripRecord(ownerId, input);
      create(trip);
      return trip;
    },
    async get(id) {
      const row = byId.get(id);
      return row ? fromRow(row) : null;
    },
    async finishGuide(id, guide) {
      const result = finishGuide.run({
        ...guide,
        attractions: JSON.stringify(guide.attractions),
        id,
        updated_at: new Date().toISOString(),
      });
      return result.changes > 0;
    },
    async listWritingGuides() {
      return writingGuides.all();
    },
    async update(id, patch) {
      const fields = PATCHABLE.filter((field) => patch[field] !== undefined);
      const assignments = [...fields.map((field) => `${field} = @${field}`), 'updated_at = @updated_at'];
      const result = db.prepare(`UPDATE trips SET ${assignments.join(', ')} WHERE id = @id`).run({
        ...Object.fromEntries(fields.map((f) => [f, patch[f]])),
        id,
        updated_at: new Date().toISOString(),
      });
      return result.changes ? this.get(id) : null;
    },
    async delete(id) {
      // Members, plans, expenses and settlements go with it through ON DELETE CASCADE; its guests after them.
      return deleteWithGuests(id);
    },
    async accessFor(id, userId) {
      const row = forMember.get(id, userId);
      if (!row) return null;
      const { role, ...trip } = row;
      return { trip, role };
    },
    async listFields(id) {
      return listFields.get(id) ?? null;
    },
    async countMembers(id) {
      return memberCount.get(id) ?? 0;
    },
    async setHomeCurrency(id, currency, actorId) {
      if (changeCurrency(id, currency, actorId ?? null)) return 'set';
      return tripExists.get(id) ? 'in-use' : 'not-found';
    },
  };
}

/** A member with their names, as MemberRecord has it once read by memberRows; callers add the WHERE. */
export const MEMBER_SELECT = `SELECT m.trip_id, m.user_id, m.role, m.joined_at, u.username, u.email, u.first_name,
     u.last_name, u.guest_trip_id IS NOT NULL AS is_guest, m.weight
     FROM trip_members m JOIN users u ON u.id = m.user_id`;

type MemberRow = Omit<MemberRecord, 'is_guest'> & { is_guest: 0 | 1 };
const toMember = (row: MemberRow): MemberRecord => ({ ...row, is_guest: row.is_guest === 1 });

/** A MEMBER_SELECT statement whose rows are MemberRecords (SQLite answers the guest flag as 0 or 1). */
export function memberRows<P extends unknown[]>(db: Database.Database, sql: string) {
  const statement = db.prepare<P, MemberRow>(sql);
  return {
    get: (...params: P) => {
      const row = statement.get(...params);
      return row && toMember(row);
    },
    all: (...params: P) => statement.all(...params).map(toMember),
  };
}
/** Parameters: trip id, user id, joined_at. */
export const INSERT_PARTICIPANT_SQL =
  "INSERT INTO trip_members (trip_id, user_id, role, joined_at) VALUES (?, ?, 'participant', ?)";
const INSERT_ADDED_PARTICIPANT_SQL = `INSERT INTO trip_members (trip_id, user_id, role, joined_at, added_by)
  VALUES (?, ?, 'participant', ?, ?)`;

/** Whether the trip's ledger names the user: they paid (or paid a part), share in, or are named by a settlement. */
export const LEDGER_ENTRY_SQL = `SELECT 1 AS found WHERE
       EXISTS (SELECT 1 FROM expenses WHERE trip_id = @trip AND paid_by = @user)
       OR EXISTS (SELECT 1 FROM expenses e, json_each(e.payers) p WHERE e.trip_id = @trip
                  AND e.payers IS NOT NULL AND json_extract(p.value, '$.user_id') = @user)
       OR EXISTS (SELECT 1 FROM expense_shares s JOIN expenses e ON e.id = s.expense_id
                  WHERE e.trip_id = @trip AND s.user_id = @user)
       OR EXISTS (SELECT 1 FROM settlements WHERE trip_id = @trip AND (from_user_id = @user OR to_user_id = @user))`;

export function sqliteMembers(db: Database.Database, memos: ReadMemos): MemberStore {
  const role = db.prepare<[string, string], { role: TripRole }>(
    'SELECT role FROM trip_members WHERE trip_id = ? AND user_id = ?',
  );
  const list = memberRows<[string]>(
    db,
    `${MEMBER_SELECT} WHERE m.trip_id = ? ORDER BY m.role = 'owner' DESC, m.joined_at, m.user_id`,
  );
  // Settlement calculations and expense writes each read a big trip's members: unchanged, from memory.
  const members = memos((tripId) => list.all(tripId), 'members');
  const one = memberRows<[string, string]>(db, `${MEMBER_SELECT} WHERE m.trip_id = ? AND m.user_id = ?`);
  const insert = db.prepare(INSERT_ADDED_PARTICIPANT_SQL);
  const clearInvitation = db.prepare('DELETE FROM trip_invitations WHERE trip_id = ? AND user_id = ?');
  const shared = db
    .prepare<[string, string], number>(
      `SELECT 1 FROM trip_members a JOIN trip_members b ON b.trip_id = a.trip_id AND b.user_id = ?
       WHERE a.user_id = ? LIMIT 1`,
    )
    .pluck();
  const deleteMember = db.prepare('DELETE FROM trip_members WHERE trip_id = ? AND user_id = ?');
  const inLedger = db.prepare<[{ trip: string; user: string }], { found: number }>(LEDGER_ENTRY_SQL);
  const setRole = db.prepare(
    'UPDATE trip_members SET role = @role WHERE trip_id = @trip AND user_id = @user',
  );
  const setTripOwner = db.prepare('UPDATE trips SET owner_id = @user WHERE id = @trip');
  const setWeight = db.prepare('UPDATE trip_members SET weight = ? WHERE trip_id = ? AND user_id = ?');
  const weightOf = db.prepare<[string, string], { weight: number }>(
    'SELECT weight FROM trip_members WHERE trip_id = ? AND user_id = ?',
  );
  const history = sqliteActivityLog(db);

  // Each is one transaction: what it checks cannot change before it writes.
  const removeUnlessInLedger = db.transaction((trip: string, user: string, actorId: string | null) => {
    if (role.get(trip, user)?.role !== 'participant') return 'not-member' as const;
    if (inLedger.get({ trip, user })) return 'in-ledger' as const;
    deleteMember.run(trip, user);
    history.change(trip, actorId, { kind: 'member.removed', user_id: user });
    return 'removed' as const;
  });
  /** false when they are not a member; the change is history, a weight set to what it was is not. */
  const changeWeight = db.transaction((trip: string, user: string, weight: number, actorId: string) => {
    const from = weightOf.get(trip, user)?.weight;
    if (from === undefined) return false;
    if (from === weight) return true;
    setWeight.run(weight, trip, user);
    history.change(trip, actorId, { kind: 'member.weight', user_id: user, from, to: weight });
    return true;
  });
  const leave = db.transaction((trip: string, user: string) => {
    const current = role.get(trip, user)?.role;
    if (!current) return 'not-member' as const;
    if (current === 'owner') return 'owner' as const;
    deleteMember.run(trip, user);
    history.change(trip, user, { kind: 'member.left', user_id: user });
    return 'left' as const;
  });
  const add = db.transaction((trip: string, user: string, addedBy: string | null) => {
    insert.run(trip, user, new Date().toISOString(), addedBy);
    clearInvitation.run(trip, user);
    // A direct add by another member is history; seeding and tests add without an actor.
    if (addedBy) history.change(trip, addedBy, { kind: 'member.joined', user_id: user });
  });
  const transfer = db.transaction((trip: string, from: string, to: string) => {
    if (role.get(trip, from)?.role !== 'owner') return 'not-owner' as const;
    if (role.get(trip, to)?.role !== 'participant') return 'not-member' as const;
    setRole.run({ trip, user: from, role: 'participant' });
    setRole.run({ trip, user: to, role: 'owner' });
    setTripOwner.run({ trip, user: to });
    return 'transferred' as const;
  });

  return {
    async roleOf(tripId, userId) {
      return role.get(tripId, userId)?.role ?? null;
    },
    async list(tripId) {
      return members.get(tripId);
    },
    async add(tripId, userId, addedBy) {
      try {
        add(tripId, userId, addedBy ?? null);
      } catch (err) {
        if (err instanceof Error && err.message.includes('UNIQUE')) throw new UniqueConstraintError('member');
        throw err;
      }
      return one.get(tripId, userId) as MemberRecord;
    },
    async remove(tripId, userId, actorId) {
      return removeUnlessInLedger(tripId, userId, actorId ?? null);
    },
    async leave(tripId, userId) {
      return leave(tripId, userId);
    },
    async shareATrip(userId, otherUserId) {
      return shared.get(otherUserId, userId) === 1;
    },
    async transferOwnership(tripId, fromUserId, toUserId) {
      return transfer(tripId, fromUserId, toUserId);
    },
    async setWeight(tripId, userId, weight, actorId) {
      if (!changeWeight(tripId, userId, weight, actorId)) return null;
      return one.get(tripId, userId) as MemberRecord;
    },
  };
}

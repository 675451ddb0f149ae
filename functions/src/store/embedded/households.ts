/**
 * Households on SQLite (port/households.ts): `trip_households` and their members in `trip_household_members`, whose
 * (trip_id, user_id) key keeps a person in one household of a trip; the switch is a column of `trips`. A trigger on
 * `trip_members` applies decisions/household-decision.ts's withoutMember to every way a person leaves a trip (removed,
 * leaving, a guest removed, the trip deleted), so no removal path has to remember households.
 */
import type Database from 'better-sqlite3';
import { householdWrite } from '../decisions/household-decision';
import type { HouseholdDraft, HouseholdRecord, HouseholdStore, HouseholdWrite } from '../types';
import type { Migration } from './migrations';

export const householdMigrations: Migration[] = [
  {
    id: '073-households',
    sql: `CREATE TABLE trip_households (
      id TEXT PRIMARY KEY,
      trip_id TEXT NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      payer_user_id TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX trip_households_by_trip ON trip_households(trip_id, id);
    CREATE TABLE trip_household_members (
      trip_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      household_id TEXT NOT NULL REFERENCES trip_households(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      PRIMARY KEY (trip_id, user_id)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX trip_household_members_by_household ON trip_household_members(household_id, position);
    ALTER TABLE trips ADD COLUMN settle_by_household INTEGER NOT NULL DEFAULT 0 CHECK (settle_by_household IN (0, 1));
    CREATE TRIGGER trip_members_leave_household AFTER DELETE ON trip_members
    WHEN EXISTS (SELECT 1 FROM trip_household_members WHERE trip_id = OLD.trip_id AND user_id = OLD.user_id)
    BEGIN
      UPDATE trips SET ledger_version = ledger_version + 1 WHERE id = OLD.trip_id;
      DELETE FROM trip_household_members WHERE trip_id = OLD.trip_id AND user_id = OLD.user_id;
      DELETE FROM trip_households WHERE trip_id = OLD.trip_id
        AND NOT EXISTS (SELECT 1 FROM trip_household_members m WHERE m.household_id = trip_households.id);
      UPDATE trip_households SET payer_user_id = (
          SELECT m.user_id FROM trip_household_members m WHERE m.household_id = trip_households.id
          ORDER BY m.position LIMIT 1)
        WHERE trip_id = OLD.trip_id AND payer_user_id = OLD.user_id;
    END;`,
  },
];

/** Statements of the guest claim's rewrite (guests.ts), run once the account's membership exists. */
export const HOUSEHOLD_CLAIM_REWRITES = [
  'UPDATE trip_household_members SET user_id = @user WHERE trip_id = @trip AND user_id = @guest',
  'UPDATE trip_households SET payer_user_id = @user WHERE trip_id = @trip AND payer_user_id = @guest',
];

type HouseholdRow = Omit<HouseholdRecord, 'member_ids'>;

export function sqliteHouseholds(db: Database.Database): HouseholdStore {
  const householdRows = db.prepare<[string], HouseholdRow>(
    'SELECT id, trip_id, name, payer_user_id, created_at, updated_at FROM trip_households WHERE trip_id = ? ORDER BY id',
  );
  const memberRows = db.prepare<[string], { household_id: string; user_id: string }>(
    'SELECT household_id, user_id FROM trip_household_members WHERE trip_id = ? ORDER BY household_id, position',
  );
  const switchOf = db.prepare<[string], number>('SELECT settle_by_household FROM trips WHERE id = ?').pluck();
  const memberIds = db
    .prepare<[string], string>('SELECT user_id FROM trip_members WHERE trip_id = ?')
    .pluck();
  const insertHousehold = db.prepare(
    `INSERT INTO trip_households (id, trip_id, name, payer_user_id, created_at, updated_at)
     VALUES (@id, @trip_id, @name, @payer_user_id, @created_at, @updated_at)`,
  );
  const updateHousehold = db.prepare(
    `UPDATE trip_households SET name = @name, payer_user_id = @payer_user_id, updated_at = @updated_at
     WHERE id = @id AND trip_id = @trip_id AND created_at = @created_at`,
  );
  const deleteMembers = db.prepare('DELETE FROM trip_household_members WHERE household_id = ?');
  const insertMember = db.prepare(
    'INSERT INTO trip_household_members (trip_id, user_id, household_id, position) VALUES (?, ?, ?, ?)',
  );
  const deleteHousehold = db.prepare('DELETE FROM trip_households WHERE trip_id = ? AND id = ?');
  const bumpVersion = db.prepare('UPDATE trips SET ledger_version = ledger_version + 1 WHERE id = ?');
  const setSwitch = db.prepare(
    'UPDATE trips SET settle_by_household = ?, ledger_version = ledger_version + 1 WHERE id = ?',
  );

  function householdsOf(tripId: string): HouseholdRecord[] {
    const members = new Map<string, string[]>();
    for (const { household_id, user_id } of memberRows.all(tripId)) {
      const list = members.get(household_id) ?? [];
      list.push(user_id);
      members.set(household_id, list);
    }
    return householdRows.all(tripId).map((row) => ({ ...row, member_ids: members.get(row.id) ?? [] }));
  }

  // One transaction each: the checks read what the write then relies on.
  const save = db.transaction(
    (tripId: string, draft: HouseholdDraft, householdId: string | null): HouseholdWrite => {
      const write = householdWrite(
        tripId,
        draft,
        householdId,
        householdsOf(tripId),
        new Set(memberIds.all(tripId)),
      );
      if (write.outcome !== 'saved') return write;
      const { household } = write;
      const { member_ids: _members, ...row } = household;
      if (householdId !== null) {
        updateHousehold.run(row);
        deleteMembers.run(household.id);
      } else {
        insertHousehold.run(row);
      }
      household.member_ids.forEach((userId, position) =>
        insertMember.run(tripId, userId, household.id, position),
      );
      bumpVersion.run(tripId);
      return write;
    },
  );
  const remove = db.transaction((tripId: string, householdId: string) => {
    if (deleteHousehold.run(tripId, householdId).changes === 0) return false;
    bumpVersion.run(tripId);
    return true;
  });

  return {
    async list(tripId) {
      return { settle_by_household: switchOf.get(tripId) === 1, households: householdsOf(tripId) };
    },
    async create(tripId, draft) {
      return save(tripId, draft, null);
    },
    async update(tripId, householdId, draft) {
      return save(tripId, draft, householdId);
    },
    async remove(tripId, householdId) {
      return remove(tripId, householdId);
    },
    async setSettleByHousehold(tripId, on) {
      return setSwitch.run(on ? 1 : 0, tripId).changes > 0;
    },
  };
}

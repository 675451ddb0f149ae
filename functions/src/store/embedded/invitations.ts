import type Database from 'better-sqlite3';
import {
  UniqueConstraintError,
  type InvitationRecord,
  type InvitationStore,
  type MemberRecord,
  type TripInvitation,
  type UserInvitation,
} from '../types';
import { sqliteActivityLog } from './activity';
import type { Migration } from './migrations';
import { INSERT_PARTICIPANT_SQL, MEMBER_SELECT, memberRows } from './trips';

export const invitationMigrations: Migration[] = [
  {
    id: '013-trip-invitations',
    sql: `CREATE TABLE trip_invitations (
      trip_id TEXT NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users(id),
      invited_by TEXT NOT NULL REFERENCES users(id),
      created_at TEXT NOT NULL,
      PRIMARY KEY (trip_id, user_id)
    ) STRICT;
    CREATE INDEX trip_invitations_by_user ON trip_invitations(user_id, created_at);`,
  },
];

export function sqliteInvitations(db: Database.Database): InvitationStore {
  const isMember = db
    .prepare<[string, string], number>('SELECT 1 FROM trip_members WHERE trip_id = ? AND user_id = ?')
    .pluck();
  const pending = db.prepare<[string, string], InvitationRecord>(
    'SELECT * FROM trip_invitations WHERE trip_id = ? AND user_id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO trip_invitations (trip_id, user_id, invited_by, created_at)
     VALUES (@trip_id, @user_id, @invited_by, @created_at)`,
  );
  const remove = db.prepare('DELETE FROM trip_invitations WHERE trip_id = ? AND user_id = ?');
  const insertMember = db.prepare(INSERT_PARTICIPANT_SQL);
  const member = memberRows<[string, string]>(db, `${MEMBER_SELECT} WHERE m.trip_id = ? AND m.user_id = ?`);
  const ofTrip = db.prepare<[string], TripInvitation>(
    `SELECT i.*, u.username FROM trip_invitations i JOIN users u ON u.id = i.user_id
     WHERE i.trip_id = ? ORDER BY i.created_at, i.user_id`,
  );
  const ofUser = db.prepare<[string], UserInvitation>(
    `SELECT i.*, t.trip_name, t.city_name, t.start_date, t.end_date, u.username AS invited_by_username
     FROM trip_invitations i JOIN trips t ON t.id = i.trip_id JOIN users u ON u.id = i.invited_by
     WHERE i.user_id = ? ORDER BY i.created_at DESC, i.trip_id`,
  );

  const create = db.transaction((invitation: InvitationRecord) => {
    if (isMember.get(invitation.trip_id, invitation.user_id)) throw new UniqueConstraintError('member');
    if (pending.get(invitation.trip_id, invitation.user_id)) throw new UniqueConstraintError('invitation');
    insert.run(invitation);
  });
  const history = sqliteActivityLog(db);
  const accept = db.transaction((tripId: string, userId: string): MemberRecord | null => {
    if (remove.run(tripId, userId).changes === 0) return null;
    if (!isMember.get(tripId, userId)) {
      insertMember.run(tripId, userId, new Date().toISOString());
      history.change(tripId, userId, { kind: 'member.joined', user_id: userId });
    }
    return member.get(tripId, userId) as MemberRecord;
  });

  return {
    async create(tripId, userId, invitedBy) {
      const invitation: InvitationRecord = {
        trip_id: tripId,
        user_id: userId,
        invited_by: invitedBy,
        created_at: new Date().toISOString(),
      };
      create(invitation);
      return invitation;
    },
    async listForTrip(tripId) {
      return ofTrip.all(tripId);
    },
    async listForUser(userId) {
      return ofUser.all(userId);
    },
    async accept(tripId, userId) {
      return accept(tripId, userId);
    },
    async decline(tripId, userId) {
      return remove.run(tripId, userId).changes > 0;
    },
  };
}

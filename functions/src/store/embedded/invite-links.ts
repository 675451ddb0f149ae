import type Database from 'better-sqlite3';
import { joinDecision } from '../decisions/join-decision';
import type { InviteLinkRecord, InviteLinkStore, JoinByLinkOutcome, MemberRecord } from '../types';
import { sqliteActivityLog } from './activity';
import type { Migration } from './migrations';
import { INSERT_PARTICIPANT_SQL, MEMBER_SELECT, memberRows } from './trips';

export const inviteLinkMigrations: Migration[] = [
  {
    // Numbered apart from the 01x series other features add to, so no two branches pick the same id.
    id: '030-trip-invite-links',
    sql: `CREATE TABLE trip_invite_links (
      token_hash TEXT PRIMARY KEY,
      trip_id TEXT NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
      created_by TEXT NOT NULL REFERENCES users(id),
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      max_uses INTEGER,
      uses INTEGER NOT NULL DEFAULT 0,
      revoked_at TEXT
    ) STRICT;
    CREATE UNIQUE INDEX trip_invite_links_active ON trip_invite_links(trip_id) WHERE revoked_at IS NULL;`,
  },
];

export function sqliteInviteLinks(db: Database.Database): InviteLinkStore {
  const insert = db.prepare(
    `INSERT INTO trip_invite_links (token_hash, trip_id, created_by, created_at, expires_at, max_uses, uses, revoked_at)
     VALUES (@token_hash, @trip_id, @created_by, @created_at, @expires_at, @max_uses, 0, NULL)`,
  );
  const revokeActive = db.prepare(
    'UPDATE trip_invite_links SET revoked_at = ? WHERE trip_id = ? AND revoked_at IS NULL',
  );
  const activeOf = db.prepare<[string], InviteLinkRecord & { created_by_username: string }>(
    `SELECT l.*, u.username AS created_by_username FROM trip_invite_links l JOIN users u ON u.id = l.created_by
     WHERE l.trip_id = ? AND l.revoked_at IS NULL`,
  );
  const byHash = db.prepare<[string], InviteLinkRecord>(
    'SELECT * FROM trip_invite_links WHERE token_hash = ?',
  );
  const isMember = db
    .prepare<[string, string], number>('SELECT 1 FROM trip_members WHERE trip_id = ? AND user_id = ?')
    .pluck();
  const insertMember = db.prepare(INSERT_PARTICIPANT_SQL);
  const countUse = db.prepare('UPDATE trip_invite_links SET uses = uses + 1 WHERE token_hash = ?');
  const clearInvitation = db.prepare('DELETE FROM trip_invitations WHERE trip_id = ? AND user_id = ?');
  const member = memberRows<[string, string]>(db, `${MEMBER_SELECT} WHERE m.trip_id = ? AND m.user_id = ?`);

  const create = db.transaction((link: Omit<InviteLinkRecord, 'revoked_at' | 'uses'>) => {
    revokeActive.run(link.created_at, link.trip_id);
    insert.run(link);
  });
  const history = sqliteActivityLog(db);
  const join = db.transaction((tokenHash: string, userId: string, at: string): JoinByLinkOutcome => {
    const link = byHash.get(tokenHash);
    if (!link) return { outcome: 'unknown' };
    const decision = joinDecision(link, isMember.get(link.trip_id, userId) ? 'member' : 'not-member', at);
    if (decision.outcome === 'member') {
      return { outcome: 'member', member: member.get(link.trip_id, userId) as MemberRecord };
    }
    if (decision.outcome !== 'join') return decision;
    insertMember.run(link.trip_id, userId, at);
    history.change(link.trip_id, userId, { kind: 'member.joined', user_id: userId });
    countUse.run(tokenHash);
    clearInvitation.run(link.trip_id, userId);
    return { outcome: 'joined', member: member.get(link.trip_id, userId) as MemberRecord };
  });

  return {
    async create(link) {
      create(link);
      return { ...link, uses: 0, revoked_at: null };
    },
    async active(tripId) {
      return activeOf.get(tripId) ?? null;
    },
    async find(tokenHash) {
      return byHash.get(tokenHash) ?? null;
    },
    async revoke(tripId, at) {
      return revokeActive.run(at, tripId).changes > 0;
    },
    async join(tokenHash, userId, at) {
      return join(tokenHash, userId, at);
    },
  };
}

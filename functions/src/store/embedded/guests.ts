/**
 * Guests on SQLite (port/guests.ts). A guest is a `users` row with `guest_trip_id` set, an empty email and username
 * (their unique keys are `guest:{id}`, which no sign-in looks up) and no password; `trip_guests` keeps each trip's
 * guest names unique. Claiming rewrites every row of the trip that names the guest: a guest is only ever in one
 * trip, so `user_id = guest` finds them, and JSON columns are rewritten by their quoted id (ids are UUIDs, so the
 * quoted id appears nowhere else).
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { AddGuestOutcome, ClaimLinkRecord, ClaimOutcome, GuestStore, NewClaimLink } from '../types';
import { uniqueKey } from '../types';
import { sqliteActivityLog } from './activity';
import { HOUSEHOLD_CLAIM_REWRITES } from './households';
import type { Migration } from './migrations';
import { LEDGER_ENTRY_SQL, MEMBER_SELECT, memberRows } from './trips';

export const guestMigrations: Migration[] = [
  {
    id: '071-trip-guests-and-claim-links',
    sql: `CREATE TABLE trip_guests (
      trip_id TEXT NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
      name_key TEXT NOT NULL,
      user_id TEXT NOT NULL UNIQUE,
      PRIMARY KEY (trip_id, name_key)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE guest_claim_links (
      token_hash TEXT PRIMARY KEY,
      trip_id TEXT NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
      guest_id TEXT NOT NULL,
      created_by TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      revoked_at TEXT,
      used_at TEXT
    ) STRICT;
    CREATE UNIQUE INDEX guest_claim_links_live ON guest_claim_links(guest_id)
      WHERE revoked_at IS NULL AND used_at IS NULL;`,
  },
];

/** Every statement that renames the guest (@guest, quoted @guestJson) to the user (@user, @userJson) in @trip. */
const CLAIM_REWRITES = [
  `UPDATE expenses SET
     paid_by = CASE paid_by WHEN @guest THEN @user ELSE paid_by END,
     created_by = CASE created_by WHEN @guest THEN @user ELSE created_by END,
     payers = replace(payers, @guestJson, @userJson),
     split = replace(split, @guestJson, @userJson),
     receipt = replace(receipt, @guestJson, @userJson)
   WHERE trip_id = @trip`,
  'UPDATE expense_shares SET user_id = @user WHERE user_id = @guest',
  // The claimer is in no expense of the trip, so a row of theirs holds zeros: the guest's takes its place.
  'DELETE FROM expense_share_totals WHERE trip_id = @trip AND user_id = @user',
  'UPDATE expense_share_totals SET user_id = @user WHERE trip_id = @trip AND user_id = @guest',
  'UPDATE settlements SET from_user_id = @user WHERE trip_id = @trip AND from_user_id = @guest',
  'UPDATE settlements SET to_user_id = @user WHERE trip_id = @trip AND to_user_id = @guest',
  `UPDATE trip_activity SET actor_id = CASE actor_id WHEN @guest THEN @user ELSE actor_id END,
     data = replace(data, @guestJson, @userJson) WHERE trip_id = @trip`,
  'UPDATE trip_budgets SET updated_by = @user WHERE trip_id = @trip AND updated_by = @guest',
  'DELETE FROM trip_invitations WHERE trip_id = @trip AND user_id = @user',
  `INSERT INTO trip_members (trip_id, user_id, role, joined_at, added_by, weight)
     SELECT trip_id, @user, role, joined_at, added_by, weight FROM trip_members
     WHERE trip_id = @trip AND user_id = @guest`,
  // Before the guest's membership goes: its deletion would otherwise take them out of their household.
  ...HOUSEHOLD_CLAIM_REWRITES,
  'DELETE FROM trip_members WHERE trip_id = @trip AND user_id = @guest',
  'DELETE FROM trip_guests WHERE user_id = @guest',
  'DELETE FROM users WHERE id = @guest',
  'UPDATE trips SET ledger_version = ledger_version + 1 WHERE id = @trip',
];

export function sqliteGuests(db: Database.Database, forgetUser: (id: string) => void): GuestStore {
  const history = sqliteActivityLog(db);
  const guestNamed = db.prepare<[string, string], { user_id: string; member: number }>(
    `SELECT g.user_id, EXISTS (SELECT 1 FROM trip_members m WHERE m.trip_id = g.trip_id AND m.user_id = g.user_id)
       AS member FROM trip_guests g WHERE g.trip_id = ? AND g.name_key = ?`,
  );
  const insertUser = db.prepare(
    `INSERT INTO users (id, username, username_key, email, email_key, first_name, last_name, password_hash,
       created_at, add_policy, guest_trip_id)
     VALUES (@id, '', 'guest:' || @id, '', 'guest:' || @id, @name, '', '', @at, 'nobody', @trip)`,
  );
  const insertGuest = db.prepare('INSERT INTO trip_guests (trip_id, name_key, user_id) VALUES (?, ?, ?)');
  const insertMember = db.prepare(
    `INSERT INTO trip_members (trip_id, user_id, role, joined_at, added_by) VALUES (?, ?, 'participant', ?, ?)`,
  );
  const member = memberRows<[string, string]>(db, `${MEMBER_SELECT} WHERE m.trip_id = ? AND m.user_id = ?`);
  const isGuestMember = db
    .prepare<[string, string], number>(
      `SELECT 1 FROM trip_members m JOIN users u ON u.id = m.user_id
       WHERE m.trip_id = ? AND m.user_id = ? AND u.guest_trip_id = m.trip_id`,
    )
    .pluck();
  const isMember = db
    .prepare<[string, string], number>('SELECT 1 FROM trip_members WHERE trip_id = ? AND user_id = ?')
    .pluck();
  const inLedger = db.prepare<[{ trip: string; user: string }], { found: number }>(LEDGER_ENTRY_SQL);
  const deleteMember = db.prepare('DELETE FROM trip_members WHERE trip_id = ? AND user_id = ?');
  const revokeLive = db.prepare(
    'UPDATE guest_claim_links SET revoked_at = ? WHERE guest_id = ? AND revoked_at IS NULL AND used_at IS NULL',
  );
  const insertLink = db.prepare(
    `INSERT INTO guest_claim_links (token_hash, trip_id, guest_id, created_by, created_at, expires_at)
     VALUES (@token_hash, @trip_id, @guest_id, @created_by, @created_at, @expires_at)`,
  );
  const linkOf = db.prepare<[string], ClaimLinkRecord>(
    'SELECT * FROM guest_claim_links WHERE token_hash = ?',
  );
  const useLink = db.prepare('UPDATE guest_claim_links SET used_at = ? WHERE token_hash = ?');
  const rewrites = CLAIM_REWRITES.map((sql) => db.prepare(sql));

  const add = db.transaction((tripId: string, name: string, addedBy: string): AddGuestOutcome => {
    const at = new Date().toISOString();
    const existing = guestNamed.get(tripId, uniqueKey(name));
    if (existing?.member) return { outcome: 'taken' };
    // A removed guest of that name comes back as they were (their name as first written).
    const id = existing?.user_id ?? randomUUID();
    if (!existing) {
      insertUser.run({ id, name, at, trip: tripId });
      insertGuest.run(tripId, uniqueKey(name), id);
    }
    insertMember.run(tripId, id, at, addedBy);
    history.change(tripId, addedBy, { kind: 'member.joined', user_id: id });
    return { outcome: existing ? 'rejoined' : 'added', member: member.get(tripId, id)! };
  });

  const remove = db.transaction((tripId: string, guestId: string, actorId: string) => {
    if (!isGuestMember.get(tripId, guestId)) return 'not-guest' as const;
    deleteMember.run(tripId, guestId);
    revokeLive.run(new Date().toISOString(), guestId);
    history.change(tripId, actorId, { kind: 'member.removed', user_id: guestId });
    return 'removed' as const;
  });

  const createLink = db.transaction((link: NewClaimLink): ClaimLinkRecord | null => {
    if (!isGuestMember.get(link.trip_id, link.guest_id)) return null;
    revokeLive.run(link.created_at, link.guest_id);
    insertLink.run(link);
    return { ...link, revoked_at: null, used_at: null };
  });

  const claim = db.transaction((tokenHash: string, userId: string, at: string): ClaimOutcome => {
    const link = linkOf.get(tokenHash);
    if (!link) return { outcome: 'unknown' };
    if (link.used_at) return { outcome: 'used' };
    if (link.revoked_at) return { outcome: 'revoked' };
    if (link.expires_at <= at) return { outcome: 'expired' };
    const { trip_id: trip, guest_id: guest } = link;
    if (!isGuestMember.get(trip, guest)) return { outcome: 'revoked' };
    if (isMember.get(trip, userId) || inLedger.get({ trip, user: userId }))
      return { outcome: 'already-in-trip' };
    const names = {
      trip,
      guest,
      user: userId,
      guestJson: JSON.stringify(guest),
      userJson: JSON.stringify(userId),
    };
    for (const rewrite of rewrites) rewrite.run(names);
    useLink.run(at, tokenHash);
    return { outcome: 'claimed', member: member.get(trip, userId)!, guest_id: guest };
  });

  return {
    async add(tripId, name, addedBy) {
      return add(tripId, name, addedBy);
    },
    async remove(tripId, guestId, actorId) {
      return remove(tripId, guestId, actorId);
    },
    async createClaimLink(link) {
      return createLink(link);
    },
    async revokeClaimLink(_tripId, guestId, at) {
      return revokeLive.run(at, guestId).changes > 0;
    },
    async findClaimLink(tokenHash) {
      return linkOf.get(tokenHash) ?? null;
    },
    async claim(tokenHash, userId, at) {
      const outcome = claim(tokenHash, userId, at);
      if (outcome.outcome === 'claimed') forgetUser(outcome.guest_id);
      return outcome;
    },
  };
}

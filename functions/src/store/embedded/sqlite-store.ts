import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateDir, makeFilesPrivate, PRIVATE_FILE_MODE } from '../private-paths';
import type { Store } from '../types';
import { activityMigrations, sqliteActivity, sqliteBudgets } from './activity';
import { guestMigrations, sqliteGuests } from './guests';
import { householdMigrations, sqliteHouseholds } from './households';
import { invitationMigrations, sqliteInvitations } from './invitations';
import { linkMigrations, sqliteLinks } from './links';
import { idempotencyMigrations, sqliteIdempotency } from './idempotency';
import { inviteLinkMigrations, sqliteInviteLinks } from './invite-links';
import { closeGroupCommit } from './group-commit';
import { memberTripMigrations } from './member-trips';
import { migrate } from './migrations';
import { createReadMemos, readMemoMigrations } from './read-memo';
import { planMigrations, sqlitePlans } from './plans';
import { receiptMigrations, sqliteReceipts } from './receipts';
import { splitMigrations, sqliteLedger } from './ledger';
import { sqliteMembers, sqliteTrips, tripMigrations } from './trips';
import { sqliteUsers, userMigrations } from './users';

/** Opens (creating and migrating as needed) the embedded database file. */
export function openSqliteStore(file: string): Store {
  ensurePrivateDir(path.dirname(file));
  // SQLite gives the -wal and -shm files the database file's mode: make it private before they exist.
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  makeFilesPrivate(file, `${file}-wal`, `${file}-shm`);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: a write that answered 2xx survives a power cut, not only a process crash.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, [
    ...userMigrations,
    ...tripMigrations,
    ...splitMigrations,
    ...planMigrations,
    ...invitationMigrations,
    ...linkMigrations,
    ...idempotencyMigrations,
    ...inviteLinkMigrations,
    ...receiptMigrations,
    ...readMemoMigrations,
    ...activityMigrations,
    ...memberTripMigrations,
    ...guestMigrations,
    ...householdMigrations,
  ]);

  const ping = db.prepare('SELECT 1');
  // Rows changed through this, the process's one connection, since it opened: every write moves it.
  const changes = db.prepare<[], number>('SELECT total_changes()').pluck();
  const memos = createReadMemos(db);
  const ledger = sqliteLedger(db, memos);
  const users = sqliteUsers(db);
  return {
    users,
    guests: sqliteGuests(db, users.forget),
    households: sqliteHouseholds(db),
    trips: sqliteTrips(db),
    members: sqliteMembers(db, memos),
    invitations: sqliteInvitations(db),
    inviteLinks: sqliteInviteLinks(db),
    ledger,
    receipts: sqliteReceipts(db, ledger),
    plans: sqlitePlans(db),
    links: sqliteLinks(db),
    idempotency: sqliteIdempotency(db),
    activity: sqliteActivity(db),
    budgets: sqliteBudgets(db),
    changeCount() {
      return changes.get() as number;
    },
    async ping() {
      ping.get();
    },
    async close() {
      await closeGroupCommit(db);
      db.close();
    },
  };
}

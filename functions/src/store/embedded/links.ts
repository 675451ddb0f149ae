import type Database from 'better-sqlite3';
import type { LinkKind } from '@wayfare/contract';
import type { LinkRecord, LinkStore } from '../types';
import type { Migration } from './migrations';

export const linkMigrations: Migration[] = [
  {
    // slot is member_id for a calendar feed and '' for the share link: one link per slot (NULLs are never equal).
    id: '021-trip-links',
    sql: `CREATE TABLE trip_links (
      id TEXT PRIMARY KEY,
      trip_id TEXT NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('calendar', 'share')),
      member_id TEXT,
      slot TEXT NOT NULL,
      created_by TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX trip_links_slot ON trip_links(trip_id, kind, slot);`,
  },
];

const slotOf = (memberId: string | null) => memberId ?? '';

export function sqliteLinks(db: Database.Database): LinkStore {
  const SELECT = 'SELECT id, trip_id, kind, member_id, created_by, created_at FROM trip_links';
  const byId = db.prepare<[string, string], LinkRecord>(`${SELECT} WHERE trip_id = ? AND id = ?`);
  const bySlot = db.prepare<[string, LinkKind, string], LinkRecord>(
    `${SELECT} WHERE trip_id = ? AND kind = ? AND slot = ?`,
  );
  const removeSlot = db.prepare<[string, LinkKind, string]>(
    'DELETE FROM trip_links WHERE trip_id = ? AND kind = ? AND slot = ?',
  );
  const insert = db.prepare(
    `INSERT INTO trip_links (id, trip_id, kind, member_id, slot, created_by, created_at)
     VALUES (@id, @trip_id, @kind, @member_id, @slot, @created_by, @created_at)`,
  );
  const replace = db.transaction((record: LinkRecord) => {
    removeSlot.run(record.trip_id, record.kind, slotOf(record.member_id));
    insert.run({ ...record, slot: slotOf(record.member_id) });
    return record;
  });

  return {
    async replace(link) {
      return replace({ ...link, created_at: new Date().toISOString() });
    },
    async get(tripId, id) {
      return byId.get(tripId, id) ?? null;
    },
    async current(tripId, kind, memberId) {
      return bySlot.get(tripId, kind, slotOf(memberId)) ?? null;
    },
    async revoke(tripId, kind, memberId) {
      return removeSlot.run(tripId, kind, slotOf(memberId)).changes > 0;
    },
  };
}

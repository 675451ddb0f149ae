import type Database from 'better-sqlite3';
import type { SplitTripsSummary } from '@wayfare/contract';
import { TRIP_LIST_FIELDS, type MemberTrip, type TripPageRequest, type TripStore } from '../types';
import type { Migration } from './migrations';

/**
 * Figures the trip lists read, kept by the writes that change them: each trip's member count, moved by
 * trigger on every membership insert and delete (whatever statement or cascade made it), and on each membership
 * the trip's creation time, so a user's trips newest first are one range of an index — a page of 24 out of 500
 * reads 24 rows, and no list counts members per trip.
 */
export const memberTripMigrations: Migration[] = [
  {
    id: '100-kept-member-trip-figures',
    sql: `ALTER TABLE trips ADD COLUMN member_count INTEGER NOT NULL DEFAULT 0;
    UPDATE trips SET member_count = (SELECT COUNT(*) FROM trip_members m WHERE m.trip_id = trips.id);
    ALTER TABLE trip_members ADD COLUMN trip_created_at TEXT NOT NULL DEFAULT '';
    UPDATE trip_members SET trip_created_at = (SELECT created_at FROM trips t WHERE t.id = trip_members.trip_id);
    CREATE INDEX trip_members_by_user_newest ON trip_members(user_id, trip_created_at, trip_id);
    CREATE TRIGGER trip_members_kept_in AFTER INSERT ON trip_members BEGIN
      UPDATE trips SET member_count = member_count + 1 WHERE id = NEW.trip_id;
      UPDATE trip_members SET trip_created_at = (SELECT created_at FROM trips WHERE id = NEW.trip_id)
        WHERE trip_id = NEW.trip_id AND user_id = NEW.user_id;
    END;
    CREATE TRIGGER trip_members_kept_out AFTER DELETE ON trip_members BEGIN
      UPDATE trips SET member_count = member_count - 1 WHERE id = OLD.trip_id;
    END;`,
  },
];

type MemberTripReads = Pick<TripStore, 'listForUser' | 'shareTotals' | 'summaryForUser'>;

export function sqliteMemberTrips(db: Database.Database): MemberTripReads {
  const select = `SELECT ${TRIP_LIST_FIELDS.map((field) => `t.${field}`).join(', ')}, m.role, t.member_count,
       u.username AS owner_username, a.username AS added_by_username
     FROM trip_members m
     JOIN trips t ON t.id = m.trip_id
     JOIN users u ON u.id = t.owner_id
     LEFT JOIN users a ON a.id = m.added_by`;
  const order = 'ORDER BY m.trip_created_at DESC, m.trip_id DESC LIMIT @limit';
  const first = db.prepare<[{ user: string; limit: number }], MemberTrip>(
    `${select} WHERE m.user_id = @user ${order}`,
  );
  const after = db.prepare<[{ user: string; limit: number; created: string; id: string }], MemberTrip>(
    `${select} WHERE m.user_id = @user AND (m.trip_created_at, m.trip_id) < (@created, @id) ${order}`,
  );
  const shares = db
    .prepare<[{ user: string; trips: string }], number>(
      `SELECT COALESCE(s.share_minor, 0) FROM json_each(@trips) j
       LEFT JOIN expense_share_totals s ON s.trip_id = j.value AND s.user_id = @user ORDER BY j.key`,
    )
    .pluck();
  const sums = db.prepare<[string], { currency: string; trips: number; expenses: number; cents: number }>(
    `SELECT t.home_currency AS currency, COUNT(*) AS trips, SUM(t.expense_count) AS expenses,
       SUM(t.total_expenses_minor) AS cents
     FROM trip_members m JOIN trips t ON t.id = m.trip_id WHERE m.user_id = ?
     GROUP BY t.home_currency ORDER BY t.home_currency`,
  );

  return {
    async listForUser(userId, page?: TripPageRequest) {
      // LIMIT -1: no limit.
      const limit = page?.limit ?? -1;
      const from = page?.after;
      return from
        ? after.all({ user: userId, limit, created: from.created_at, id: from.id })
        : first.all({ user: userId, limit });
    },
    async shareTotals(userId, tripIds) {
      return tripIds.length ? shares.all({ user: userId, trips: JSON.stringify(tripIds) }) : [];
    },
    async summaryForUser(userId): Promise<SplitTripsSummary> {
      const rows = sums.all(userId);
      return {
        trip_count: rows.reduce((sum, row) => sum + row.trips, 0),
        expense_count: rows.reduce((sum, row) => sum + row.expenses, 0),
        totals: rows.map((row) => ({ currency: row.currency, total_cents: row.cents })),
      };
    },
  };
}

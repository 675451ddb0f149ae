import type Database from 'better-sqlite3';
import type { LedgerDelta } from '../decisions/ledger-delta';
import { sqliteActivityLog } from './activity';

/**
 * One INSERT of many rows (`VALUES (…), (…)`), in statements of at most ROWS_PER_STATEMENT rows so SQLite's
 * parameter limit is never reached and at most that many statements are ever prepared.
 */
const ROWS_PER_STATEMENT = 64;
export function multiRowInsert(db: Database.Database, head: string, row: string, tail = '') {
  const statements = new Map<number, Database.Statement>();
  const statement = (rows: number) => {
    let prepared = statements.get(rows);
    if (!prepared) {
      prepared = db.prepare(`${head} VALUES ${Array(rows).fill(row).join(', ')} ${tail}`);
      statements.set(rows, prepared);
    }
    return prepared;
  };
  return (rows: ReadonlyArray<readonly unknown[]>) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      statement(chunk.length).run(chunk.flat());
    }
  };
}

/** A trip as its expense writes check it: who its members are and the currency its ledger is in. */
export interface TripFacts {
  members: Set<string>;
  homeCurrency: string | undefined;
}

/**
 * What the expense and settlement writes share, prepared once per database: applying a write's ledger delta
 * (ledger-delta.ts) to the trip's figures and people's totals, inserting settlements, reading what a write checks
 * of its trip, and the history log every write records its change in.
 */
export function sqliteLedgerRows(db: Database.Database) {
  // Rows of (trip, person, owed change, paid change); a person listed twice is moved twice.
  const moveLedgerTotals = multiRowInsert(
    db,
    'INSERT INTO expense_share_totals (trip_id, user_id, share_minor, paid_minor)',
    '(?, ?, ?, ?)',
    `ON CONFLICT (trip_id, user_id) DO UPDATE SET share_minor = share_minor + excluded.share_minor,
       paid_minor = paid_minor + excluded.paid_minor`,
  );
  const moveTotals = db.prepare(
    `UPDATE trips SET expense_count = expense_count + @count, total_expenses_minor = total_expenses_minor + @minor,
       ledger_version = ledger_version + 1
     WHERE id = @trip_id`,
  );
  const insertSettlement = db.prepare(
    `INSERT INTO settlements (id, trip_id, from_user_id, to_user_id, amount_minor, settled_at, created_at)
     VALUES (@id, @trip_id, @from_user_id, @to_user_id, @amount_minor, @settled_at, @created_at)`,
  );
  const memberIdsOf = db
    .prepare<[string], string>('SELECT user_id FROM trip_members WHERE trip_id = ?')
    .pluck();
  const homeCurrencyOf = db.prepare<[string], string>('SELECT home_currency FROM trips WHERE id = ?').pluck();

  return {
    history: sqliteActivityLog(db),
    insertSettlement,
    /** Adds a write's ledger delta to the trip's count, total, version and people's totals. */
    applyDelta(tripId: string, delta: LedgerDelta) {
      moveLedgerTotals(
        [...delta.people].map(([userId, person]) => [tripId, userId, person.share_minor, person.paid_minor]),
      );
      moveTotals.run({ trip_id: tripId, count: delta.expense_count, minor: delta.total_expenses_minor });
    },
    /** What a trip's writes check, read once (per trip, group or batch) inside the write's transaction. */
    tripFacts() {
      const trips = new Map<string, TripFacts>();
      return (tripId: string) => {
        let facts = trips.get(tripId);
        if (!facts) {
          facts = { members: new Set(memberIdsOf.all(tripId)), homeCurrency: homeCurrencyOf.get(tripId) };
          trips.set(tripId, facts);
        }
        return facts;
      };
    },
  };
}

export type LedgerRows = ReturnType<typeof sqliteLedgerRows>;

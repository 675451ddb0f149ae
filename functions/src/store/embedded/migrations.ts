import type Database from 'better-sqlite3';

export interface Migration {
  /** Unique and never renamed: it is how the database remembers the migration ran. */
  id: string;
  sql: string;
}

/** Applies, in order and each in its own transaction, every migration the database has not run yet. */
export function migrate(db: Database.Database, migrations: Migration[]): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL) STRICT',
  );
  const applied = new Set(
    db
      .prepare<[], { id: string }>('SELECT id FROM schema_migrations')
      .all()
      .map((r) => r.id),
  );
  const record = db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)');
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.id, new Date().toISOString());
    })();
  }
}

import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { DatabaseConfigError, newerSchemaMessage } from "./errors.js";
import { MIGRATION_WORK, MIGRATIONS, WORK_PREFIX } from "./migrations.js";

export type Db = Database.Database;

/** Opens (creating when needed) the database in WAL mode and applies pending migrations. */
export function openDatabase(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  migrate(db);
  return db;
}

/**
 * Applies every migration newer than the stored user_version, each in its own transaction. A
 * database from a newer bot is refused: this one would not know its tables.
 */
export function migrate(db: Db): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > MIGRATIONS.length) throw new DatabaseConfigError(newerSchemaMessage(current, MIGRATIONS.length));
  for (const [index, sql] of MIGRATIONS.entries()) {
    const version = index + 1;
    if (version <= current) continue;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version}`);
    })();
  }
}

/**
 * Does the data work that migrations queued (see MIGRATION_WORK), each piece once: call it only
 * while holding the instance lock. Says what was done, for the log.
 */
export function runMigrationWork(db: Db, now: number): { version: number; what: string; rows: number }[] {
  const keys = db
    .prepare("SELECT key FROM kv WHERE key > ? AND key < ? ORDER BY key")
    .pluck()
    .all(`${WORK_PREFIX}:`, `${WORK_PREFIX};`) as string[];
  const done: { version: number; what: string; rows: number }[] = [];
  for (const key of keys) {
    const version = Number(key.slice(WORK_PREFIX.length + 1));
    const work = MIGRATION_WORK[version];
    db.transaction(() => {
      // Whoever deletes the row does the work.
      if (db.prepare("DELETE FROM kv WHERE key = ?").run(key).changes === 0 || !work) return;
      done.push({ version, what: work.what, rows: work.run(db, now) });
    })();
  }
  return done;
}

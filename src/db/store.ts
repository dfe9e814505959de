import { Kysely, SqliteDialect } from "kysely";
import { openDatabase, type Db } from "./database.js";
import type { Dialect } from "./dialect.js";
import type { Schema } from "./schema.js";
import { cachedStatements } from "./statements.js";

export type { Dialect } from "./dialect.js";

/** The database, whichever it is: every repository works through `db`, and says `dialect` where SQL differs. */
export interface Store {
  readonly dialect: Dialect;
  readonly db: Kysely<Schema>;
  close(): Promise<void>;
}

/** The embedded SQLite store, with its raw handle for what only SQLite does (runMigrationWork). */
export interface SqliteStore extends Store {
  readonly dialect: "sqlite";
  readonly sqlite: Db;
}

/**
 * Opens (creating when needed) the SQLite database file, brings its schema up to date with the
 * user_version migrations (files of every earlier version keep opening), and serves it through
 * Kysely. One connection: Kysely runs one query (or one transaction) at a time on it.
 */
export function openSqliteStore(path: string): SqliteStore {
  const sqlite = openDatabase(path);
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: cachedStatements(sqlite) }) });
  let closed: Promise<void> | undefined;
  return {
    dialect: "sqlite",
    db,
    sqlite,
    close() {
      closed ??= (async () => {
        await db.destroy();
        // destroy() closes nothing when no query ever ran.
        if (sqlite.open) sqlite.close();
      })();
      return closed;
    },
  };
}

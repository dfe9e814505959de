import { resolve } from "node:path";
import { type DatabaseConnection, type Driver, Kysely, type Dialect as KyselyDialect, SqliteDialect } from "kysely";
import { type Db, openDatabase } from "./database.js";
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
  const dialect = new SqliteDialect({ database: cachedStatements(sqlite) });
  const db = new Kysely<Schema>({ dialect: path === ":memory:" ? dialect : takingTurns(dialect, turnsOf(resolve(path))) });
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

/**
 * Stores of one database file in this process take turns: one query, or one transaction, at a
 * time among them. better-sqlite3 runs each statement synchronously, but a transaction spans
 * several awaits; a second connection of the same process writing meanwhile would wait for the
 * lock synchronously (busy_timeout), holding up the very thread that would release it. (Two
 * processes need nothing of the kind: each goes on while the other waits.) The bot opens one
 * store; a second one in the same process is a test's, or the budget test's second "process".
 */
class Turns {
  private last: Promise<void> = Promise.resolve();

  /** Resolves when it is this caller's turn, with the function that ends it. */
  take(): Promise<() => void> {
    let end!: () => void;
    const previous = this.last;
    this.last = new Promise<void>((resolve) => (end = resolve));
    return previous.then(() => end);
  }
}

const turnsByFile = new Map<string, Turns>();

function turnsOf(file: string): Turns {
  let turns = turnsByFile.get(file);
  if (!turns) {
    turns = new Turns();
    turnsByFile.set(file, turns);
  }
  return turns;
}

/** The dialect, its connection held only during this store's turn (Kysely holds one connection at a time per instance). */
function takingTurns(dialect: SqliteDialect, turns: Turns): KyselyDialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      let endTurn: (() => void) | undefined;
      return {
        init: (options) => driver.init(options),
        async acquireConnection(options): Promise<DatabaseConnection> {
          endTurn = await turns.take();
          return driver.acquireConnection(options);
        },
        async releaseConnection(connection, options) {
          try {
            await driver.releaseConnection(connection, options);
          } finally {
            endTurn?.();
            endTurn = undefined;
          }
        },
        beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
        commitTransaction: (connection) => driver.commitTransaction(connection),
        rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
        savepoint: (connection, name, compile) => driver.savepoint!(connection, name, compile),
        rollbackToSavepoint: (connection, name, compile) => driver.rollbackToSavepoint!(connection, name, compile),
        releaseSavepoint: (connection, name, compile) => driver.releaseSavepoint!(connection, name, compile),
        destroy: (options) => driver.destroy(options),
      };
    },
  };
}

import type { Statement } from "better-sqlite3";
import type { SqliteDatabase } from "kysely";
import type { Db } from "./database.js";

/** Statements kept at most; past this the oldest prepared goes (SQL built with varying lists). */
const KEPT = 500;

/**
 * The better-sqlite3 handle as Kysely's SqliteDialect sees it, with each SQL text prepared once:
 * Kysely prepares every query it runs, and compiling a statement costs more than running the
 * hot ones (the user, the stored conversation: several per update).
 */
export function cachedStatements(db: Db): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        statements.set(sql, statement);
        if (statements.size > KEPT) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
    close() {
      statements.clear();
      if (db.open) db.close();
    },
  };
}

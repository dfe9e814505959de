import type { Statement } from "better-sqlite3";
import type { Db } from "./database.js";

/**
 * Prepares each SQL text once. Compiling a statement costs more than running a simple one, and
 * the hot paths (the user, the stored conversation) run several per update.
 */
export function statementCache(db: Db): (sql: string) => Statement {
  const statements = new Map<string, Statement>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}

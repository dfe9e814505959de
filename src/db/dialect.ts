import { sql, type Expression, type RawBuilder } from "kysely";

/** The database behind a Store: the embedded SQLite file (the default), or a PostgreSQL server. */
export type Dialect = "sqlite" | "postgres";

/*
 * The little SQL that differs between the two. Everything else the repositories write runs on
 * both as it is: positional parameters, ON CONFLICT, RETURNING, IS DISTINCT FROM, coalesce.
 */

/**
 * The row id of the tables that declare no key column (transactions, status_history,
 * budget_grants): SQLite's implicit rowid; PostgreSQL has it as an `id` identity column.
 */
export function rowId(dialect: Dialect): RawBuilder<number> {
  return dialect === "sqlite" ? sql<number>`rowid` : sql<number>`id`;
}

/** The larger of two values, neither of them NULL (SQLite's scalar max, PostgreSQL's GREATEST). */
export function greatest(dialect: Dialect, a: Expression<number>, b: Expression<number> | number): RawBuilder<number> {
  return dialect === "sqlite" ? sql<number>`max(${a}, ${b})` : sql<number>`greatest(${a}, ${b})`;
}

/** The smaller of two values, neither of them NULL (SQLite's scalar min, PostgreSQL's LEAST). */
export function least(dialect: Dialect, a: Expression<number>, b: Expression<number> | number): RawBuilder<number> {
  return dialect === "sqlite" ? sql<number>`min(${a}, ${b})` : sql<number>`least(${a}, ${b})`;
}

/** A text's length in bytes (UTF-8). */
export function octetLength(dialect: Dialect, text: Expression<string>): RawBuilder<number> {
  return dialect === "sqlite" ? sql<number>`length(CAST(${text} AS BLOB))` : sql<number>`octet_length(${text})`;
}

import { type Expression, type Kysely, type RawBuilder, sql } from "kysely";
import { PERSON_LOCK_KINDS } from "./postgres/locks.js";
import type { Schema } from "./schema.js";

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

/**
 * Inside a transaction that reads a person's rows of `kind` and then writes on what it read
 * (counted, then inserted): no other such transaction for that person runs until this one
 * ends. PostgreSQL takes a transaction advisory lock for it (under READ COMMITTED two would
 * both count 2 and both insert a third); SQLite's write transactions run one at a time anyway.
 */
export async function lockPersonRows(
  dialect: Dialect,
  trx: Kysely<Schema>,
  kind: keyof typeof PERSON_LOCK_KINDS,
  userId: number,
): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`SELECT pg_advisory_xact_lock(${PERSON_LOCK_KINDS[kind]}, hashint8(${userId}))`.execute(trx);
}

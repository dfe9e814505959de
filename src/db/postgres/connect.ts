import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import pg from "pg";
import { DatabaseConfigError } from "../errors.js";
import { PREPARED_MARK } from "../prepared.js";
import type { Schema } from "../schema.js";
import { migratePostgres } from "./migrations.js";
import { maskPassword, type PostgresTarget, postgresUrlProblem, urlSecrets } from "./url.js";

export type { PostgresTarget } from "./url.js";

/** The bot's data in PostgreSQL: the data layer's Store, plus the pool under it. */
export interface PostgresStore<DB = Schema> {
  dialect: "postgres";
  db: Kysely<DB>;
  /** The pool `db` runs on, for what goes around Kysely: migrations, the budget journal's steps. */
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  max?: number;
  /** How long a connection may take to open before the server counts as unreachable (default 10 s). */
  connectTimeoutMs?: number;
  /** Bring the schema up to date before returning (default true). */
  migrate?: boolean;
  /**
   * Told when an idle connection of the pool breaks (the server restarted, the network dropped
   * it); the pool opens another when one is needed. Without a listener pg would crash the process.
   */
  onIdleError?: (error: Error) => void;
  /** Tighter (or looser) pool limits than POOL_LIMITS (tests). */
  limits?: Partial<PoolLimits>;
}

/**
 * bigint (int8) columns hold milliseconds and ids: read back as JS numbers, refused beyond 2^53
 * rather than rounded. This pool's own parsers: pg's global table stays untouched. numeric stays
 * a string (money is text anyway).
 */
const INT8 = pg.types.builtins.INT8;
function parseInt8(value: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`the bigint ${value} is beyond JavaScript's safe integers`);
  return number;
}
const TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8 && format !== "binary" ? parseInt8 : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};

/** How every connection of the bot's is opened (the pool's, the migrations', the signals'). */
export function connectionConfig(url: string, options: Pick<PostgresOptions, "connectTimeoutMs"> = {}): pg.ClientConfig {
  return {
    connectionString: url,
    types: TYPES,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    keepAlive: true,
    application_name: "swap-bot",
  };
}

/** Reads the URL as pg will (without connecting); throws DatabaseConfigError when it is not PostgreSQL's. */
export function postgresTarget(url: string): PostgresTarget {
  const problem = postgresUrlProblem(url);
  if (problem !== undefined) throw new DatabaseConfigError(`DATABASE_URL ${problem}`);
  // A Client does not connect when made: it only resolves the URL, with pg's own defaults.
  const client = new pg.Client({ connectionString: url });
  const host = client.host;
  const endpoint = host.startsWith("/")
    ? `the socket in ${host} (port ${client.port})`
    : `${host.includes(":") ? `[${host}]` : host}:${client.port}`;
  return {
    endpoint,
    host,
    port: client.port,
    user: client.user ?? "",
    database: client.database ?? "",
    url: maskPassword(url),
    secrets: urlSecrets(url),
  };
}

/**
 * The bounds every pooled connection works under, so that no process, however stuck, holds up
 * the others for long (several instances share one database). Only the pool's: the migrations
 * (openPostgres gives them a pool of their own) and the signals' LISTEN connection (its own
 * client, from connectionConfig) wait as long as their work needs.
 * The bot's statements take milliseconds; these are far above them.
 */
export const POOL_LIMITS = {
  /**
   * The server ends a statement running longer (a lock waited for counts): above lock_timeout,
   * so that a wait for a lock ends as such, and far above any of the bot's statements.
   */
  statementTimeoutMs: 30_000,
  /**
   * The server ends a wait for a row or advisory lock: a holder that neither commits nor dies
   * (stuck elsewhere than in an idle transaction) stalls the waiter no longer than this. Above
   * idle_in_transaction_session_timeout, which ends the usual holder, a process frozen mid-transaction, first.
   */
  lockTimeoutMs: 15_000,
  /**
   * The server ends a session that sat this long inside a transaction without a statement: a
   * process frozen (SIGSTOP, a GC pause, a VM moved) or cut off while holding row locks lets them
   * go, and the others' waits (the leader's tracker, a person's update) end. The bot's
   * transactions never wait on anything outside the database between two statements.
   */
  idleInTransactionMs: 10_000,
  /**
   * This side gives up on an answer after this long: a connection whose network hangs (no reset,
   * no answer; the server's statement_timeout cannot reach us) frees its pool slot, and the
   * connection is closed rather than reused. Above statement_timeout, which normally ends first.
   */
  queryTimeoutMs: 35_000,
  /**
   * TCP keepalive probes on an idle connection after this long: a server gone without a word (a
   * host down, a NAT entry dropped) breaks the connection within seconds of the probes failing,
   * rather than at the next query's long wait.
   */
  keepAliveDelayMs: 10_000,
} as const;

export type PoolLimits = { -readonly [K in keyof typeof POOL_LIMITS]: number };

/** The pool's connections: connectionConfig plus POOL_LIMITS. */
export function poolConfig(url: string, options: Pick<PostgresOptions, "connectTimeoutMs" | "max" | "limits"> = {}): pg.PoolConfig {
  const limits: PoolLimits = { ...POOL_LIMITS, ...options.limits };
  return {
    ...connectionConfig(url, options),
    max: options.max ?? 10,
    statement_timeout: limits.statementTimeoutMs,
    lock_timeout: limits.lockTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionMs,
    query_timeout: limits.queryTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: limits.keepAliveDelayMs,
  };
}

/**
 * Opens a pool on DATABASE_URL, checks that a PostgreSQL server lets the bot in (any failure is
 * a DatabaseConfigError saying what to fix) and brings the schema up to date.
 */
export async function openPostgres<DB = Schema>(url: string, options: PostgresOptions = {}): Promise<PostgresStore<DB>> {
  const target = postgresTarget(url);
  const pool = new pg.Pool(poolConfig(url, options));
  pool.on("error", options.onIdleError ?? (() => {}));
  try {
    await checkServer(pool, target, options.connectTimeoutMs ?? 10_000);
    if (options.migrate !== false) await migrate(url, target, options);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: namingStatements(pool) }) });
  const close = async () => {
    await db.destroy();
    // Kysely ends the pool only if it ran a query through it.
    if (!pool.ending) await pool.end();
  };
  return { dialect: "postgres", db, pool, close };
}

/**
 * The migrations on a connection of their own, without the pool's limits: a process starting
 * beside another that migrates waits for its migration lock as long as that takes (lock_timeout
 * would fail it), and a migration may rewrite a large table.
 */
async function migrate(url: string, target: PostgresTarget, options: PostgresOptions): Promise<void> {
  const pool = new pg.Pool({ ...connectionConfig(url, options), max: 1 });
  pool.on("error", () => {});
  try {
    await migratePostgres(pool, target);
  } finally {
    await pool.end().catch(() => {});
  }
}

/**
 * The pool as Kysely sees it: a prepared query (its SQL starts with PREPARED_MARK) runs as a
 * named statement, which each connection parses and plans once and then only executes (the
 * tracker's pick of due polls costs the server about a tenth of it then). The names are this
 * pool's own, one per distinct prepared text: a few dozen. A named statement whose result
 * would change shape under a schema change fails instead of being planned again ("cached plan
 * must not change result type"): the hot queries name their columns rather than `*`, and a
 * statement that fails so anyway gets a new name, prepared afresh at its next run.
 */
function namingStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  let next = 0;
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  /** Clients whose answer to a query never came (query_timeout): closed when released, never reused. */
  const timedOut = new WeakSet<pg.PoolClient>();
  const watch = <T>(client: pg.PoolClient, query: Promise<T>): Promise<T> =>
    query.catch((error: unknown) => {
      // pg leaves the unanswered query in the connection's way: the next one would wait behind it.
      if (error instanceof Error && error.message === QUERY_TIMEOUT_MESSAGE) timedOut.add(client);
      throw error;
    });
  const named = (client: pg.PoolClient): PostgresPoolClient => ({
    get processID() {
      return (client as { processID?: number }).processID;
    },
    release: (destroy?: boolean) => client.release(destroy === true || timedOut.has(client)),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's two overloads (text, or a cursor) in one
    query: ((text: any, values?: readonly unknown[]) => {
      if (typeof text !== "string" || !text.startsWith(PREPARED_MARK)) {
        const query = values === undefined ? client.query(text) : client.query(text, values as unknown[]);
        // A cursor (not a promise) is Kysely's to follow.
        return query instanceof Promise ? watch(client, query) : query;
      }
      let name = names.get(text);
      if (name === undefined) names.set(text, (name = `swapbot_${next++}`));
      return watch(client, client.query({ name, text, values: values as unknown[] })).catch((error: unknown) => {
        if (STALE_STATEMENT.has((error as { code?: string }).code ?? "")) names.delete(text);
        throw error;
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
    }) as any,
  });
  return {
    Client: pg.Client,
    options: pool.options,
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = named(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/** What pg rejects a query with when query_timeout ran out. */
const QUERY_TIMEOUT_MESSAGE = "Query read timeout";

/** A named statement planned for another schema (0A000), or gone from the session (26000). */
const STALE_STATEMENT: ReadonlySet<string> = new Set(["0A000", "26000"]);

/** PostgreSQL 10 brought identity columns, the newest feature the schema uses. */
const OLDEST_SERVER = 100_000;

async function checkServer(pool: pg.Pool, target: PostgresTarget, timeoutMs: number): Promise<void> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw connectError(error, target, timeoutMs);
  }
  let version: number;
  try {
    const result = await client.query<{ server_version_num: string }>("SHOW server_version_num");
    version = Number(result.rows[0]?.server_version_num);
  } finally {
    client.release();
  }
  if (!(version >= OLDEST_SERVER)) {
    throw new DatabaseConfigError(`PostgreSQL at ${target.endpoint} is version ${version / 10_000}; the bot needs PostgreSQL 10 or newer`);
  }
}

/** One sentence for the operator about a connection that failed, naming where and what to do. */
export function connectError(error: unknown, target: PostgresTarget, timeoutMs: number): DatabaseConfigError {
  const { code, message } = error as { code?: string; message?: string };
  const text = hideSecrets(message ?? String(error), target.secrets);
  const where = `PostgreSQL at ${target.endpoint}`;
  const checkUrl = "check the host and port in DATABASE_URL";
  const sentence = (() => {
    switch (code) {
      case "ECONNREFUSED":
      case "ENOENT":
        return `cannot reach ${where}: the connection was refused (is the server running? ${checkUrl})`;
      case "ENOTFOUND":
      case "EAI_AGAIN":
        return `cannot reach ${where}: the host name "${target.host}" is not known (${checkUrl})`;
      case "ETIMEDOUT":
      case "EHOSTUNREACH":
      case "ENETUNREACH":
        return `cannot reach ${where}: no route to it (${code}; ${checkUrl}, and that a firewall lets the bot through)`;
      case "28P01":
        return `${where} refused the password of role "${target.user}": check the password in DATABASE_URL`;
      case "28000":
        return /does not exist/.test(text)
          ? `${where} has no role "${target.user}": create it (in psql: CREATE ROLE "${target.user}" ` +
              `LOGIN PASSWORD '…';) or fix the user name in DATABASE_URL`
          : `${where} does not let role "${target.user}" in (${text}): see the server's pg_hba.conf`;
      case "3D000":
        return (
          `${where} has no database "${target.database}": create it (createdb -h ${target.host} -p ` +
          `${target.port} -U ${target.user} ${target.database}, or in psql: CREATE DATABASE "${target.database}" OWNER "${target.user}";)`
        );
      case "53300":
        return `${where} has no connection left for the bot (${text}): raise max_connections or use fewer connections elsewhere`;
      case "57P03":
        return `${where} does not take connections now (${text}): it is starting up or shutting down; start the bot again when it is up`;
    }
    if (/timeout/i.test(text)) {
      return `cannot reach ${where}: no answer within ${timeoutMs / 1000} s (${checkUrl}, and that a firewall lets the bot through)`;
    }
    // PostgreSQL always says why before it closes a connection; a silent close, or bytes that
    // are not its protocol, come from some other server on that port.
    if (/terminated unexpectedly/i.test(text)) {
      return (
        `the server at ${target.endpoint} closed the connection without answering as PostgreSQL ` +
        `does: is it a PostgreSQL server? (${checkUrl})`
      );
    }
    if (/received invalid response/i.test(text)) {
      return `the server at ${target.endpoint} answered, but not as PostgreSQL does (${text}): is it a PostgreSQL server? (${checkUrl})`;
    }
    if (/does not support SSL/i.test(text)) {
      return (
        `${where} does not accept SSL connections, but DATABASE_URL asks for one: ` + "remove sslmode from it, or turn SSL on at the server"
      );
    }
    return `cannot connect to ${where}: ${text}`;
  })();
  return new DatabaseConfigError(sentence, { cause: error });
}

function hideSecrets(text: string, secrets: string[]): string {
  return secrets.reduce((masked, secret) => masked.split(secret).join("****"), text);
}

import { type Kysely, sql, type Transaction } from "kysely";
import type { Db } from "./database.js";
import { DatabaseConfigError } from "./errors.js";

/**
 * The bot's tables, in the order they are copied: a row's parent before the row (status_history
 * refers to transactions). `key` is the order rows are read and written in, and names a row in
 * messages. `rowidAsId`: the table has no id column in SQLite, whose hidden rowid the code reads
 * (findByRowId, the order of grants); PostgreSQL has it as the `id` column, so the rowid is
 * copied there and every id stays what it was.
 */
export const COPIED_TABLES: readonly { name: string; key: readonly string[]; rowidAsId: boolean }[] = [
  { name: "users", key: ["id"], rowidAsId: false },
  { name: "transactions", key: ["id"], rowidAsId: true },
  { name: "status_history", key: ["id"], rowidAsId: true },
  { name: "currencies", key: ["symbol", "network"], rowidAsId: false },
  { name: "providers", key: ["name"], rowidAsId: false },
  { name: "kv", key: ["key"], rowidAsId: false },
  { name: "create_requests", key: ["request_key"], rowidAsId: false },
  { name: "audit_log", key: ["id"], rowidAsId: false },
  { name: "budget_grants", key: ["id"], rowidAsId: true },
  { name: "budget_pause", key: ["id"], rowidAsId: false },
  { name: "saved_addresses", key: ["id"], rowidAsId: false },
  { name: "rate_alerts", key: ["id"], rowidAsId: false },
  // Updates stored and not yet handled go along (the bot on PostgreSQL handles them); leases of the stopped process are long over.
  { name: "inbox", key: ["update_id"], rowidAsId: false },
  { name: "chat_leases", key: ["chat_key"], rowidAsId: false },
  { name: "instances", key: ["owner"], rowidAsId: false },
];

/**
 * Bounds of one INSERT: PostgreSQL takes at most 65,535 parameters in a statement, and a batch
 * is held in memory whole (a kv value may be large).
 */
const BATCH_PARAMETERS = 20_000;
const BATCH_CHARACTERS = 8_000_000;

export interface CopiedCount {
  table: string;
  rows: number;
}

export interface CopyOptions {
  /** How long to wait for another session's hold on the bot's tables in PostgreSQL (default 10 s). */
  lockTimeoutMs?: number;
}

/**
 * Copies every row of the bot's SQLite database into an empty PostgreSQL one whose schema is up
 * to date, in one PostgreSQL transaction: the copy lands whole, every table's count checked
 * against the source before the commit, or not at all. The identity columns' sequences then
 * continue after the copied ids. The caller brings the SQLite schema up to date, does its queued
 * migration work, and keeps the bot off it (holds its instance lock).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are named at run time
export async function copySqliteToPostgres(source: Db, target: Kysely<any>, options: CopyOptions = {}): Promise<CopiedCount[]> {
  checkSourceTables(source);
  const columns = await targetColumns(target);
  const plans = COPIED_TABLES.map((table) => planTable(source, table, columns));
  let current: string | undefined;
  // One read transaction: every table as of the same moment.
  source.exec("BEGIN");
  try {
    return await target.transaction().execute(async (trx) => {
      // Nobody writes to the tables while they are checked empty and filled (a bot started on
      // this database meanwhile waits for the commit).
      await sql`SELECT set_config('lock_timeout', ${String(options.lockTimeoutMs ?? 10_000)}, true)`.execute(trx);
      // The bot's pool bounds statements and idle transactions (POOL_LIMITS); a copy of a large
      // database is one long transaction, reading SQLite between its inserts: not bounded so.
      await sql`SELECT set_config('statement_timeout', '0', true), set_config('idle_in_transaction_session_timeout', '0', true)`.execute(
        trx,
      );
      await sql`LOCK TABLE ${sql.join(COPIED_TABLES.map((table) => sql.table(table.name)))} IN EXCLUSIVE MODE`.execute(trx);
      await refuseNonEmpty(trx);
      const copied: CopiedCount[] = [];
      for (const plan of plans) {
        current = plan.name;
        copied.push({ table: plan.name, rows: await copyTable(source, trx, plan) });
      }
      current = undefined;
      // Last, once every count is right: a sequence's move is never rolled back.
      for (const plan of plans) {
        if (plan.identity) {
          await sql`SELECT setval(pg_get_serial_sequence(${plan.name}, 'id'), coalesce(max(id), 0) + 1, false)
            FROM ${sql.table(plan.name)}`.execute(trx);
        }
      }
      return copied;
    });
  } catch (error) {
    throw copyError(error, current);
  } finally {
    source.exec("ROLLBACK");
  }
}

interface TablePlan {
  name: string;
  key: readonly string[];
  /** SQLite's SELECT, in key order, with the rowid as `id` where PostgreSQL has it so. */
  select: string;
  /** PostgreSQL's type of each column read. */
  types: Map<string, string>;
  /** The table has an identity `id` whose sequence must continue after the copied ids. */
  identity: boolean;
}

/** Every table of the SQLite database must be one this copy knows: none is left behind. */
function checkSourceTables(source: Db): void {
  const names = source
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
    .pluck()
    .all() as string[];
  const unknown = names.filter((name) => !COPIED_TABLES.some((table) => table.name === name));
  if (unknown.length > 0) {
    throw new DatabaseConfigError(
      `the SQLite database has tables this bot does not know (${unknown.join(", ")}), which the copy ` +
        `would leave behind: drop them or move them yourself, then copy again`,
    );
  }
}

type ColumnTypes = Map<string, Map<string, { type: string; identity: boolean }>>;

async function targetColumns(target: Kysely<unknown>): Promise<ColumnTypes> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string; is_identity: string }>`
    SELECT table_name, column_name, data_type, is_identity FROM information_schema.columns
    WHERE table_schema = current_schema()`.execute(target);
  const tables: ColumnTypes = new Map();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? new Map<string, { type: string; identity: boolean }>();
    columns.set(row.column_name, { type: row.data_type, identity: row.is_identity === "YES" });
    tables.set(row.table_name, columns);
  }
  return tables;
}

function planTable(source: Db, table: (typeof COPIED_TABLES)[number], tables: ColumnTypes): TablePlan {
  const quoted = quote(table.name);
  const names = source
    .prepare(`SELECT * FROM ${quoted} LIMIT 0`)
    .columns()
    .map((column) => column.name);
  const read = table.rowidAsId ? ["id", ...names] : names;
  const pg = tables.get(table.name);
  const missing = pg === undefined ? [table.name] : read.filter((name) => !pg.has(name)).map((name) => `${table.name}.${name}`);
  // Both schemas come from this bot's migrations, brought up to date: a mismatch is the bot's bug.
  if (missing.length > 0)
    throw new Error(`PostgreSQL's schema lacks ${missing.join(", ")}, which SQLite's has: the two migrations are out of step`);
  const types = new Map(read.map((name) => [name, pg?.get(name)?.type ?? "text"]));
  const order = table.rowidAsId ? "rowid" : table.key.map(quote).join(", ");
  return {
    name: table.name,
    key: table.key,
    select: `SELECT ${table.rowidAsId ? "rowid AS id, " : ""}* FROM ${quoted} ORDER BY ${order}`,
    types,
    identity: pg?.get("id")?.identity === true,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function refuseNonEmpty(trx: Transaction<any>): Promise<void> {
  const filled: string[] = [];
  for (const { name } of COPIED_TABLES) {
    const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM ${sql.table(name)}`.execute(trx);
    const count = Number(rows[0]?.count ?? 0);
    if (count > 0) filled.push(`${name}: ${count} ${count === 1 ? "row" : "rows"}`);
  }
  if (filled.length > 0) {
    throw new DatabaseConfigError(
      `the PostgreSQL database is not empty (${filled.join(", ")}): copy into a new, empty database ` +
        `(CREATE DATABASE …), so that nothing there is mixed with or overwritten by the copy`,
    );
  }
}

/** Copies one table a batch at a time; returns its count, checked against SQLite's. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function copyTable(source: Db, trx: Transaction<any>, plan: TablePlan): Promise<number> {
  const expected = Number(
    source
      .prepare(`SELECT count(*) FROM ${quote(plan.name)}`)
      .pluck()
      .get(),
  );
  const rowsPerBatch = Math.max(1, Math.floor(BATCH_PARAMETERS / plan.types.size));
  // INTEGER values as bigint: none beyond 2^53 is rounded on its way.
  const select = source.prepare(plan.select).safeIntegers(true);
  let batch: Record<string, unknown>[] = [];
  let characters = 0;
  const flush = async () => {
    if (batch.length > 0) await trx.insertInto(plan.name).values(batch).execute();
    batch = [];
    characters = 0;
  };
  for (const row of select.iterate() as IterableIterator<Record<string, unknown>>) {
    const values: Record<string, unknown> = {};
    for (const [column, type] of plan.types) {
      const value = toPostgres(row[column], type);
      if (value instanceof Mismatch) throw mismatchError(plan, row, column, type, value.what);
      values[column] = value;
      if (typeof value === "string") characters += value.length;
    }
    batch.push(values);
    if (batch.length >= rowsPerBatch || characters >= BATCH_CHARACTERS) await flush();
  }
  await flush();
  const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM ${sql.table(plan.name)}`.execute(trx);
  const count = Number(rows[0]?.count);
  if (count !== expected) throw new Error(`${expected} rows in SQLite but ${count} in PostgreSQL`);
  return count;
}

/** A value PostgreSQL's column cannot take as it is: what it was. */
class Mismatch {
  constructor(readonly what: string) {}
}

/**
 * SQLite's value as PostgreSQL's column takes it. SQLite's types are loose: a column's type is
 * an affinity, and a value that does not fit it is stored as it came. The bot writes numbers
 * to INTEGER columns and strings to TEXT ones, so these conversions are for what else a hand
 * may have put there: what converts without loss is converted (as SQLite's own CAST would),
 * anything else is refused, naming the row.
 */
function toPostgres(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === "bigint" || type === "integer" || type === "smallint") {
    if (typeof value === "bigint") return value.toString();
    if (typeof value === "number" && Number.isInteger(value)) return String(value);
    if (typeof value === "string" && /^-?\d+$/.test(value.trim())) return value.trim();
    return new Mismatch(describe(value));
  }
  if (type === "text") {
    if (typeof value === "string") return value.includes("\0") ? new Mismatch("text with a NUL character") : value;
    if (typeof value === "bigint" || typeof value === "number") return String(value);
    return new Mismatch(describe(value));
  }
  // No other type is in the schema today; pg converts what it can, PostgreSQL refuses the rest.
  return typeof value === "bigint" ? value.toString() : value;
}

function describe(value: unknown): string {
  if (Buffer.isBuffer(value)) return `a BLOB of ${value.length} bytes`;
  if (typeof value === "string") return `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return `the ${typeof value} ${String(value)}`;
}

function mismatchError(plan: TablePlan, row: Record<string, unknown>, column: string, type: string, what: string): DatabaseConfigError {
  const where = plan.key.map((name) => `${name} = ${String(row[name])}`).join(", ");
  return new DatabaseConfigError(
    `table ${plan.name}, row ${where}: column ${column} holds ${what}, which PostgreSQL's ${type} column ` +
      `cannot take; nothing was copied (correct that row in the SQLite file, then copy again)`,
  );
}

/** One sentence for what went wrong in PostgreSQL; the transaction was rolled back. */
function copyError(error: unknown, table: string | undefined): unknown {
  if (error instanceof DatabaseConfigError) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === "string" ? message : String(error);
  const at = table === undefined ? "" : ` at table ${table}`;
  if (code === "55P03") {
    return new DatabaseConfigError(
      `another session holds the bot's tables in the PostgreSQL database (${text}): stop whatever uses ` +
        `that database (a bot started on it?), then copy again; nothing was copied`,
      { cause: error },
    );
  }
  return new DatabaseConfigError(
    `the copy into PostgreSQL failed${at} (${text}): nothing was copied, the PostgreSQL database is as it was`,
    { cause: error },
  );
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

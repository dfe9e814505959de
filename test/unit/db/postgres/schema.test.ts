import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { migrate, openDatabase } from "../../../../src/db/database.js";
import { DatabaseConfigError } from "../../../../src/db/errors.js";
import { MIGRATIONS } from "../../../../src/db/migrations.js";
import { LOCK_KEYS, migratePostgres, openPostgres, PG_MIGRATIONS } from "../../../../src/db/postgres/index.js";
import { waitFor } from "../../../../src/emulator/index.js";
import { admin, freshDatabase } from "../../../harness/postgres.js";

/** Tables where PostgreSQL has an `id` identity column standing for SQLite's rowid or INTEGER PRIMARY KEY. */
const IDENTITY_TABLES = ["audit_log", "budget_grants", "rate_alerts", "saved_addresses", "status_history", "transactions"];
/** Those where it stands for the rowid: SQLite has no such column. */
const ROWID_TABLES = ["budget_grants", "status_history", "transactions"];

interface Column {
  name: string;
  type: "integer" | "text";
  notNull: boolean;
  default: string | null;
}

/** SQLite's schema after every migration, as plain facts. */
function sqliteSchema() {
  const db = new Database(":memory:");
  migrate(db);
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]).filter(
    (name) => !name.startsWith("sqlite_"),
  );
  const schema = tables.map((table) => {
    const info = db.pragma(`table_info(${table})`) as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    const columns: Column[] = info.map((column) => ({
      name: column.name,
      type: column.type === "INTEGER" ? "integer" : "text",
      // A primary key is never null in PostgreSQL (SQLite lets a TEXT one be, by an old quirk).
      notNull: column.notnull === 1 || column.pk > 0,
      default: column.dflt_value,
    }));
    const primaryKey = info
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    const uniques = (db.pragma(`index_list(${table})`) as { name: string; origin: string }[])
      .filter((index) => index.origin === "u")
      .map((index) => (db.pragma(`index_info(${index.name})`) as { name: string }[]).map((column) => column.name).join(","));
    const foreignKeys = (db.pragma(`foreign_key_list(${table})`) as { from: string; table: string; to: string; on_delete: string }[]).map(
      (key) => `${key.from} -> ${key.table}(${key.to}) ON DELETE ${key.on_delete}`,
    );
    return { table, columns, primaryKey, uniques, foreignKeys };
  });
  const indexes = (
    db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").all() as {
      name: string;
      sql: string;
    }[]
  ).map((index) => ({ name: index.name, definition: normalizeIndex(index.sql) }));
  db.close();
  return { schema, indexes };
}

/** PostgreSQL's, the same facts, from its catalogue. */
async function postgresSchema(client: pg.Client) {
  const tables = (
    await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name",
    )
  ).rows
    .map((row) => row.table_name)
    .filter((name) => name !== "schema_version");
  const schema = [];
  const collations = new Set<string | null>();
  const identities: string[] = [];
  for (const table of tables) {
    const info = await client.query<{
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
      collation_name: string | null;
      is_identity: string;
    }>(
      "SELECT column_name, data_type, is_nullable, column_default, collation_name, is_identity FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
      [table],
    );
    const columns: Column[] = [];
    for (const column of info.rows) {
      if (column.is_identity === "YES") {
        expect(column).toMatchObject({ column_name: "id", data_type: "bigint" });
        identities.push(table);
        if (ROWID_TABLES.includes(table)) continue;
      }
      if (column.data_type === "text") collations.add(column.collation_name);
      expect(["bigint", "integer", "text"]).toContain(column.data_type);
      columns.push({
        name: column.column_name,
        type: column.data_type === "text" ? "text" : "integer",
        notNull: column.is_nullable === "NO",
        default: column.column_default?.replace(/::text$/, "") ?? null,
      });
    }
    const constraints = await client.query<{ contype: string; columns: string[]; definition: string }>(
      `SELECT contype, array(SELECT attname::text FROM unnest(conkey) WITH ORDINALITY AS k(num, ord) JOIN pg_attribute ON attrelid = conrelid AND attnum = k.num ORDER BY k.ord) AS columns,
              pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE conrelid = $1::regclass ORDER BY conname`,
      [table],
    );
    // The rowid's stand-in is a key of its own (the primary one, or unique beside exchange_id).
    const isRowid = (row: { columns: string[] }) => ROWID_TABLES.includes(table) && row.columns.join() === "id";
    expect(constraints.rows.some(isRowid)).toBe(ROWID_TABLES.includes(table));
    const primaryKey = constraints.rows.find((row) => row.contype === "p" && !isRowid(row))?.columns ?? [];
    const uniques = constraints.rows.filter((row) => row.contype === "u" && !isRowid(row)).map((row) => row.columns.join(","));
    const foreignKeys = constraints.rows
      .filter((row) => row.contype === "f")
      .map((row) => {
        const match = /^FOREIGN KEY \((\w+)\) REFERENCES (\w+)\((\w+)\)(?: ON DELETE (\w+))?/.exec(row.definition);
        return `${match?.[1]} -> ${match?.[2]}(${match?.[3]}) ON DELETE ${match?.[4] ?? "NO ACTION"}`;
      });
    schema.push({ table, columns, primaryKey, uniques, foreignKeys });
  }
  const indexes = (
    await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename <> 'schema_version'
         AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE contype IN ('p', 'u')) ORDER BY indexname`,
    )
  ).rows.map((index) => ({ name: index.indexname, definition: normalizeIndex(index.indexdef) }));
  return { schema, indexes, collations: [...collations], identities };
}

/** An index's definition with what the two databases write differently taken out. */
function normalizeIndex(sql: string): string {
  return sql
    .replace(/\bpublic\./g, "")
    .replace(/USING btree /, "")
    .replace(/[()\s]/g, "")
    .toLowerCase();
}

describe("PostgreSQL's schema", () => {
  it("is SQLite's after all its migrations: tables, columns, keys, indexes; an id for each rowid; text compared byte by byte", async () => {
    const database = await freshDatabase();
    try {
      const store = await openPostgres(database.url);
      await store.close();
      const sqlite = sqliteSchema();
      const postgres = await admin(database.url, postgresSchema);
      // A PostgreSQL table where SQLite has an INTEGER PRIMARY KEY `id` keeps it as its key.
      expect.soft(postgres.schema).toEqual(sqlite.schema);
      expect.soft(postgres.indexes).toEqual(sqlite.indexes);
      expect(postgres.identities).toEqual(IDENTITY_TABLES);
      expect(postgres.collations).toEqual(["C"]);
      // PostgreSQL's first migration is SQLite's first ten; each later one has its counterpart.
      expect(PG_MIGRATIONS.length).toBe(MIGRATIONS.length - 9);
    } finally {
      await database.drop();
    }
  });

  it("keeps the kv store's prefix ranges whole where the database's locale sorts otherwise (ICU en-US)", async () => {
    const database = await freshDatabase({ icuLocale: "en-US" });
    try {
      const store = await openPostgres(database.url);
      try {
        const keys = ["conversation:1", "conversation:zz", "conversation;", "conversationa", "session:1"];
        await store.db
          .insertInto("kv")
          .values(keys.map((key) => ({ key, value: "{}", updated_at: 0 })))
          .execute();
        // Under en-US a ":" sorts after ";", so without the C collation this range would be empty.
        const { rows } = await store.pool.query<{ defaultOrder: boolean }>(`SELECT 'conversation:zz' < 'conversation;' AS "defaultOrder"`);
        expect(rows[0]?.defaultOrder).toBe(false);
        const found = await store.db
          .selectFrom("kv")
          .select("key")
          .where("key", ">=", "conversation:")
          .where("key", "<", "conversation;")
          .orderBy("key")
          .execute();
        expect(found.map((row) => row.key)).toEqual(["conversation:1", "conversation:zz"]);
        // lower() folds ASCII only, as SQLite's does.
        const lower = await store.db
          .selectNoFrom((eb) => eb.fn<string>("lower", [eb.cast(eb.val("ÄBC"), "text")]).as("folded"))
          .executeTakeFirstOrThrow();
        expect(lower.folded).toBe("äbc");
        await store.db.insertInto("users").values({ id: 1, username: "ÄBC", created_at: 0, updated_at: 0 }).execute();
        const user = await store.db
          .selectFrom("users")
          .select((eb) => eb.fn<string>("lower", ["username"]).as("folded"))
          .executeTakeFirstOrThrow();
        expect(user.folded).toBe("Äbc");
      } finally {
        await store.close();
      }
    } finally {
      await database.drop();
    }
  });
});

describe("PostgreSQL's migrations", () => {
  it("run once when two processes start at the same moment: the second waits for the first, then finds nothing to do", async () => {
    const database = await freshDatabase();
    try {
      await admin(database.url, async (holder) => {
        // Both start while the lock is taken, so they really meet at it.
        await holder.query(`BEGIN; SELECT pg_advisory_xact_lock(${LOCK_KEYS.migration})`);
        const opening = [openPostgres(database.url), openPostgres(database.url)];
        await waitFor(
          async () => {
            const { rows } = await holder.query<{ waiting: number }>(
              "SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            );
            return rows[0]?.waiting === 2;
          },
          5_000,
          "both processes to wait for the migration lock",
        );
        await holder.query("COMMIT");
        const stores = await Promise.all(opening);
        await Promise.all(stores.map((store) => store.close()));
      });
      const versions = await admin(database.url, (client) =>
        client.query<{ version: number }>("SELECT version FROM schema_version ORDER BY version"),
      );
      expect(versions.rows).toEqual(PG_MIGRATIONS.map((_, index) => ({ version: index + 1 })));
      // And again later: nothing to do.
      const store = await openPostgres(database.url, { migrate: false });
      expect(await migratePostgres(store.pool)).toEqual({ from: PG_MIGRATIONS.length, to: PG_MIGRATIONS.length });
      await store.close();
    } finally {
      await database.drop();
    }
  });

  it("refuse a database written by a newer bot, and leave it as it was", async () => {
    const database = await freshDatabase({ migrated: true });
    try {
      const newer = PG_MIGRATIONS.length + 1;
      await admin(database.url, (client) => client.query("INSERT INTO schema_version (version, applied_at) VALUES ($1, 0)", [newer]));
      const error = await openPostgres(database.url).catch((error: unknown) => error);
      expect(error).toBeInstanceOf(DatabaseConfigError);
      expect((error as Error).message).toBe(
        `the database was written by a newer version of the bot (schema ${newer}; this one knows ${PG_MIGRATIONS.length}): upgrade the bot`,
      );
      const versions = await admin(database.url, (client) =>
        client.query<{ version: number }>("SELECT version FROM schema_version ORDER BY version"),
      );
      expect(versions.rows).toEqual([...PG_MIGRATIONS.keys(), PG_MIGRATIONS.length].map((index) => ({ version: index + 1 })));
    } finally {
      await database.drop();
    }
  });
});

describe("SQLite's migrations", () => {
  it("refuse a database written by a newer bot, with the same sentence", () => {
    const dir = mkdtempSync(join(tmpdir(), "swapbot-newer-"));
    try {
      const path = join(dir, "bot.sqlite");
      openDatabase(path).close();
      const file = new Database(path);
      file.pragma(`user_version = ${MIGRATIONS.length + 1}`);
      file.close();
      expect(() => openDatabase(path)).toThrow(DatabaseConfigError);
      expect(() => openDatabase(path)).toThrow(
        `the database was written by a newer version of the bot (schema ${MIGRATIONS.length + 1}; this one knows ${MIGRATIONS.length}): upgrade the bot`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

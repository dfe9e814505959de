import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { copyDatabase } from "../../../src/cli/db-copy.js";
import { openDatabase } from "../../../src/db/database.js";
import { DatabaseConfigError } from "../../../src/db/errors.js";
import { LeaseRepository } from "../../../src/db/leases/repository.js";
import { maskPassword, openPostgres, type PostgresStore } from "../../../src/db/postgres/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { advanceUntil } from "../../harness/drive.js";
import { createViaFlow, typeFrom } from "../../harness/flow.js";
import { admin, freshDatabase, freshRole, type TestDatabase, withUser } from "../../harness/postgres.js";
import { type BotProcess, freePort, ROOT, spawnBot, TSX } from "../../harness/process.js";

/**
 * `db:copy`: a SQLite database into an empty PostgreSQL one (the suite's server), all or nothing.
 * Every table is compared row by row after the copy, on both sides read independently of the copy.
 */

/** Each SQLite table and the order its rows are compared in; `rowid` is PostgreSQL's `id`. */
const ORDER: Record<string, string> = {
  users: "id",
  transactions: "rowid",
  status_history: "rowid",
  currencies: "symbol, network",
  providers: "name",
  kv: "key",
  create_requests: "request_key",
  audit_log: "id",
  budget_grants: "rowid",
  budget_pause: "id",
  saved_addresses: "id",
  rate_alerts: "id",
  inbox: "update_id",
  chat_leases: "chat_key",
  instances: "owner",
};
/** Tables whose `id` PostgreSQL numbers itself when a row comes without one. */
const IDENTITY = ["transactions", "status_history", "audit_log", "budget_grants", "saved_addresses", "rate_alerts"];

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const db = await freshDatabase(options);
  cleanups.push(() => db.drop());
  return db;
}

async function store(url: string): Promise<PostgresStore> {
  const opened = await openPostgres(url, { max: 2, migrate: false });
  cleanups.push(() => opened.close());
  return opened;
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-copy-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Every SQLite table's rows (the rowid as `id` where PostgreSQL has one), in ORDER. */
function sqliteRows(path: string): Record<string, Record<string, unknown>[]> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    expect(tables).toEqual(Object.keys(ORDER).sort());
    return Object.fromEntries(
      tables.map((table) => {
        const order = ORDER[table]!;
        const rows = db.prepare(`SELECT ${order === "rowid" ? "rowid AS id, " : ""}* FROM ${table} ORDER BY ${order}`).all() as Record<
          string,
          unknown
        >[];
        return [table, rows];
      }),
    );
  } finally {
    db.close();
  }
}

async function postgresRows(target: PostgresStore): Promise<Record<string, Record<string, unknown>[]>> {
  const result: Record<string, Record<string, unknown>[]> = {};
  for (const [table, order] of Object.entries(ORDER)) {
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.raw(order === "rowid" ? "id" : order)}`.execute(target.db);
    result[table] = rows;
  }
  return result;
}

async function counts(target: PostgresStore): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of Object.keys(ORDER)) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(target.db);
    result[table] = rows[0]!.n;
  }
  return result;
}

const EMPTY = Object.fromEntries(Object.keys(ORDER).map((table) => [table, 0]));

/** A new row without an id in each identity table: the ids PostgreSQL gave them. */
async function newIds(target: PostgresStore): Promise<Record<string, number>> {
  const db = target.db;
  const { rows } = await sql<{ exchange_id: string }>`SELECT exchange_id FROM transactions LIMIT 1`.execute(db);
  const exchangeId = rows[0]?.exchange_id ?? "new-exchange";
  const inserts: Record<string, ReturnType<typeof sql<{ id: number }>>> = {
    transactions: sql`INSERT INTO transactions (exchange_id, user_id, chat_id, symbol_from, network_from, symbol_to, network_to, amount_from, address_to, provider, rate_type, status, created_at, updated_at, status_changed_at)
      VALUES ('new-exchange', 1, 1, 'btc', 'btc', 'eth', 'eth', '1', 'addr', 'p', 'floating', 'waiting', 1, 1, 1) RETURNING id`,
    status_history: sql`INSERT INTO status_history (exchange_id, status, at) VALUES (${exchangeId}, 'waiting', 1) RETURNING id`,
    audit_log: sql`INSERT INTO audit_log (at, staff_id, command, argument) VALUES (1, 1, 'stats', '') RETURNING id`,
    budget_grants: sql`INSERT INTO budget_grants (at, lane) VALUES (1, 'interactive') RETURNING id`,
    saved_addresses: sql`INSERT INTO saved_addresses (user_id, network, label, address, created_at, used_at) VALUES (1, 'trx', 'new', 'addr-new', 1, 1) RETURNING id`,
    rate_alerts: sql`INSERT INTO rate_alerts (user_id, chat_id, symbol_from, network_from, symbol_to, network_to, amount, target, created_at, expires_at)
      VALUES (1, 1, 'btc', 'btc', 'eth', 'eth', '1', '2', 1, 2) RETURNING id`,
  };
  const ids: Record<string, number> = {};
  for (const table of IDENTITY) ids[table] = (await inserts[table]!.execute(db)).rows[0]!.id;
  return ids;
}

function maxIds(rows: Record<string, Record<string, unknown>[]>): Record<string, number> {
  return Object.fromEntries(IDENTITY.map((table) => [table, Math.max(0, ...rows[table]!.map((row) => row.id as number))]));
}

describe("db:copy", () => {
  it("copies a database the bot built (exchanges in flight, a conversation half done, a saved address, an alert, a phrase, support's audit): every row equal, ids kept, and new rows get ids after them", async () => {
    const world: TestWorld = await startWorld({ SUPPORT_USER_IDS: "9001" }, { database: "sqlite" });
    cleanups.push(() => world.close());
    const ada = world.tg.user({ id: 7_000_000_001, first_name: "Zoë 🐱 Ёжик", username: "zoe_swaps", language_code: "en" });
    await ada.send("/phrase синий выдра 🦦");
    await ada.nextMessage();
    const finished = await createViaFlow(ada);
    expect(world.app.sandbox!.steer(finished.exchangeId, "deposit-arrived")).toBe(true);
    let done: ReturnType<typeof ada.messages>[number] | undefined;
    const news = () => ada.messages().find((m) => m.from_bot && m.message_id > finished.card.message_id && /Finished/.test(m.text ?? ""));
    await advanceUntil(world.clock, () => (done = news()) !== undefined, 60 * 60_000);
    ada.catchUp();
    await ada.click(done!, "💾 Save receiving address");
    await ada.nextMessage();
    await ada.send("Мой кошелёк 💼");
    expect((await ada.nextMessage()).text).toContain("Saved as Мой кошелёк 💼");
    // In flight: an exchange waiting for its deposit, an alert, and a flow left at its amount step.
    const waiting = await createViaFlow(ada, {
      from: "eth eth",
      to: "usdt trx",
      amount: "1.5",
      address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    });
    await ada.send("/alert 0.5 btc eth 1000");
    await ada.nextMessage();
    const bob = world.tg.user({ id: 6002, first_name: "Bob", language_code: "ru" });
    await typeFrom(bob, "btc btc");
    const staff = world.tg.user({ id: 9001, first_name: "Sam", language_code: "en" });
    await staff.send(`/lookup ${waiting.exchangeId}`);
    await staff.nextMessage();
    await world.app.stop();
    // The one table the bot fills only when the exchange answers 429.
    const file = new Database(world.databasePath);
    file.prepare("INSERT INTO budget_pause (id, until) VALUES (1, ?)").run(world.clock.now() + 60_000);
    // And those holding rows only while a process runs (a chat it handles, itself): as a kill leaves them.
    file.prepare("INSERT INTO chat_leases (chat_key, owner, until) VALUES ('c:6001', 'host:1:gone', 1)").run();
    file.prepare("INSERT INTO instances (owner, started_at, seen_at) VALUES ('host:1:gone', 1, 2)").run();
    file.close();

    const before = sqliteRows(world.databasePath);
    for (const [table, rows] of Object.entries(before)) expect(rows.length, `${table} has rows`).toBeGreaterThan(0);
    expect(before.kv!.some((row) => String(row.key).includes("conversation") || String(row.value).includes("btc"))).toBe(true);

    const target = await database();
    const copied = await copyDatabase({ from: world.databasePath, to: target.url });
    expect(copied).toEqual(Object.keys(ORDER).map((table) => ({ table, rows: before[table]!.length })));
    const pg = await store(target.url);
    expect(await postgresRows(pg)).toEqual(before);
    // The copy only read the file.
    expect(sqliteRows(world.databasePath)).toEqual(before);

    const max = maxIds(before);
    expect(await newIds(pg)).toEqual(Object.fromEntries(IDENTITY.map((table) => [table, max[table]! + 1])));
  }, 60_000);

  it("copies many rows in batches (more than one INSERT's parameters), unicode, a 5 MB kv value, ids beyond 2^32 with gaps, money as exact text", async () => {
    const path = join(tempDir(), "bot.sqlite");
    const db = openDatabase(path);
    db.transaction(() => {
      const user = db.prepare(
        "INSERT INTO users (id, username, first_name, language, telegram_language, blocked, created_at, updated_at, phrase) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      );
      for (let i = 0; i < 2_500; i++) {
        user.run(
          5_000_000_000 + i * 7,
          i % 3 ? `user_${i}` : null,
          `Имя ${i} 👩‍💻 ${"ä".repeat(i % 50)}`,
          i % 2 ? "ru" : "en",
          null,
          i % 10 === 0 ? 1 : 0,
          1_700_000_000_000 + i,
          1_700_000_000_000 + i,
          i % 4 ? null : `фраза ${i}`,
        );
      }
      const tx = db.prepare(
        `INSERT INTO transactions (exchange_id, user_id, chat_id, symbol_from, network_from, symbol_to, network_to, amount_from, amount_to, address_to, extra_to, provider, rate_type, status, created_at, updated_at, status_changed_at, next_poll_at, card_message_id, pending_notice, card_claim)
         VALUES (?, ?, ?, 'btc', 'btc', 'usdt', 'trx', ?, ?, 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj', ?, 'changenow', 'floating', ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const history = db.prepare("INSERT INTO status_history (exchange_id, status, at) VALUES (?, ?, ?)");
      for (let i = 0; i < 1_500; i++) {
        const id = `ex-${String(i).padStart(5, "0")}`;
        tx.run(
          id,
          5_000_000_000 + i,
          -1_001_234_567_890 - i,
          `0.${String(i).padStart(30, "1")}`,
          i % 2 ? null : "12345678901234567890.123456789",
          i % 5 ? null : "memo ✓",
          i % 3 ? "waiting" : "finished",
          1_700_000_000_000 + i,
          1_700_000_000_001 + i,
          1_700_000_000_002 + i,
          i % 3 ? 1_700_000_060_000 + i : null,
          i % 2 ? 100 + i : null,
          i % 7 ? null : "finished",
          i % 2 ? "flow" : null,
        );
        for (const status of ["waiting", "confirming", "exchanging"]) history.run(id, status, 1_700_000_000_000 + i);
      }
      // Gaps: the rowids stay what they were.
      db.exec("DELETE FROM transactions WHERE exchange_id IN ('ex-00003', 'ex-01499')");
      db.exec("DELETE FROM status_history WHERE rowid % 11 = 0");
      const currency = db.prepare(
        "INSERT INTO currencies (symbol, network, fullname, image, memo, explorer, position) VALUES (?, ?, ?, ?, ?, ?, ?)",
      );
      for (let i = 0; i < 300; i++)
        currency.run(`c${i}`, i % 2 ? "eth" : "Tron", `Coin ${i} — «монета»`, `https://img/${i}.png`, i % 2, "https://explorer/{}", i);
      for (const [name, enable] of [
        ["changenow", 1],
        ["exolix", 0],
        ["simpleswap", 1],
      ] as const)
        db.prepare("INSERT INTO providers (name, enable) VALUES (?, ?)").run(name, enable);
      const kv = db.prepare("INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?)");
      for (let i = 0; i < 1_000; i++)
        kv.run(`conversation:${i}`, JSON.stringify({ step: "amount", text: `ввод ${i} 🚀`, nested: { n: i } }), 1_700_000_000_000 + i);
      kv.run("a:z", "colon", 1);
      kv.run("a;", "semicolon", 1);
      kv.run("catalogue:big", "x".repeat(5_000_000), 2);
      kv.run("ключ-🔑", "значение", 3);
      for (const state of ["pending", "created", "failed"]) {
        db.prepare(
          "INSERT INTO create_requests (request_key, user_id, state, exchange_id, error, created_at, updated_at, details) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        ).run(
          `req-${state}`,
          5_000_000_000,
          state,
          state === "created" ? "ex-00001" : null,
          state === "failed" ? "Ошибка: provider said no" : null,
          1,
          2,
          JSON.stringify({ amount: "0.05" }),
        );
      }
      const audit = db.prepare("INSERT INTO audit_log (id, at, staff_id, command, argument) VALUES (?, ?, 9001, ?, ?)");
      for (let i = 1; i <= 100; i++) audit.run(i * 3, 1_700_000_000_000 + i, i % 2 ? "lookup" : "user", `@user_${i}`);
      const grant = db.prepare("INSERT INTO budget_grants (at, lane) VALUES (?, ?)");
      for (let i = 0; i < 25_000; i++) grant.run(1_700_000_000_000 + i * 10, ["interactive", "tracker", "background"][i % 3]);
      db.prepare("INSERT INTO budget_pause (id, until) VALUES (1, ?)").run(1_700_000_100_000);
      const saved = db.prepare(
        "INSERT INTO saved_addresses (user_id, network, label, address, memo, created_at, used_at) VALUES (?, 'xrp', ?, ?, ?, 1, 2)",
      );
      for (let i = 0; i < 50; i++) saved.run(5_000_000_000, `Кошелёк ${i}`, `r${i}`, i % 2 ? "" : String(i));
      const alert = db.prepare(
        "INSERT INTO rate_alerts (user_id, chat_id, symbol_from, network_from, symbol_to, network_to, amount, target, created_at, expires_at, ended_at, ended_reason) VALUES (?, ?, 'btc', 'btc', 'eth', 'eth', ?, ?, 1, 2, ?, ?)",
      );
      for (let i = 0; i < 50; i++)
        alert.run(5_000_000_000 + i, 5_000_000_000 + i, "0.5", `1${"0".repeat(i)}.000000001`, i % 2 ? 3 : null, i % 2 ? "fired" : null);
    })();
    db.close();

    const target = await database({ migrated: true });
    const copied = await copyDatabase({ from: path, to: target.url });
    expect(Object.fromEntries(copied.map(({ table, rows }) => [table, rows]))).toMatchObject({
      budget_grants: 25_000,
      users: 2_500,
      transactions: 1_498,
      kv: 1_004,
    });
    const pg = await store(target.url);
    // The file as the copy left it: its queued migration work (a new file's migration 7) done first.
    const source = sqliteRows(path);
    expect(source.kv!.filter((row) => String(row.key).startsWith("migration-work:"))).toEqual([]);
    expect(await postgresRows(pg)).toEqual(source);
    const max = maxIds(source);
    expect(max.audit_log).toBe(300);
    expect(await newIds(pg)).toEqual(Object.fromEntries(IDENTITY.map((table) => [table, max[table]! + 1])));
  }, 60_000);

  it("takes what SQLite's loose types hold where PostgreSQL's column can take it (a number bound to a text column), and refuses what it cannot, naming the row, with nothing copied", async () => {
    const path = join(tempDir(), "bot.sqlite");
    const db = openDatabase(path);
    db.prepare("INSERT INTO users (id, first_name, blocked, created_at, updated_at) VALUES (1, ?, 0, 5.0, 5)").run(42);
    db.prepare(
      "INSERT INTO rate_alerts (user_id, chat_id, symbol_from, network_from, symbol_to, network_to, amount, target, created_at, expires_at) VALUES (1, 1, 'btc', 'btc', 'eth', 'eth', ?, ?, 1, 2)",
    ).run(0.5, 12n);
    db.close();
    const target = await database({ migrated: true });
    await copyDatabase({ from: path, to: target.url });
    const pg = await store(target.url);
    // SQLite stored a number bound to a TEXT column as its text (a JS number is a REAL: "42.0";
    // a bigint an INTEGER: "12"), and 5.0 in an INTEGER column as the integer 5: copied as stored.
    expect((await sql`SELECT first_name, created_at FROM users`.execute(pg.db)).rows).toEqual([{ first_name: "42.0", created_at: 5 }]);
    expect((await sql`SELECT amount, target FROM rate_alerts`.execute(pg.db)).rows).toEqual([{ amount: "0.5", target: "12" }]);

    // A word in an INTEGER column (SQLite keeps what does not look like a number as text).
    const other = join(tempDir(), "bot.sqlite");
    const bad = openDatabase(other);
    bad.exec("INSERT INTO users (id, blocked, created_at, updated_at) VALUES (1, 0, 1, 1), (77, 'yes', 1, 1)");
    bad.close();
    const second = await database({ migrated: true });
    const refused = await copyDatabase({ from: other, to: second.url }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseConfigError);
    expect((refused as Error).message).toBe(
      'table users, row id = 77: column blocked holds the text "yes", which PostgreSQL\'s integer column cannot take; nothing was copied (correct that row in the SQLite file, then copy again)',
    );
    expect(await counts(await store(second.url))).toEqual(EMPTY);
  });

  it("refuses a PostgreSQL database that is not empty and leaves it as it was", async () => {
    const path = join(tempDir(), "bot.sqlite");
    const db = openDatabase(path);
    db.exec("INSERT INTO users (id, created_at, updated_at) VALUES (1, 1, 1)");
    db.close();
    const target = await database({ migrated: true });
    const pg = await store(target.url);
    await sql`INSERT INTO kv (key, value, updated_at) VALUES ('already', 'here', 1)`.execute(pg.db);
    await expect(copyDatabase({ from: path, to: target.url })).rejects.toThrow(
      "the PostgreSQL database is not empty (kv: 1 row): copy into a new, empty database (CREATE DATABASE …), so that nothing there is mixed with or overwritten by the copy",
    );
    expect(await counts(pg)).toEqual({ ...EMPTY, kv: 1 });
    expect((await sql`SELECT key, value FROM kv`.execute(pg.db)).rows).toEqual([{ key: "already", value: "here" }]);
  });

  it("refuses while the bot runs on the SQLite file (it would go on creating exchanges the copy would miss), before touching the PostgreSQL database", async () => {
    const world = await startWorld({}, { database: "sqlite" });
    cleanups.push(() => world.close());
    const target = await database();
    await expect(copyDatabase({ from: world.databasePath, to: target.url })).rejects.toThrow(
      `a bot is running on ${world.databasePath} (it holds ${world.databasePath}.lock): stop the bot first, then copy (a running bot would go on creating exchanges that the copy would miss)`,
    );
    const pg = await store(target.url);
    expect(
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`.execute(pg.db))
        .rows[0]!.n,
    ).toBe(0);

    // Stopped: the same copy goes through (an empty database gets the bot's tables first).
    await world.app.stop();
    const copied = await copyDatabase({ from: world.databasePath, to: target.url });
    expect(copied.find(({ table }) => table === "currencies")!.rows).toBeGreaterThan(0);
  }, 30_000);

  it("refuses a PostgreSQL database a bot already runs on", async () => {
    const path = join(tempDir(), "bot.sqlite");
    openDatabase(path).close();
    const target = await database({ migrated: true });
    // A running bot's leader renews its lease every second.
    const store = await openPostgres(target.url, { max: 1 });
    cleanups.push(() => store.close());
    expect(await new LeaseRepository(store).take("leader", "host:1:bot", 60_000)).toBeDefined();
    await expect(copyDatabase({ from: path, to: target.url })).rejects.toThrow(
      `a bot is running on the PostgreSQL database ${target.name}: stop it first`,
    );
  });

  it("a failure midway leaves the PostgreSQL database as it was: no row in any table, no sequence moved; the copy then goes through", async () => {
    const path = join(tempDir(), "bot.sqlite");
    const db = openDatabase(path);
    db.exec(`
      INSERT INTO users (id, created_at, updated_at) VALUES (1, 1, 1);
      INSERT INTO audit_log (id, at, staff_id, command, argument) VALUES (40, 1, 1, 'stats', '');
      INSERT INTO budget_grants (at, lane) VALUES (1, 'tracker');
      INSERT INTO rate_alerts (user_id, chat_id, symbol_from, network_from, symbol_to, network_to, amount, target, created_at, expires_at) VALUES (1, 1, 'btc', 'btc', 'eth', 'eth', '1', '2', 1, 2);`);
    db.close();
    const target = await database({ migrated: true });
    const pg = await store(target.url);
    // The last table refuses its rows, after every other table was filled.
    await sql`CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the disk is full'; END $$`.execute(
      pg.db,
    );
    await sql`CREATE TRIGGER refuse BEFORE INSERT ON rate_alerts FOR EACH ROW EXECUTE FUNCTION refuse()`.execute(pg.db);
    await expect(copyDatabase({ from: path, to: target.url })).rejects.toThrow(
      "the copy into PostgreSQL failed at table rate_alerts (the disk is full): nothing was copied, the PostgreSQL database is as it was",
    );
    expect(await counts(pg)).toEqual(EMPTY);
    expect(
      (
        await sql<{ id: number }>`INSERT INTO audit_log (at, staff_id, command, argument) VALUES (1, 1, 'x', '') RETURNING id`.execute(
          pg.db,
        )
      ).rows,
    ).toEqual([{ id: 1 }]);
    await sql`DELETE FROM audit_log`.execute(pg.db);

    await sql`DROP TRIGGER refuse ON rate_alerts`.execute(pg.db);
    const copied = await copyDatabase({ from: path, to: target.url });
    expect(copied.filter(({ rows }) => rows > 0).map(({ table }) => table)).toEqual(["users", "audit_log", "budget_grants", "rate_alerts"]);
    expect(
      (
        await sql<{ id: number }>`INSERT INTO audit_log (at, staff_id, command, argument) VALUES (1, 1, 'x', '') RETURNING id`.execute(
          pg.db,
        )
      ).rows,
    ).toEqual([{ id: 41 }]);
  });

  describe("as a command (`node dist/main.js db:copy`, here through tsx)", () => {
    const running: BotProcess[] = [];
    afterEach(() => {
      for (const child of running.splice(0)) child.kill();
    });
    function command(env: Record<string, string>, args: string[] = []): BotProcess {
      const child = spawnBot(env, { args: [...TSX, join(ROOT, "src/main.ts"), "db:copy", ...args] });
      running.push(child);
      return child;
    }

    it("reads DATABASE_PATH and DATABASE_URL as the bot does, prints each table's count and what to do next, exits 0", async () => {
      const path = join(tempDir(), "bot.sqlite");
      const db = openDatabase(path);
      db.exec(
        "INSERT INTO users (id, created_at, updated_at) VALUES (1, 1, 1), (2, 1, 1); INSERT INTO kv (key, value, updated_at) VALUES ('k', 'v', 1)",
      );
      db.close();
      // As the bot's own role, with a password: the owner of a new, empty database.
      const role = await freshRole("s3cret-pässword");
      cleanups.push(() => role.drop());
      const target = await database();
      await admin(target.url, (client) => client.query(`ALTER DATABASE ${target.name} OWNER TO ${role.name}`));
      const url = withUser(target.url, role.name, "s3cret-pässword");
      const child = command({ DATABASE_PATH: path, DATABASE_URL: url });
      expect((await child.exited).code).toBe(0);
      expect(child.errorLines.filter(Boolean)).toEqual([]);
      const lines = child.lines.filter(Boolean);
      const masked = maskPassword(url);
      expect(masked).toContain(":****@");
      expect(lines[0]).toBe(`Copying the SQLite database ${path} into PostgreSQL (${masked})…`);
      expect(lines).toContain("  users:           2 rows");
      expect(lines).toContain("  kv:              1 row");
      expect(lines).toContain("  transactions:    0 rows");
      expect(lines.at(-1)).toBe(
        `Copied 3 rows in 15 tables, each table's count checked against SQLite's. Next: start the bot with DATABASE_URL=${masked}; it runs on PostgreSQL from now on. Keep ${path} as a backup: the bot no longer writes to it.`,
      );
      expect(await counts(await store(target.url))).toEqual({ ...EMPTY, users: 2, kv: 1 });
      expect(child.output()).not.toContain("s3cret");
    }, 30_000);

    it("takes --from and --to; a server that is not there is one sentence on stderr, without the password, and exit code 1", async () => {
      const path = join(tempDir(), "bot.sqlite");
      openDatabase(path).close();
      const port = await freePort();
      const url = withUser(`postgres://127.0.0.1:${port}/swapbot`, "swapbot", "s3cret-pässword");
      const child = command({ DATABASE_URL: "not a url" }, ["--from", path, "--to", url]);
      expect((await child.exited).code).toBe(1);
      expect(child.errorLines.filter(Boolean)).toEqual([
        `Cannot reach PostgreSQL at 127.0.0.1:${port}: the connection was refused (is the server running? check the host and port in DATABASE_URL)`,
      ]);
      expect(child.output()).not.toContain("s3cret");

      const unknown = command({}, ["--into", url]);
      expect((await unknown.exited).code).toBe(1);
      expect(unknown.errorLines.filter(Boolean)).toHaveLength(1);
      expect(unknown.output()).toContain("usage: node dist/main.js db:copy [--from <SQLite file>] [--to <PostgreSQL URL>]");
      expect(unknown.output()).not.toContain("s3cret");
    }, 30_000);

    it("says so when there is no SQLite file to copy (rather than creating an empty one)", async () => {
      const path = join(tempDir(), "missing.sqlite");
      const child = command({ DATABASE_PATH: path, DATABASE_URL: "postgres://swapbot:password@127.0.0.1:1/x" });
      expect((await child.exited).code).toBe(1);
      expect(child.errorLines.filter(Boolean)).toEqual([
        `There is no SQLite database at ${path}: set DATABASE_PATH (or pass --from) to the bot's database file`,
      ]);
    }, 30_000);
  });
});

import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { DATABASE_NOTE } from "../../../src/config.js";
import { type StoredMessage, type TestUser, waitFor } from "../../../src/emulator/index.js";
import { openTestStore, startWorld, type TestWorld } from "../../harness/app.js";
import { advanceUntil } from "../../harness/drive.js";
import { toAddress } from "../../harness/flow.js";
import { admin, freshDatabase, freshRole, postgresServer, withUser } from "../../harness/postgres.js";
import { type BotProcess, freePort, messagesOf, spawnBot } from "../../harness/process.js";

/**
 * The bot started with DATABASE_URL, on the run's PostgreSQL server whatever TEST_DATABASE says
 * (`npm test` included): a whole exchange, a flow across a restart, the start-up log.
 */
let world: TestWorld | undefined;
const running: BotProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const bot of running.splice(0)) bot.kill();
  await world?.close();
  world = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The bot's messages to `user` after `after`, as text. */
function messagesAfter(user: TestUser, after: StoredMessage): string[] {
  return user
    .messages()
    .filter((m) => m.from_bot && m.message_id > after.message_id)
    .map((m) => m.text ?? m.caption ?? "");
}

describe("the bot with DATABASE_URL", () => {
  it("completes an exchange end to end, keeping a half-finished flow across a restart, with everything in PostgreSQL", async () => {
    world = await startWorld({}, { database: "postgres" });
    expect(world.databaseUrl).toMatch(/^postgres/);
    const user = world.tg.user({ id: 9701, first_name: "Pia", language_code: "en" });

    // Halfway: the offer chosen, the address not given yet. Then the process stops and a new one starts.
    const prompt = await toAddress(user, "btc btc", "usdt trx", "0.05");
    expect(prompt.text).toMatch(/address/i);
    await world.restart();

    // The new process goes on where the flow was.
    await user.send("TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj");
    const summary = await user.nextMessage();
    expect(summary.text).toContain("0.05 BTC");
    await user.click(summary, /^✅/);
    const card = await user.nextMessage();
    const exchangeId = /🔁 \S+ (\S+)/.exec(card.text ?? "")?.[1];
    expect(exchangeId, card.text).toBeDefined();
    const qr = await user.nextMessage();

    // The tracker follows it to its end, and says each step.
    world.app.sandbox!.setScenario(exchangeId!, "finished");
    await advanceUntil(world.clock, () => /Status: ✅ Finished/.test(card.text ?? ""), 15 * 60_000);
    await world.app.idle();
    const said = messagesAfter(user, qr);
    expect(said.at(-1)).toMatch(/Finished · exchange .*\nDone: [\d.,]+ USDT \(TRX\) sent to TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj/);

    // All of it is in the PostgreSQL database, as another process reads it.
    const store = await openTestStore(world);
    try {
      expect(store.dialect).toBe("postgres");
      const row = await store.db
        .selectFrom("transactions")
        .select(["user_id", "status", "next_poll_at", "card_message_id"])
        .where("exchange_id", "=", exchangeId!)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ user_id: 9701, status: "finished", next_poll_at: null, card_message_id: card.message_id });
      const history = await store.db
        .selectFrom("status_history")
        .select("status")
        .where("exchange_id", "=", exchangeId!)
        .orderBy(sql`id`)
        .execute();
      expect(history.map((h) => h.status)).toEqual(["waiting", "confirming", "exchanging", "sending", "finished"]);
      const grants = await store.db
        .selectFrom("budget_grants")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(grants.n)).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  }, 60_000);
});

describe("when PostgreSQL stops letting the bot in", () => {
  it("/healthz fails the database; a leader that cannot renew its lease for a whole lease stops polling and tracking, and leads again once the database is back, without a restart", async () => {
    world = await startWorld({ HEALTH_PORT: "0" }, { database: "postgres" });
    const healthz = async () => {
      const response = await fetch(`http://127.0.0.1:${world!.app.ports().health}/healthz`);
      return { status: response.status, body: (await response.json()) as { role?: string; failing?: Record<string, string> } };
    };
    await waitFor(async () => (await healthz()).status === 200, 10_000, "the bot to be healthy");
    expect((await healthz()).body.role).toBe("leader");
    const name = new URL(world.databaseUrl!).pathname.slice(1);

    // The database takes no new connection, and every open one is cut: the leader's lease cannot be renewed.
    await admin(postgresServer().url, async (client) => {
      await client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
    });
    await waitFor(
      () => world!.logs.some((line) => line.level === 50 && /STEPPED DOWN as leader/.test(line.msg)),
      5_000,
      "the step-down to be logged",
    );
    const down = await waitFor(
      async () => {
        const answer = await healthz();
        // The first failed check may name the killed connection ("terminating connection due to
        // administrator command"); the next ones name why no new connection is let in.
        return answer.body.failing?.database?.includes("is not currently accepting connections") ? answer : undefined;
      },
      5_000,
      "/healthz to fail the database",
    );
    expect(down.status).toBe(503);
    // Only the database fails: stepping down is no failure, and a follower polls and tracks nothing.
    expect(down.body).toEqual({
      status: "unhealthy",
      role: "follower",
      failing: { database: expect.stringContaining(`database "${name}" is not currently accepting connections`) as unknown },
    });
    expect(world.app.tracker.health()).toEqual({ ok: false, reason: "the tracker is not running" });

    // Back again: the process takes the lease again on its own and leads.
    await admin(postgresServer().url, (client) => client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`));
    const back = await waitFor(
      async () => {
        const answer = await healthz();
        return answer.status === 200 && answer.body.role === "leader" ? answer : undefined;
      },
      10_000,
      "the bot to lead again",
    );
    expect(back.body).toEqual({ status: "ok", role: "leader" });
    expect(world.logs.filter((line) => /is now the LEADER/.test(line.msg))).toHaveLength(2);
    // And it polls Telegram again: a person is answered.
    const user = world.tg.user({ id: 9702, first_name: "Back", language_code: "en" });
    await user.send("/start");
    expect((await user.nextMessage({ timeoutMs: 10_000 })).text).toBeTruthy();
  }, 30_000);
});

describe("npm start with DATABASE_URL", () => {
  it("says which database it uses without the password, and never logs the password", async () => {
    // A role with a password of its own, owning an empty database: the bot creates its tables.
    const password = "pg-s3cret-password-1234";
    const role = await freshRole(password);
    const database = await freshDatabase();
    cleanups.push(role.drop, database.drop);
    await admin(postgresServer().url, (client) => client.query(`ALTER DATABASE ${database.name} OWNER TO ${role.name}`));
    const url = withUser(database.url, role.name, password);
    const bot = spawnBot({
      BOT_TOKEN: "1:x",
      // Telegram out of reach: the bot keeps trying, having opened its database.
      TELEGRAM_API_ROOT: `http://127.0.0.1:${await freePort()}`,
      DATABASE_URL: url,
      // As the Docker image sets it.
      DATABASE_PATH: "/data/bot.sqlite",
      LOG_FORMAT: "json",
      LOG_LEVEL: "debug",
    });
    running.push(bot);
    await bot.waitForLine(/Telegram cannot be reached/, 20_000);
    const masked = url.replace(`:${password}@`, ":****@");
    const note = bot.lines.filter(Boolean).find((line) => messagesOf([line])[0] === DATABASE_NOTE);
    expect(JSON.parse(note ?? "{}")).toMatchObject({ database: masked, unusedPath: "/data/bot.sqlite" });
    // It made its tables as their owner; it does not lead while it cannot reach Telegram (another instance may).
    const { rows } = await admin(database.url, (client) =>
      client.query<{ owner: string }>("SELECT tableowner AS owner FROM pg_tables WHERE schemaname = 'public' AND tablename = 'users'"),
    );
    expect(rows).toEqual([{ owner: role.name }]);
    const leaders = await admin(database.url, (client) =>
      client.query<{ n: number }>("SELECT count(*)::int AS n FROM chat_leases WHERE chat_key = 'leader' AND owner <> ''"),
    );
    expect(leaders.rows[0]?.n).toBe(0);
    expect(bot.output()).not.toContain(password);
    expect(bot.output()).not.toContain(encodeURIComponent(password));
  }, 30_000);

  it("stops with one line, without the password, when PostgreSQL cannot be reached", async () => {
    const port = await freePort();
    const bot = spawnBot({
      BOT_TOKEN: "1:x",
      TELEGRAM_API_ROOT: `http://127.0.0.1:${await freePort()}`,
      DATABASE_URL: `postgres://swapbot:pg-s3cret-password@127.0.0.1:${port}/swapbot`,
      LOG_FORMAT: "json",
    });
    running.push(bot);
    expect((await bot.exited).code).toBe(1);
    expect(messagesOf(bot.lines.filter(Boolean))).toEqual([
      `The bot could not start: cannot reach PostgreSQL at 127.0.0.1:${port}: the connection was refused (is the server running? check the host and port in DATABASE_URL)`,
    ]);
    expect(bot.output()).not.toContain("pg-s3cret-password");
  }, 30_000);
});

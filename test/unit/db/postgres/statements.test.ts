import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../../../src/clock.js";
import { createRepositories } from "../../../../src/db/index.js";
import { openPostgres, type PostgresStore } from "../../../../src/db/postgres/index.js";
import { prepared } from "../../../../src/db/prepared.js";
import { admin, freshDatabase, type TestDatabase } from "../../../harness/postgres.js";

/** The hot queries on PostgreSQL: named statements, planned once per connection. */
describe("prepared queries on PostgreSQL", () => {
  let database: TestDatabase;
  let store: PostgresStore;

  beforeEach(async () => {
    database = await freshDatabase({ migrated: true });
    // One connection: the statements it prepared are the ones the test sees.
    store = await openPostgres(database.url, { max: 1 });
  });

  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  const preparedHere = async () =>
    (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements ORDER BY name`.execute(store.db)).rows.map((row) => row.name);

  it("run as statements the connection keeps, prepared once however often they run", async () => {
    const repos = createRepositories(store, new ManualClock(1_000));
    for (let i = 0; i < 3; i++) await repos.users.touch({ id: 7, username: "ann" });
    for (let i = 0; i < 3; i++) await repos.kv.get("x");
    const names = await preparedHere();
    expect(names).toHaveLength(2);
    expect(names.every((name) => name.startsWith("swapbot_"))).toBe(true);
  });

  it("go on when a newer bot adds a column under the running one (a rolling deploy)", async () => {
    const clock = new ManualClock(1_000);
    const repos = createRepositories(store, clock);
    const tx = {
      exchangeId: "ex-1",
      userId: 7,
      chatId: 7,
      symbolFrom: "btc",
      networkFrom: "btc",
      symbolTo: "eth",
      networkTo: "eth",
      amountFrom: "1",
      amountTo: "30",
      addressTo: "0xabc",
      extraTo: null,
      addressFrom: "bc1q",
      extraFrom: null,
      provider: "p",
      rateType: "float",
      status: "waiting",
      createdAt: 1_000,
      nextPollAt: 2_000,
      pollRank: 2 as const,
      cardMessageId: null,
    };
    await repos.users.touch({ id: 7, username: "ann" });
    await repos.transactions.insert(tx);
    expect(await repos.schedule.due(5_000, 5)).toHaveLength(1);

    await admin(database.url, (client) =>
      client.query("ALTER TABLE users ADD COLUMN added_later text; ALTER TABLE transactions ADD COLUMN added_later text"),
    );

    expect(await repos.users.touch({ id: 7, username: "ann2" })).toMatchObject({ id: 7, username: "ann2" });
    expect((await repos.schedule.due(5_000, 5)).map((t) => t.exchangeId)).toEqual(["ex-1"]);
    expect(await repos.transactions.find("ex-1")).toMatchObject({ exchangeId: "ex-1", status: "waiting" });
  });

  it("a statement whose rows change shape under it fails once, then is prepared afresh", async () => {
    // `*`, which the bot's own hot queries never select: its plan cannot follow a new column.
    const all = prepared<[id: number], Record<string, unknown>>(store.db, (db, arg) =>
      db.selectFrom("users").selectAll().where("id", "=", arg<number>(0)),
    );
    await createRepositories(store, new ManualClock(1_000)).users.touch({ id: 7 });
    expect((await all(store.db, 7)).rows).toHaveLength(1);
    await admin(database.url, (client) => client.query("ALTER TABLE users ADD COLUMN added_later text"));
    await expect(all(store.db, 7)).rejects.toMatchObject({ code: "0A000" });
    expect((await all(store.db, 7)).rows[0]).toMatchObject({ id: 7, added_later: null });
  });
});

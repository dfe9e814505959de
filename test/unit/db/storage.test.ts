import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../../src/app.js";
import { ManualClock } from "../../../src/clock.js";
import { loadConfig } from "../../../src/config.js";
import {
  AddressBook,
  createRepositories,
  InstanceLock,
  type NewTransaction,
  openSqliteStore,
  POLL_RANK,
  type Repositories,
  runMigrationWork,
  type SqliteStore,
} from "../../../src/db/index.js";
import { MIGRATIONS } from "../../../src/db/migrations.js";
import { headStart } from "../../../src/domain/poll-policy.js";
import { startBotApiEmulator, waitFor } from "../../../src/emulator/index.js";
import { captureLogs, drive } from "../../harness/drive.js";
import { freshRepositoriesEachTest, newTransaction } from "../../harness/store.js";

/** An exchange with a card, as storage keeps it. */
const sample = (overrides: Partial<NewTransaction> = {}): NewTransaction => newTransaction({ cardMessageId: 12, ...overrides });

/** The repositories, on a fresh database of the test back end. */
describe("storage", () => {
  const clock = new ManualClock(1_000_000);
  const fresh = freshRepositoriesEachTest(clock);
  let repos: Repositories;
  beforeEach(() => {
    repos = fresh.repos;
  });

  it("keeps users, their language and the blocked mark, lifted when they write again", async () => {
    await repos.users.touch({ id: 7, username: "Alice", firstName: "Alice" });
    await repos.users.setLanguage(7, "ru");
    await repos.users.setBlocked(7, true);
    expect(await repos.users.findByUsername("@alice")).toMatchObject({ id: 7, language: "ru", blocked: true });
    await repos.users.touch({ id: 7, username: "alice2" });
    expect(await repos.users.find(7)).toMatchObject({ username: "alice2", language: "ru", blocked: false });
  });

  it("stores an exchange with its first status and appends each change to the history", async () => {
    await repos.transactions.insert(sample());
    expect((await repos.schedule.recordObservation("exolix-floating-abc", { status: "waiting" }))?.change).toBeUndefined();
    await clock.advance(5_000);
    const recorded = await repos.schedule.recordObservation("exolix-floating-abc", { status: "confirming", hashFrom: "h1" });
    expect(recorded?.change).toEqual({ status: "confirming", at: clock.now() });
    expect(recorded?.before).toMatchObject({ status: "waiting", hashFrom: null });
    expect(recorded?.after).toMatchObject({ status: "confirming", hashFrom: "h1", pendingNotice: "confirming" });
    const stored = await repos.transactions.find("exolix-floating-abc");
    expect(stored).toMatchObject({ status: "confirming", hashFrom: "h1", amountFrom: "0.05", addressFrom: "bc1qdeposit" });
    expect((await repos.transactions.history("exolix-floating-abc")).map((h) => h.status)).toEqual(["waiting", "confirming"]);
  });

  it("rejects a second exchange with the same id instead of overwriting it", async () => {
    await repos.transactions.insert(sample());
    await expect(repos.transactions.insert(sample({ amountFrom: "9" }))).rejects.toThrow(/unique/i);
    expect((await repos.transactions.find("exolix-floating-abc"))?.amountFrom).toBe("0.05");
    expect(await repos.transactions.history("exolix-floating-abc")).toHaveLength(1);
  });

  it("lists due work earliest first and a user's exchanges newest first", async () => {
    await repos.transactions.insert(sample({ exchangeId: "a", nextPollAt: 300, createdAt: 1 }));
    await repos.transactions.insert(sample({ exchangeId: "b", nextPollAt: 100, createdAt: 2 }));
    await repos.transactions.insert(sample({ exchangeId: "c", nextPollAt: null, createdAt: 3 }));
    await repos.transactions.insert(sample({ exchangeId: "d", nextPollAt: 900, createdAt: 4, userId: 8 }));
    expect((await repos.schedule.due(500, 10)).map((t) => t.exchangeId)).toEqual(["b", "a"]);
    await repos.schedule.scheduleNextPoll("b", null);
    expect((await repos.schedule.due(500, 10)).map((t) => t.exchangeId)).toEqual(["a"]);
    expect((await repos.transactions.listByUser(7, 2)).map((t) => t.exchangeId)).toEqual(["c", "b"]);
    expect(await repos.transactions.countByUser(7)).toBe(3);
    expect(await repos.transactions.countByStatus()).toEqual({ waiting: 4 });
  });

  it("with a head start per rank, an exchange overdue long enough goes ahead of a lower rank", async () => {
    const MINUTE = 60_000;
    await repos.transactions.insert(sample({ exchangeId: "waiting-long", nextPollAt: 0 }));
    await repos.transactions.insert(sample({ exchangeId: "moving-now", nextPollAt: 31 * MINUTE }));
    await repos.schedule.scheduleNextPoll("moving-now", 31 * MINUTE, 1);
    await repos.transactions.insert(sample({ exchangeId: "waiting-recent", nextPollAt: 20 * MINUTE }));
    const now = 31 * MINUTE;
    // Strictly by rank: the moving one first.
    expect((await repos.schedule.due(now, 3)).map((t) => t.exchangeId)).toEqual(["moving-now", "waiting-long", "waiting-recent"]);
    // Half an hour overdue beats just due; ten minutes overdue does not.
    expect((await repos.schedule.due(now, 3, headStart)).map((t) => t.exchangeId)).toEqual([
      "waiting-long",
      "moving-now",
      "waiting-recent",
    ]);
    expect((await repos.schedule.due(now, 1, headStart)).map((t) => t.exchangeId)).toEqual(["waiting-long"]);
  });

  it("picks due work by rank, then time, and moves an exchange up when its owner says the funds are sent", async () => {
    const first = await repos.transactions.insert(sample({ exchangeId: "a", nextPollAt: 100 }));
    expect(first).toMatchObject({ pollRank: 2, fundsSentAt: null });
    await repos.transactions.insert(sample({ exchangeId: "b", nextPollAt: 200 }));
    await repos.transactions.insert(sample({ exchangeId: "c", nextPollAt: 300 }));
    await repos.transactions.insert(sample({ exchangeId: "d", nextPollAt: null }));
    await repos.schedule.scheduleNextPoll("c", 300, 1);
    expect((await repos.schedule.due(500, 10)).map((t) => t.exchangeId)).toEqual(["c", "a", "b"]);
    await repos.schedule.scheduleNextPoll("c", 400); // no rank given: it keeps its own
    expect((await repos.transactions.find("c"))!.pollRank).toBe(1);

    // First in line, and due now if it was due later; never later than it was.
    expect(await repos.schedule.markFundsSent("b", 150)).toBe(true);
    expect(await repos.transactions.find("b")).toMatchObject({ pollRank: 0, fundsSentAt: 150, nextPollAt: 150 });
    expect((await repos.schedule.due(500, 2)).map((t) => t.exchangeId)).toEqual(["b", "c"]);
    await repos.schedule.markFundsSent("a", 160);
    expect((await repos.transactions.find("a"))!.nextPollAt).toBe(100);
    // An exchange no longer followed stays so.
    expect(await repos.schedule.markFundsSent("d", 170)).toBe(false);
    expect(await repos.transactions.find("d")).toMatchObject({ nextPollAt: null, fundsSentAt: null });
  });

  it("leases an exchange only while its next poll is the one the pick saw, and never one no longer followed", async () => {
    await repos.transactions.insert(sample({ exchangeId: "moved", nextPollAt: 1_000 }));
    await repos.transactions.insert(sample({ exchangeId: "stopped", nextPollAt: 1_000 }));
    await repos.transactions.insert(sample({ exchangeId: "due", nextPollAt: 1_000 }));
    // A person's look set the next poll since the pick read 1_000; another stopped following one.
    await repos.schedule.scheduleNextPoll("moved", 61_000);
    await repos.schedule.stopTracking("stopped", "stalled", 2_000);
    expect(await repos.schedule.lease("moved", 600_000, 1_000)).toBe(false);
    expect(await repos.schedule.lease("stopped", 600_000, 1_000)).toBe(false);
    expect(await repos.schedule.lease("due", 600_000, 1_000)).toBe(true);
    expect(await repos.transactions.find("moved")).toMatchObject({ nextPollAt: 61_000, leasedUntil: null });
    expect(await repos.transactions.find("stopped")).toMatchObject({ nextPollAt: null, leasedUntil: null });
    expect(await repos.transactions.find("due")).toMatchObject({ nextPollAt: 600_000, leasedUntil: 600_000 });
    // Without what the pick saw: any next poll, but still never none.
    expect(await repos.schedule.lease("stopped", 600_000)).toBe(false);
  });

  it("schedules from the exchange as it is when written: a press of 'I have sent the funds' since it was read is decided on", async () => {
    await repos.transactions.insert(sample({ exchangeId: "a", nextPollAt: 1_000 }));
    const read = (await repos.transactions.find("a"))!;
    await repos.schedule.markFundsSent("a", 1_500);
    const scheduled = await repos.schedule.scheduleNextPoll("a", (current) => ({
      at: current.fundsSentAt === null ? 9_000 : 2_000,
      rank: current.fundsSentAt === null ? read.pollRank : POLL_RANK.fundsSent,
    }));
    expect(scheduled).toMatchObject({ nextPollAt: 2_000, pollRank: POLL_RANK.fundsSent, leasedUntil: null });
    // Nothing decided: the schedule stands.
    expect(await repos.schedule.scheduleNextPoll("a", () => undefined)).toMatchObject({ nextPollAt: 2_000 });
  });

  it("owes the creation card only while nobody holds it and none was shown, and sooner if it was owed later", async () => {
    await repos.transactions.insert(sample({ exchangeId: "claimed", cardMessageId: null }));
    await repos.transactions.insert(sample({ exchangeId: "shown", cardMessageId: 12 }));
    await repos.transactions.insert(sample({ exchangeId: "free", cardMessageId: null }));
    expect(await repos.cards.claimCard("claimed", "flow")).toBe(true);
    const owedAt = clock.now();
    for (const id of ["claimed", "shown", "free"]) await repos.cards.oweUnclaimedCard(id);
    expect(await repos.transactions.find("claimed")).toMatchObject({ cardClaim: "flow", cardDueAt: null });
    expect(await repos.transactions.find("shown")).toMatchObject({ cardClaim: null, cardDueAt: null });
    expect(await repos.transactions.find("free")).toMatchObject({ cardClaim: null, cardDueAt: owedAt });
    await clock.advance(4_000);
    await repos.cards.oweUnclaimedCard("free");
    expect((await repos.transactions.find("free"))!.cardDueAt).toBe(owedAt);
    // Owed a minute from now (a send Telegram did not take), then owed now: from now.
    await repos.cards.oweCard("free", 60_000, false);
    expect((await repos.transactions.find("free"))!.cardDueAt).toBe(clock.now() + 60_000);
    await repos.cards.oweUnclaimedCard("free");
    expect((await repos.transactions.find("free"))!.cardDueAt).toBe(clock.now());
  });

  it("releases at start-up the leases a dead process left, and only those", async () => {
    await repos.transactions.insert(sample({ exchangeId: "leased", nextPollAt: 1_000 }));
    await repos.transactions.insert(sample({ exchangeId: "scheduled", nextPollAt: 5_000_000 }));
    await repos.schedule.lease("leased", 1_600_000);
    expect(await repos.transactions.find("leased")).toMatchObject({ nextPollAt: 1_600_000, leasedUntil: 1_600_000 });
    expect(await repos.schedule.releaseLeases(clock.now())).toBe(1);
    expect(await repos.transactions.find("leased")).toMatchObject({ nextPollAt: clock.now(), leasedUntil: null });
    expect(await repos.transactions.find("scheduled")).toMatchObject({ nextPollAt: 5_000_000, leasedUntil: null });
    // A poll that ends ends its lease.
    await repos.schedule.lease("scheduled", 1_600_000);
    await repos.schedule.scheduleNextPoll("scheduled", 1_700_000);
    expect(await repos.schedule.releaseLeases(clock.now())).toBe(0);
  });

  it("replaces a kv entry only while it holds what the caller saw, and deletes a flow only while it is still too large", async () => {
    await repos.kv.set("offers:7", { flowId: "a", step: 2 });
    // The flow moved on meanwhile: a late quote for its old step is not stored.
    await repos.kv.set("offers:7", { flowId: "a", step: 3 });
    expect(await repos.kv.replace("offers:7", { flowId: "a", step: 2 }, { flowId: "a", step: 2, outcome: "late" })).toBe(false);
    expect(await repos.kv.replace("offers:7", { flowId: "a", step: 3 }, { flowId: "a", step: 3, outcome: "ok" })).toBe(true);
    expect(await repos.kv.get("offers:7")).toEqual({ flowId: "a", step: 3, outcome: "ok" });
    await repos.kv.delete("offers:7");
    expect(await repos.kv.replace("offers:7", { flowId: "a", step: 3, outcome: "ok" }, { flowId: "b" })).toBe(false);
    expect(await repos.kv.get("offers:7")).toBeUndefined();

    await repos.kv.set("conv:7", { state: "é".repeat(60) }); // 120 bytes of it, 60 characters
    expect(await repos.kv.largerThan("conv", 100)).toEqual(["7"]);
    expect(await repos.kv.deleteIfLarger("conv", "7", 200)).toBe(false);
    expect(await repos.kv.deleteIfLarger("conv", "7", 100)).toBe(true);
    expect(await repos.kv.get("conv:7")).toBeUndefined();
  });

  it("lists the entries under a prefix written since a time that hold one text and lack another, oldest first, a limited number", async () => {
    await repos.kv.set("offers:1", { swap: 1 });
    await clock.advance(10);
    await repos.kv.set("offers:2", { swap: 2 });
    await repos.kv.set("offers:3", { swap: 3, outcome: "ok" });
    await repos.kv.set("offers:4", { step: 4 });
    await repos.kv.set("offerz:5", { swap: 5 });
    await clock.advance(10);
    await repos.kv.set("offers:6", { swap: 6, note: '"outcome": in a string' });
    const since = clock.now() - 20;
    const matching = (limit: number, from = since) =>
      repos.kv.matchingSince("offers", { since: from, contains: '"swap":', lacks: '"outcome":', limit });
    expect(await matching(10)).toEqual([
      { key: "1", value: { swap: 1 } },
      { key: "2", value: { swap: 2 } },
      { key: "6", value: { swap: 6, note: '"outcome": in a string' } },
    ]);
    expect((await matching(2)).map((entry) => entry.key)).toEqual(["1", "2"]);
    expect((await matching(10, since + 1)).map((entry) => entry.key)).toEqual(["2", "6"]);
    await expect(repos.kv.matchingSince("offers", { since, contains: "50%", lacks: "x", limit: 1 })).rejects.toThrow(/LIKE/);
  });

  it("tells the exchange as it was just before and after the deposit details were recorded", async () => {
    await repos.transactions.insert(sample({ addressFrom: null }));
    const recorded = await repos.transactions.recordDeposit("exolix-floating-abc", {
      addressFrom: "bc1qlater",
      extraFrom: null,
      amountTo: "3000",
    });
    expect(recorded?.before).toMatchObject({ addressFrom: null, amountTo: "3012.5" });
    expect(recorded?.after).toMatchObject({ addressFrom: "bc1qlater", amountTo: "3000", status: "waiting" });
    // What the service did not say is kept.
    expect(
      (await repos.transactions.recordDeposit("exolix-floating-abc", { addressFrom: null, extraFrom: null, amountTo: null }))?.after
        .addressFrom,
    ).toBe("bc1qlater");
    expect(await repos.transactions.recordDeposit("unknown", { addressFrom: "x", extraFrom: null, amountTo: null })).toBeUndefined();
  });

  it("counts and creates a rate alert at once: no more open ones than allowed", async () => {
    const alert = {
      userId: 7,
      chatId: 7,
      symbolFrom: "btc",
      networkFrom: "btc",
      symbolTo: "eth",
      networkTo: "eth",
      amount: "1",
      target: "20",
      expiresAt: 2_000_000,
    };
    const made = await Promise.all([1, 2, 3].map(() => repos.alerts.create(alert, 2)));
    expect(made.filter((a) => a !== undefined)).toHaveLength(2);
    expect(await repos.alerts.openOf(7)).toHaveLength(2);
    await repos.alerts.end(made.find((a) => a !== undefined)!.id, "removed");
    expect(await repos.alerts.create(alert, 2)).toMatchObject({ userId: 7, createdAt: clock.now() });
  });

  it("saves an address saved twice at once as one entry (relabelled), and never more than a person may keep", async () => {
    const entry = { userId: 7, network: "ETH", label: "mine", address: "0xabc", memo: null };
    const saved = await Promise.all([entry, { ...entry, label: "also mine" }].map((e) => repos.addresses.save(e)));
    expect(saved.every((s) => s !== "full" && s.id === (saved[0] as { id: number }).id)).toBe(true);
    expect(await repos.addresses.list(7)).toHaveLength(1);
    const max = AddressBook.MAX_PER_USER;
    const more = await Promise.all(Array.from({ length: max + 2 }, (_, i) => repos.addresses.save({ ...entry, address: `0x${i}` })));
    expect(more.filter((s) => s === "full")).toHaveLength(3);
    expect(await repos.addresses.list(7)).toHaveLength(max);
  });

  it("touches a person and reads their chat's entries at once; the entries are then served as read, kept current by writes, until forgotten", async () => {
    await repos.kv.set("conv:7", { step: 1 });
    const { user, entries } = await repos.users.arrive({ id: 7, username: "ann", firstName: "Ann" }, ["conv:7", "label:7"]);
    expect(user).toMatchObject({ id: 7, username: "ann", firstName: "Ann", blocked: false });
    expect(entries).toEqual(
      new Map([
        ["conv:7", JSON.stringify({ step: 1 })],
        ["label:7", null],
      ]),
    );
    expect(await repos.users.find(7)).toMatchObject({ username: "ann" });

    const forget = repos.kv.remember(entries);
    // Another writer (a test's own store here) is not seen while remembered: within an update only this process writes them.
    const other = createRepositories(fresh.store, clock).kv;
    await other.set("conv:7", { step: 99 });
    expect(await repos.kv.get("conv:7")).toEqual({ step: 1 });
    // This store's writes are.
    await repos.kv.set("conv:7", { step: 2 });
    expect(await repos.kv.get("conv:7")).toEqual({ step: 2 });
    expect(await repos.kv.get("label:7")).toBeUndefined();
    await repos.kv.set("label:7", { kind: "save" });
    expect(await repos.kv.get("label:7")).toEqual({ kind: "save" });
    await repos.kv.delete("label:7");
    expect(await repos.kv.get("label:7")).toBeUndefined();
    // A write over a range, and a compare-and-set, leave the database to say.
    expect(await repos.kv.replace("conv:7", { step: 2 }, { step: 3 })).toBe(true);
    expect(await repos.kv.get("conv:7")).toEqual({ step: 3 });
    forget();
    await other.set("conv:7", { step: 4 });
    expect(await repos.kv.get("conv:7")).toEqual({ step: 4 });
    expect(await repos.kv.get("label:7")).toBeUndefined();
    // Without entries: only the touch.
    expect((await repos.users.arrive({ id: 8 }, [])).entries.size).toBe(0);
  });

  it("replaces the catalogue whole and keeps JSON values behind the storage adapter", async () => {
    await repos.catalogue.replaceCurrencies([{ symbol: "xrp", network: "xrp", fullname: "XRP", image: "", memo: true, explorer: "x/" }]);
    await repos.catalogue.replaceCurrencies([
      { symbol: "btc", network: "btc", fullname: "Bitcoin", image: "", memo: false, explorer: "b/" },
    ]);
    expect(await repos.catalogue.currencies()).toEqual([
      { symbol: "btc", network: "btc", fullname: "Bitcoin", image: "", memo: false, explorer: "b/" },
    ]);
    const adapter = repos.kv.adapter<{ step: number }>("session");
    await adapter.write("42", { step: 3 });
    expect(await adapter.read("42")).toEqual({ step: 3 });
    await adapter.delete("42");
    expect(await adapter.read("42")).toBeUndefined();
  });
});

/** The SQLite file itself: its journal mode and the user_version migrations of files of every earlier version. */
describe("the SQLite file", () => {
  let dir: string;
  let store: SqliteStore;
  const clock = new ManualClock(1_000_000);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "swapbot-db-"));
    store = openSqliteStore(join(dir, "nested", "bot.sqlite"));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("opens in WAL mode at the latest migration, and reopening applies nothing twice", async () => {
    expect(store.sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(store.sqlite.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    await store.close();
    store = openSqliteStore(join(dir, "nested", "bot.sqlite"));
    expect(store.sqlite.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
  });

  it("two stores of one file in one process take turns: a write of one waits for the other's transaction instead of failing busy", async () => {
    const other = openSqliteStore(join(dir, "nested", "bot.sqlite"));
    try {
      const order: string[] = [];
      const first = store.db.transaction().execute(async (trx) => {
        await trx.insertInto("kv").values({ key: "a", value: "1", updated_at: 1 }).execute();
        // The transaction spans awaits: the other store asks to write meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
        await trx.insertInto("kv").values({ key: "b", value: "2", updated_at: 1 }).execute();
        order.push("first committed");
      });
      const second = other.db
        .insertInto("kv")
        .values({ key: "c", value: "3", updated_at: 1 })
        .execute()
        .then(() => order.push("second wrote"));
      await Promise.all([first, second]);
      expect(order).toEqual(["first committed", "second wrote"]);
      expect(
        (await other.db.selectFrom("kv").select("key").where("key", "in", ["a", "b", "c"]).orderBy("key").execute()).map((row) => row.key),
      ).toEqual(["a", "b", "c"]);
    } finally {
      await other.close();
    }
  });

  it("migration 7 follows again the exchanges that expired less than 48 hours ago", async () => {
    const path = join(dir, "v6.sqlite");
    const v6 = new Database(path);
    for (const sql of MIGRATIONS.slice(0, 6)) v6.exec(sql);
    v6.pragma("user_version = 6");
    const insert = v6.prepare(
      `INSERT INTO transactions (exchange_id, user_id, chat_id, symbol_from, network_from, symbol_to, network_to, amount_from, address_to,
         provider, rate_type, status, created_at, updated_at, status_changed_at, next_poll_at)
       VALUES (?, 7, 7, 'btc', 'btc', 'usdt', 'trx', '0.05', 'TXYZ', 'exolix', 'floating', ?, ?, ?, ?, NULL)`,
    );
    const now = Date.now();
    const HOUR = 3_600_000;
    for (const [id, status, changedAt] of [
      ["recent", "overdue", now - HOUR],
      ["old", "overdue", now - 96 * HOUR],
      ["done", "finished", now - HOUR],
    ] as const) {
      insert.run(id, status, changedAt - HOUR, changedAt, changedAt);
    }
    v6.close();
    const migrated = openSqliteStore(path);
    const v7 = createRepositories(migrated, clock).transactions;
    try {
      // The schema is migrated at open; the work waits for the process that holds the lock.
      expect((await v7.find("recent"))!.nextPollAt).toBeNull();
      expect(runMigrationWork(migrated.sqlite, now)).toEqual([
        { version: 7, what: expect.stringContaining("48 hours") as unknown, rows: 1 },
      ]);
      expect(runMigrationWork(migrated.sqlite, now)).toEqual([]);
      expect(await v7.find("recent")).toMatchObject({
        nextPollAt: now - HOUR,
        pollRank: 2,
        notFoundCount: 0,
        leasedUntil: null,
        trackingStoppedAt: null,
      });
      expect((await v7.find("old"))!.nextPollAt).toBeNull();
      expect((await v7.find("done"))!.nextPollAt).toBeNull();
    } finally {
      await migrated.close();
    }
  });
});

describe("migration 7's work in a rolling deploy", () => {
  it("runs only once the new process holds the instance lock, and never again in the next process", async () => {
    const dir = mkdtempSync(join(tmpdir(), "swapbot-rolling-"));
    const path = join(dir, "bot.sqlite");
    // Today's time: the old code did this work by the database's own clock.
    const clock = new ManualClock(Date.now());
    const tg = await startBotApiEmulator({ clock: () => clock.now() });
    const HOUR = 3_600_000;
    // A database of the old version, with an exchange that expired an hour ago.
    const v6 = new Database(path);
    for (const sql of MIGRATIONS.slice(0, 6)) v6.exec(sql);
    v6.pragma("user_version = 6");
    const changedAt = clock.now() - HOUR;
    v6.prepare(
      `INSERT INTO transactions (exchange_id, user_id, chat_id, symbol_from, network_from, symbol_to, network_to, amount_from, address_to,
         provider, rate_type, status, created_at, updated_at, status_changed_at, next_poll_at)
       VALUES ('late', 7, 7, 'btc', 'btc', 'usdt', 'trx', '0.05', 'TXYZ', 'exolix', 'floating', 'overdue', ?, ?, ?, NULL)`,
    ).run(changedAt - HOUR, changedAt, changedAt);
    v6.close();
    const config = loadConfig({ BOT_TOKEN: tg.token, TELEGRAM_API_ROOT: tg.apiRoot, DATABASE_PATH: path });
    const boot = async () => {
      const { logger, lines } = captureLogs();
      return { app: await createApp({ ...config, botToken: tg.token }, logger, { clock, botInfo: tg.botInfo }), lines };
    };
    // The old process still runs: it holds the lock.
    const old = InstanceLock.tryAcquire(path)!;
    const next = await boot();
    try {
      const starting = next.app.start();
      await waitFor(() => next.lines.some((l) => /already running on this database/.test(l.msg)), 5_000, "the new process to wait");
      // Its schema is there; the old process's exchanges are left alone while it runs.
      expect(await next.app.repos.transactions.find("late")).toMatchObject({ nextPollAt: null, notFoundCount: 0 });
      old.release();
      await drive(clock, starting);
      expect((await next.app.repos.transactions.find("late"))!.nextPollAt).not.toBeNull();
      expect(next.lines.filter((l) => /migration 7/.test(l.msg))).toHaveLength(1);

      // Tracking it stops again; the next process does not follow it again.
      await next.app.repos.schedule.stopTracking("late", "not-found", clock.now());
      await next.app.stop();
      const after = await boot();
      await after.app.start();
      expect((await after.app.repos.transactions.find("late"))!.nextPollAt).toBeNull();
      expect(after.lines.filter((l) => /migration 7/.test(l.msg))).toHaveLength(0);
      await after.app.stop();
    } finally {
      await next.app.stop();
      await tg.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

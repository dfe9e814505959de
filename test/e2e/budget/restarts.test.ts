import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type App, createApp } from "../../../src/app.js";
import { systemClock } from "../../../src/clock.js";
import { loadConfig } from "../../../src/config.js";
import { pollRank } from "../../../src/domain/poll-policy.js";
import { type BotApiEmulator, type StoredMessage, startBotApiEmulator, waitFor } from "../../../src/emulator/index.js";
import { type SandboxExchange, startSandbox } from "../../../src/exchange/sandbox/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { advanceUntil, captureLogs, type LogLine } from "../../harness/drive.js";
import { toAmount } from "../../harness/flow.js";
import { worldDatabase } from "../../harness/postgres.js";
import { openTestStore } from "../../harness/store.js";
import { busiestWindow } from "../../harness/windows.js";

const ROOT = resolve(import.meta.dirname, "..", "..", "..");
const SPAN = 61_000;

const cleanups: (() => Promise<void> | void)[] = [];
let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Another bot process on the same database, emulator and exchange as `w`'s, with its own log. */
async function secondProcess(w: TestWorld): Promise<{ app: App; lines: LogLine[] }> {
  const { logger, lines } = captureLogs();
  const config = loadConfig({
    BOT_TOKEN: w.tg.token,
    TELEGRAM_API_ROOT: w.tg.apiRoot,
    ...w.databaseEnv,
    EXCHANGE_RATE_LIMIT_PER_MINUTE: "1000",
  });
  const app = await createApp({ ...config, botToken: w.tg.token }, logger, {
    clock: w.clock,
    botInfo: w.tg.botInfo,
    sandbox: { exchange: w.app.sandbox!, apiKey: "sandbox-key" },
  });
  return { app, lines };
}

describe("the budget across restarts", () => {
  it("fill the window, restart at once: the service sees no 429 and never more than the limit in a minute", async () => {
    world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "10" });
    const user = world.tg.user({ id: 8301, first_name: "Re", language_code: "en" });
    const group = world.tg.group({ id: -1830, title: "Restarts", type: "supergroup", admins: [8301] });
    group.addMember(user);
    await world.clock.advance(2 * SPAN); // start-up calls have left the window
    const cards: StoredMessage[] = [];
    // A different person each time: one person alone may ask for only three new quotes a minute.
    const ask = async (amount: number) => {
      const asker = amount === 1 ? user : world!.tg.user({ id: 8310 + amount, first_name: "Re", language_code: "en" });
      if (amount > 1) group.addMember(asker);
      await asker.send(`/rate ${amount} btc eth`, { chat: group });
      const isCard = (m: StoredMessage) => m.from_bot === true && new RegExp(`(^|for )${amount} BTC → ETH`).test(m.text ?? "");
      await waitFor(() => group.messages().some(isCard), 5_000, "the card");
      cards.push(group.messages().find(isCard)!);
    };
    for (let i = 1; i <= 10; i++) await ask(i);
    await waitFor(() => world!.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").length === 10, 5_000, "ten quotes");

    await world.restart();
    for (let i = 11; i <= 15; i++) await ask(i);
    // The new process knows the window is full: the new cards wait in line.
    expect(cards.slice(10).every((card) => /in line/.test(card.text ?? ""))).toBe(true);
    await advanceUntil(world.clock, () => cards.every((card) => /Quoted at/.test(card.text ?? "")), 5 * 60_000);

    const requests = world.app.sandbox!.requests;
    expect(requests.filter((r) => r.status === 429)).toHaveLength(0);
    expect(
      busiestWindow(
        requests.map((r) => r.at),
        60_000,
      ),
    ).toBeLessThanOrEqual(10);
  });

  it("a second process on the same SQLite file waits instead of polling Telegram, and takes over when the first stops", async () => {
    // SQLite runs one process per file (PostgreSQL's instances lead and follow: fleet/leadership.test.ts).
    world = await startWorld({}, { database: "sqlite" });
    const { app: second, lines } = await secondProcess(world);
    let started = false;
    const starting = second.start().then(() => (started = true));
    await waitFor(
      () => lines.some((l) => /another bot process is already running on this database/.test(l.msg)),
      5_000,
      "the second process to say why it waits",
    );
    const pollsBefore = world.tg.calls.filter((c) => c.method === "getUpdates").length;
    await world.clock.advance(30_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(started).toBe(false);

    // The first stops (a rolling deploy): the second takes over within its retry interval.
    await world.app.stop();
    world.app = second;
    await world.clock.advance(5_000);
    await starting;
    expect(lines.some((l) => /takes over/.test(l.msg))).toBe(true);
    expect(world.tg.calls.filter((c) => c.method === "getUpdates").length).toBeGreaterThanOrEqual(pollsBefore);
    const user = world.tg.user({ id: 8302, first_name: "Tw", language_code: "en" });
    await user.send("/start");
    expect((await user.nextMessage()).text).toBeTruthy();
  });

  it("a second process stopped while it waits stops at once, and the first goes on (SQLite)", async () => {
    // SQLite runs one process per file (PostgreSQL's instances lead and follow: fleet/leadership.test.ts).
    world = await startWorld({}, { database: "sqlite" });
    const { app: second, lines } = await secondProcess(world);
    const starting = second.start();
    await waitFor(() => lines.some((l) => /another bot process is already running/.test(l.msg)), 5_000, "the second process to wait");
    const timersBefore = world.clock.pendingTimers;
    await second.stop(); // no clock moves: it must not wait for its next try
    await starting;
    expect(world.clock.pendingTimers).toBeLessThan(timersBefore); // its retry timer is gone
    expect(lines.some((l) => l.msg === "bot started")).toBe(false);
    const user = world.tg.user({ id: 8304, first_name: "On", language_code: "en" });
    await user.send("/start");
    expect((await user.nextMessage()).text).toBeTruthy();
  });

  it("a person's quote goes before any of 50 due polls", async () => {
    world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "10" });
    const asker = world.tg.user({ id: 8303, first_name: "Q", language_code: "en" });
    await toAmount(asker, "eth eth", "usdt trx");
    await world.clock.advance(2 * SPAN);
    const now = world.clock.now();
    for (let i = 0; i < 50; i++) {
      await world.app.repos.transactions.insert({
        exchangeId: `due-${i}`,
        userId: 9000 + i,
        chatId: 9000 + i,
        symbolFrom: "btc",
        networkFrom: "btc",
        symbolTo: "eth",
        networkTo: "eth",
        amountFrom: "0.1",
        amountTo: "1.5",
        addressTo: "0x52908400098527886E0F7030069857D2E4169EE7",
        extraTo: null,
        addressFrom: null,
        extraFrom: null,
        provider: "changelly",
        rateType: "floating",
        status: i % 2 ? "waiting" : "exchanging",
        createdAt: now,
        nextPollAt: now,
        pollRank: pollRank({ status: i % 2 ? "waiting" : "exchanging", fundsSentAt: null }, now),
        cardMessageId: null,
      });
    }
    // The tracker takes its first poll, the rest wait for their paced background slots.
    world.app.tracker.wake();
    const polls = () => world!.app.sandbox!.requests.filter((r) => r.endpoint === "getTransactionInfo");
    await waitFor(
      async () => polls().length === 1 && (await world!.app.budget.stats()).queuedByLane.poll > 0,
      5_000,
      "the tracker to start polling",
    );
    await asker.send("1");
    const offers = await asker.nextMessage();
    expect(offers.text).toContain("1 ETH → USDT (TRX)");
    const after = world.app.sandbox!.requests.filter((r) => r.at >= now).slice(1);
    // Granted at the moment asked, ahead of the 49 polls still due.
    expect(after[0]).toMatchObject({ endpoint: "getEstimatedAmount", at: now });
    expect(polls()).toHaveLength(1);
  });
});

describe("the budget after SIGKILL", () => {
  let tg: BotApiEmulator;
  let sandbox: SandboxExchange;

  /** `node dist-less src/main.ts` as a direct child, so SIGKILL reaches the bot itself. */
  function startBot(database: Record<string, string>): ChildProcess {
    const child = spawn(
      process.execPath,
      ["--import", pathToFileURL(join(ROOT, "node_modules/tsx/dist/loader.mjs")).href, join(ROOT, "src/main.ts")],
      {
        cwd: mkdtempSync(join(tmpdir(), "swapbot-kill-cwd-")),
        env: {
          PATH: process.env.PATH ?? "",
          BOT_TOKEN: tg.token,
          TELEGRAM_API_ROOT: tg.apiRoot,
          EXCHANGE_API_URL: sandbox.url,
          EXCHANGE_API_KEY: "kill-key",
          EXCHANGE_RATE_LIMIT_PER_MINUTE: "10",
          ...database,
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "ignore", "ignore"],
      },
    );
    cleanups.push(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    });
    return child;
  }

  it("a bot killed with a full window is followed by one that waits for the window, not one that sends at once", async () => {
    tg = await startBotApiEmulator();
    sandbox = await startSandbox({ apiKey: "kill-key", clock: systemClock, rateLimitPerMinute: 10 });
    const dir = mkdtempSync(join(tmpdir(), "swapbot-kill-"));
    cleanups.push(
      () => tg.close(),
      () => sandbox.close(),
      () => rmSync(dir, { recursive: true, force: true }),
    );
    // The suite's back end: the SQLite file, or a PostgreSQL database of the run's server.
    const backEnd = await worldDatabase();
    cleanups.push(() => backEnd.drop());
    const database = backEnd.env.DATABASE_URL === undefined ? { DATABASE_PATH: join(dir, "bot.sqlite") } : backEnd.env;
    const user = tg.user({ id: 8401, first_name: "Ki", language_code: "en" });

    const first = startBot(database);
    await waitFor(() => sandbox.requests.length >= 2, 20_000, "the first bot to load the catalogue");
    // A different person each time: one person alone may ask for only three new quotes a minute.
    for (let i = 1; sandbox.requests.length < 10; i++) {
      const asker = tg.user({ id: 8410 + i, first_name: "Ki", language_code: "en" });
      await asker.send(`/rate ${i} btc eth`);
      await asker.nextMessage({ timeoutMs: 20_000 });
    }
    const windowOpened = Math.min(...sandbox.requests.map((r) => r.at));
    // Every update handled (a SIGKILL amid one leaves it to be handled again, ahead in line).
    await waitFor(
      async () => {
        const store = await openTestStore({ databasePath: database.DATABASE_PATH ?? "", databaseUrl: database.DATABASE_URL });
        try {
          return (await store.db.selectFrom("inbox").select("update_id").where("done_at", "is", null).execute()).length === 0;
        } finally {
          await store.close();
        }
      },
      20_000,
      "the first bot to be done with every update",
    );
    first.kill("SIGKILL");
    await new Promise((done) => first.once("exit", done));

    const second = startBot(database);
    await user.send("/rate 99 btc eth");
    const card = await user.nextMessage({ timeoutMs: 20_000 });
    // The new process read the window from the journal: it waits for the oldest slot.
    const match = /number 1 in line, about (\d+) s/.exec(card.text ?? "");
    expect(match, card.text).not.toBeNull();
    const announcedEnd = Date.now() + Number(match![1]) * 1000;
    expect(Math.abs(announcedEnd - (windowOpened + SPAN))).toBeLessThanOrEqual(3_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(sandbox.requests).toHaveLength(10);
    expect(sandbox.requests.filter((r) => r.status === 429)).toHaveLength(0);
    second.kill("SIGTERM");
    await new Promise((done) => second.once("exit", done));
  }, 60_000);
});

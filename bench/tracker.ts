import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Bot } from "grammy";
import { pino } from "pino";
import { createI18n } from "../src/bot/i18n.js";
import { ManualClock } from "../src/clock.js";
import { createRepositories, type NewTransaction, openSqliteStore, POLL_RANK } from "../src/db/index.js";
import { startBotApiEmulator } from "../src/emulator/index.js";
import { RateBudget } from "../src/exchange/budget.js";
import { ExchangeClient } from "../src/exchange/client.js";
import { startSandbox, type Timeline } from "../src/exchange/sandbox/index.js";
import { StatusNotifier } from "../src/tracker/notifier.js";
import { Tracker } from "../src/tracker/tracker.js";
import { SAMPLE_CREATE } from "./fixtures.js";
import { recordSentMessages } from "./sent-messages.js";

const silent = pino({ level: "silent" });

function tempDatabase(): { path: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-bench-tracker-"));
  return { path: join(dir, "bot.sqlite"), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function sample(i: number, now: number): NewTransaction {
  return {
    exchangeId: `changenow-floating-${i.toString(36).padStart(8, "0")}`,
    userId: 1_000_000 + (i % 20_000),
    chatId: 1_000_000 + (i % 20_000),
    symbolFrom: "btc",
    networkFrom: "btc",
    symbolTo: "usdt",
    networkTo: "trx",
    amountFrom: "0.05",
    amountTo: "4800.5",
    addressTo: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    extraTo: null,
    addressFrom: "bc1qdeposit",
    extraFrom: null,
    provider: "changenow",
    rateType: "floating",
    status: "waiting",
    createdAt: now - (i % 86_400) * 1000,
    nextPollAt: now + ((i * 7_919) % 3_600_000) - 1_800_000,
    pollRank: POLL_RANK.waiting,
    cardMessageId: 1,
  };
}

/** Picking the next due batch among 100,000 tracked exchanges, and what that costs in memory. */
export async function dueBatchAtScale(): Promise<Record<string, string>> {
  const { path, cleanup } = tempDatabase();
  const clock = new ManualClock();
  const heapBefore = process.memoryUsage().heapUsed;
  const store = openSqliteStore(path);
  const repos = createRepositories(store, clock);
  const count = 100_000;
  let t0 = performance.now();
  await store.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) await repos.transactions.insert(sample(i, clock.now()), trx);
  });
  const insertMs = performance.now() - t0;

  const picks = 2_000;
  t0 = performance.now();
  for (let i = 0; i < picks; i++) await repos.schedule.due(clock.now() + (i % 60) * 60_000 - 1_800_000, 2);
  const pickUs = ((performance.now() - t0) * 1000) / picks;
  t0 = performance.now();
  for (let i = 0; i < picks; i++) await repos.schedule.due(clock.now() + (i % 60) * 60_000 - 1_800_000, 100);
  const pick100Us = ((performance.now() - t0) * 1000) / picks;
  t0 = performance.now();
  for (let i = 0; i < picks; i++) await repos.schedule.nextDueAt();
  const nextUs = ((performance.now() - t0) * 1000) / picks;
  const heapAfter = process.memoryUsage().heapUsed;
  await store.close();
  const fileMb = statSync(path).size / 1e6;
  cleanup();
  return {
    "tracked exchanges": count.toLocaleString("en"),
    "insert all (one transaction)": `${insertMs.toFixed(0)} ms`,
    "pick next due batch of 2 (the tracker's)": `${pickUs.toFixed(1)} µs`,
    "pick next due batch of 100": `${pick100Us.toFixed(1)} µs`,
    "earliest due time (the loop's sleep)": `${nextUs.toFixed(1)} µs`,
    "database file": `${fileMb.toFixed(1)} MB`,
    "JS heap growth": `${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB (rows live in SQLite, not in memory)`,
    "process RSS": `${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
  };
}

/**
 * A simulated day: exchanges arrive all day, each takes about two hours from creation to
 * finish, so about `open` are open at any time. The real tracker polls the sandbox through
 * a 10-a-minute budget and the real notifier messages users on the Bot API emulator. For
 * each status message: the delay from the status change (known from the sandbox's timeline)
 * to the message.
 */
export async function simulatedDay(open: number, hours = 24): Promise<Record<string, string | number>> {
  // Phase lengths that are no multiple of the poll interval, as in life.
  const timeline: Timeline = {
    waiting: 63.5 * 60_000,
    confirming: 17.3 * 60_000,
    exchanging: 21.7 * 60_000,
    sending: 11.9 * 60_000,
    overdueAfter: 10 * 3_600_000,
  };
  const lifetime = timeline.waiting + timeline.confirming + timeline.exchanging + timeline.sending;
  const day = hours * 3_600_000;
  const total = Math.round((open * day) / lifetime);
  const clock = new ManualClock(Date.UTC(2026, 10, 22));
  const start = clock.now();
  // The sandbox does not limit: setup calls go around the budget, polls are limited by it.
  const sandbox = await startSandbox({ apiKey: "k", clock, rateLimitPerMinute: 0, timeline, seed: 7 });
  const tg = await startBotApiEmulator({ recordCalls: false, clock: () => clock.now() });
  const { path, cleanup } = tempDatabase();
  const store = openSqliteStore(path);
  const repos = createRepositories(store, clock);

  // Setting up goes around the budget: the day's budget is for polling only.
  const setupBudget = new RateBudget({ limitPerMinute: 1_000_000, backgroundShare: 0.5, clock });
  const setupClient = new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: "k",
    authScheme: "bearer",
    budget: setupBudget,
    clock,
    logger: silent,
  });
  const budget = new RateBudget({ limitPerMinute: 10, backgroundShare: 0.6, clock });
  const client = new ExchangeClient({ baseUrl: sandbox.url, apiKey: "k", authScheme: "bearer", budget, clock, logger: silent });

  const bot = new Bot(tg.token, { client: { apiRoot: tg.apiRoot }, botInfo: tg.botInfo });
  const sent = recordSentMessages(bot.api, clock);
  const i18n = createI18n(async (userId) => (await repos.users.find(userId))?.language);
  const notifier = new StatusNotifier({ api: bot.api, repos, i18n, catalogue: { find: () => undefined }, clock, logger: silent });
  const tracker = new Tracker({ repos, client, notifier, clock, logger: silent, intervalMs: 60_000 });

  // Arrival times spread evenly over the day; each exchange belongs to its own user.
  const arrivals = Array.from({ length: total }, (_, i) => start + Math.floor((i * day) / total));
  const created = new Map<number, { createdAt: number }>();
  await tracker.start();
  let next = 0;
  const stepMs = 5_000;
  while (clock.now() < start + day) {
    while (next < arrivals.length && arrivals[next]! <= clock.now()) {
      const userId = 10_000 + next;
      const user = tg.user({ id: userId, first_name: "U", language_code: "en" });
      await user.send("/start");
      await repos.users.touch({ id: userId, languageCode: "en" });
      const { exchangeId } = await setupClient.createTransaction(SAMPLE_CREATE);
      await repos.transactions.insert({
        ...sample(next, clock.now()),
        exchangeId,
        userId,
        chatId: userId,
        createdAt: clock.now(),
        nextPollAt: clock.now() + 60_000,
        cardMessageId: null,
      });
      created.set(userId, { createdAt: clock.now() });
      next++;
    }
    tracker.wake();
    await clock.advance(stepMs);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const stopped = tracker.stop();
  const budgetClosed = budget.close(); // polls still queued give up
  await stopped;
  await budgetClosed;
  await setupBudget.close();
  await client.close();
  await setupClient.close();

  // When each status began, from the sandbox's timeline.
  const offsets: Record<string, number> = {
    confirming: timeline.waiting,
    exchanging: timeline.waiting + timeline.confirming,
    sending: timeline.waiting + timeline.confirming + timeline.exchanging,
    finished: lifetime,
  };
  const delays: number[] = [];
  const reported = new Map<number, number>();
  for (const message of sent) {
    const status = Object.keys(offsets).find((s) => message.text.includes(`· exchange`) && statusWord(message.text) === s);
    const origin = created.get(message.chatId);
    if (!status || !origin) continue;
    delays.push(message.at - (origin.createdAt + offsets[status]!));
    reported.set(message.chatId, (reported.get(message.chatId) ?? 0) + 1);
  }
  const changes = [...created.values()].reduce(
    (n, c) => n + Object.values(offsets).filter((o) => c.createdAt + o <= start + day).length,
    0,
  );
  delays.sort((a, b) => a - b);
  const stats = await budget.stats();
  await store.close();
  cleanup();
  await sandbox.close();
  await tg.close();
  const minutes = (ms: number | undefined) => (ms === undefined ? "n/a" : `${(ms / 60_000).toFixed(1)} min`);
  return {
    "exchanges over the day (about this many open at once)": `${total} (${open})`,
    "status changes within the day": changes,
    "status messages sent": delays.length,
    "changes folded into a later message": Math.max(0, changes - delays.length),
    "polls in the last hour (budget)": stats.lastHourByLane.poll,
    "median delay, change → message": minutes(delays[Math.floor(delays.length / 2)]),
    "90th percentile delay": minutes(delays[Math.floor(delays.length * 0.9)]),
    "worst delay": minutes(delays.at(-1)),
  };
}

function statusWord(html: string): string | undefined {
  const text = html.replace(/<[^>]+>/g, "");
  if (text.startsWith("🔎")) return "confirming";
  if (text.startsWith("🔄")) return "exchanging";
  if (text.startsWith("📤")) return "sending";
  if (text.startsWith("✅")) return "finished";
  return undefined;
}

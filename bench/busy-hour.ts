import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Bot } from "grammy";
import { pino } from "pino";
import { createI18n } from "../src/bot/i18n.js";
import { ManualClock } from "../src/clock.js";
import {
  createRepositories,
  openSqliteStore,
  POLL_RANK,
  type Repositories,
  SqliteBudgetJournal,
  type SqliteStore,
} from "../src/db/index.js";
import { startBotApiEmulator } from "../src/emulator/index.js";
import { BudgetCancelledError, RateBudget } from "../src/exchange/budget.js";
import { ExchangeClient, type Pair } from "../src/exchange/client.js";
import { EstimateService } from "../src/exchange/estimates.js";
import { type SandboxExchange, startSandbox, type Timeline } from "../src/exchange/sandbox/index.js";
import { StatusNotifier } from "../src/tracker/notifier.js";
import { Tracker } from "../src/tracker/tracker.js";
import { busiestWindow } from "../test/harness/windows.js";
import { RateBudget as BudgetBeforeJournal } from "./baseline/budget-before-journal.js";
import { SAMPLE_CREATE } from "./fixtures.js";
import { recordSentMessages, type SentMessage } from "./sent-messages.js";

/**
 * A busy hour at 10 calls a minute on the fake clock, through the real budget, tracker and
 * estimate cache against the sandbox (whose own limiter answers 429 above 10 a minute):
 * 50 exchanges open and 20 more created in the hour (see planHour), people asking for quotes as a
 * Poisson stream, 5 restarts and one SIGKILL at random moments, each new process opened on
 * the same SQLite file. Run for today's budget and for the one before the journal and
 * pacing, with the same arrivals and the same restart moments.
 */

const silent = pino({ level: "silent" });
const LIMIT = 10;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const PAIRS: Pair[] = [
  ["btc", "btc", "usdt", "trx"],
  ["eth", "eth", "usdt", "trx"],
  ["usdt", "trx", "btc", "btc"],
  ["ltc", "ltc", "usdt", "trx"],
  ["sol", "sol", "usdt", "sol"],
  ["btc", "btc", "eth", "eth"],
].map(([symbolFrom, networkFrom, symbolTo, networkTo]) => ({ symbolFrom, networkFrom, symbolTo, networkTo }) as Pair);

type Budget = Pick<RateBudget, "acquire" | "pause" | "fresh" | "giveBack"> & { close(): void | Promise<void> };
interface Variant {
  name: string;
  budget(store: SqliteStore, clock: ManualClock): Budget;
}

export const VARIANTS: Variant[] = [
  {
    name: "journal + pacing (now)",
    budget: (store, clock) =>
      new RateBudget({ limitPerMinute: LIMIT, backgroundShare: 0.6, clock, journal: new SqliteBudgetJournal(store, clock) }),
  },
  {
    name: "before (memory, bursts)",
    budget: (_store, clock) => {
      const before = new BudgetBeforeJournal({ limitPerMinute: LIMIT, backgroundShare: 0.6, clock });
      // It knew nothing of a grant's age when its request left: every slot it gave was fresh.
      return {
        acquire: async (lane, options) => {
          if (lane === "alert") throw new RangeError("the budget before the journal had no lane for rate alerts");
          await before.acquire(lane, options);
          return { lane, decidedAt: clock.now(), grant: { at: clock.now(), lane } };
        },
        pause: (retryAfterMs) => before.pause(retryAfterMs),
        fresh: () => true,
        giveBack: async () => {},
        close: () => before.close(),
      };
    },
  },
];

/** A small deterministic generator, so both variants see the same hour. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Process {
  repos: Repositories;
  budget: Budget;
  estimates: EstimateService;
  tracker: Tracker;
  stop(kill: boolean): Promise<void>;
}

/** One exchange's story in the hour. */
interface Planned {
  exchangeId: string;
  chatId: number;
  /** When the bot stored it (before the hour for those open at its start). */
  createdAt: number;
  /** Clock time at which each later status began (none for an abandoned one). */
  changes: Record<string, number>;
  /** The owner presses "I have sent the funds" when the deposit leaves their wallet. */
  announces: boolean;
}

export async function busyHour(quotesPerMinute: number, variant: Variant): Promise<Record<string, string | number>> {
  const rand = random(1000 + quotesPerMinute);
  const clock = new ManualClock(Date.UTC(2026, 10, 23, 9));
  const sandbox = await startSandbox({ apiKey: "k", clock, rateLimitPerMinute: LIMIT, seed: 11 });
  const tg = await startBotApiEmulator({ recordCalls: false, clock: () => clock.now() });
  const dir = mkdtempSync(join(tmpdir(), "swapbot-bench-hour-"));
  const path = join(dir, "bot.sqlite");
  const bot = new Bot(tg.token, { client: { apiRoot: tg.apiRoot }, botInfo: tg.botInfo });
  const sent = recordSentMessages(bot.api, clock);

  const boot = async (): Promise<Process> => {
    const db = openSqliteStore(path);
    const repos = createRepositories(db, clock);
    const budget = variant.budget(db, clock);
    const client = new ExchangeClient({ baseUrl: sandbox.url, apiKey: "k", authScheme: "bearer", budget, clock, logger: silent });
    const i18n = createI18n(async (userId) => (await repos.users.find(userId))?.language);
    const notifier = new StatusNotifier({ api: bot.api, repos, i18n, catalogue: { find: () => undefined }, clock, logger: silent });
    const tracker = new Tracker({ repos, client, notifier, clock, logger: silent, intervalMs: MINUTE });
    await tracker.start();
    return {
      repos,
      budget,
      estimates: new EstimateService({ client, clock }),
      tracker,
      async stop(kill) {
        // SIGKILL: whatever a poll in flight had leased stays leased, as the dead process left it.
        const leased = kill
          ? await db.db
              .selectFrom("transactions")
              .select(["exchange_id as id", "leased_until as at"])
              .where("leased_until", "is not", null)
              .execute()
          : [];
        const stopped = tracker.stop();
        const budgetClosed = budget.close();
        await stopped;
        for (const { id, at } of leased) await repos.schedule.lease(id, at!);
        await client.close();
        await budgetClosed;
        await db.close();
      },
    };
  };

  // Prelude: every exchange of the hour is created upstream at a pace the service accepts;
  // the bot learns of each when its owner creates it (50 before the hour, 20 during it).
  const created = await createUpstream(sandbox, clock, 70);
  await clock.advance(2 * MINUTE); // the creation calls leave the service's window
  const start = clock.now();
  const plan = planHour(created, start, rand);
  for (const p of plan) {
    if (p.changes.confirming === undefined) sandbox.setScenario(p.exchangeId, "overdue");
    sandbox.setTimeline(p.exchangeId, timelineOf(p, created.get(p.exchangeId)!));
  }
  let proc = await boot();
  const store = async (p: Planned) => {
    await proc.repos.users.touch({ id: p.chatId, languageCode: "en" });
    await proc.repos.transactions.insert({
      exchangeId: p.exchangeId,
      userId: p.chatId,
      chatId: p.chatId,
      symbolFrom: "btc",
      networkFrom: "btc",
      symbolTo: "usdt",
      networkTo: "trx",
      amountFrom: "0.05",
      amountTo: "4800",
      addressTo: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
      extraTo: null,
      addressFrom: "bc1qdeposit",
      extraFrom: null,
      provider: "changenow",
      rateType: "floating",
      status: "waiting",
      createdAt: p.createdAt,
      nextPollAt: p.createdAt + MINUTE,
      pollRank: POLL_RANK.waiting,
      cardMessageId: null,
    });
    // Open before the hour: the bot has been following it, so it knows where it stands and
    // looks again within the next minute, not all at the same instant.
    const known = statusAt(p, clock.now());
    if (known !== "waiting") {
      await proc.repos.schedule.recordObservation(p.exchangeId, { status: known });
      await proc.repos.notices.markNotified(p.exchangeId, known);
    }
    if (p.createdAt < clock.now())
      await proc.repos.schedule.scheduleNextPoll(p.exchangeId, clock.now() + Math.round(rand() * MINUTE), known === "waiting" ? 2 : 1);
  };
  const arrivals = plan.filter((p) => p.createdAt > start).sort((a, b) => a.createdAt - b.createdAt);
  for (const p of plan) if (p.createdAt <= start) await store(p);
  const announcements = plan
    .filter((p) => p.announces && p.changes.confirming !== undefined && p.changes.confirming >= start)
    .map((p) => ({ at: p.changes.confirming!, exchangeId: p.exchangeId }))
    .sort((a, b) => a.at - b.at);
  proc.tracker.wake();

  // The hour's events, decided up front: quote requests (Poisson) and 6 stops, the 4th a SIGKILL.
  const asks: number[] = [];
  for (let at = start; ; ) {
    at += (-Math.log(1 - rand()) / quotesPerMinute) * MINUTE;
    if (at >= start + HOUR) break;
    asks.push(Math.round(at));
  }
  const stops = Array.from({ length: 6 }, () => start + Math.round(rand() * HOUR)).sort((a, b) => a - b);
  const killAt = stops[3]!;

  const waits: number[] = [];
  const askQuote = (n: number, askedAt: number): void => {
    const pair = PAIRS[n % PAIRS.length]!;
    const amount = (0.1 + n / 100).toFixed(2); // every person a new amount: no cache hits
    proc.estimates.quote(pair, amount).then(
      () => waits.push(clock.now() - askedAt),
      // The process stopped under this person: they ask again on the new one.
      (error: unknown) => (error instanceof BudgetCancelledError ? pendingAgain.push({ n, askedAt }) : waits.push(Infinity)),
    );
  };
  const pendingAgain: { n: number; askedAt: number }[] = [];

  let nextAsk = 0;
  while (clock.now() < start + HOUR) {
    while (arrivals.length > 0 && arrivals[0]!.createdAt <= clock.now()) await store(arrivals.shift()!);
    while (announcements.length > 0 && announcements[0]!.at <= clock.now()) await proc.tracker.fundsSent(announcements.shift()!.exchangeId);
    proc.tracker.wake();
    while (nextAsk < asks.length && asks[nextAsk]! <= clock.now()) askQuote(nextAsk, asks[nextAsk++]!);
    for (const again of pendingAgain.splice(0)) askQuote(again.n, again.askedAt);
    if (stops.length > 0 && stops[0]! <= clock.now()) {
      const at = stops.shift()!;
      await proc.stop(at === killAt);
      proc = await boot();
    }
    await clock.advance(1_000);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await proc.stop(false);
  await sandbox.close();
  await tg.close();
  rmSync(dir, { recursive: true, force: true });

  const hour = sandbox.requests.filter((r) => r.at >= start);
  const delays = statusDelays(plan, sent, start, start + HOUR);
  return {
    "quote requests": asks.length,
    "answered 429": hour.filter((r) => r.status === 429).length,
    "calls in the worst sliding 60 s": busiestWindow(
      hour.map((r) => r.at),
      MINUTE,
    ),
    "person's wait for a quote p50 / p95": `${seconds(percentile(waits, 0.5))} / ${seconds(percentile(waits, 0.95))}`,
    "in motion: change → message p50 / p90": `${seconds(percentile(delays.moving, 0.5))} / ${seconds(percentile(delays.moving, 0.9))} (${delays.moving.length})`,
    "deposit seen: change → message p50 / p90": `${seconds(percentile(delays.waiting, 0.5))} / ${seconds(percentile(delays.waiting, 0.9))} (${delays.waiting.length})`,
    "changes not reported within the hour": delays.missed,
    "status polls in the hour": hour.filter((r) => r.endpoint === "getTransactionInfo").length,
  };
}

/** Creates `count` exchanges upstream, about 9 a minute; returns when each was created. */
async function createUpstream(sandbox: SandboxExchange, clock: ManualClock, count: number): Promise<Map<string, number>> {
  const setupBudget = new RateBudget({ limitPerMinute: LIMIT - 1, backgroundShare: 0.5, clock });
  const client = new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: "k",
    authScheme: "bearer",
    budget: setupBudget,
    clock,
    logger: silent,
  });
  const created = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    let exchangeId: string | undefined;
    void client.createTransaction(SAMPLE_CREATE).then((c) => (exchangeId = c.exchangeId));
    while (exchangeId === undefined) {
      await clock.advance(500);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    created.set(exchangeId, clock.now());
  }
  await setupBudget.close();
  await client.close();
  return created;
}

/**
 * A realistic mix: of the 50 open at the start (0-45 min old), 25 are abandoned, 15 were paid
 * a few minutes after creation, 10 are paid late in the hour; of the 20 created during the
 * hour, half are abandoned and half paid within minutes. Confirmations take 10-30 minutes
 * (Bitcoin), the exchange and the payout 2-8 each. Half of the paying owners say so.
 */
function planHour(created: Map<string, number>, start: number, rand: () => number): Planned[] {
  const between = (lo: number, hi: number) => Math.round((lo + rand() * (hi - lo)) * MINUTE);
  return [...created.keys()].map((exchangeId, i) => {
    const openAtStart = i < 50;
    const createdAt = openAtStart ? start - between(0, 45) : start + between(0, 55);
    const kind = openAtStart ? (i < 25 ? "abandoned" : i < 40 ? "at once" : "late") : i % 2 ? "abandoned" : "at once";
    const changes: Record<string, number> = {};
    if (kind !== "abandoned") {
      const confirming = kind === "late" ? start + between(5, 55) : createdAt + between(2, 10);
      const exchanging = confirming + between(10, 30);
      const sending = exchanging + between(2, 8);
      Object.assign(changes, { confirming, exchanging, sending, finished: sending + between(2, 8) });
    }
    return { exchangeId, chatId: 50_000 + i, createdAt, changes, announces: i % 2 === 0 };
  });
}

/**
 * The sandbox's phases for one planned exchange, counted from its upstream creation. A change
 * planned before that moment (an exchange paid before the hour) happens at it instead, and the
 * plan is corrected to what the sandbox will report.
 */
function timelineOf(p: Planned, upstreamCreatedAt: number): Timeline {
  const { confirming, exchanging, sending, finished } = p.changes;
  if (confirming === undefined || exchanging === undefined || sending === undefined || finished === undefined) {
    return { waiting: 0, confirming: 0, exchanging: 0, sending: 0, overdueAfter: 3 * HOUR };
  }
  for (const status of ["confirming", "exchanging", "sending", "finished"])
    p.changes[status] = Math.max(upstreamCreatedAt, p.changes[status]!);
  const c = p.changes as Record<"confirming" | "exchanging" | "sending" | "finished", number>;
  return {
    waiting: c.confirming - upstreamCreatedAt,
    confirming: c.exchanging - c.confirming,
    exchanging: c.sending - c.exchanging,
    sending: c.finished - c.sending,
    overdueAfter: 3 * HOUR,
  };
}

/** What the plan says the service reports at `at`. */
function statusAt(p: Planned, at: number): string {
  let status = "waiting";
  for (const [next, from] of Object.entries(p.changes)) if (from <= at) status = next;
  return status;
}

const FIRST_SIGN: Record<string, string> = { "🔎": "confirming", "🔄": "exchanging", "📤": "sending", "✅": "finished" };

/** For each change inside the hour, how long until its owner was told (the first message naming it). */
function statusDelays(
  plan: Planned[],
  sent: SentMessage[],
  start: number,
  end: number,
): { moving: number[]; waiting: number[]; missed: number } {
  const moving: number[] = [];
  const waiting: number[] = [];
  let missed = 0;
  for (const p of plan) {
    for (const [status, at] of Object.entries(p.changes)) {
      if (at < start || at > end) continue;
      const message = sent.find(
        (m) => m.chatId === p.chatId && m.at >= at && FIRST_SIGN[[...m.text.replace(/<[^>]+>/g, "")][0] ?? ""] === status,
      );
      if (!message) {
        missed++;
        continue;
      }
      (status === "confirming" ? waiting : moving).push(message.at - at);
    }
  }
  return { moving, waiting, missed };
}

function percentile(values: number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

function seconds(ms: number | undefined): string {
  if (ms === undefined) return "n/a";
  if (!Number.isFinite(ms)) return "never";
  return ms >= 120_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`;
}

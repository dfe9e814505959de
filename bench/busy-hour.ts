import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Bot } from "grammy";
import { pino } from "pino";
import { createI18n } from "../src/bot/i18n.js";
import { ManualClock } from "../src/clock.js";
import { createRepositories, openDatabase, SqliteBudgetJournal, type Db, type Repositories } from "../src/db/index.js";
import { BudgetCancelledError, RateBudget } from "../src/exchange/budget.js";
import { ExchangeClient, type Pair } from "../src/exchange/client.js";
import { EstimateService } from "../src/exchange/estimates.js";
import { startSandbox, type SandboxExchange, type Timeline } from "../src/exchange/sandbox/index.js";
import { StatusNotifier } from "../src/tracker/notifier.js";
import { Tracker } from "../src/tracker/tracker.js";
import { startBotApiEmulator } from "../test/harness/telegram/index.js";
import { RateBudget as BudgetBeforeJournal } from "./baseline/budget-before-journal.js";

/**
 * A busy hour at 10 calls a minute on the fake clock, through the real budget, tracker and
 * estimate cache against the sandbox (whose own limiter answers 429 above 10 a minute):
 * 50 exchanges open (abandoned, paid late, paid at once), people asking for quotes as a
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

type Budget = Pick<RateBudget, "acquire" | "pause" | "close">;
interface Variant {
  name: string;
  budget(db: Db, clock: ManualClock): Budget;
}

export const VARIANTS: Variant[] = [
  {
    name: "journal + pacing (now)",
    budget: (db, clock) => new RateBudget({ limitPerMinute: LIMIT, backgroundShare: 0.6, clock, journal: new SqliteBudgetJournal(db) }),
  },
  {
    name: "before (memory, bursts)",
    budget: (_db, clock) => new BudgetBeforeJournal({ limitPerMinute: LIMIT, backgroundShare: 0.6, clock }),
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

interface Opened {
  exchangeId: string;
  chatId: number;
  kind: "abandoned" | "late" | "at once";
  /** Clock time at which each status began. */
  changes: Record<string, number>;
}

export async function busyHour(quotesPerMinute: number, variant: Variant): Promise<Record<string, string | number>> {
  const rand = random(1000 + quotesPerMinute);
  const clock = new ManualClock(Date.UTC(2026, 10, 23, 9));
  const sandbox = await startSandbox({ apiKey: "k", clock, rateLimitPerMinute: LIMIT, seed: 11 });
  const tg = await startBotApiEmulator({ recordCalls: false, clock: () => clock.now() });
  const dir = mkdtempSync(join(tmpdir(), "swapbot-bench-hour-"));
  const path = join(dir, "bot.sqlite");
  const bot = new Bot(tg.token, { client: { apiRoot: tg.apiRoot }, botInfo: tg.botInfo });
  const sent: { chatId: number; at: number; text: string }[] = [];
  bot.api.config.use((prev, method, payload, signal) => {
    if (method === "sendMessage") {
      const p = payload as { chat_id: number; text: string };
      sent.push({ chatId: p.chat_id, at: clock.now(), text: p.text });
    }
    return prev(method, payload, signal);
  });

  const boot = async (): Promise<Process> => {
    const db = openDatabase(path);
    const repos = createRepositories(db, clock);
    const budget = variant.budget(db, clock);
    const client = new ExchangeClient({ baseUrl: sandbox.url, apiKey: "k", authScheme: "bearer", budget, clock, logger: silent });
    const notifier = new StatusNotifier({ api: bot.api, repos, i18n: createI18n(repos.users), catalogue: { find: () => undefined }, clock, logger: silent });
    const tracker = new Tracker({ repos, client, notifier, clock, logger: silent, intervalMs: MINUTE });
    await tracker.start();
    return {
      repos,
      budget,
      estimates: new EstimateService({ client, clock }),
      tracker,
      async stop(kill) {
        // SIGKILL: whatever a poll in flight had leased stays leased, as the dead process left it.
        const leased = kill ? (db.prepare("SELECT exchange_id AS id, next_poll_at AS at FROM transactions WHERE next_poll_at > ?").all(clock.now() + 5 * MINUTE) as { id: string; at: number }[]) : [];
        const stopped = tracker.stop();
        budget.close();
        await stopped;
        for (const { id, at } of leased) repos.transactions.scheduleNextPoll(id, at);
        await client.close();
        db.close();
      },
    };
  };

  // Prelude: 50 exchanges created at a pace the service accepts, each with its own story.
  const opened = await openExchanges(sandbox, clock, rand);
  await clock.advance(2 * MINUTE); // their creation calls leave the service's window
  const start = clock.now();
  let proc = await boot();
  for (const o of opened) {
    proc.repos.users.touch({ id: o.chatId, languageCode: "en" });
    proc.repos.transactions.insert({
      exchangeId: o.exchangeId,
      userId: o.chatId,
      chatId: o.chatId,
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
      createdAt: o.changes.waiting!,
      nextPollAt: Math.max(start, o.changes.waiting! + MINUTE),
      cardMessageId: null,
    });
  }
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
  const delays = statusDelays(opened, sent, start + HOUR);
  return {
    "quote requests": asks.length,
    "answered 429": hour.filter((r) => r.status === 429).length,
    "calls in the worst sliding 60 s": busiestWindow(hour.map((r) => r.at), MINUTE),
    "person's wait for a quote p50 / p95": `${seconds(percentile(waits, 0.5))} / ${seconds(percentile(waits, 0.95))}`,
    "in motion: change → message p50 / p90": `${seconds(percentile(delays.moving, 0.5))} / ${seconds(percentile(delays.moving, 0.9))} (${delays.moving.length})`,
    "deposit seen: change → message p50 / p90": `${seconds(percentile(delays.waiting, 0.5))} / ${seconds(percentile(delays.waiting, 0.9))} (${delays.waiting.length})`,
    "changes not reported within the hour": delays.missed,
  };
}

/** 20 abandoned, 15 paid late (20-50 min), 15 paid at once (2-8 min); moving phases of minutes. */
async function openExchanges(sandbox: SandboxExchange, clock: ManualClock, rand: () => number): Promise<Opened[]> {
  const setupBudget = new RateBudget({ limitPerMinute: LIMIT, backgroundShare: 0.5, clock });
  const client = new ExchangeClient({ baseUrl: sandbox.url, apiKey: "k", authScheme: "bearer", budget: setupBudget, clock, logger: silent });
  const opened: Opened[] = [];
  for (let i = 0; i < 50; i++) {
    const created = client.createTransaction({
      providerName: "changenow",
      symbolFrom: "btc",
      networkFrom: "btc",
      symbolTo: "usdt",
      networkTo: "trx",
      toAddress: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
      amount: "0.05",
      fixed: false,
    });
    let exchangeId: string | undefined;
    void created.then((c) => (exchangeId = c.exchangeId));
    while (exchangeId === undefined) {
      await clock.advance(500);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const kind = i < 20 ? "abandoned" : i < 35 ? "late" : "at once";
    const createdAt = clock.now();
    const span = (lo: number, hi: number) => Math.round((lo + rand() * (hi - lo)) * MINUTE);
    // The prelude takes about 7 minutes: deposits are timed from the hour's start.
    const timeline: Timeline = {
      waiting: kind === "late" ? span(27, 57) : span(9, 15),
      confirming: span(5, 15),
      exchanging: span(3, 10),
      sending: span(1, 5),
      overdueAfter: 3 * HOUR,
    };
    if (kind === "abandoned") sandbox.setScenario(exchangeId, "overdue");
    sandbox.setTimeline(exchangeId, timeline);
    const changes: Record<string, number> = { waiting: createdAt };
    if (kind !== "abandoned") {
      changes.confirming = createdAt + timeline.waiting;
      changes.exchanging = changes.confirming + timeline.confirming;
      changes.sending = changes.exchanging + timeline.exchanging;
      changes.finished = changes.sending + timeline.sending;
    }
    opened.push({ exchangeId, chatId: 50_000 + i, kind, changes });
  }
  setupBudget.close();
  await client.close();
  return opened;
}

const FIRST_SIGN: Record<string, string> = { "🔎": "confirming", "🔄": "exchanging", "📤": "sending", "✅": "finished" };

function statusDelays(opened: Opened[], sent: { chatId: number; at: number; text: string }[], end: number): { moving: number[]; waiting: number[]; missed: number } {
  const moving: number[] = [];
  const waiting: number[] = [];
  let missed = 0;
  for (const o of opened) {
    for (const [status, at] of Object.entries(o.changes)) {
      if (status === "waiting" || at > end) continue;
      const message = sent.find((m) => m.chatId === o.chatId && m.at >= at && FIRST_SIGN[[...m.text.replace(/<[^>]+>/g, "")][0] ?? ""] === status);
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

function busiestWindow(times: number[], span: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= span) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

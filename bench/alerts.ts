import { pino } from "pino";
import { AlertChecker } from "../src/alerts/index.js";
import { ManualClock } from "../src/clock.js";
import type { RateAlert } from "../src/db/index.js";
import { RateBudget } from "../src/exchange/budget.js";
import { ExchangeClient, type Pair } from "../src/exchange/client.js";
import { EstimateService } from "../src/exchange/estimates.js";
import { startSandbox } from "../src/exchange/sandbox/index.js";

const PAIRS: [string, string, string, string][] = [
  ["btc", "btc", "usdt", "trx"],
  ["btc", "btc", "eth", "eth"],
  ["eth", "eth", "usdt", "eth"],
  ["usdt", "trx", "btc", "btc"],
  ["ltc", "ltc", "usdt", "trx"],
  ["sol", "sol", "usdt", "sol"],
  ["trx", "trx", "usdt", "trx"],
  ["eth", "eth", "btc", "btc"],
  ["doge", "doge", "btc", "btc"],
  ["xrp", "xrp", "btc", "btc"],
];

/** A deterministic Poisson stream: the gaps between arrivals, for `perMinute` a minute. */
function* arrivals(perMinute: number, seed: number): Generator<number> {
  let state = seed;
  for (;;) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    yield Math.round((-Math.log(1 - state / 2 ** 31) / perMinute) * 60_000);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/**
 * One simulated hour at 10 calls a minute: people ask for quotes (3 a minute, fresh amounts so
 * no cache helps), the tracker always has a poll waiting, and, in the second run, 200 rate alerts
 * on 50 distinct pairs and amounts are checked every 10 minutes (5 calls a minute wanted).
 * Same arrivals in both runs: the difference in people's waits is what the alerts cost them.
 */
async function hour(withAlerts: boolean, tracker: "saturated" | number): Promise<{ waits: number[]; alertCalls: number; polls: number }> {
  const clock = new ManualClock();
  const sandbox = await startSandbox({ apiKey: "bench", clock, rateLimitPerMinute: 10 });
  const budget = new RateBudget({ limitPerMinute: 10, backgroundShare: 0.6, clock });
  const client = new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: "bench",
    authScheme: "bearer",
    budget,
    clock,
    logger: pino({ level: "silent" }),
  });
  const estimates = new EstimateService({ client, clock });
  const end = clock.now() + 3_600_000;

  // The tracker: always a poll waiting, or polls falling due at `tracker` a minute.
  let polls = 0;
  let stopped = false;
  const pollLoop = (async () => {
    const pollGaps = arrivals(tracker === "saturated" ? 1 : tracker, 7);
    while (!stopped) {
      if (tracker !== "saturated") await new Promise<void>((resolve) => clock.setTimer(resolve, pollGaps.next().value!));
      if (stopped) break;
      await budget.acquire("poll").catch(() => undefined);
      polls++;
    }
  })();

  const open: RateAlert[] = withAlerts
    ? Array.from({ length: 200 }, (_, i) => {
        const [symbolFrom, networkFrom, symbolTo, networkTo] = PAIRS[i % PAIRS.length]!;
        return {
          id: i + 1,
          userId: i,
          chatId: i,
          symbolFrom,
          networkFrom,
          symbolTo,
          networkTo,
          amount: String(1 + (i % 5)),
          target: "1e12",
          createdAt: 0,
          expiresAt: end + 1,
        };
      })
    : [];
  const kv = new Map<string, unknown>();
  let alertCalls = 0;
  const checker = new AlertChecker({
    alerts: { open: async () => open, expired: async () => [], end: async () => true, reopen: async () => undefined },
    kv: {
      get: async <T>(key: string) => kv.get(key) as T | undefined,
      set: async (key: string, value: unknown) => void kv.set(key, value),
      deleteIdle: async () => 0,
    },
    client: {
      getEstimate: (pair: Pair, amount: string, options) => {
        alertCalls++;
        return client.getEstimate(pair, amount, options);
      },
    },
    isProviderEnabled: () => true,
    messenger: { reached: async () => "sent", expired: async () => "sent" },
    clock,
    logger: pino({ level: "silent" }),
    intervalMs: 10 * 60_000,
  });
  checker.start();

  const waits: number[] = [];
  const asked: Promise<unknown>[] = [];
  const gaps = arrivals(3, 42);
  let n = 0;
  for (let at = clock.now() + gaps.next().value!; at < end; at += gaps.next().value!) {
    const [symbolFrom, networkFrom, symbolTo, networkTo] = PAIRS[n % PAIRS.length]!;
    const amount = `0.${String(1000 + n++)}`;
    clock.setTimer(() => {
      const started = clock.now();
      asked.push(
        estimates.quote({ symbolFrom, networkFrom, symbolTo, networkTo }, amount).then(
          () => waits.push(clock.now() - started),
          () => undefined,
        ),
      );
    }, at - clock.now());
  }
  while (clock.now() < end) {
    await new Promise((resolve) => setImmediate(resolve));
    await clock.advance(500);
  }
  stopped = true;
  await checker.stop();
  await budget.close();
  clock.setTimer(() => undefined, 0);
  await clock.advance(0);
  await Promise.race([pollLoop, new Promise((resolve) => setTimeout(resolve, 100))]);
  await Promise.allSettled(asked);
  await client.close({ force: true });
  await sandbox.close();
  return { waits: waits.sort((a, b) => a - b), alertCalls, polls };
}

export async function alertsBesidePeople(): Promise<Record<string, string>> {
  const show = (waits: number[]) =>
    `p50 ${(percentile(waits, 0.5) / 1000).toFixed(1)} s, p95 ${(percentile(waits, 0.95) / 1000).toFixed(1)} s, max ${((waits.at(-1) ?? 0) / 1000).toFixed(1)} s (${waits.length} quotes)`;
  const figures: Record<string, string> = {};
  for (const tracker of [2, "saturated"] as const) {
    const without = await hour(false, tracker);
    const withAlerts = await hour(true, tracker);
    const name = tracker === "saturated" ? "tracker saturated" : `tracker ${tracker} polls/min`;
    figures[`${name}: quote wait, no alerts`] = show(without.waits);
    figures[`${name}: quote wait, 200 alerts`] = show(withAlerts.waits);
    figures[`${name}: alert calls (300 wanted)`] = String(withAlerts.alertCalls);
    figures[`${name}: polls, without | with alerts`] = `${without.polls} | ${withAlerts.polls}`;
  }
  return figures;
}

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pino } from "pino";
import { ManualClock } from "../src/clock.js";
import { openSqliteStore, SqliteBudgetJournal } from "../src/db/index.js";
import { openPostgres, PgBudgetJournal } from "../src/db/postgres/index.js";
import { RateBudget } from "../src/exchange/budget.js";
import { ExchangeClient, type Pair } from "../src/exchange/client.js";
import { EstimateService } from "../src/exchange/estimates.js";
import { startSandbox } from "../src/exchange/sandbox/index.js";
import { benchDatabase } from "./postgres.js";

const PAIRS: Pair[] = [
  ["btc", "btc", "usdt", "trx"],
  ["btc", "btc", "eth", "eth"],
  ["eth", "eth", "usdt", "eth"],
  ["usdt", "trx", "btc", "btc"],
  ["ltc", "ltc", "usdt", "trx"],
  ["xrp", "xrp", "btc", "btc"],
  ["sol", "sol", "usdt", "sol"],
  ["ton", "ton", "usdt", "ton"],
  ["doge", "doge", "btc", "btc"],
  ["trx", "trx", "usdt", "trx"],
  ["usdc", "eth", "eth", "eth"],
  ["bnb", "bsc", "usdt", "bsc"],
  ["btc", "btc", "xmr", "xmr"],
  ["eth", "eth", "sol", "sol"],
  ["usdt", "eth", "usdt", "trx"],
  ["ada", "ada", "btc", "btc"],
  ["dot", "dot", "usdt", "eth"],
  ["xlm", "xlm", "btc", "btc"],
  ["btc", "btc", "ltc", "ltc"],
  ["eth", "eth", "btc", "btc"],
].map(([symbolFrom, networkFrom, symbolTo, networkTo]) => ({ symbolFrom, networkFrom, symbolTo, networkTo }) as Pair);

/**
 * 200 quote requests from 200 users over 20 distinct pairs, all at once, through the real
 * client, cache and budget against the sandbox on loopback, on simulated time.
 */
export async function burstOfQuotes(): Promise<Record<string, string | number>> {
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
  const estimates = new EstimateService({ client, clock }, { ttlMs: 5 * 60_000 });
  const start = clock.now();
  const waits: number[] = [];
  const requests = Array.from({ length: 200 }, (_, user) => {
    const pair = PAIRS[user % PAIRS.length]!;
    return estimates.quote(pair, "1").then(() => waits.push(clock.now() - start));
  });
  let done = false;
  void Promise.all(requests).then(() => (done = true));
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    await clock.advance(250);
  }
  const upstream = sandbox.requests.length;
  const rateLimited = sandbox.requests.filter((r) => r.status === 429).length;
  await budget.close();
  await client.close();
  await sandbox.close();
  waits.sort((a, b) => a - b);
  return {
    requests: 200,
    "distinct pairs": PAIRS.length,
    "reached the upstream API": upstream,
    "answered 429": rateLimited,
    "median wait (simulated s)": (waits[99]! / 1000).toFixed(1),
    "longest wait (simulated s)": (waits[waits.length - 1]! / 1000).toFixed(1),
  };
}

/** What taking a slot costs the process itself, with an idle budget and with a queue. */
export async function budgetOverhead(): Promise<Record<string, string>> {
  const calls = 100_000;
  const idle = new RateBudget({ limitPerMinute: 1_000_000_000, backgroundShare: 0.6, clock: new ManualClock() });
  let t0 = performance.now();
  for (let i = 0; i < calls; i++) await idle.acquire("user");
  const idleNs = ((performance.now() - t0) * 1e6) / calls;

  // Slots granted one by one through a queue of 1,000 waiters in mixed lanes.
  const clock = new ManualClock();
  const queued = new RateBudget({ limitPerMinute: 10, backgroundShare: 0.6, clock });
  const lanes = ["create", "user", "poll", "catalogue"] as const;
  let granted = 0;
  const waiters = Array.from({ length: 1_000 }, (_, i) => queued.acquire(lanes[i % 4]!).then(() => granted++));
  t0 = performance.now();
  while (granted < waiters.length) await clock.advance(61_000);
  await Promise.all(waiters);
  const queuedUs = ((performance.now() - t0) * 1e3) / 1_000;
  // With the SQLite journal, at the real limit: each grant reads the window and writes one row
  // in a write transaction, before the call goes out.
  const dir = mkdtempSync(join(tmpdir(), "swapbot-bench-journal-"));
  const store = openSqliteStore(join(dir, "bot.sqlite"));
  const journalClock = new ManualClock();
  const journaled = new RateBudget({
    limitPerMinute: 10,
    backgroundShare: 0.6,
    clock: journalClock,
    journal: new SqliteBudgetJournal(store, journalClock),
  });
  let journalMs = 0;
  const grants = 2_000;
  for (let i = 0; i < grants; i++) {
    // Until granted: the grant is written (one journal step) before the call may go.
    const started = performance.now();
    await journaled.acquire("user");
    journalMs += performance.now() - started;
    await journalClock.advance(6_100);
  }
  const rows = (store.sqlite.prepare("SELECT count(*) AS n FROM budget_grants").get() as { n: number }).n;
  await journaled.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });

  // The same with PostgreSQL's journal, on the same fake clock and limit: two round trips a
  // grant (the lock and the read of the window; the write, the pruning and the commit).
  const database = await benchDatabase();
  let pgMs = 0;
  let pgRows: number;
  try {
    const pgStore = await openPostgres(database.url, { max: 2 });
    const pgClock = new ManualClock();
    const pgBudget = new RateBudget({
      limitPerMinute: 10,
      backgroundShare: 0.6,
      clock: pgClock,
      journal: new PgBudgetJournal(pgStore.pool, { clock: pgClock }),
    });
    for (let i = 0; i < grants; i++) {
      const started = performance.now();
      await pgBudget.acquire("user");
      pgMs += performance.now() - started;
      await pgClock.advance(6_100);
    }
    pgRows = Number((await pgStore.pool.query<{ n: string }>("SELECT count(*) AS n FROM budget_grants")).rows[0]?.n);
    await pgBudget.close();
    await pgStore.close();
  } finally {
    await database.drop();
  }
  return {
    "acquire, idle budget": `${idleNs.toFixed(0)} ns/call`,
    "acquire with the SQLite journal (10/min)": `${((journalMs * 1e3) / grants).toFixed(0)} µs/call; ${rows} rows kept after ${grants} calls over ${((grants * 6.1) / 3600).toFixed(1)} h`,
    [`acquire with PostgreSQL's journal (10/min; ${database.server})`]: `${((pgMs * 1e3) / grants).toFixed(0)} µs/call; ${pgRows} rows kept`,
    "acquire through a 1,000-deep queue": `${queuedUs.toFixed(1)} µs/call (incl. the fake clock's own work)`,
  };
}

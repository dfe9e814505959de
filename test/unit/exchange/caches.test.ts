import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Decimal } from "decimal.js";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import { createRepositories, openSqliteStore, type Store } from "../../../src/db/index.js";
import { openPostgres } from "../../../src/db/postgres/index.js";
import { BudgetCancelledError, RateBudget } from "../../../src/exchange/budget.js";
import { CatalogueService } from "../../../src/exchange/catalogue.js";
import { ExchangeClient, type Pair } from "../../../src/exchange/client.js";
import { EstimateService } from "../../../src/exchange/estimates.js";
import { type SandboxExchange, startSandbox } from "../../../src/exchange/sandbox/index.js";
import { drive } from "../../harness/drive.js";
import { worldDatabase } from "../../harness/postgres.js";
import { settleOnPool } from "../../harness/settle.js";

const PAIR: Pair = { symbolFrom: "eth", networkFrom: "eth", symbolTo: "usdt", networkTo: "trx" };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(): Promise<{ clock: ManualClock; sandbox: SandboxExchange; client: ExchangeClient; budget: RateBudget }> {
  const clock = new ManualClock();
  const sandbox = await startSandbox({ apiKey: "k", clock, rateLimitPerMinute: 10 });
  const budget = new RateBudget({ limitPerMinute: 10, backgroundShare: 0.6, clock });
  const client = new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: "k",
    authScheme: "bearer",
    budget,
    clock,
    logger: pino({ level: "silent" }),
    retryDelayMs: 100,
  });
  cleanups.push(
    () => sandbox.close(),
    () => client.close(),
    () => budget.close(),
  );
  return { clock, sandbox, client, budget };
}

/**
 * A new database on the suite's back end; each `open` is a process's store on it (closed with
 * the test), on whose answers `clock` waits between timers.
 */
async function tempDb(clock: ManualClock): Promise<{ open: () => Promise<Store> }> {
  const database = await worldDatabase();
  const url = database.env.DATABASE_URL;
  const dir = mkdtempSync(join(tmpdir(), "swapbot-cat-"));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => database.drop(),
  );
  return {
    open: async () => {
      if (url === undefined) {
        const store = openSqliteStore(join(dir, "bot.sqlite"));
        cleanups.push(() => store.close());
        return store;
      }
      const store = await openPostgres(url, { max: 2 });
      cleanups.push(settleOnPool(clock, store.pool), () => store.close());
      return store;
    },
  };
}

describe("EstimateService", () => {
  it("shares one upstream call among identical concurrent requests and caches it briefly", async () => {
    const { clock, sandbox, client } = await setup();
    const estimates = new EstimateService({ client, clock }, { ttlMs: 30_000 });
    const quotes = await drive(clock, Promise.all(Array.from({ length: 10 }, () => estimates.quote(PAIR, "1"))));
    expect(new Set(quotes.map((q) => q.fetchedAt)).size).toBe(1);
    expect(sandbox.requests).toHaveLength(1);

    await drive(clock, estimates.quote(PAIR, "1"), { stepMs: 1 });
    expect(sandbox.requests).toHaveLength(1); // still cached
    await drive(clock, estimates.quote(PAIR, "2"));
    expect(sandbox.requests).toHaveLength(2); // another amount is another quote
    await clock.advance(30_000);
    await drive(clock, estimates.quote(PAIR, "1"));
    expect(sandbox.requests).toHaveLength(3); // expired
    await drive(clock, estimates.quote(PAIR, "1", { fresh: true }), { stepMs: 1 });
    expect(sandbox.requests).toHaveLength(3); // a refresh right after a quote gets that quote
    await clock.advance(10_000);
    await drive(clock, estimates.quote(PAIR, "1", { fresh: true }));
    expect(sandbox.requests).toHaveLength(4); // a refresh skips an older cached quote
  });

  it("does not cache a failure, and tells every waiter its place in line", async () => {
    const { clock, sandbox, client, budget } = await setup();
    const estimates = new EstimateService({ client, clock });
    sandbox.faults.inject({ kind: "status", status: 500 }, { endpoint: "getEstimatedAmount", times: 3 });
    await expect(drive(clock, estimates.quote(PAIR, "1"))).rejects.toMatchObject({ kind: "unavailable" });
    await drive(clock, estimates.quote(PAIR, "1"));

    // Fill a window at one instant (after the earlier calls have left it), then two people ask
    // for the same quote: both hear where they stand.
    await clock.advance(2 * 61_000);
    const fill = Promise.all(Array.from({ length: 10 }, () => budget.acquire("user")));
    await clock.advance(0);
    await fill;
    const places: number[] = [];
    const both = Promise.all([1, 2].map(() => estimates.quote(PAIR, "5", { onQueued: (p) => places.push(p.position) })));
    await drive(clock, both);
    expect(places).toEqual([1, 1]);
  });
});

describe("EstimateService: joining a call on its way", () => {
  it("tells a later joiner the wait that is left, and outlives the first caller's deadline", async () => {
    const { clock, sandbox, budget, client } = await setup();
    const estimates = new EstimateService({ client, clock });
    await clock.advance(2 * 61_000);
    const fill = Promise.all(Array.from({ length: 10 }, () => budget.acquire("user")));
    await clock.advance(0);
    await fill;
    const first = new AbortController();
    const firstCall = estimates.quote(PAIR, "7", { signal: first.signal });
    firstCall.catch(() => {});
    const places: number[] = [];
    const second = estimates.quote(PAIR, "7", { onQueued: (p) => places.push(p.waitMs) });
    await clock.advance(20_000);
    estimates.quote(PAIR, "7", { onQueued: (p) => places.push(p.waitMs) }).catch(() => {});
    expect(places).toEqual([61_000, 41_000]);

    // The first caller gives up (an inline query's 8 s); the others still want the quote.
    first.abort();
    await expect(firstCall).rejects.toBeInstanceOf(BudgetCancelledError);
    const before = sandbox.requests.length;
    const quote = await drive(clock, second);
    expect(quote.result.kind).toBe("ok");
    expect(sandbox.requests.length).toBe(before + 1);
  });
});

describe("EstimateService: nearby amounts", () => {
  it("answers an amount within 1 % from a quote on its way or cached, but never across a provider's limits", async () => {
    const { clock, sandbox, client } = await setup();
    const estimates = new EstimateService({ client, clock });
    // Asked together: the second joins the first's call, and its figures are scaled.
    const [one, near] = await drive(clock, Promise.all([estimates.quoteNearby(PAIR, "1"), estimates.quoteNearby(PAIR, "0.995")]));
    expect(sandbox.requests).toHaveLength(1);
    expect(one.basis).toBeUndefined();
    expect(near.basis).toBe("1");
    expect(near.fetchedAt).toBe(one.fetchedAt);
    if (one.result.kind !== "ok" || near.result.kind !== "ok") throw new Error("expected offers");
    expect(near.result.offers.map((o) => o.amount)).toEqual(
      one.result.offers.map((o) => new Decimal(o.amount).times("0.995").toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed()),
    );
    expect(estimates.wouldCall(PAIR, "1.01", false, true)).toBe(false);
    expect(estimates.wouldCall(PAIR, "1.011", false, true)).toBe(true);
    // quote() stays exact: never answered from another amount.
    expect(estimates.wouldCall(PAIR, "0.995")).toBe(true);

    // simpleswap takes at least 0.00733 ETH: its figure for 0.00731 says nothing about 0.00735.
    await drive(clock, estimates.quoteNearby(PAIR, "0.00731"));
    expect(sandbox.requests).toHaveLength(2);
    const across = await drive(clock, estimates.quoteNearby(PAIR, "0.00735"));
    expect(sandbox.requests).toHaveLength(3);
    expect(across.basis).toBeUndefined();
    // Both below it: the offer keeps its limits, so it shows as out of limits.
    const below = await drive(clock, estimates.quoteNearby(PAIR, "0.0073"));
    expect(sandbox.requests).toHaveLength(3);
    expect(below.basis).toBe("0.00731");
  });
});

describe("CatalogueService", () => {
  it("fetches an empty catalogue at once, keeps it in the database, and serves it stale while the service is down", async () => {
    const { clock, sandbox, client } = await setup();
    const db = await tempDb(clock);
    const logger = pino({ level: "silent" });
    const first = createRepositories(await db.open(), clock);
    const catalogue = new CatalogueService({ client, repo: first.catalogue, kv: first.kv, clock, logger }, { retryMs: 60_000 });
    await catalogue.load();
    await catalogue.start();
    cleanups.push(() => catalogue.stop());
    await drive(
      clock,
      (async () => {
        while (catalogue.currencies().length === 0 || catalogue.providers().length === 0) await clock.advance(100);
      })(),
    );
    expect(catalogue.find("USDT", "TRX")).toMatchObject({ symbol: "usdt", network: "trx" });
    expect(catalogue.providers().some((p) => !p.enable)).toBe(true);
    const disabled = catalogue.providers().find((p) => !p.enable)!.name;
    expect(catalogue.isProviderEnabled(disabled)).toBe(false);
    catalogue.stop();

    // A restart with the service down: the stored catalogue is served, nothing is lost.
    sandbox.faults.inject({ kind: "status", status: 503 }, { times: 1_000 });
    const second = createRepositories(await db.open(), clock);
    const again = new CatalogueService({ client, repo: second.catalogue, kv: second.kv, clock, logger });
    await again.load();
    expect(again.currencies().length).toBe(catalogue.currencies().length);
    await expect(drive(clock, again.refresh("currencies"))).rejects.toMatchObject({ kind: "unavailable" });
    expect(again.currencies().length).toBe(catalogue.currencies().length);
  });

  it("refreshes in the background on the catalogue lane, providers more often than currencies", async () => {
    const { clock, sandbox, client } = await setup();
    const db = await tempDb(clock);
    const repos = createRepositories(await db.open(), clock);
    const catalogue = new CatalogueService(
      { client, repo: repos.catalogue, kv: repos.kv, clock, logger: pino({ level: "silent" }) },
      { currenciesEveryMs: 3_600_000, providersEveryMs: 300_000 },
    );
    await catalogue.load();
    await catalogue.start();
    cleanups.push(() => catalogue.stop());
    await drive(
      clock,
      (async () => {
        // An hour, plus room for the background pace (a refresh may wait one pace for its slot).
        while (clock.now() < Date.UTC(2026, 0, 1) + 3_600_000 + 30_000) await clock.advance(10_000);
      })(),
      { stepMs: 10_000, maxMs: 4 * 3_600_000 },
    );
    const count = (endpoint: string) => sandbox.requests.filter((r) => r.endpoint === endpoint).length;
    expect(count("getCurrencies")).toBe(2);
    expect(count("getProviders")).toBeGreaterThanOrEqual(12);
    expect(count("getProviders")).toBeLessThanOrEqual(13);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { abortAfter, ManualClock } from "../../../src/clock.js";
import { openSqliteStore, SqliteBudgetJournal } from "../../../src/db/index.js";
import { BudgetCancelledError, type BudgetJournal, RateBudget } from "../../../src/exchange/budget.js";
import { ExchangeClient, type ExchangeClientOptions, type Pair } from "../../../src/exchange/client.js";
import { ExchangeError } from "../../../src/exchange/errors.js";
import { type SandboxExchange, startSandbox } from "../../../src/exchange/sandbox/index.js";
import { captureLogs, drive } from "../../harness/drive.js";
import { busiestWindow } from "../../harness/windows.js";

const KEY = "test-key";
const BTC_TO_USDT_TRX: Pair = { symbolFrom: "btc", networkFrom: "btc", symbolTo: "usdt", networkTo: "trx" };
const EXOLIX_REQUEST = {
  ...BTC_TO_USDT_TRX,
  providerName: "exolix",
  toAddress: "TQrZ8tKfjFvTjG4kBHgTXT1sFWPBWcNw5m",
  amount: "0.05",
  fixed: false,
};

interface Setup {
  clock: ManualClock;
  sandbox: SandboxExchange;
  budget: RateBudget;
  client: ExchangeClient;
  logs: ReturnType<typeof captureLogs>["lines"];
}

const open: Setup[] = [];

async function setup(
  options: {
    sandboxLimit?: number;
    clientLimit?: number;
    client?: Partial<ExchangeClientOptions>;
    journal?: (clock: ManualClock) => BudgetJournal;
  } = {},
): Promise<Setup> {
  const clock = new ManualClock();
  const sandbox = await startSandbox({ apiKey: KEY, clock, rateLimitPerMinute: options.sandboxLimit ?? 0, seed: 1 });
  const journal = options.journal?.(clock);
  const budget = new RateBudget({
    limitPerMinute: options.clientLimit ?? 10,
    backgroundShare: 0.6,
    clock,
    ...(journal ? { journal } : {}),
  });
  const { logger, lines } = captureLogs();
  const client = new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: KEY,
    authScheme: "bearer",
    budget,
    clock,
    logger,
    retryDelayMs: 500,
    ...options.client,
  });
  const s = { clock, sandbox, budget, client, logs: lines };
  open.push(s);
  return s;
}

afterEach(async () => {
  for (const s of open.splice(0)) {
    await s.budget.close();
    await s.client.close();
    await s.sandbox.close();
  }
});

async function expectExchangeError(promise: Promise<unknown>, kind: ExchangeError["kind"]): Promise<ExchangeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExchangeError);
  expect((error as ExchangeError).kind).toBe(kind);
  return error as ExchangeError;
}

describe("ExchangeClient against the sandbox", () => {
  it("lists currencies and providers, sending the key in the configured scheme", async () => {
    const { clock, client, sandbox } = await setup();
    const currencies = await drive(clock, client.getCurrencies());
    expect(currencies.length).toBeGreaterThanOrEqual(40);
    expect(currencies).toContainEqual(expect.objectContaining({ symbol: "usdt", network: "trx", memo: false }));
    expect(currencies.some((c) => c.memo)).toBe(true);
    const providers = await drive(clock, client.getProviders());
    expect(providers.filter((p) => !p.enable)).toHaveLength(1);
    expect(sandbox.requests.map((r) => r.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);
    expect(sandbox.requests.map((r) => r.accept)).toEqual(["application/json", "application/json"]);

    const raw = await setup({ client: { authScheme: "raw" } });
    await drive(raw.clock, raw.client.getProviders());
    expect(raw.sandbox.requests[0]?.authorization).toBe(KEY);
  });

  it("reports a wrong key as unauthorized, loudly for the operator, without retrying", async () => {
    const { clock, client, sandbox, logs } = await setup({ client: { apiKey: "wrong" } });
    await expectExchangeError(drive(clock, client.getProviders()), "unauthorized");
    expect(sandbox.requests).toHaveLength(1);
    expect(logs.some((l) => l.level >= 50 && /EXCHANGE_API_KEY/.test(l.msg))).toBe(true);
  });

  it("returns offers as decimal strings, and the two refusals as their own results", async () => {
    const { clock, client } = await setup();
    const quote = await drive(clock, client.getEstimate(BTC_TO_USDT_TRX, "0.05"));
    expect(quote.kind).toBe("ok");
    if (quote.kind !== "ok") return;
    expect(quote.offers.length).toBeGreaterThanOrEqual(5);
    for (const offer of quote.offers) {
      expect(offer.amount).toMatch(/^\d+(\.\d+)?$/);
      expect(["floating", "fixed"]).toContain(offer.exchange_type);
    }
    const same = await drive(clock, client.getEstimate({ ...BTC_TO_USDT_TRX, symbolTo: "btc", networkTo: "btc" }, "1"));
    expect(same).toEqual({ kind: "pair-invalid" });
    const tiny = await drive(clock, client.getEstimate(BTC_TO_USDT_TRX, "0.00000001"));
    expect(tiny).toEqual({ kind: "below-minimum" });
  });

  it("waits out a 429 for the time the service asked, then succeeds", async () => {
    const { clock, client, sandbox, budget } = await setup();
    sandbox.faults.inject({ kind: "status", status: 429, retryAfterSeconds: 7 }, { endpoint: "getProviders" });
    const providers = await drive(clock, client.getProviders(), { stepMs: 100 });
    expect(providers.length).toBeGreaterThan(0);
    const [first, second] = sandbox.requests;
    expect(sandbox.requests).toHaveLength(2);
    expect(first?.status).toBe(429);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(7_000);
    expect((await budget.stats()).rateLimited).toBe(1);
  });

  it("gives back a slot grown too old before its request left, and asks again: the service never sees more than the limit", async () => {
    // The journal (in memory) holds the first grant's answer until the test lets it go: the
    // process is starved between its grant and its request (a pause, a GC, SIGSTOP).
    const store = openSqliteStore(":memory:");
    let hold: { granted: () => void; wake: Promise<void> } | undefined;
    const starvedAfterGrant = (clock: ManualClock): BudgetJournal => {
      const real = new SqliteBudgetJournal(store, clock);
      return {
        grant: async (spanMs, decide) => {
          let wrote = false;
          const result = await real.grant(spanMs, (view) => {
            const decided = decide(view);
            wrote = decided.grants.length > 0;
            return decided;
          });
          const held = wrote ? hold : undefined;
          if (held) {
            hold = undefined;
            held.granted();
            await held.wake;
          }
          return result;
        },
        grantsAfter: (time) => real.grantsAfter(time),
        recordPause: (until) => real.recordPause(until),
        giveBack: (id) => real.giveBack(id),
      };
    };
    const { clock, client, sandbox } = await setup({ sandboxLimit: 2, clientLimit: 2, journal: starvedAfterGrant });
    let wake!: () => void;
    const granted = new Promise<void>((resolve) => {
      hold = { granted: resolve, wake: new Promise<void>((woken) => (wake = woken)) };
    });
    const first = client.getEstimate(BTC_TO_USDT_TRX, "0.1");
    await granted;
    await clock.advance(2_500);
    wake();
    await drive(clock, first);
    // Two more: the next goes at once, the last once a slot of the window frees.
    await drive(clock, client.getEstimate(BTC_TO_USDT_TRX, "0.2"));
    await drive(clock, client.getEstimate(BTC_TO_USDT_TRX, "0.3"), { stepMs: 1_000 });
    const seen = sandbox.requests.map((r) => r.at);
    expect(seen).toHaveLength(3);
    expect(sandbox.requests.filter((r) => r.status === 429)).toEqual([]);
    expect(busiestWindow(seen, 60_000)).toBeLessThanOrEqual(2);
    // The journal holds one grant per request that went, none for the slot given back.
    expect((await new SqliteBudgetJournal(store, clock).grantsAfter(0)).map((g) => g.at)).toEqual(seen);
    await store.close();
  });

  it("recovers when the service's own limit is stricter than ours", async () => {
    const { clock, client, sandbox } = await setup({ sandboxLimit: 3, clientLimit: 10 });
    const quotes = await drive(
      clock,
      Promise.all(["0.1", "0.2", "0.3", "0.4", "0.5", "0.6"].map((amount) => client.getEstimate(BTC_TO_USDT_TRX, amount))),
      { stepMs: 500 },
    );
    expect(quotes.every((q) => q.kind === "ok")).toBe(true);
    expect(sandbox.requests.some((r) => r.status === 429)).toBe(true);
  });

  it("retries a GET after a 5xx or an HTML error page, and gives up after its attempts", async () => {
    const { clock, client, sandbox } = await setup();
    sandbox.faults.inject({ kind: "status", status: 500 }, { endpoint: "getProviders" });
    sandbox.faults.inject(
      { kind: "status", status: 502, body: "<html><body>Bad Gateway</body></html>", contentType: "text/html" },
      { endpoint: "getProviders" },
    );
    expect((await drive(clock, client.getProviders())).length).toBeGreaterThan(0);
    expect(sandbox.requests.map((r) => r.status)).toEqual([500, 502, 200]);

    sandbox.clearRequests();
    sandbox.faults.inject({ kind: "status", status: 503 }, { endpoint: "getProviders", times: 5 });
    const error = await expectExchangeError(drive(clock, client.getProviders()), "unavailable");
    expect(error.details.httpStatus).toBe(503);
    expect(sandbox.requests).toHaveLength(3);
  });

  it("turns malformed JSON into an invalid-response error, not a crash", async () => {
    const { clock, client, sandbox, logs } = await setup();
    sandbox.faults.inject({ kind: "malformed-json" }, { endpoint: "getCurrencies" });
    await expectExchangeError(drive(clock, client.getCurrencies()), "invalid-response");
    expect(logs.some((l) => l.msg.includes("malformed JSON"))).toBe(true);
    expect((await drive(clock, client.getCurrencies())).length).toBeGreaterThan(0);
  });

  it("times out a slow answer and retries the GET", async () => {
    const { clock, client, sandbox } = await setup({ client: { timeouts: { headersMs: 150 } } });
    sandbox.faults.inject({ kind: "delay", ms: 1_000 }, { endpoint: "getProviders" });
    expect((await drive(clock, client.getProviders())).length).toBeGreaterThan(0);
    expect(sandbox.requests).toHaveLength(2);
  });

  it("never retries createTransaction, whatever goes wrong", async () => {
    const { clock, client, sandbox } = await setup({ client: { timeouts: { createMs: 150 } } });
    const quote = await drive(clock, client.getEstimate(BTC_TO_USDT_TRX, "0.05"));
    if (quote.kind !== "ok") throw new Error("expected offers");
    const provider = sandbox.providers.find((p) => p.enable)!.name;
    const offer = quote.offers.find((o) => o.provider_name === provider)!;
    const request = {
      ...BTC_TO_USDT_TRX,
      providerName: provider,
      toAddress: "TQrZ8tKfjFvTjG4kBHgTXT1sFWPBWcNw5m",
      amount: "0.05",
      fixed: offer.exchange_type === "fixed",
    };
    const creates = () => sandbox.requests.filter((r) => r.endpoint === "createTransaction");

    for (const fault of [{ kind: "status", status: 500 }, { kind: "hang" }, { kind: "reset" }, { kind: "malformed-json" }] as const) {
      sandbox.clearRequests();
      sandbox.faults.inject(fault, { endpoint: "createTransaction" });
      const error = await expectExchangeError(
        drive(clock, client.createTransaction(request)),
        fault.kind === "malformed-json" ? "invalid-response" : "unavailable",
      );
      expect(error.details.mayHaveReachedService).toBe(true);
      expect(creates()).toHaveLength(1);
    }

    sandbox.clearRequests();
    const created = await drive(clock, client.createTransaction(request));
    expect(created.exchangeId).toMatch(new RegExp(`^${provider}-`));
    expect(creates()[0]?.contentType).toBe("application/json");
    expect(creates()[0]?.accept).toBe("application/json");
    const body = creates()[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      provider_name: provider,
      symbol_from: "btc",
      network_from: "btc",
      symbol_to: "usdt",
      network_to: "trx",
      to_address: request.toAddress,
      to_extra_id: "",
      amount: "0.05",
      fixed: request.fixed,
    });
  });

  it("finds the created exchange's id under its known aliases, and says so in the log", async () => {
    const { clock, client, sandbox, logs } = await setup();
    for (const alias of ["id", "exchangeId", "transaction_id", "transactionId"]) {
      sandbox.faults.inject({ kind: "rename-field", field: "exchange_id", to: alias }, { endpoint: "createTransaction" });
      const created = await drive(clock, client.createTransaction(EXOLIX_REQUEST));
      expect((await drive(clock, client.getTransaction(created.exchangeId))).status).toBe("waiting");
      expect(logs.filter((l) => l.level === 40 && l.idField === alias)).toHaveLength(1);
    }
  });

  it("reads an OK without any id as 'may have been created', and only a refusal without an id as refused", async () => {
    const { clock, client, sandbox, logs } = await setup();
    sandbox.faults.inject({ kind: "rename-field", field: "exchange_id", to: null }, { endpoint: "createTransaction" });
    const unknown = await expectExchangeError(drive(clock, client.createTransaction(EXOLIX_REQUEST)), "invalid-response");
    expect(unknown.details.mayHaveReachedService).toBe(true);
    expect(logs.some((l) => l.level >= 50 && (l.fields as string[]).includes("status"))).toBe(true);

    sandbox.faults.inject(
      { kind: "status", status: 200, body: JSON.stringify({ status: "error", exchange_id: "exolix-floating-x1" }) },
      { endpoint: "createTransaction" },
    );
    await expectExchangeError(drive(clock, client.createTransaction(EXOLIX_REQUEST)), "invalid-response");

    sandbox.faults.inject(
      { kind: "status", status: 200, body: JSON.stringify({ status: "error", message: "Amount too low" }) },
      { endpoint: "createTransaction" },
    );
    const refused = await expectExchangeError(drive(clock, client.createTransaction(EXOLIX_REQUEST)), "bad-request");
    expect(refused.message).toBe("Amount too low");
  });

  it("times the wait for the budget and the request apart", async () => {
    // GETs give up after 100 ms here; createTransaction has its own response timeout.
    const { clock, client, sandbox, budget } = await setup({ client: { timeouts: { headersMs: 100, bodyMs: 100 } } });
    const creates = () => sandbox.requests.filter((r) => r.endpoint === "createTransaction");

    // 50 s in line out of a 60 s bound, then a slow answer: the request still gets its whole timeout.
    const start = clock.now();
    budget.pause(50_000);
    sandbox.faults.inject({ kind: "delay", ms: 1_500 }, { endpoint: "createTransaction" });
    const queue = abortAfter(clock, 60_000);
    const created = await drive(clock, client.createTransaction(EXOLIX_REQUEST, { queueSignal: queue.signal }));
    queue.cancel();
    expect(created.exchangeId).toMatch(/^exolix-/);
    expect(creates()[0]!.at - start).toBeGreaterThanOrEqual(50_000);

    // The request's own timeout does apply: past it, the outcome is unknown. (undici times
    // headers on a coarse timer, so the answer comes well after the timeout.)
    sandbox.faults.inject({ kind: "delay", ms: 2_500 }, { endpoint: "createTransaction" });
    const late = await expectExchangeError(
      drive(clock, client.createTransaction(EXOLIX_REQUEST, { requestTimeoutMs: 100 })),
      "unavailable",
    );
    expect(late.details.mayHaveReachedService).toBe(true);

    // A wait in line past its bound is given up, and nothing is sent.
    sandbox.clearRequests();
    budget.pause(120_000);
    const bounded = abortAfter(clock, 60_000);
    const gaveUp = await drive(
      clock,
      client.createTransaction(EXOLIX_REQUEST, { queueSignal: bounded.signal }).catch((e: unknown) => e),
    );
    expect(gaveUp).toBeInstanceOf(BudgetCancelledError);
    expect(creates()).toHaveLength(0);
  });

  it("reads a transaction, and an unknown id as not-found", async () => {
    const { clock, client } = await setup();
    const created = await drive(
      clock,
      client.createTransaction({
        ...BTC_TO_USDT_TRX,
        providerName: "exolix",
        toAddress: "TQrZ8tKfjFvTjG4kBHgTXT1sFWPBWcNw5m",
        amount: "0.05",
        fixed: false,
      }),
    );
    const before = clock.now();
    const tx = await drive(clock, client.getTransaction(created.exchangeId));
    expect(tx).toMatchObject({ status: "waiting", symbol_from: "btc", network_to: "trx", amount_from: "0.05" });
    expect(tx.address_from).toBeTruthy();
    expect(Math.abs(tx.created_at! - before)).toBeLessThan(2_000);
    await expectExchangeError(drive(clock, client.getTransaction("exolix-floating-doesnotexist")), "not-found");
  });

  it("parses drifted answers: legacy names, numeric amounts, milliseconds", async () => {
    const { clock, client, sandbox, logs } = await setup();
    const created = await drive(
      clock,
      client.createTransaction({
        ...BTC_TO_USDT_TRX,
        providerName: "exolix",
        toAddress: "TQrZ8tKfjFvTjG4kBHgTXT1sFWPBWcNw5m",
        amount: "0.05",
        fixed: false,
      }),
    );
    const createdAt = clock.now();
    sandbox.setDrift(true);
    const quote = await drive(clock, client.getEstimate(BTC_TO_USDT_TRX, "0.05"));
    expect(quote.kind).toBe("ok");
    if (quote.kind === "ok") {
      expect(quote.offers.length).toBeGreaterThanOrEqual(5);
      expect(quote.offers.every((o) => /^\d+(\.\d+)?$/.test(o.amount) && o.provider_name.length > 0)).toBe(true);
    }
    const tx = await drive(clock, client.getTransaction(created.exchangeId));
    expect(tx.symbol_from).toBe("btc");
    expect(tx.symbol_to).toBe("usdt");
    expect(Math.abs(tx.created_at! - createdAt)).toBeLessThan(2_000);
    expect(logs.filter((l) => l.level >= 50)).toEqual([]);
  });

  it("keeps every caller inside the limit: many concurrent users, no 429 from a service with the same limit", async () => {
    const { clock, client, sandbox } = await setup({ sandboxLimit: 10, clientLimit: 10 });
    const amounts = Array.from({ length: 35 }, (_, i) => `0.0${i + 10}`);
    const results = await drive(clock, Promise.all(amounts.map((amount) => client.getEstimate(BTC_TO_USDT_TRX, amount))), {
      stepMs: 1_000,
    });
    expect(results).toHaveLength(35);
    expect(sandbox.requests.filter((r) => r.status === 429)).toEqual([]);
    const times = sandbox.requests.map((r) => r.at).sort((a, b) => a - b);
    for (let i = 10; i < times.length; i++) expect(times[i]! - times[i - 10]!).toBeGreaterThanOrEqual(60_000);
  });
});

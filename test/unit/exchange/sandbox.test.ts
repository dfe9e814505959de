import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import { type SandboxExchange, type SandboxOptions, startSandbox } from "../../../src/exchange/sandbox/index.js";

const KEY = "sandbox-test-key";
const DECIMAL = /^\d+(\.\d{1,8})?$/;

let sandbox: SandboxExchange | undefined;
let clock = new ManualClock();

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** Starts a sandbox on a fresh ManualClock; the rate limit is off unless a test turns it on. */
async function start(options: Partial<SandboxOptions> = {}): Promise<SandboxExchange> {
  clock = new ManualClock();
  sandbox = await startSandbox({ apiKey: KEY, clock, seed: 7, rateLimitPerMinute: 0, ...options });
  return sandbox;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body; only meaningful when the body is JSON. */
  body: Record<string, unknown> & unknown[];
}

interface CallOptions {
  method?: string;
  query?: Record<string, string>;
  body?: unknown;
  /** The Authorization header; null sends none. Default: `Bearer <KEY>`. */
  auth?: string | null;
  signal?: AbortSignal;
}

async function call(endpoint: string, options: CallOptions = {}): Promise<Answer> {
  if (!sandbox) throw new Error("no sandbox started");
  const url = new URL(`${sandbox.url}/${endpoint}`);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { Accept: "application/json" };
  const auth = options.auth === undefined ? `Bearer ${KEY}` : options.auth;
  if (auth !== null) headers["Authorization"] = auth;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  const init: RequestInit = { method: options.method ?? (body === undefined ? "GET" : "POST"), headers };
  if (body !== undefined) init.body = body;
  if (options.signal) init.signal = options.signal;
  const res = await fetch(url, init);
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed as Answer["body"] };
}

type Offer = {
  provider_name: string;
  exchange_type: string;
  amount: string;
  min_amount: string;
  max_amount: string | null;
  tags: string[];
};

function estimateQuery(from: string, to: string, amount: string): Record<string, string> {
  const [symbol_from = "", network_from = ""] = from.split("/");
  const [symbol_to = "", network_to = ""] = to.split("/");
  return { symbol_from, network_from, symbol_to, network_to, amount };
}

function estimate(from: string, to: string, amount: string): Promise<Answer> {
  return call("getEstimatedAmount", { query: estimateQuery(from, to, amount) });
}

function offersOf(answer: Answer): Offer[] {
  return answer.body["data"] as Offer[];
}

function createBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    provider_name: "changenow",
    symbol_from: "btc",
    network_from: "btc",
    symbol_to: "usdt",
    network_to: "trx",
    to_address: "TXyzRecipientAddress1234567890abcd",
    to_extra_id: "",
    amount: "0.01",
    fixed: false,
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}): Promise<string> {
  const answer = await call("createTransaction", { body: createBody(overrides) });
  expect(answer.status, answer.text).toBe(200);
  return answer.body["exchange_id"] as string;
}

async function info(exchangeId: string): Promise<Record<string, unknown>> {
  const answer = await call("getTransactionInfo", { query: { exchange_id: exchangeId } });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe("routing and authentication", () => {
  it("rejects a missing or wrong key with 401 Unauthenticated", async () => {
    await start();
    for (const auth of [null, "", "Bearer wrong", "wrong", `Bearer ${KEY}x`, `Basic ${KEY}`]) {
      const answer = await call("getProviders", { auth });
      expect(answer.status, String(auth)).toBe(401);
      expect(answer.body).toEqual({ message: "Unauthenticated." });
    }
  });

  it("accepts both the Bearer form and the bare key", async () => {
    await start();
    expect((await call("getProviders", { auth: `Bearer ${KEY}` })).status).toBe(200);
    expect((await call("getProviders", { auth: KEY })).status).toBe(200);
    expect((await call("getProviders", { auth: `bearer ${KEY}` })).status).toBe(200);
  });

  it("answers JSON with charset, 404 for unknown paths and 405 for a wrong method", async () => {
    const sb = await start();
    const ok = await call("getCurrencies");
    expect(ok.headers.get("content-type")).toBe("application/json; charset=utf-8");

    const missing = await call("getSomething");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Not Found" });
    const outside = await fetch(sb.url.replace("/api/dev/v2", "/api/dev/v1/getCurrencies"));
    expect(outside.status).toBe(404);

    const wrongMethod = await call("createTransaction");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    expect((await call("getCurrencies", { method: "POST", body: {} })).status).toBe(405);
  });

  it("records every request in order with what it was answered", async () => {
    const sb = await start();
    await call("getProviders", { auth: null });
    await clock.advance(1500);
    await estimate("btc/btc", "eth/eth", "0.5");
    await call("createTransaction", { body: "{not json" });
    expect(sb.requests).toMatchObject([
      {
        method: "GET",
        endpoint: "getProviders",
        query: {},
        body: undefined,
        authorization: undefined,
        at: clock.now() - 1500,
        status: 401,
      },
      {
        method: "GET",
        endpoint: "getEstimatedAmount",
        query: estimateQuery("btc/btc", "eth/eth", "0.5"),
        body: undefined,
        authorization: `Bearer ${KEY}`,
        at: clock.now(),
        status: 200,
      },
      {
        method: "POST",
        endpoint: "createTransaction",
        query: {},
        body: "{not json",
        authorization: `Bearer ${KEY}`,
        at: clock.now(),
        status: 400,
      },
    ]);
    sb.clearRequests();
    expect(sb.requests).toHaveLength(0);
    await call("getCurrencies");
    expect(sb.requests.map((r) => r.endpoint)).toEqual(["getCurrencies"]);
  });
});

describe("catalogue", () => {
  it("lists at least 40 well-formed currencies with the required entries", async () => {
    const sb = await start();
    const answer = await call("getCurrencies");
    const list = answer.body as unknown as {
      symbol: string;
      network: string;
      fullname: string;
      image: string;
      memo: boolean;
      explorer: string;
    }[];
    expect(list.length).toBeGreaterThanOrEqual(40);
    expect(list).toEqual(sb.currencies);
    for (const c of list) {
      expect(Object.keys(c).sort()).toEqual(["explorer", "fullname", "image", "memo", "network", "symbol"]);
      expect(c.symbol).toMatch(/^[a-z0-9]+$/);
      expect(c.image).toMatch(/^https:\/\//);
      expect(typeof c.memo).toBe("boolean");
    }
    const keys = list.map((c) => `${c.symbol}/${c.network}`);
    expect(new Set(keys).size).toBe(keys.length);
    const required = [
      "btc/btc",
      "btc/ln",
      "eth/eth",
      "bnb/bsc",
      "sol/sol",
      "trx/trx",
      "ltc/ltc",
      "doge/doge",
      "xmr/xmr",
      "ada/ada",
      "dot/dot",
    ];
    for (const key of required) expect(keys).toContain(key);
    for (const net of ["eth", "trx", "bsc", "sol", "ton", "pol"]) expect(keys).toContain(`usdt/${net}`);
    expect(keys.filter((k) => k.startsWith("usdc/")).length).toBeGreaterThanOrEqual(4);
    const memo = (key: string): boolean | undefined => list.find((c) => `${c.symbol}/${c.network}` === key)?.memo;
    for (const key of ["xrp/xrp", "xlm/xlm", "ton/ton", "atom/atom"]) expect(memo(key), key).toBe(true);
    expect(memo("btc/btc")).toBe(false);
  });

  it("lists six providers with exactly one disabled, and follows setProviderEnabled", async () => {
    const sb = await start();
    const providers = (await call("getProviders")).body as unknown as { name: string; enable: boolean }[];
    expect(providers).toHaveLength(6);
    expect(providers).toEqual(sb.providers);
    const disabled = providers.filter((p) => !p.enable);
    expect(disabled).toHaveLength(1);
    const name = disabled[0]?.name ?? "";
    sb.setProviderEnabled(name, true);
    const after = (await call("getProviders")).body as unknown as { name: string; enable: boolean }[];
    expect(after.every((p) => p.enable)).toBe(true);
    expect(() => sb.setProviderEnabled("nobody", true)).toThrow();
  });
});

describe("getEstimatedAmount", () => {
  it("holds an amount's next estimate: counted when it arrives, answered once released; others are not held", async () => {
    const sb = await start();
    const held = sb.holdEstimate("0.05");
    const slow = estimate("btc/btc", "usdt/trx", "0.05");
    await held.arrived;
    expect(sb.requests.filter((r) => r.endpoint === "getEstimatedAmount").map((r) => r.status)).toEqual([0]);
    expect((await estimate("btc/btc", "usdt/trx", "0.06")).status).toBe(200);
    expect((await estimate("btc/btc", "usdt/trx", "0.05")).status).toBe(200);
    held.release();
    expect((await slow).body["message"]).toBe("OK");
  });

  it("returns one offer per provider, the disabled one included, with all four tags", async () => {
    const sb = await start();
    const answer = await estimate("btc/btc", "usdt/trx", "0.05");
    expect(answer.status).toBe(200);
    expect(answer.body["message"]).toBe("OK");
    const offers = offersOf(answer);
    expect(offers.map((o) => o.provider_name).sort()).toEqual(sb.providers.map((p) => p.name).sort());
    for (const o of offers) {
      expect(o.amount).toMatch(DECIMAL);
      expect(o.min_amount).toMatch(DECIMAL);
      if (o.max_amount !== null) expect(o.max_amount).toMatch(DECIMAL);
      expect(["floating", "fixed"]).toContain(o.exchange_type);
    }
    expect(new Set(offers.map((o) => o.exchange_type))).toEqual(new Set(["floating", "fixed"]));
    expect(offers.some((o) => o.max_amount === null)).toBe(true);
    expect(new Set(offers.map((o) => o.min_amount)).size).toBeGreaterThan(1);
    const tags = offers.flatMap((o) => o.tags);
    for (const tag of ["Best Rate", "Recommended", "AI Best Rate", "Best In KYC"]) expect(tags).toContain(tag);
    const best = offers.find((o) => o.tags.includes("Best Rate"));
    const top = Math.max(...offers.map((o) => Number(o.amount)));
    expect(Number(best?.amount)).toBe(top);
    // About $4,860 of BTC into USDT, minus a spread under 2 %.
    expect(top).toBeGreaterThan(4700);
    expect(top).toBeLessThan(4900);
  });

  it("is deterministic for a clock time and moves a little as minutes pass", async () => {
    await start();
    const first = offersOf(await estimate("eth/eth", "btc/btc", "1.5"));
    expect(offersOf(await estimate("eth/eth", "btc/btc", "1.5"))).toEqual(first);
    const seen = new Set<string>();
    for (let minute = 0; minute < 5; minute++) {
      await clock.advance(60_000);
      const amount = offersOf(await estimate("eth/eth", "btc/btc", "1.5"))[0]?.amount ?? "";
      seen.add(amount);
      expect(Math.abs(Number(amount) / Number(first[0]?.amount) - 1)).toBeLessThan(0.01);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it("answers Pair is not valid with empty data for invalid or unsupported pairs", async () => {
    await start();
    const invalid = [
      ["btc/btc", "btc/btc"],
      ["foo/bar", "btc/btc"],
      ["usdt/nonet", "btc/btc"],
      ["BTC/btc", "eth/eth"],
      ["xmr/xmr", "btc/ln"],
      ["btc/ln", "xmr/xmr"],
    ] as const;
    for (const [from, to] of invalid) {
      const answer = await estimate(from, to, "1");
      expect(answer.status).toBe(200);
      expect(answer.body, `${from} -> ${to}`).toEqual({ message: "Pair is not valid", data: [] });
    }
  });

  it("answers Minimum amount problem below every minimum, and lists offers below their own minimum otherwise", async () => {
    await start();
    expect((await estimate("btc/btc", "eth/eth", "0.00001")).body).toEqual({ message: "Minimum amount problem", data: [] });

    const offers = offersOf(await estimate("usdt/trx", "btc/btc", "13"));
    expect(offers).toHaveLength(6);
    const below = offers.filter((o) => Number(o.min_amount) > 13);
    const accepting = offers.filter((o) => Number(o.min_amount) <= 13);
    expect(below.length).toBeGreaterThan(0);
    expect(accepting.length).toBeGreaterThan(0);
  });

  it("rejects missing parameters and malformed amounts with 400", async () => {
    await start();
    const base = estimateQuery("btc/btc", "eth/eth", "1");
    for (const key of Object.keys(base)) {
      const query = { ...base };
      delete query[key];
      const answer = await call("getEstimatedAmount", { query });
      expect(answer.status, key).toBe(400);
      expect(typeof answer.body["message"]).toBe("string");
    }
    for (const amount of ["abc", "1e5", "0", "0.00000000", "-1", "1.123456789", " 1", "1.", ".5", "1,5", ""]) {
      const answer = await estimate("btc/btc", "eth/eth", amount);
      expect(answer.status, JSON.stringify(amount)).toBe(400);
    }
    expect((await estimate("btc/btc", "eth/eth", "0.12345678")).status).toBe(200);
  });
});

describe("createTransaction", () => {
  it("lists what it created, each with its status now, without a request", async () => {
    const sb = await start();
    const first = await create();
    const second = await create({ amount: "0.02" });
    sb.steer(second, "fail");
    const requests = sb.requests.length;
    expect(sb.transactions().map(({ record, info }) => [record.id, record.amountFrom, info.status])).toEqual([
      [first, "0.01", "waiting"],
      [second, "0.02", "failed"],
    ]);
    expect(sb.requests).toHaveLength(requests);
  });

  it("creates a transaction whose details match the quote of that moment", async () => {
    await start();
    await clock.advance(123_456);
    const quote = offersOf(await estimate("xrp/xrp", "btc/btc", "250")).find((o) => o.provider_name === "changenow");
    const id = await create({
      symbol_from: "xrp",
      network_from: "xrp",
      symbol_to: "btc",
      network_to: "btc",
      amount: "250",
      to_address: "bc1qrecipient",
      to_extra_id: "",
    });
    expect(id).toMatch(/^changenow-floating-[a-z0-9]+$/);
    const tx = await info(id);
    expect(tx).toEqual({
      symbol_from: "xrp",
      network_from: "xrp",
      symbol_to: "btc",
      network_to: "btc",
      amount_from: "250",
      amount_to: quote?.amount,
      address_from: expect.stringMatching(/^r[1-9A-HJ-NP-Za-km-z]{33}$/),
      address_to: "bc1qrecipient",
      address_refund: null,
      extra_from: expect.stringMatching(/^\d+$/),
      extra_to: null,
      extra_refund: null,
      status: "waiting",
      hash_from: null,
      hash_to: null,
      created_at: Math.floor(clock.now() / 1000),
    });
  });

  it("gives deposit addresses that fit the source network, and no memo when none is needed", async () => {
    await start();
    const eth = await info(await create({ symbol_from: "usdt", network_from: "eth", amount: "100" }));
    expect(eth["address_from"]).toMatch(/^0x[0-9a-f]{40}$/);
    expect(eth["extra_from"]).toBeNull();
    const btc = await info(await create());
    expect(btc["address_from"]).toMatch(/^bc1q/);
    const ton = await info(await create({ symbol_from: "usdt", network_from: "ton", amount: "100", to_extra_id: "555" }));
    expect(ton["extra_from"]).toMatch(/^\d+$/);
    expect(ton["extra_to"]).toBe("555");
  });

  it("uses fixed ids from a seed", async () => {
    await start({ seed: 99 });
    const first = await create();
    await sandbox?.close();
    await start({ seed: 99 });
    expect(await create()).toBe(first);
  });

  it("rejects malformed bodies with 400 and a message", async () => {
    await start();
    const bad: unknown[] = [
      "{not json",
      "[1,2]",
      '"text"',
      createBody({ provider_name: undefined }),
      createBody({ symbol_to: 5 }),
      createBody({ to_address: "" }),
      createBody({ to_address: "   " }),
      createBody({ fixed: "false" }),
      createBody({ fixed: undefined }),
      createBody({ amount: 0.01 }),
      createBody({ amount: "1e-2" }),
      createBody({ amount: "0" }),
      createBody({ to_extra_id: 12 }),
    ];
    for (const body of bad) {
      const answer = await call("createTransaction", { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body["message"]).toBe("string");
    }
    const empty = await call("createTransaction", { method: "POST" });
    expect(empty.status).toBe(400);
  });

  it("enforces provider availability, rate type, pair and the provider's limits", async () => {
    const sb = await start();
    const disabled = sb.providers.find((p) => !p.enable)?.name ?? "";
    const offers = offersOf(await estimate("btc/btc", "usdt/trx", "0.01"));
    const fixedProvider = offers.find((o) => o.exchange_type === "fixed");
    const capped = offers.find((o) => o.max_amount !== null && o.exchange_type === "floating");
    const expectRejected = async (overrides: Record<string, unknown>): Promise<void> => {
      const answer = await call("createTransaction", { body: createBody(overrides) });
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(typeof answer.body["message"]).toBe("string");
    };
    await expectRejected({ provider_name: "nobody" });
    await expectRejected({ provider_name: disabled });
    await expectRejected({ provider_name: "changenow", fixed: true });
    await expectRejected({ provider_name: fixedProvider?.provider_name, fixed: false });
    await expectRejected({ symbol_to: "btc", network_to: "btc" });
    await expectRejected({ symbol_from: "xmr", network_from: "xmr", symbol_to: "btc", network_to: "ln", amount: "1" });
    await expectRejected({ amount: "0.00001" });
    const overMax = (Number(capped?.max_amount) * 2).toFixed(8);
    await expectRejected({ provider_name: capped?.provider_name, amount: overMax });

    expect(await create({ provider_name: fixedProvider?.provider_name, fixed: true })).toMatch(/-fixed-/);
    expect(await create({ provider_name: capped?.provider_name, amount: capped?.min_amount })).toMatch(/-floating-/);
    sb.setProviderEnabled(disabled, true);
    expect(await create({ provider_name: disabled })).toMatch(new RegExp(`^${disabled}-`));
  });
});

describe("getTransactionInfo", () => {
  it("walks the finished path with hashes appearing on the way", async () => {
    await start();
    const id = await create();
    const steps: [number, string, boolean, boolean][] = [
      [0, "waiting", false, false],
      [119_999, "waiting", false, false],
      [1, "confirming", true, false],
      [120_000, "exchanging", true, false],
      [120_000, "sending", true, true],
      [59_999, "sending", true, true],
      [1, "finished", true, true],
      [86_400_000, "finished", true, true],
    ];
    for (const [advance, status, hasHashFrom, hasHashTo] of steps) {
      await clock.advance(advance);
      const tx = await info(id);
      expect(tx["status"]).toBe(status);
      expect(tx["hash_from"] !== null, `hash_from when ${status}`).toBe(hasHashFrom);
      expect(tx["hash_to"] !== null, `hash_to when ${status}`).toBe(hasHashTo);
      expect(tx["address_refund"]).toBeNull();
    }
  });

  it("follows forced scenarios: failed, refunded and overdue", async () => {
    const sb = await start();
    const failed = await create();
    const refunded = await create();
    const overdue = await create();
    sb.setScenario(failed, "failed");
    sb.setScenario(refunded, "refunded");
    sb.setScenario(overdue, "overdue");
    const statuses = async (): Promise<unknown[]> => [
      (await info(failed))["status"],
      (await info(refunded))["status"],
      (await info(overdue))["status"],
    ];

    expect(await statuses()).toEqual(["waiting", "waiting", "waiting"]);
    await clock.advance(120_000);
    expect(await statuses()).toEqual(["confirming", "confirming", "waiting"]);
    await clock.advance(120_000);
    expect(await statuses()).toEqual(["exchanging", "refunded", "waiting"]);
    await clock.advance(120_000);
    expect(await statuses()).toEqual(["failed", "refunded", "waiting"]);
    await clock.advance(1_800_000 - 360_001);
    expect(await statuses()).toEqual(["failed", "refunded", "waiting"]);
    await clock.advance(1);
    expect(await statuses()).toEqual(["failed", "refunded", "overdue"]);

    const failedTx = await info(failed);
    expect(failedTx["hash_from"]).not.toBeNull();
    expect(failedTx["hash_to"]).toBeNull();
    const refundedTx = await info(refunded);
    expect(refundedTx["address_refund"]).toMatch(/^bc1q/);
    expect(refundedTx["hash_to"]).not.toBeNull();
    const overdueTx = await info(overdue);
    expect(overdueTx["hash_from"]).toBeNull();
  });

  it("uses a custom timeline", async () => {
    await start({ timeline: { waiting: 1000, confirming: 1000, exchanging: 1000, sending: 1000 } });
    const id = await create();
    await clock.advance(3999);
    expect((await info(id))["status"]).toBe("sending");
    await clock.advance(1);
    expect((await info(id))["status"]).toBe("finished");
  });

  it("holds an exchange's next read: made when it arrives, answered once released, after a later read", async () => {
    const sb = await start();
    const id = await create();
    const held = sb.holdAnswer(id);
    const older = info(id);
    await held.arrived;
    await clock.advance(120_000);
    expect((await info(id))["status"]).toBe("confirming"); // the next read is not held
    held.release();
    expect((await older)["status"]).toBe("waiting");
  });

  it("answers an unknown id with status Error, and a missing id with 400", async () => {
    await start();
    const answer = await call("getTransactionInfo", { query: { exchange_id: "changenow-floating-nope" } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: "Error", message: "Transaction not found" });
    expect((await call("getTransactionInfo")).status).toBe(400);
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After over the limit and recovers as the window slides", async () => {
    await start({ rateLimitPerMinute: 3 });
    await call("getCurrencies");
    await clock.advance(20_000);
    await call("getProviders");
    await call("getProviders");
    await clock.advance(10_000);

    const limited = await call("getCurrencies");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("30");
    expect(limited.body).toEqual({ message: "Too Many Attempts." });
    // Neither 429s nor 401s use up the window.
    expect((await call("getCurrencies", { auth: null })).status).toBe(401);

    await clock.advance(29_500);
    expect((await call("getCurrencies")).headers.get("retry-after")).toBe("1");
    await clock.advance(500);
    expect((await call("getCurrencies")).status).toBe(200);
    const again = await call("getCurrencies");
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).toBe("20");
    await clock.advance(20_000);
    expect((await call("getCurrencies")).status).toBe(200);
  });

  it("defaults to 10 per minute over all endpoints together, and 0 disables it", async () => {
    await start({ rateLimitPerMinute: undefined });
    const endpoints = ["getCurrencies", "getProviders"];
    for (let i = 0; i < 10; i++) expect((await call(endpoints[i % 2] ?? "")).status).toBe(200);
    expect((await estimate("btc/btc", "eth/eth", "1")).status).toBe(429);
    await sandbox?.close();

    await start({ rateLimitPerMinute: 0 });
    for (let i = 0; i < 25; i++) expect((await call("getProviders")).status).toBe(200);
  });

  it("takes a new limit at run time, counting what the window already served", async () => {
    const sb = await start({ rateLimitPerMinute: 0 });
    for (let i = 0; i < 4; i++) expect((await call("getProviders")).status).toBe(200);
    await clock.advance(30_000);
    sb.setRateLimit(4);
    const limited = await call("getProviders");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("30");
    await clock.advance(30_000);
    expect((await call("getProviders")).status).toBe(200);
    sb.setRateLimit(0);
    for (let i = 0; i < 6; i++) expect((await call("getProviders")).status).toBe(200);
  });
});

describe("faults", () => {
  it("injects status answers, consumed after the given number of times", async () => {
    const sb = await start({ rateLimitPerMinute: 2 });
    sb.faults.inject({ kind: "status", status: 500 }, { times: 2 });
    for (let i = 0; i < 2; i++) {
      const answer = await call("getProviders");
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ message: "Server Error" });
    }
    sb.faults.inject({ kind: "status", status: 502, body: "<html><body>Bad Gateway</body></html>", contentType: "text/html" });
    const gateway = await call("getProviders");
    expect(gateway.status).toBe(502);
    expect(gateway.headers.get("content-type")).toBe("text/html");
    expect(gateway.text).toContain("Bad Gateway");

    sb.faults.inject({ kind: "status", status: 429, retryAfterSeconds: 7 });
    const limited = await call("getCurrencies");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(limited.body).toEqual({ message: "Too Many Attempts." });

    // Faulted requests did not use the real limit of 2.
    expect((await call("getProviders")).status).toBe(200);
    expect((await call("getProviders")).status).toBe(200);
    expect(sb.requests.map((r) => r.status)).toEqual([500, 500, 502, 429, 200, 200]);
  });

  it("applies a fault only to its endpoint, after authentication, and can be cleared", async () => {
    const sb = await start();
    sb.faults.inject({ kind: "status", status: 503 }, { endpoint: "getTransactionInfo" });
    expect((await call("getProviders")).status).toBe(200);
    expect((await call("getTransactionInfo", { query: { exchange_id: "x" }, auth: null })).status).toBe(401);
    expect((await call("getTransactionInfo", { query: { exchange_id: "x" } })).status).toBe(503);
    expect((await call("getTransactionInfo", { query: { exchange_id: "x" } })).status).toBe(200);

    sb.faults.inject({ kind: "status", status: 500 }, { times: 5 });
    sb.faults.clear();
    expect((await call("getProviders")).status).toBe(200);
  });

  it("answers malformed JSON with status 200", async () => {
    const sb = await start();
    sb.faults.inject({ kind: "malformed-json" }, { endpoint: "getEstimatedAmount" });
    const answer = await estimate("btc/btc", "eth/eth", "1");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(() => JSON.parse(answer.text)).toThrow();
    expect(answer.body).toBeUndefined();
    expect((await estimate("btc/btc", "eth/eth", "1")).body["message"]).toBe("OK");
  });

  it("delays an answer in real time", async () => {
    const sb = await start();
    sb.faults.inject({ kind: "delay", ms: 400 });
    await expect(call("getProviders", { signal: AbortSignal.timeout(50) })).rejects.toThrow();
    sb.faults.inject({ kind: "delay", ms: 50 });
    expect((await call("getProviders")).status).toBe(200);
  });

  it("hangs until the client gives up, and close() ends hanging requests", async () => {
    const sb = await start();
    sb.faults.inject({ kind: "hang" }, { times: 2 });
    await expect(call("getProviders", { signal: AbortSignal.timeout(50) })).rejects.toThrow();
    const pending = call("getProviders");
    while (sb.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await sb.close();
    await expect(pending).rejects.toThrow();
    expect(sb.requests.map((r) => r.status)).toEqual([0, 0]);
  });

  it("renames or drops a field of an answer that is otherwise served as usual", async () => {
    const sb = await start();
    sb.faults.inject({ kind: "rename-field", field: "exchange_id", to: "id" }, { endpoint: "createTransaction" });
    const renamed = await call("createTransaction", { body: createBody() });
    expect(renamed.status).toBe(200);
    expect(renamed.body).not.toHaveProperty("exchange_id");
    expect((await info(renamed.body["id"] as string))["status"]).toBe("waiting");

    sb.faults.inject({ kind: "rename-field", field: "exchange_id", to: null }, { endpoint: "createTransaction" });
    const dropped = await call("createTransaction", { body: createBody() });
    expect(dropped.status).toBe(200);
    expect(dropped.body).toEqual({ status: "OK" });
  });

  it("resets the connection without an answer", async () => {
    const sb = await start();
    sb.faults.inject({ kind: "reset" }, { endpoint: "createTransaction" });
    await expect(call("createTransaction", { body: createBody() })).rejects.toThrow();
    expect((await call("createTransaction", { body: createBody() })).status).toBe(200);
  });

  it("closes promptly with keep-alive connections and delayed requests open", async () => {
    const sb = await start();
    await call("getProviders");
    sb.faults.inject({ kind: "delay", ms: 60_000 });
    const pending = call("getProviders");
    while (sb.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await sb.close();
    await expect(pending).rejects.toThrow();
    await sb.close(); // idempotent
  });
});

describe("drift mode", () => {
  it("answers in legacy shapes with unknown extra fields", async () => {
    const sb = await start();
    const id = await create();
    sb.setDrift(true);

    const currencies = (await call("getCurrencies")).body as unknown as Record<string, unknown>[];
    expect(Object.keys(currencies[0] ?? {}).length).toBeGreaterThan(6);
    const providers = (await call("getProviders")).body as unknown as Record<string, unknown>[];
    expect(Object.keys(providers[0] ?? {}).length).toBeGreaterThan(2);

    const answer = await estimate("btc/btc", "usdt/trx", "0.05");
    expect(answer.body["message"]).toBe("OK");
    const offers = answer.body["data"] as Record<string, unknown>[];
    expect(offers).toHaveLength(6);
    for (const o of offers) {
      expect(o).not.toHaveProperty("provider_name");
      expect(typeof o["partner_name"]).toBe("string");
      expect(["number", "string"]).toContain(typeof o["amount"]);
    }
    expect(offers.some((o) => typeof o["amount"] === "number")).toBe(true);
    expect(offers.some((o) => typeof o["min_amount"] === "number")).toBe(true);

    await clock.advance(1000);
    const tx = await info(id);
    expect(tx).not.toHaveProperty("symbol_from");
    expect(tx["currency_from"]).toBe("btc");
    expect(tx["currency_to"]).toBe("usdt");
    expect(tx["created_at"]).toBe(clock.now() - 1000);
    expect(tx["status"]).toBe("waiting");
    expect(Object.keys(tx).length).toBeGreaterThan(16);

    const created = await call("createTransaction", { body: createBody() });
    expect(created.body["status"]).toBe("OK");
    expect(Object.keys(created.body).length).toBeGreaterThan(2);
    const missing = await call("getTransactionInfo", { query: { exchange_id: "nope" } });
    expect(missing.body["status"]).toBe("Error");

    sb.setDrift(false);
    expect((await info(id))["symbol_from"]).toBe("btc");
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../../../src/emulator/index.js";
import { READY_DATABASE_MS } from "../../../src/ops/index.js";
import { FLOW_STEPS_KEPT } from "../../../src/ops/metrics.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { drive } from "../../harness/drive.js";
import { createViaFlow, startExchange, toAmount } from "../../harness/flow.js";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function get(path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`http://127.0.0.1:${world!.app.ports().health}${path}`);
  return { status: response.status, body: await response.text() };
}

/** One sample's value from the Prometheus text, e.g. `swapbot_updates_total{type="message"}`. */
async function sample(series: string): Promise<number | undefined> {
  const { body } = await get("/metrics");
  const line = body.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("the flow-step map behind swapbot_flows_abandoned_total", () => {
  it("stays bounded when flows end unseen (restarts, version bumps), keeping the chats that moved last", async () => {
    world = await startWorld({ HEALTH_PORT: "0" });
    const { metrics } = world.app;
    for (let chat = 1; chat <= FLOW_STEPS_KEPT + 5_000; chat++) metrics.flowStarted(chat);
    metrics.flowAt(1, "amount"); // an old flow that moves again is kept
    expect(metrics.flowStepsKept).toBe(FLOW_STEPS_KEPT);
    metrics.flowAbandoned(1);
    metrics.flowAbandoned(FLOW_STEPS_KEPT + 5_000);
    metrics.flowAbandoned(2); // forgotten: counted as unknown
    expect(await sample('swapbot_flows_abandoned_total{step="amount"}')).toBe(1);
    expect(await sample('swapbot_flows_abandoned_total{step="from"}')).toBe(1);
    expect(await sample('swapbot_flows_abandoned_total{step="unknown"}')).toBe(1);
  });
});

describe("HEALTH_PORT", () => {
  it("is off unless set", async () => {
    world = await startWorld();
    expect(world.app.ports().health).toBeUndefined();
  });

  it("/healthz is 200 while updates flow, the database answers and the tracker runs; 503 with the reason when Telegram stops answering", async () => {
    world = await startWorld({ HEALTH_PORT: "0" });
    // (startWorld waits for the catalogue; the first poll has come back by then.)
    expect(await get("/healthz")).toEqual({ status: 200, body: JSON.stringify({ status: "ok", role: "leader" }) });
    expect(await get("/readyz")).toEqual({ status: 200, body: JSON.stringify({ status: "ready", role: "leader" }) });
    expect(await sample("swapbot_leader")).toBe(1);
    expect(await sample("swapbot_processes")).toBe(1);
    expect(await sample("swapbot_inbox_waiting_updates")).toBe(0);
    expect(await sample("swapbot_inbox_oldest_waiting_seconds")).toBe(0);
    await world.tg.goOffline();
    for (let i = 0; i < 8; i++) await world.clock.advance(15_000);
    const down = await get("/healthz");
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body)).toEqual({
      status: "unhealthy",
      role: "leader",
      failing: { telegram: expect.stringMatching(/^no answer to getUpdates for \d+ s \((ECONNREFUSED|ECONNRESET)\)$/) as unknown },
    });
    await world.tg.goOnline();
    // The next long poll answers as soon as there is an update.
    await world.tg.user({ id: 6001, first_name: "Back", language_code: "en" }).send("/start");
    await waitFor(async () => (await get("/healthz")).status === 200, 10_000, "polling to recover");
  });

  it("/readyz says not ready (503) within about 2 s when the database stops answering, and ready again once it answers", async () => {
    world = await startWorld({ HEALTH_PORT: "0" });
    expect((await get("/readyz")).status).toBe(200);
    // Every query of the app's from now on waits for ever, as on a database that hangs.
    const executor = world.app.store.db.getExecutor();
    const executeQuery = executor.executeQuery.bind(executor);
    let release!: () => void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    executor.executeQuery = (async (...args: Parameters<typeof executeQuery>) => {
      await hung;
      return executeQuery(...args);
    }) as typeof executor.executeQuery;
    try {
      const asked = Date.now();
      const [first, second] = await Promise.all([get("/readyz"), get("/readyz")]);
      const tookMs = Date.now() - asked;
      expect(first).toEqual({
        status: 503,
        body: JSON.stringify({ status: "not ready", role: "leader", reason: "no answer from the database within 2 s" }),
      });
      expect(second.status).toBe(503);
      expect(tookMs).toBeGreaterThanOrEqual(READY_DATABASE_MS - 100);
      expect(tookMs).toBeLessThan(READY_DATABASE_MS + 1_000);
    } finally {
      executor.executeQuery = executeQuery;
      release();
    }
    await waitFor(async () => (await get("/readyz")).status === 200, 5_000, "ready again");
  });

  it("on SQLite, a second process on the same file stands by: alive (/healthz 200, role standby) but not ready (/readyz 503), and says why in one line", async () => {
    world = await startWorld({ HEALTH_PORT: "0" }, { database: "sqlite" });
    const { createApp } = await import("../../../src/app.js");
    const { loadConfig } = await import("../../../src/config.js");
    const { captureLogs } = await import("../../harness/drive.js");
    const config = loadConfig({ BOT_TOKEN: world.tg.token, TELEGRAM_API_ROOT: world.tg.apiRoot, ...world.databaseEnv, HEALTH_PORT: "0" });
    const { logger, lines } = captureLogs();
    const second = await createApp({ ...config, botToken: world.tg.token }, logger, { clock: world.clock, botInfo: world.tg.botInfo });
    const starting = second.start();
    try {
      await waitFor(() => second.ports().health, 5_000, "the second health server");
      await waitFor(() => lines.some((line) => /another bot process/.test(line.msg)), 5_000, "the second process to say why it waits");
      const said = lines.filter((line) => /another bot process/.test(line.msg));
      expect(said.map((line) => line.msg)).toEqual(["another bot process is already running on this database, so this one stands by"]);
      expect(said[0]!.hint).toMatch(/does NOT poll Telegram.*PostgreSQL \(DATABASE_URL\)/);
      const base = `http://127.0.0.1:${second.ports().health}`;
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", role: "standby" });
      const readiness = await fetch(`${base}/readyz`);
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toEqual({
        status: "not ready",
        role: "standby",
        reason: "waiting for the database: another process runs this bot",
      });
      const metrics = await (await fetch(`${base}/metrics`)).text();
      expect(metrics.split("\n")).toContain("swapbot_leader 0");
    } finally {
      await second.stop();
      await starting;
    }
  });

  it("/metrics counts updates, upstream calls, budget waits, flows by step, 429s, status messages and tracked exchanges", async () => {
    world = await startWorld({ HEALTH_PORT: "0" });
    const { tg } = world;
    const user = tg.user({ id: 6101, first_name: "Mia", language_code: "en" });
    await user.send("/start");
    await user.nextMessage();
    expect(await sample('swapbot_updates_total{type="message"}')).toBe(1);
    expect(await sample('swapbot_upstream_calls_total{endpoint="getCurrencies",outcome="ok"}')).toBe(1);
    expect(await sample('swapbot_budget_queue_depth{lane="user"}')).toBe(0);
    expect(await sample('swapbot_budget_wait_seconds_count{lane="user"}')).toBeGreaterThanOrEqual(1);

    // A flow left at the amount step, and one left at its first step.
    await toAmount(user, "btc btc", "usdt trx");
    await user.send("/cancel");
    await user.nextMessage();
    await startExchange(user);
    await user.send("/cancel");
    await user.nextMessage();
    expect(await sample("swapbot_flows_started_total")).toBe(2);
    expect(await sample('swapbot_flows_abandoned_total{step="amount"}')).toBe(1);
    expect(await sample('swapbot_flows_abandoned_total{step="from"}')).toBe(1);

    // Telegram's 429 is counted even though the outbox waits it out (on the bot's clock).
    tg.failNext("sendMessage", { error_code: 429, retry_after: 1 }, 1);
    await user.send("/help");
    await drive(world.clock, user.nextMessage({ timeoutMs: 5_000 }), { stepMs: 500 });
    expect(await sample('swapbot_rate_limited_total{side="telegram"}')).toBe(1);
    expect(await sample("swapbot_telegram_pacing_wait_seconds_sum")).toBeGreaterThanOrEqual(1);

    const { exchangeId } = await createViaFlow(user);
    expect(await sample('swapbot_flows_completed_total{outcome="created"}')).toBe(1);
    expect(await sample('swapbot_upstream_calls_total{endpoint="createTransaction",outcome="ok"}')).toBe(1);
    expect(await sample('swapbot_tracked_exchanges{status="waiting"}')).toBe(1);
    world.app.sandbox!.setScenario(exchangeId, "finished");
    await waitFor(
      async () => {
        await world!.clock.advance(15_000);
        return (await sample('swapbot_status_messages_total{outcome="sent"}')) !== undefined;
      },
      10_000,
      "a status message",
    );

    // The service's 429 is counted on its side.
    world.app.sandbox!.faults.inject({ kind: "status", status: 429, retryAfterSeconds: 1 }, { endpoint: "getEstimatedAmount", times: 1 });
    await user.send("/rate 0.05 btc eth");
    await waitFor(
      async () => (await sample('swapbot_rate_limited_total{side="exchange"}')) === 1,
      5_000,
      "the exchange's 429 to be counted",
    );
    expect(await sample('swapbot_upstream_calls_total{endpoint="getEstimatedAmount",outcome="rate-limited"}')).toBe(1);
    // Everything in the text format Prometheus reads.
    const { body } = await get("/metrics");
    expect(body).toContain("# TYPE swapbot_updates_total counter");
    expect(body).toContain("# TYPE swapbot_budget_wait_seconds histogram");
  });
});

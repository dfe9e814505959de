import { afterEach, describe, expect, it } from "vitest";
import { type App, createApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { waitFor } from "../../src/emulator/index.js";
import { UNPACED } from "../../src/telegram/outbox.js";
import { startWorld, type TestWorld } from "../harness/app.js";
import { advanceUntil, captureLogs, type LogLine } from "../harness/drive.js";
import { createViaFlow } from "../harness/flow.js";
import { admin } from "../harness/postgres.js";
import { settleOnPool } from "../harness/settle.js";

/**
 * Several instances on one PostgreSQL database, as two apps in this process on one database,
 * one Bot API emulator and one sandbox exchange: one leads (polls Telegram, tracks), the other
 * follows and takes over when the leader stops or loses its lock.
 */
let world: TestWorld | undefined;
const others: App[] = [];
const cleanups: (() => void)[] = [];

afterEach(async () => {
  for (const app of others.splice(0)) await app.stop();
  for (const cleanup of cleanups.splice(0)) cleanup();
  await world?.close();
  world = undefined;
});

/** Another instance of the bot on the world's database, emulator and sandbox. */
async function anotherInstance(
  w: TestWorld,
  env: Record<string, string> = {},
  leaderRetryMs?: number,
): Promise<{ app: App; logs: LogLine[] }> {
  const { logger, lines } = captureLogs();
  const config = loadConfig({
    BOT_TOKEN: w.tg.token,
    TELEGRAM_API_ROOT: w.tg.apiRoot,
    ...w.databaseEnv,
    EXCHANGE_RATE_LIMIT_PER_MINUTE: "1000",
    HEALTH_PORT: "0",
    ...env,
  });
  const app = await createApp({ ...config, botToken: w.tg.token }, logger, {
    clock: w.clock,
    botInfo: w.tg.botInfo,
    telegramRetry: { firstMs: 20, maxMs: 200 },
    floodLimits: UNPACED,
    sandbox: { exchange: w.app.sandbox!, apiKey: "sandbox-key" },
    ...(leaderRetryMs === undefined ? {} : { leaderRetryMs }),
  });
  others.push(app);
  // The fake clock waits for this one's queries too.
  if (app.store.dialect === "postgres") cleanups.push(settleOnPool(w.clock, app.store.pool));
  await app.start();
  return { app, logs: lines };
}

async function get(app: App, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`http://127.0.0.1:${app.ports().health}${path}`);
  const text = await response.text();
  return { status: response.status, body: path === "/metrics" ? text : (JSON.parse(text) as unknown) };
}

/** `swapbot_leader`'s value on the app's /metrics. */
async function leaderGauge(app: App): Promise<number | undefined> {
  const { body } = await get(app, "/metrics");
  const line = (body as string).split("\n").find((l) => l.startsWith("swapbot_leader "));
  return line === undefined ? undefined : Number(line.slice("swapbot_leader ".length));
}

/** The leader's lease let go under it, as if it had run out and been taken: its next renewal is refused. */
const takeLeaderLease = (url: string) =>
  admin(url, (client) => client.query("UPDATE chat_leases SET owner = '', until = 0 WHERE chat_key = 'leader'"));

describe("two instances on one PostgreSQL database", () => {
  it("the second follows (alive and ready, role follower); when the leader stops it leads within seconds, answers people and tracks their exchanges", async () => {
    world = await startWorld({ HEALTH_PORT: "0" }, { database: "postgres" });
    const first = world.app;
    const user = world.tg.user({ id: 9801, first_name: "Lea", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);

    const { app: second, logs } = await anotherInstance(world);
    expect(second.role()).toBe("follower");
    expect(logs.map((line) => line.msg)).toContain("another instance leads, so this one follows and tries to lead every second");
    expect(await get(second, "/healthz")).toEqual({ status: 200, body: { status: "ok", role: "follower" } });
    expect(await get(second, "/readyz")).toEqual({ status: 200, body: { status: "ready", role: "follower" } });
    expect(await leaderGauge(second)).toBe(0);
    expect(await get(first, "/healthz")).toEqual({ status: 200, body: { status: "ok", role: "leader" } });
    expect(await leaderGauge(first)).toBe(1);
    // The follower read the catalogue the leader stored.
    expect(second.catalogue.currencies().length).toBe(first.catalogue.currencies().length);
    expect(second.tracker.health()).toEqual({ ok: false, reason: "the tracker is not running" });

    // The leader stops (a rolling deploy): it lets the lease go, and the follower (trying every second) leads.
    const stoppedAt = Date.now();
    await first.stop();
    world.app = second;
    others.splice(others.indexOf(second), 1);
    await waitFor(() => second.role() === "leader", 5_000, "the follower to lead");
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(logs.map((line) => line.msg)).toContain("this instance is now the LEADER and runs the background duties");
    expect(await leaderGauge(second)).toBe(1);

    // It polls Telegram: a person is answered.
    await user.send("/help");
    expect((await user.nextMessage({ timeoutMs: 10_000 })).text).toBeTruthy();
    // And it tracks: the exchange created under the first leader is followed to its end, its card says so.
    second.sandbox!.setScenario(exchangeId, "finished");
    await advanceUntil(world.clock, () => /Status: ✅ Finished/.test(card.text ?? ""), 15 * 60_000);
  }, 60_000);

  it("a leader whose lease was taken steps down without exiting, and the other instance leads", async () => {
    // The first leader waits long before trying again: the other one must be the next leader.
    world = await startWorld({ HEALTH_PORT: "0" }, { database: "postgres", leaderRetryMs: 60_000 });
    const first = world.app;
    const { app: second } = await anotherInstance(world, {}, 200);
    expect(second.role()).toBe("follower");

    await takeLeaderLease(world.databaseUrl!);
    await waitFor(
      () => world!.logs.some((line) => line.level === 50 && /^STEPPED DOWN as leader/.test(line.msg)),
      5_000,
      "the leader to step down",
    );
    await waitFor(() => second.role() === "leader", 5_000, "the other instance to lead");
    // The first goes on, as a follower: alive and ready.
    expect(first.role()).toBe("follower");
    expect(await get(first, "/healthz")).toEqual({ status: 200, body: { status: "ok", role: "follower" } });
    expect(await get(first, "/readyz")).toEqual({ status: 200, body: { status: "ready", role: "follower" } });
    expect(first.tracker.health()).toEqual({ ok: false, reason: "the tracker is not running" });
    expect(await get(second, "/healthz")).toEqual({ status: 200, body: { status: "ok", role: "leader" } });

    // The new leader polls Telegram: a person is answered (by it alone: the first polls no more).
    const user = world.tg.user({ id: 9802, first_name: "Ko", language_code: "en" });
    await user.send("/start");
    expect((await user.nextMessage({ timeoutMs: 10_000 })).text).toBeTruthy();
  }, 30_000);

  it("'I have sent the funds' tapped on a follower (its webhook) wakes the leader's tracker at once", async () => {
    const webhook = {
      WEBHOOK_URL: "https://bot.example.org/telegram",
      WEBHOOK_SECRET: "s3cret-webhook-token-0123456789",
      WEBHOOK_PORT: "0",
    };
    world = await startWorld({ HEALTH_PORT: "0", ...webhook }, { database: "postgres" });
    const leader = world.app;
    const user = world.tg.user({ id: 9803, first_name: "Wa", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    const { app: follower } = await anotherInstance(world, webhook);
    expect(follower.role()).toBe("follower");
    expect(await get(follower, "/readyz")).toEqual({ status: 200, body: { status: "ready", role: "follower" } });

    // The leader's tracker is asleep until its next due poll (the fake clock stands still).
    const polls = () => leader.sandbox!.requests.filter((r) => r.endpoint === "getTransactionInfo").length;
    let before = polls();
    await waitFor(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const now = polls();
        const quiet = now === before;
        before = now;
        return quiet;
      },
      10_000,
      "the leader's tracker to be idle",
    );

    // Telegram delivers to the follower now (as a load balancer would).
    world.app = follower;
    others.splice(others.indexOf(follower), 1, leader);
    await user.click(card, /I have sent the funds/);
    await waitFor(() => polls() > before, 5_000, "the leader's tracker to poll");
    expect(follower.tracker.pollsInFlight()).toBe(0);
    expect(leader.sandbox!.requests.filter((r) => r.endpoint === "getTransactionInfo").at(-1)?.query.exchange_id).toBe(exchangeId);
  }, 30_000);
});

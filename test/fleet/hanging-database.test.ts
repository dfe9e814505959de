import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCK_KEYS } from "../../src/db/postgres/locks.js";
import { type TestUser, waitFor } from "../../src/emulator/index.js";
import { READY_DATABASE_MS } from "../../src/ops/index.js";
import { WEBHOOK_STORE_MS } from "../../src/telegram/webhook.js";
import { type Fleet, startFleet, WEBHOOK_SECRET } from "../harness/fleet.js";
import { type HangingProxy, startHangingProxy } from "../harness/hanging-proxy.js";
import { admin, freshDatabase, testBackEnd } from "../harness/postgres.js";

/**
 * Two bot processes on one PostgreSQL (issue 31), one of them reaching the database through a
 * proxy that, on command, stops forwarding without closing anything (test/harness/hanging-proxy.ts):
 * its database hangs, as behind a network that drops everything or a server stuck for that
 * connection. The other must not notice, and the hung one must say so rather than take traffic.
 */
let fleet: Fleet;
let proxy: HangingProxy;

const fromBot = (user: TestUser) => user.messages().filter((m) => m.from_bot);

/** A message update as Telegram delivers it, `/command …` marked as a command. */
function commandUpdate(updateId: number, chatId: number, text: string) {
  const command = text.split(" ")[0]!;
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: "private", first_name: "Hang" },
      from: { id: chatId, is_bot: false, first_name: "Hang", language_code: "en" },
      text,
      entities: [{ type: "bot_command", offset: 0, length: command.length }],
    },
  };
}

/** A delivery to one process's webhook, as Telegram (through the balancer) makes it. */
function deliver(port: number, update: unknown): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/telegram/hook`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": WEBHOOK_SECRET },
    body: JSON.stringify(update),
  });
}

/** How many of the proxy's sessions last ran a query holding `marker` and are done with it (idle, or idle in a transaction). */
async function serverRan(marker: string): Promise<number> {
  const { rows } = await admin(fleet.databaseUrl, (client) =>
    client.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND state <> 'active' AND position($1 in query) > 0 AND client_port = ANY($2)",
      [marker, proxy.upstreamPorts()],
    ),
  );
  return rows[0]?.count ?? 0;
}

beforeAll(async () => {
  if (testBackEnd() !== "postgres") return;
  fleet = await startFleet({
    database: freshDatabase,
    rateLimitPerMinute: 10,
    env: { SHUTDOWN_GRACE_SECONDS: "3", LOG_FORMAT: "json", LOG_LEVEL: "info" },
    emulator: { defaultTimeoutMs: 30_000 },
  });
  const server = new URL(fleet.databaseUrl);
  proxy = await startHangingProxy({ host: server.hostname, port: Number(server.port || 5432) });
  // The first leads (it migrates, then takes the leader lock); the second follows, through the proxy.
  await fleet.start(0, "webhook");
  await fleet.start(1, "webhook", { env: { DATABASE_URL: proxy.urlFor(fleet.databaseUrl) } });
}, 90_000);

afterAll(async () => {
  await fleet?.close();
  await proxy?.close();
});

describe.runIf(testBackEnd() === "postgres")("a process whose database hangs", () => {
  it("holds up nobody's calls to the exchange, says not ready within seconds, and answers its webhook 503", async () => {
    expect(await fleet.roles()).toEqual(["leader", "follower"]);
    const hung = fleet.instances[1]!;
    // The one whose quote the follower asks for: a chat of its own that no process has held (its
    // answer never comes, the follower being hung; Telegram would not take it anyway).
    const askerId = 9901;
    const other = fleet.tg.user({ id: 9902, first_name: "Other", language_code: "en" });
    // The other has talked to the bot before (Telegram's chat with them exists), and nobody holds any chat now.
    await other.send("/help");
    await other.nextMessage({ timeoutMs: 10_000 });
    await fleet.idle();

    // The follower asks the exchange for a quote; its database hangs just after the budget's
    // locking query reached the server (the step's worst moment: a lock held across a round trip
    // would stay held by a process that never comes back).
    const midStep = proxy.hangAfter(`pg_advisory_xact_lock(${LOCK_KEYS.budget})`);
    expect((await deliver(hung.webhookPort, commandUpdate(990_001, askerId, "/rate 1 btc eth"))).status).toBe(200);
    await midStep;
    // The server has run that query (not merely received it) before anyone else asks.
    await waitFor(async () => (await serverRan(`pg_advisory_xact_lock(${LOCK_KEYS.budget})`)) > 0, 5_000, "the hung query run");

    // Another person asks the leader for a quote at once: it goes, the budget's lock free (no
    // waiting for the server to end the hung one's session).
    const leader = fleet.instances[0]!;
    const quoteAskedAt = Date.now();
    expect((await deliver(leader.webhookPort, commandUpdate(990_002, other.id, "/rate 2 btc eth"))).status).toBe(200);
    const quote = await waitFor(() => fromBot(other).find((m) => /Quoted at/.test(m.text ?? "")), 20_000, "the other person's quote");
    const quoteMs = Date.now() - quoteAskedAt;
    console.info(`the other person quoted ${(quoteMs / 1000).toFixed(1)} s after asking`);
    expect(quote.text).toContain("2 BTC");
    expect(quoteMs).toBeLessThan(5_000);

    // The hung one's readiness asks the database: no answer, not ready, within READY_DATABASE_MS and a little.
    const askedAt = Date.now();
    const readiness = await fetch(`http://127.0.0.1:${hung.healthPort}/readyz`);
    const readyMs = Date.now() - askedAt;
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({
      status: "not ready",
      reason: `no answer from the database within ${READY_DATABASE_MS / 1000} s`,
    });
    expect(readyMs).toBeLessThan(READY_DATABASE_MS + 1_000);

    // Its webhook cannot store: 503 after WEBHOOK_STORE_MS, for Telegram to deliver again.
    const postedAt = Date.now();
    const refused = await deliver(hung.webhookPort, commandUpdate(990_003, 9903, "/help"));
    const refusedMs = Date.now() - postedAt;
    expect(refused.status).toBe(503);
    expect(refusedMs).toBeGreaterThanOrEqual(WEBHOOK_STORE_MS - 100);
    expect(refusedMs).toBeLessThan(WEBHOOK_STORE_MS + 2_000);

    // Through the balancer (which may try the hung one first: 503, then the other), a person is answered.
    const third = fleet.tg.user({ id: 9904, first_name: "Third", language_code: "en" });
    await third.send("/help");
    expect((await third.nextMessage({ timeoutMs: 20_000 })).text).toContain("How it works");
  }, 60_000);
});

import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";

const SECRET = "webhook-secret-0123456789abcdef";
const WEBHOOK = {
  WEBHOOK_URL: "https://bot.example.test/telegram/hook",
  WEBHOOK_SECRET: SECRET,
  WEBHOOK_PORT: "0",
  WEBHOOK_HOST: "127.0.0.1",
};

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** A request to the bot's webhook server as anyone on the internet could send it. */
function post(path: string, body: unknown, secret?: string): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (secret !== undefined) headers["x-telegram-bot-api-secret-token"] = secret;
  return fetch(`http://127.0.0.1:${world!.app.ports().webhook}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
}

describe("webhook mode (WEBHOOK_URL)", () => {
  it("sets the webhook with the secret, never polls, and answers what Telegram delivers", async () => {
    world = await startWorld(WEBHOOK);
    const { tg } = world;
    expect(tg.webhookInfo()).toMatchObject({ url: "https://bot.example.test/telegram/hook", secret: SECRET });
    expect(tg.callsTo("setWebhook")[0]?.payload).toMatchObject({
      allowed_updates: ["message", "callback_query", "inline_query", "my_chat_member"],
    });
    const user = tg.user({ id: 8101, first_name: "Web", language_code: "en" });
    await user.send("/start");
    expect((await user.nextMessage()).text).toContain("Welcome, Web!");
    expect(tg.callsTo("getUpdates")).toEqual([]);
    expect(tg.webhookDeliveries.map((d) => d.status)).toEqual([200]);
  });

  it("refuses a request with a wrong or missing secret with 401, and no handler sees it", async () => {
    world = await startWorld(WEBHOOK);
    const update = {
      update_id: 999_001,
      message: {
        message_id: 1,
        date: 1,
        chat: { id: 8102, type: "private", first_name: "Mallory" },
        from: { id: 8102, is_bot: false, first_name: "Mallory" },
        text: "/start",
      },
    };
    expect((await post("/telegram/hook", update)).status).toBe(401);
    expect((await post("/telegram/hook", update, "not-the-secret-0123456789abcdef")).status).toBe(401);
    expect((await post("/telegram/hook", update, SECRET.slice(0, -1))).status).toBe(401);
    expect((await post("/elsewhere", update, SECRET)).status).toBe(404);
    expect((await post("/telegram/hook", { hello: "world" }, SECRET)).status).toBe(400);
    await world.app.idle();
    expect(await world.app.repos.users.find(8102)).toBeUndefined();
    expect(world.tg.callsTo("sendMessage")).toEqual([]);
  });

  it('counts update types in /metrics from a fixed set: any other key a delivery carries is "other", never a new label', async () => {
    world = await startWorld({ ...WEBHOOK, HEALTH_PORT: "0" });
    const user = world.tg.user({ id: 8107, first_name: "Label", language_code: "en" });
    await user.send("/start");
    await user.nextMessage();
    for (let i = 0; i < 50; i++)
      expect((await post("/telegram/hook", { update_id: 999_100 + i, [`made_up_${i}`]: { x: 1 } }, SECRET)).status).toBe(200);
    await world.app.idle();
    const body = await (await fetch(`http://127.0.0.1:${world.app.ports().health}/metrics`)).text();
    const types = body
      .split("\n")
      .filter((line) => line.startsWith("swapbot_updates_total{"))
      .map((line) => /type="([^"]*)"/.exec(line)?.[1]);
    expect(types.sort()).toEqual(["message", "other"]);
    expect(body).toContain('swapbot_updates_total{type="other"} 50');
  });

  it("acknowledges an update at once, while its handler still waits for the exchange", async () => {
    world = await startWorld(WEBHOOK);
    const { tg } = world;
    world.app.sandbox!.faults.inject({ kind: "delay", ms: 1_000 }, { endpoint: "getEstimatedAmount" });
    const user = tg.user({ id: 8103, first_name: "Fast", language_code: "en" });
    await user.send("/rate 0.05 btc eth");
    await waitFor(() => tg.webhookDeliveries[0]?.status === 200, 5_000, "the delivery to be acknowledged");
    expect(user.messages().filter((m) => m.from_bot)).toEqual([]);
    expect((await user.nextMessage()).text).toContain("0.05 BTC");
  });

  it("handles one chat's updates one at a time, in order, as polling does", async () => {
    world = await startWorld(WEBHOOK);
    const user = world.tg.user({ id: 8104, first_name: "Seq", language_code: "en" });
    // Sent without waiting: each step only makes sense after the one before.
    await Promise.all([user.send("/exchange"), user.send("btc btc"), user.send("usdt trx")]);
    const first = await user.nextMessage();
    const second = await user.nextMessage();
    const third = await user.nextMessage();
    expect(first.text).toContain("What do you want to send?");
    expect(second.text).toContain("What do you want to receive?");
    expect(third.text).toMatch(/How much BTC/);
  });

  it("leaves the webhook set when it stops, so updates sent meanwhile reach the next process", async () => {
    world = await startWorld(WEBHOOK);
    const user = world.tg.user({ id: 8105, first_name: "Later", language_code: "en" });
    await world.restart(async () => {
      expect(world!.tg.webhookInfo().url).toBe("https://bot.example.test/telegram/hook");
      await user.send("/start");
    });
    expect((await user.nextMessage()).text).toContain("Welcome, Later!");
    expect(world.tg.callsTo("deleteWebhook")).toEqual([]);
  });
});

describe("polling mode", () => {
  it("removes a webhook left by an earlier deployment before polling", async () => {
    world = await startWorld();
    const { tg } = world;
    const user = tg.user({ id: 8106, first_name: "Back", language_code: "en" });
    await world.restart(async () => {
      // An earlier deployment ran with a webhook.
      const response = await fetch(`${tg.apiRoot}/bot${tg.token}/setWebhook`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: "https://old.example.test/hook", secret_token: SECRET }),
      });
      expect(response.status).toBe(200);
    });
    expect(tg.webhookInfo().url).toBe("");
    await user.send("/start");
    expect((await user.nextMessage()).text).toContain("Welcome, Back!");
  });
});

describe("a webhook whose database hangs", () => {
  it("answers 503 (Telegram delivers again) when storing takes longer than its bound, rather than holding the delivery", async () => {
    const { startWebhook, WEBHOOK_STORE_MS } = await import("../../../src/telegram/webhook.js");
    const { captureLogs } = await import("../../harness/drive.js");
    // A reason for the bound's size: above a busy moment's storing, far below Telegram's minute.
    expect(WEBHOOK_STORE_MS).toBe(5_000);
    const { logger } = captureLogs();
    const stop = new AbortController();
    const bot = { api: { setWebhook: async () => true } } as unknown as Parameters<typeof startWebhook>[0];
    // The store never answers.
    const feed = await startWebhook(bot, {
      url: "https://bot.example.test/telegram/hook",
      secret: SECRET,
      port: 0,
      host: "127.0.0.1",
      logger,
      signal: stop.signal,
      accept: () => new Promise<void>(() => {}),
      storeTimeoutMs: 300,
    });
    try {
      const update = {
        update_id: 999_201,
        message: {
          message_id: 1,
          date: 1,
          chat: { id: 8110, type: "private", first_name: "Hung" },
          from: { id: 8110, is_bot: false, first_name: "Hung" },
          text: "/start",
        },
      };
      const asked = Date.now();
      const res = await fetch(`http://127.0.0.1:${feed!.port}/telegram/hook`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
        body: JSON.stringify(update),
      });
      expect(res.status).toBe(503);
      expect(Date.now() - asked).toBeLessThan(2_000);
      // A stop does not wait for the store that never answers: that delivery has had its answer.
      await feed!.stop();
    } finally {
      stop.abort();
      await feed?.close();
    }
  });
});

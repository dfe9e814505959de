import { afterEach, describe, expect, it } from "vitest";
import { encodeSwapLink } from "../../../src/bot/deep-link.js";
import { createRepositories } from "../../../src/db/index.js";
import { waitFor } from "../../../src/emulator/index.js";
import { openTestStore, startWorld, type TestWorld } from "../../harness/app.js";
import { drive } from "../../harness/drive.js";
import { buttons, offerButtons, toAmount, toSummary } from "../../harness/flow.js";
import { pressData } from "../../harness/locale-flow.js";

const TRON = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";
const PLAIN = { from: "btc btc", to: "usdt trx", amount: "0.05", address: TRON };

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const creates = (w: TestWorld) => w.app.sandbox!.requests.filter((r) => r.endpoint === "createTransaction");
const estimates = (w: TestWorld) => w.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount");

describe("creating exactly once", () => {
  it("creates one exchange when Confirm is tapped twice", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4001, first_name: "Dana", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    const first = await user.click(summary, /Confirm/);
    const second = await user.click(summary, /Confirm/);
    expect((await user.nextMessage()).text).toContain("Exchange created");
    expect((await user.callbackAnswer(second)).text).toBe("This button has expired.");
    await user.callbackAnswer(first);
    expect(creates(world)).toHaveLength(1);
    expect(world.tg.unansweredCallbackQueries()).toEqual([]);
  });

  it("does not create again when the bot restarts after creating but before saving the flow", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4002, first_name: "Eli", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    // What SQLite holds for the flow at the summary: a crash after createTransaction but
    // before the flow's state was written leaves exactly this behind.
    const key = `conv:${user.id}`;
    await world.app.idle();
    const beforeConfirm = await world.app.repos.kv.get(key);
    await user.click(summary, /Confirm/);
    const created = await user.nextMessage();
    await user.nextMessage(); // the QR code
    const exchangeId = /🔁 Exchange (\S+)/.exec(created.text!)![1]!;
    const createsBefore = creates(world).length;
    await world.restart(async () => {
      const store = await openTestStore(world!);
      await createRepositories(store, world!.clock).kv.set(key, beforeConfirm);
      await store.close();
    });

    // Telegram delivers the unsaved update again: the same Confirm.
    await user.click(summary, /Confirm/);
    const again = await user.nextMessage();
    expect(again.text).toContain("Exchange created");
    expect(again.text).toContain(exchangeId);
    expect(createsBefore).toBe(1);
    expect(creates(world)).toHaveLength(1);
  });

  it("keeps a half-finished flow across a restart", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4003, first_name: "Fay", language_code: "en" });
    await toAmount(user, "eth eth", "usdt trx");
    await world.restart();
    await user.send("2");
    const offers = await user.nextMessage();
    expect(offers.text).toContain("2 ETH → USDT (TRX)");
  });
});

describe("when the exchange service misbehaves", () => {
  it("keeps the flow on an estimate failure and retries on a tap", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4101, first_name: "Gus", language_code: "en" });
    await toAmount(user, "btc btc", "eth eth");
    world.app.sandbox!.faults.inject({ kind: "status", status: 503 }, { endpoint: "getEstimatedAmount", times: 3 });
    await user.send("0.1");
    // The client retries with a pause between attempts, outside the chat: the waiting message
    // is there at once, and becomes the explanation when the last attempt fails.
    const failed = await drive(world.clock, user.nextMessage());
    expect(failed.text).toContain("Getting offers for 0.1 BTC → ETH");
    // The retries hold nobody: with the clock standing still, /help is answered.
    await user.send("/help");
    expect((await user.nextMessage()).text).toContain("/exchange");
    await drive(
      world.clock,
      waitFor(() => failed.text?.includes("not answering right now"), 5_000, "the failure to be shown"),
    );
    expect(failed.text).toContain("Your choices are kept");
    await user.click(failed, "Try again");
    const offers = await user.nextMessage();
    expect(offers.text).toContain("0.1 BTC → ETH");
  });

  it("says plainly when the service refuses the creation, and lets the person confirm again", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4103, first_name: "Ivy", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    world.app.sandbox!.faults.inject(
      { kind: "status", status: 400, body: JSON.stringify({ message: "Provider is under maintenance" }) },
      { endpoint: "createTransaction" },
    );
    await user.click(summary, /Confirm/);
    // With the next best offer in the same message (test/e2e/flow/honest-quotes.test.ts), to confirm again.
    const again = await user.nextMessage();
    expect(again.text).toContain("refused this: Provider is under maintenance");
    expect(again.text).toContain("Please check everything");
    await user.click(again, /Confirm/);
    expect((await user.nextMessage()).text).toContain("Exchange created");
    expect(creates(world)).toHaveLength(2);
  });

  it("words a refusal in the person's language: the service's own words after it, none of ours (ru)", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4105, first_name: "Оля", language_code: "ru" });
    const summary = await toSummary(user, PLAIN);
    world.app.sandbox!.faults.inject(
      { kind: "status", status: 400, body: JSON.stringify({ message: "Provider is under maintenance" }) },
      { endpoint: "createTransaction" },
    );
    await pressData(user, summary, /:ok$/);
    const again = await user.nextMessage();
    expect(again.text).toMatch(/^Сервис обмена отказал: Provider is under maintenance$/m);
    // Without words from the service, the sentence alone: no name of an API call, no English of ours.
    world.app.sandbox!.faults.inject({ kind: "status", status: 400, body: "" }, { endpoint: "createTransaction" });
    await pressData(user, again, /:ok$/);
    expect((await user.nextMessage()).text).toMatch(/^Сервис обмена отказал\.$/m);
  });

  it("waits out a 429 on the creation, saying why, and creates the exchange once", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4106, first_name: "Lou", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    world.app.sandbox!.faults.inject({ kind: "status", status: 429, retryAfterSeconds: 20 }, { endpoint: "createTransaction" });
    await user.click(summary, /Confirm/);
    // The truth while it waits: nothing created yet, and when it asks again.
    const waiting = await user.nextMessage();
    expect(waiting.text).toContain(
      "⏳ The exchange service asked me to wait: your exchange is not created yet. I will try again in about 20 s.",
    );
    const created = await drive(world.clock, user.nextMessage());
    expect(created.text).toContain("Exchange created");
    expect(creates(world).map((r) => r.status)).toEqual([429, 200]);
    expect(creates(world)[1]!.at - creates(world)[0]!.at).toBeGreaterThanOrEqual(20_000);
    const exchanges = await world.app.repos.transactions.listByUser(user.id, 10, 0);
    expect(exchanges.map((e) => e.exchangeId)).toEqual([/🔁 Exchange (\S+)/.exec(created.text!)![1]]);
  });

  it("never retries a creation whose outcome is unknown", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4104, first_name: "Jon", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    world.app.sandbox!.faults.inject({ kind: "status", status: 502 }, { endpoint: "createTransaction" });
    await user.click(summary, /Confirm/);
    expect((await user.nextMessage()).text).toContain("could not confirm whether your exchange was created");
    expect(creates(world)).toHaveLength(1);
    await user.click(summary, /Confirm/);
    await waitFor(() => world!.tg.unansweredCallbackQueries().length === 0);
    expect(creates(world)).toHaveLength(1);
  });

  it("shows the deposit address once it can be read, never before", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4105, first_name: "Kim", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    world.app.sandbox!.faults.inject({ kind: "status", status: 500 }, { endpoint: "getTransactionInfo", times: 3 });
    await user.click(summary, /Confirm/);
    const pending = await drive(world.clock, user.nextMessage());
    expect(pending.text).toContain("has not given the deposit address yet");
    expect(pending.text).toContain("Don't send anything");
    await user.click(pending, "Try again");
    const created = await user.nextMessage();
    expect(created.text).toContain("Send exactly 0.05 BTC");
    expect(creates(world)).toHaveLength(1);
  });
});

describe("an old quote at confirmation", () => {
  it("re-estimates a quote older than a minute and goes on when it is as good", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4201, first_name: "Lea", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    const before = estimates(world).length;
    await world.clock.advance(61_000);
    await user.click(summary, /Confirm/);
    expect((await user.nextMessage()).text).toContain("Exchange created");
    expect(estimates(world)).toHaveLength(before + 1);
  });

  it("shows the new figures and asks again when the offer got worse by more than 0.5 %", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4202, first_name: "Max", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    const provider = /Provider: (\S+)/.exec(summary.text!)![1]!;
    world.app.sandbox!.setQuoteFactor(provider, "0.99");
    await world.clock.advance(61_000);
    await user.click(summary, /Confirm/);
    expect((await user.nextMessage()).text).toContain("The offer has changed");
    const again = await user.nextMessage();
    expect(again.text).toContain("Please check everything");
    expect(again.text).not.toEqual(summary.text);
    expect(creates(world)).toHaveLength(0);
    await user.click(again, /Confirm/);
    expect((await user.nextMessage()).text).toContain("Exchange created");
  });

  it("goes back to the offers when the chosen one is gone", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4203, first_name: "Ned", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    const provider = /Provider: (\S+)/.exec(summary.text!)![1]!;
    world.app.sandbox!.setQuoteFactor(provider, "0");
    await world.clock.advance(61_000);
    await user.click(summary, /Confirm/);
    expect((await user.nextMessage()).text).toContain(`${provider} no longer offers this exchange`);
    const offers = await user.nextMessage();
    expect(offerButtons(offers).some((b) => b.startsWith(provider))).toBe(false);
    expect(creates(world)).toHaveLength(0);
  });
});

describe("entering, leaving and idling", () => {
  it("opens the flow pre-filled from a deep link", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4301, first_name: "Oli", language_code: "en" });
    const payload = encodeSwapLink({ from: { symbol: "btc", network: "btc" }, to: { symbol: "usdt", network: "trx" }, amount: "0.05" })!;
    expect(payload).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    await user.send(`/start ${payload}`);
    const offers = await user.nextMessage();
    expect(offers.text).toContain("0.05 BTC → USDT (TRX)");
  });

  it("says that /start in the middle of an exchange closed it, in the person's language, and the next amount is not taken for the old flow", async () => {
    world = await startWorld();
    for (const [id, language, closed, welcome] of [
      [4311, "en", "I closed the exchange you were setting up", "Welcome"],
      [4312, "ru", "Я закрыл обмен, который вы настраивали", "Здравствуйте"],
    ] as const) {
      const user = world.tg.user({ id, first_name: "Ola", language_code: language });
      await toAmount(user, "btc btc", "eth eth");
      await user.send("/start");
      const said = await user.nextMessage();
      expect(said.text).toContain(closed);
      expect((await user.nextMessage()).text).toContain(welcome);
      // The amount that would have gone to the flow is now just text: nothing is quoted.
      await user.send("0.1");
      expect((await user.nextMessage()).text).not.toMatch(/BTC → ETH/);
    }
  });

  it("leaves the flow on /cancel from any step, and its old buttons expire", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4302, first_name: "Pia", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    await user.send("/cancel");
    expect((await user.nextMessage()).text).toContain("Exchange cancelled.");
    const tap = await user.click(summary, /Confirm/);
    expect((await user.callbackAnswer(tap)).text).toBe("This button has expired.");
    expect(creates(world)).toHaveLength(0);
    await user.send("/cancel");
    expect((await user.nextMessage()).text).toContain("nothing to cancel");
  });

  it("ends a flow left alone for 30 minutes with a short note", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4303, first_name: "Quinn", language_code: "en" });
    const prompt = await toAmount(user, "btc btc", "eth eth");
    await world.app.idle();
    await world.clock.advance(29 * 60_000);
    expect(user.lastMessage()?.message_id).toBe(prompt.message_id);
    await world.clock.advance(2 * 60_000);
    expect((await user.nextMessage()).text).toContain("left for 30 minutes");
    await user.send("0.1");
    expect((await user.nextMessage()).text).toContain("Type /exchange to start");
  });

  it("switches to Russian with /language, in the middle of a flow too", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 4304, first_name: "Rita", language_code: "en" });
    await toAmount(user, "btc btc", "eth eth");
    await user.send("/language");
    const picker = await user.nextMessage();
    await user.click(picker, "Русский");
    await waitFor(() => picker.text?.includes("Язык изменён"));
    expect(buttons(picker)).toContain("🔄 Обмен");
    await user.send("0,1");
    expect((await user.nextMessage()).text).toContain("Предложения, лучшие сверху");
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { ALERT_LIFETIME_MS } from "../../../src/bot/features/alerts.js";
import { waitFor } from "../../../src/emulator/index.js";
import { Decimal } from "../../../src/money.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { advanceUntil } from "../../harness/drive.js";
import { buttons, offerButtons, toOffers } from "../../harness/flow.js";

/** Rate alerts: set by command or from the offers screen, checked within the budget, fired once. */
let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const MINUTE = 60_000;
const STAFF = 9601;

async function minutes(w: TestWorld, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await w.clock.advance(MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await w.app.idle();
}

/** Calls the alert checker made to the service: estimates on the alert lane, as the sandbox saw them. */
function estimateCalls(w: TestWorld, since = 0): { amount: string | undefined; from: string | undefined }[] {
  return w.app
    .sandbox!.requests.slice(since)
    .filter((r) => r.endpoint === "getEstimatedAmount")
    .map((r) => ({ amount: r.query.amount, from: r.query.symbol_from }));
}

/** The best amount the sandbox offers now for a pair, read the way the bot reads it. */
async function bestNow(w: TestWorld, amount: string, from: [string, string], to: [string, string]): Promise<Decimal> {
  const result = await w.app.client.getEstimate({ symbolFrom: from[0], networkFrom: from[1], symbolTo: to[0], networkTo: to[1] }, amount, {
    lane: "user",
  });
  if (result.kind !== "ok") throw new Error(result.kind);
  return result.offers.reduce((best, o) => Decimal.max(best, o.amount), new Decimal(0));
}

describe("rate alerts", () => {
  it("share one upstream call per pair and amount for everyone, at most once per interval; fire once when the rate moves, with a button into the pre-filled flow", async () => {
    const w = (world = await startWorld({ ALERT_CHECK_MINUTES: "10", SUPPORT_USER_IDS: String(STAFF) }));
    const ann = w.tg.user({ id: 9602, first_name: "Ann", language_code: "en" });
    const bob = w.tg.user({ id: 9603, first_name: "Bob", language_code: "en" });
    const ivan = w.tg.user({ id: 9604, first_name: "Иван", language_code: "ru" });
    const best = await bestNow(w, "0.5", ["btc", "btc"], ["eth", "eth"]);
    const above = best.mul("1.03").toDecimalPlaces(4).toString();

    await ann.send(`/alert 0.5 btc eth ${above}`);
    expect((await ann.nextMessage()).text).toContain(`I will tell you when 0.5 BTC gets at least ${above} ETH`);
    await bob.send(`/alert 0.50 btc eth ${best.mul("1.5").toDecimalPlaces(4).toString()}`); // same pair and amount, a target out of reach
    await bob.nextMessage();
    await ivan.send(`/alert 1 btc eth ${best.mul(2).mul("1.03").toDecimalPlaces(4).toString()}`);
    expect((await ivan.nextMessage()).text).toContain("Я сообщу, когда за 1 BTC будут давать не меньше");

    // Twenty minutes: two checks, each one call per distinct pair and amount (2), and nothing reached.
    const before = w.app.sandbox!.requests.length;
    await minutes(w, 20);
    const calls = estimateCalls(w, before);
    expect(calls.filter((c) => c.amount === "0.5")).toHaveLength(2);
    expect(calls.filter((c) => c.amount === "1")).toHaveLength(2);
    expect(ann.messages().filter((m) => m.text?.includes("Rate alert"))).toHaveLength(0);

    // Every provider now quotes 5 % more: Ann's and Ivan's targets are reached, Bob's is not.
    for (const provider of w.app.sandbox!.providers) w.app.sandbox!.setQuoteFactor(provider.name, "1.05");
    // The clock keeps moving until both are told: the alert lane is paced (one background call
    // per pace), so Ivan's check leaves some simulated seconds after Ann's.
    await advanceUntil(
      w.clock,
      () =>
        ann.messages().some((m) => m.text?.includes("Rate alert")) && ivan.messages().some((m) => m.text?.includes("Оповещение о курсе")),
      15 * MINUTE,
    );
    const fired = ann.messages().find((m) => m.text?.includes("Rate alert"))!;
    expect(fired.text).toMatch(
      new RegExp(`0\\.5 BTC now gets [\\d.]+ ETH \\(best offer, \\w+\\), at least the ${above.replace(".", "\\.")} you asked for`),
    );
    expect(await w.app.repos.alerts.openOf(9602)).toHaveLength(0);
    expect(await w.app.repos.alerts.openOf(9603)).toHaveLength(1);

    // Once: the next checks do not say it again.
    await minutes(w, 20);
    expect(ann.messages().filter((m) => m.text?.includes("Rate alert"))).toHaveLength(1);

    ann.catchUp();
    await ann.click(fired, "🔄 Exchange now");
    const offers = await ann.nextMessage();
    expect(offers.text).toContain("0.5 BTC → ETH");

    const staff = w.tg.user({ id: STAFF, first_name: "Sam", language_code: "en" });
    await staff.send("/stats");
    expect((await staff.nextMessage()).text).toMatch(/rate alerts [1-9]\d*/);
  });

  it("/alerts lists and removes; five at most; wrong input gets the usage; each lasts 30 days and its end is said (en, ru)", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9605, first_name: "Oli", language_code: "en" });
    await user.send("/alerts");
    expect((await user.nextMessage()).text).toContain("You have no rate alerts");
    await user.send("/alert 0.5 btc eth");
    expect((await user.nextMessage()).text).toContain("/alert 0.5 btc eth 17.2");
    for (let i = 1; i <= 5; i++) {
      await user.send(`/alert ${i} btc eth 1000`);
      await user.nextMessage();
    }
    await user.send("/alert 6 btc eth 1000");
    expect((await user.nextMessage()).text).toContain("You have 5 alerts already");
    const alerts = await w.app.repos.alerts.openOf(9605);
    expect(alerts).toHaveLength(5);
    expect(alerts[0]!.expiresAt - alerts[0]!.createdAt).toBe(ALERT_LIFETIME_MS);
    expect(ALERT_LIFETIME_MS).toBe(30 * 24 * 60 * MINUTE);

    await user.send("/alerts");
    const list = await user.nextMessage();
    expect(list.text).toContain("1. 1 BTC → at least 1,000 ETH");
    // Each removal button is red.
    expect(list.reply_markup?.inline_keyboard.flat().map((b) => b.style)).toEqual(Array(5).fill("danger"));
    await user.click(list, "🗑 1");
    await waitFor(() => !list.text?.includes("1. 1 BTC → at least 1,000 ETH"), 5_000, "the list without the removed alert");
    expect(await w.app.repos.alerts.openOf(9605)).toHaveLength(4);

    const ru = w.tg.user({ id: 9606, first_name: "Оля", language_code: "ru" });
    await ru.send("/start");
    await ru.nextMessage();
    await w.app.repos.alerts.create({
      userId: 9606,
      chatId: 9606,
      symbolFrom: "btc",
      networkFrom: "btc",
      symbolTo: "eth",
      networkTo: "eth",
      amount: "0.1",
      target: "1000",
      expiresAt: w.clock.now() + 2 * MINUTE,
    });
    await advanceUntil(w.clock, () => ru.messages().some((m) => m.text?.includes("завершилось через 30 дней")), 5 * MINUTE);
    expect(await w.app.repos.alerts.openOf(9606)).toHaveLength(0);
  });

  it("forget the checks of pairs and amounts no alert asks for: setting and removing many leaves no trace after the interval", async () => {
    const w = (world = await startWorld({ ALERT_CHECK_MINUTES: "1" }));
    const user = w.tg.user({ id: 9608, first_name: "Flip", language_code: "en" });
    const checks = async () => (await w.app.repos.kv.idleSince("alerts:checked", Number.MAX_SAFE_INTEGER)).length;
    for (let i = 0; i < 30; i++) {
      await user.send(`/alert 1.${String(i).padStart(2, "0")} btc eth 1000000`);
      expect((await user.nextMessage()).text).toContain("I will tell you");
      await minutes(w, 2);
      expect(await checks()).toBeGreaterThan(0);
      await user.send("/alerts");
      await user.click(await user.nextMessage(), "🗑 1");
      await waitFor(async () => (await w.app.repos.alerts.openOf(9608)).length === 0, 5_000, "the alert to be removed");
    }
    // One open alert: its check is kept; the other 30 amounts' checks are gone.
    await user.send("/alert 9 btc eth 1000000");
    await user.nextMessage();
    await minutes(w, 3);
    expect((await w.app.repos.kv.idleSince("alerts:checked", Number.MAX_SAFE_INTEGER)).map((e) => e.key)).toEqual(["btc|btc|eth|eth|9"]);
  });

  it("can be set from the offers screen, and the offers come back", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9607, first_name: "Pat", language_code: "en" });
    const offers = await toOffers(user, "btc btc", "usdt trx", "0.05");
    expect(buttons(offers)).toContain("🔔 Set a rate alert…");
    await user.click(offers, "🔔 Set a rate alert…");
    const ask = await user.nextMessage();
    expect(ask.text).toContain("How much USDT (TRX) at least should 0.05 BTC get?");
    await user.send("abc");
    expect((await user.nextMessage()).text).not.toContain("I will tell you");
    await user.send("9999");
    expect((await user.nextMessage()).text).toContain("I will tell you when 0.05 BTC gets at least 9,999 USDT (TRX)");
    const again = await user.nextMessage();
    expect(offerButtons(again).length).toBeGreaterThan(0);
    expect(await w.app.repos.alerts.openOf(9607)).toMatchObject([
      { symbolFrom: "btc", symbolTo: "usdt", networkTo: "trx", amount: "0.05", target: "9999" },
    ]);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { startWorld, type TestWorld } from "./harness/app.js";
import { buttons, createViaFlow } from "./harness/flow.js";
import { waitFor, type StoredMessage, type TestUser } from "./harness/telegram/index.js";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Lets simulated minutes pass in steps, giving loopback I/O real time in between. */
async function minutes(w: TestWorld, count: number): Promise<void> {
  for (let i = 0; i < count * 4; i++) {
    await w.clock.advance(15_000);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  await w.app.idle();
}

/** The bot's messages to `user` after `after`, as text. */
function messagesAfter(user: TestUser, after: StoredMessage): string[] {
  return user
    .messages()
    .filter((m) => m.from_bot && m.message_id > after.message_id)
    .map((m) => m.text ?? m.caption ?? "");
}

describe("the tracker", () => {
  it("reports every step of a finished exchange, with the received amount and an explorer link", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 5001, first_name: "Ana", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    world.app.sandbox!.setScenario(exchangeId, "finished");
    const qr = user.lastMessage()!;
    await minutes(world, 9);
    const said = messagesAfter(user, qr);
    expect(said).toHaveLength(4);
    expect(said[0]).toContain("Confirming your deposit");
    expect(said[0]).toContain(`exchange ${exchangeId}`);
    expect(said[1]).toContain("Exchanging");
    expect(said[2]).toContain("Sending to your address");
    expect(said[3]).toMatch(/Finished · exchange .*\nDone: [\d.]+ USDT \(TRX\) sent to TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj/);
    const finished = user.messages().find((m) => m.text === said[3])!;
    const links = (finished.entities ?? []).filter((e) => e.type === "text_link").map((e) => (e as { url: string }).url);
    const tx = world.app.repos.transactions.find(exchangeId)!;
    expect(links).toContain(`https://blockchair.com/search?q=${tx.hashTo}`);
    // The card shows the final state, and tracking has stopped.
    expect(card.text).toContain("Status: ✅ Finished");
    expect(tx.nextPollAt).toBeNull();
    expect(world.app.repos.transactions.history(exchangeId).map((h) => h.status)).toEqual(["waiting", "confirming", "exchanging", "sending", "finished"]);
  });

  it.each([
    ["failed", /Failed · exchange .*\nThe exchange failed\. Please contact support and give them the exchange ID (\S+)/],
    ["refunded", /Refunded · exchange .*\nYour deposit was refunded\.\nRefund sent to \S+/],
  ] as const)("tells what to do when an exchange ends %s", async (scenario, pattern) => {
    world = await startWorld();
    const user = world.tg.user({ id: 5002, first_name: "Ben", language_code: "en" });
    const { exchangeId } = await createViaFlow(user);
    world.app.sandbox!.setScenario(exchangeId, scenario);
    const qr = user.lastMessage()!;
    await minutes(world, 9);
    const last = messagesAfter(user, qr).at(-1)!;
    expect(last).toMatch(pattern);
    if (scenario === "failed") expect(last).toContain(exchangeId);
    expect(world.app.repos.transactions.find(exchangeId)!.nextPollAt).toBeNull();
  });

  it("says an exchange expired when no deposit came", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 5003, first_name: "Cy", language_code: "ru" });
    const { exchangeId } = await createViaFlow(user);
    world.app.sandbox!.setScenario(exchangeId, "overdue");
    const qr = user.lastMessage()!;
    await minutes(world, 32);
    const said = messagesAfter(user, qr);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain("Истёк");
  });

  it("picks up due work after a restart and reports only the latest status", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 5004, first_name: "Dee", language_code: "en" });
    const { exchangeId } = await createViaFlow(user);
    const qr = user.lastMessage()!;
    await world.restart(async () => {
      await world!.clock.advance(4.5 * 60_000); // down while it went waiting → confirming → exchanging
    });
    await minutes(world, 1);
    const said = messagesAfter(user, qr);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain("Exchanging");
    expect(world.app.repos.transactions.find(exchangeId)!.status).toBe("exchanging");
  });

  it("never sends a status message twice: a change pending at a crash only updates the card", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 5005, first_name: "Eve", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    const qr = user.lastMessage()!;
    await minutes(world, 3); // confirming announced
    const before = messagesAfter(user, qr).length;
    // As if the process died after sending "confirming" but before saving that it had.
    await world.restart(async () => {
      const { openDatabase } = await import("../src/db/index.js");
      const db = openDatabase(world!.databasePath);
      db.prepare("UPDATE transactions SET pending_notice = status WHERE exchange_id = ?").run(exchangeId);
      db.close();
    });
    await world.app.idle();
    expect(messagesAfter(user, qr)).toHaveLength(before);
    expect(card.text).toContain("Status: 🔎 Confirming your deposit");
    expect(world.app.repos.transactions.find(exchangeId)!.pendingNotice).toBeNull();
  });

  it("stops writing to a user who blocked the bot, until they write again", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 5006, first_name: "Fin", language_code: "en" });
    await createViaFlow(user);
    user.block();
    await minutes(world, 3);
    expect(world.app.repos.users.find(5006)!.blocked).toBe(true);
    const attempts = world.tg.callsTo("sendMessage").filter((c) => (c.payload as { chat_id: number }).chat_id === 5006).length;
    await minutes(world, 6);
    // After the first 403 nothing more is tried.
    expect(world.tg.callsTo("sendMessage").filter((c) => (c.payload as { chat_id: number }).chat_id === 5006)).toHaveLength(attempts);
    user.unblock();
    await user.send("/start");
    await user.nextMessage();
    expect(world.app.repos.users.find(5006)!.blocked).toBe(false);
  });

  it("waits out Telegram's 429 and still delivers", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 5007, first_name: "Gil", language_code: "en" });
    await createViaFlow(user);
    const qr = user.lastMessage()!;
    world.tg.failNext("sendMessage", { error_code: 429, retry_after: 1 });
    await world.clock.advance(150_000);
    await waitFor(() => messagesAfter(user, qr).length === 1, 5_000, "the status message after a 429");
    expect(messagesAfter(user, qr)[0]).toContain("Confirming");
  });

  it("keeps quiet through upstream errors, and stops after an unknown id a few times, telling the operator", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 5008, first_name: "Hu", language_code: "en" });
    const { exchangeId } = await createViaFlow(user);
    const qr = user.lastMessage()!;
    world.app.sandbox!.faults.inject({ kind: "status", status: 500 }, { endpoint: "getTransactionInfo", times: 3 });
    await minutes(world, 6);
    // A failed poll (three attempts), then the status came through.
    const said = messagesAfter(user, qr);
    expect(said.length).toBeGreaterThanOrEqual(1);
    expect(said.every((text) => !/error|unavailable/i.test(text))).toBe(true);

    // An id the service does not know: no message to the user, an error in the log, tracking stops.
    const known = world.app.repos.transactions.find(exchangeId)!;
    world.app.repos.transactions.insert({ ...known, exchangeId: "exolix-floating-unknown", nextPollAt: world.clock.now(), cardMessageId: null });
    await minutes(world, 30);
    expect(messagesAfter(user, qr).filter((text) => text.includes("exolix-floating-unknown"))).toEqual([]);
    expect(world.app.repos.transactions.find("exolix-floating-unknown")!.nextPollAt).toBeNull();
    expect(world.logs.some((l) => l.level >= 50 && /does not know this exchange/.test(l.msg))).toBe(true);
  });

  it("gives up after 48 hours without movement and says what to do", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 5009, first_name: "Ida", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    world.app.sandbox!.setScenario(exchangeId, "overdue");
    const { openDatabase } = await import("../src/db/index.js");
    const db = openDatabase(world.databasePath);
    db.prepare("UPDATE transactions SET status_changed_at = status_changed_at - ? WHERE exchange_id = ?").run(48 * 3_600_000, exchangeId);
    db.close();
    const qr = user.lastMessage()!;
    await minutes(world, 2);
    const said = messagesAfter(user, qr);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain("for 48 hours, so I stopped checking");
    expect(card.text).toContain("I no longer check this exchange by myself");
    expect(world.app.repos.transactions.find(exchangeId)!.nextPollAt).toBeNull();
  });

  it("serves a person's quote first while polls queue for the budget", async () => {
    world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "10" });
    // Two exchanges: the catalogue and their creation take 8 of the minute's 10 calls.
    for (const id of [5100, 5101]) await createViaFlow(world.tg.user({ id, first_name: "P", language_code: "en" }));
    await world.app.idle();
    await world.clock.advance(61_000);
    // Polling is saturated: the background share of the window is used, and both exchanges are due.
    const { openDatabase } = await import("../src/db/index.js");
    const db = openDatabase(world.databasePath);
    db.prepare("UPDATE transactions SET next_poll_at = ?").run(world.clock.now());
    db.close();
    while (world.app.budget.preview("poll").position === 0) await world.app.budget.acquire("poll");
    world.app.tracker.wake();
    await waitFor(() => world!.app.budget.stats().queuedByLane.poll === 2, 5_000, "two polls waiting for the budget");
    const asker = world.tg.user({ id: 5200, first_name: "Q", language_code: "en" });
    await asker.send("/exchange");
    await asker.nextMessage();
    await asker.send("eth eth");
    await asker.nextMessage();
    await asker.send("usdt trx");
    await asker.nextMessage();
    const sentAt = world.clock.now();
    await asker.send("1");
    const offers = await asker.nextMessage();
    expect(offers.text).toContain("1 ETH → USDT (TRX)");
    const estimate = world.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").at(-1)!;
    expect(estimate.at).toBe(sentAt); // not a moment of simulated time spent waiting behind polls
    expect(world.app.budget.stats().queuedByLane.poll).toBeGreaterThan(0);
  });
});

describe("history, cards and /status", () => {
  it("pages /history newest first and opens a card with a refresh that has a cooldown", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 5301, first_name: "Jo", language_code: "en" });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await createViaFlow(user, { from: "btc btc", to: "usdt trx", amount: `0.0${i + 1}`, address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj" })).exchangeId);
    await user.send("/history");
    const page1 = await user.nextMessage();
    expect(page1.text).toContain("Page 1 of 2");
    expect(buttons(page1)[0]).toBe("1. 0.06 BTC → USDT (TRX)");
    await user.click(page1, "›");
    await waitFor(() => page1.text?.includes("Page 2 of 2"));
    expect(buttons(page1)[0]).toBe("6. 0.01 BTC → USDT (TRX)");
    await user.click(page1, "6. 0.01 BTC");
    const card = await user.nextMessage();
    expect(card.text).toContain(`🔁 Exchange ${ids[0]}`);

    const callsBefore = world.app.sandbox!.requests.filter((r) => r.endpoint === "getTransactionInfo").length;
    await world.clock.advance(150_000);
    await world.app.idle();
    const polled = world.app.sandbox!.requests.filter((r) => r.endpoint === "getTransactionInfo").length;
    await user.click(card, "Refresh");
    await waitFor(() => card.text?.includes("Confirming") || card.text?.includes("Exchanging"));
    expect(world.app.sandbox!.requests.filter((r) => r.endpoint === "getTransactionInfo").length).toBe(polled + 1);
    const again = await user.click(card, "Refresh");
    expect((await user.callbackAnswer(again)).text).toMatch(/Refreshed a moment ago/);
    expect(world.app.sandbox!.requests.filter((r) => r.endpoint === "getTransactionInfo").length).toBe(polled + 1);
    expect(callsBefore).toBeLessThanOrEqual(polled);
  });

  it("shows your own exchange by id, and someone else's like one that does not exist", async () => {
    world = await startWorld();
    const owner = world.tg.user({ id: 5401, first_name: "Kai", language_code: "en" });
    const other = world.tg.user({ id: 5402, first_name: "Lu", language_code: "en" });
    const { exchangeId } = await createViaFlow(owner);
    await owner.send(`/status ${exchangeId}`);
    expect((await owner.nextMessage()).text).toContain(`🔁 Exchange ${exchangeId}`);
    await other.send(`/status ${exchangeId}`);
    const theirs = (await other.nextMessage()).text;
    await other.send("/status no-such-exchange");
    expect((await other.nextMessage()).text).toBe(theirs);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { type StoredMessage, type TestUser, waitFor } from "../../../src/emulator/index.js";
import { requesterOf } from "../../../src/exchange/budget.js";
import type { Fault } from "../../../src/exchange/sandbox/index.js";
import { openTestStore, startWorld, type TestWorld } from "../../harness/app.js";
import { advanceUntil } from "../../harness/drive.js";
import { buttons, createViaFlow, toAmount } from "../../harness/flow.js";
import { testBackEnd } from "../../harness/postgres.js";

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

const MINUTE = 60_000;
const FUNDS_SENT = "📨 I have sent the funds";

/** Nothing more happens until the clock moves: no update is being handled, every poll under way waits for the budget. */
async function quiet(w: TestWorld): Promise<void> {
  await w.app.idle();
  await waitFor(
    async () => w.app.tracker.pollsInFlight() === (await w.app.budget.stats()).queuedByLane.poll,
    5_000,
    "the polls under way to be answered",
  );
}

/**
 * Moves the clock to `until`, stopping at every moment the tracker has work (a poll due, a
 * paced background slot) and letting that work finish first. Each poll then reaches the
 * sandbox at the moment it was granted, one at a time, in the order the tracker chose.
 */
async function runTracker(w: TestWorld, until: number): Promise<void> {
  for (;;) {
    await quiet(w);
    const now = w.clock.now();
    if (now >= until) return;
    const queued = (await w.app.budget.stats()).queuedByLane.poll > 0;
    const next = queued ? now + w.app.budget.backgroundPaceMs : ((await w.app.repos.schedule.nextDueAt()) ?? until);
    await w.clock.advance(Math.min(until, Math.max(now + 1, next)) - now);
  }
}

/** The polls the sandbox received, in order of arrival. */
function polls(w: TestWorld, since = 0): { exchangeId: string; at: number }[] {
  return w.app
    .sandbox!.requests.filter((r) => r.endpoint === "getTransactionInfo" && r.at >= since)
    .map((r) => ({ exchangeId: r.query["exchange_id"]!, at: r.at }));
}

/** An exchange through the flow whose deposit never comes (within the sandbox's timeline). */
async function createWaiting(user: TestUser): Promise<{ exchangeId: string; card: StoredMessage }> {
  const created = await createViaFlow(user);
  world!.app.sandbox!.setScenario(created.exchangeId, "overdue");
  return created;
}

/** Presses a button and returns the toast, once the bot has done all the tap set off. */
async function press(user: TestUser, message: StoredMessage, label: string): Promise<string | undefined> {
  const answer = await user.callbackAnswer(await user.click(message, label));
  await quiet(world!);
  return answer.text;
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
    expect(said[3]).toMatch(/Finished · exchange .*\nDone: [\d.,]+ USDT \(TRX\) sent to TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj/);
    const finished = user.messages().find((m) => m.text === said[3])!;
    const links = (finished.entities ?? []).filter((e) => e.type === "text_link").map((e) => (e as { url: string }).url);
    const tx = (await world.app.repos.transactions.find(exchangeId))!;
    expect(links).toContain(`https://blockchair.com/search?q=${tx.hashTo}`);
    // The card shows the final state, and tracking has stopped.
    expect(card.text).toContain("Status: ✅ Finished");
    expect(tx.nextPollAt).toBeNull();
    expect((await world.app.repos.transactions.history(exchangeId)).map((h) => h.status)).toEqual([
      "waiting",
      "confirming",
      "exchanging",
      "sending",
      "finished",
    ]);
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
    expect((await world.app.repos.transactions.find(exchangeId))!.nextPollAt).toBeNull();
  });

  it.runIf(testBackEnd() === "postgres")(
    "takes the chat's turn for a status message (PostgreSQL, where several processes send): the chat's row says when the last one went",
    async () => {
      world = await startWorld();
      const user = world.tg.user({ id: 5019, first_name: "Ana", language_code: "en" });
      const { exchangeId } = await createViaFlow(user);
      world.app.sandbox!.setScenario(exchangeId, "finished");
      const sent = () =>
        world!.tg.callsTo("sendMessage").filter((call) => (call.payload as { chat_id: number }).chat_id === 5019 && call.response.ok);
      const replies = sent().length;
      await minutes(world, 9);
      const statusMessages = sent().slice(replies);
      expect(statusMessages).toHaveLength(4);
      const store = await openTestStore(world);
      try {
        const row = await store.db.selectFrom("chat_leases").selectAll().where("chat_key", "=", "c:5019").executeTakeFirstOrThrow();
        // Let go, and written by the status messages' turns (the replies' own lease said the card's time).
        expect(row).toMatchObject({ owner: "", until: 0 });
        expect(Number(row.sent_at)).toBeGreaterThanOrEqual(statusMessages.at(-1)!.at - 60_000);
        expect(Number(row.sent_at)).toBeGreaterThan(statusMessages[0]!.at - 1);
      } finally {
        await store.close();
      }
    },
  );

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
    expect((await world.app.repos.transactions.find(exchangeId))!.status).toBe("exchanging");
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
      const store = await openTestStore(world!);
      await store.db
        .updateTable("transactions")
        .set((eb) => ({ pending_notice: eb.ref("status") }))
        .where("exchange_id", "=", exchangeId)
        .execute();
      await store.close();
    });
    await world.app.idle();
    expect(messagesAfter(user, qr)).toHaveLength(before);
    expect(card.text).toContain("Status: 🔎 Confirming your deposit");
    expect((await world.app.repos.transactions.find(exchangeId))!.pendingNotice).toBeNull();
  });

  it("stops writing to a user who blocked the bot, until they write again", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 5006, first_name: "Fin", language_code: "en" });
    await createViaFlow(user);
    user.block();
    await minutes(world, 3);
    expect((await world.app.repos.users.find(5006))!.blocked).toBe(true);
    const attempts = world.tg.callsTo("sendMessage").filter((c) => (c.payload as { chat_id: number }).chat_id === 5006).length;
    await minutes(world, 6);
    // After the first 403 nothing more is tried.
    expect(world.tg.callsTo("sendMessage").filter((c) => (c.payload as { chat_id: number }).chat_id === 5006)).toHaveLength(attempts);
    user.unblock();
    await user.send("/start");
    await user.nextMessage();
    expect((await world.app.repos.users.find(5006))!.blocked).toBe(false);
  });

  it("waits out Telegram's 429 and still delivers", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 5007, first_name: "Gil", language_code: "en" });
    await createViaFlow(user);
    const qr = user.lastMessage()!;
    world.tg.failNext("sendMessage", { error_code: 429, retry_after: 1 });
    // A second at a time: the wait the 429 asks for starts only once its answer is in, which
    // one long step of the clock may already have passed.
    await advanceUntil(world.clock, () => messagesAfter(user, qr).length === 1, 150_000);
    expect(messagesAfter(user, qr)[0]).toContain("Confirming");
    // Tried again when Telegram said, not after the backoff for a Telegram that is down.
    const sends = world.tg.callsTo("sendMessage").filter((c) => (c.payload as { chat_id: number }).chat_id === 5007);
    const [refused, delivered] = sends.slice(-2);
    expect(refused!.response.ok).toBe(false);
    expect(delivered!.at - refused!.at).toBeLessThanOrEqual(5_000);
  });

  it("keeps quiet through upstream errors; gives up on an id the service never knows after half an hour, telling the operator and the owner", async () => {
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

    // An id the service does not know: tolerated for half an hour (a new exchange may not be
    // listed yet), then an error in the log, tracking stops, and the owner is told once.
    const known = (await world.app.repos.transactions.find(exchangeId))!;
    const createdAt = world.clock.now();
    await world.app.repos.transactions.insert({
      ...known,
      exchangeId: "exolix-floating-unknown",
      createdAt,
      nextPollAt: createdAt,
      cardMessageId: null,
    });
    const mentions = () => messagesAfter(user, qr).filter((text) => text.includes("exolix-floating-unknown"));
    await minutes(world, 29);
    expect(mentions()).toEqual([]);
    expect((await world.app.repos.transactions.find("exolix-floating-unknown"))!.nextPollAt).not.toBeNull();
    await minutes(world, 15);
    const stopped = (await world.app.repos.transactions.find("exolix-floating-unknown"))!;
    expect(stopped.nextPollAt).toBeNull();
    expect(stopped.trackingStoppedReason).toBe("not-found");
    expect(stopped.trackingStoppedAt! - createdAt).toBeGreaterThanOrEqual(30 * MINUTE);
    expect(world.logs.some((l) => l.level >= 50 && /does not know this exchange/.test(l.msg))).toBe(true);
    expect(mentions()).toHaveLength(1);
    expect(mentions()[0]).toContain(
      "I stopped following exchange exolix-floating-unknown: the exchange service keeps answering that it cannot find it.",
    );
    expect(mentions()[0]).toContain(`contact ${known.provider}'s support and give them the exchange ID exolix-floating-unknown`);
    await minutes(world, 30);
    expect(mentions()).toHaveLength(1);
  });

  it("gives up after 48 hours without movement and says what to do", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 5009, first_name: "Ida", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    world.app.sandbox!.setScenario(exchangeId, "overdue");
    const store = await openTestStore(world);
    await store.db
      .updateTable("transactions")
      .set((eb) => ({ status_changed_at: eb("status_changed_at", "-", 48 * 3_600_000) }))
      .where("exchange_id", "=", exchangeId)
      .execute();
    await store.close();
    const qr = user.lastMessage()!;
    await minutes(world, 2);
    const said = messagesAfter(user, qr);
    expect(said).toHaveLength(1);
    const tx = (await world.app.repos.transactions.find(exchangeId))!;
    expect(said[0]).toContain(
      `⚠️ I stopped following exchange ${exchangeId}: it has shown “⏳ Waiting for your deposit” since 2026-11-20 12:00 UTC.\n` +
        `Your funds are not lost because I stopped watching. If you sent a deposit, or are still waiting for a payout, contact ${tx.provider}'s support ` +
        `and give them the exchange ID ${exchangeId}. Refresh on the exchange's card still shows its status.`,
    );
    // The id stands alone in <code>, to be copied.
    expect(user.lastMessage()!.html).toContain(`<code>${exchangeId}</code>`);
    expect(card.text).toContain(
      `I stopped following this exchange on 2026-11-22 12:01 UTC: its status stopped changing. If your funds have not arrived, contact ${tx.provider}'s support`,
    );
    expect(tx.nextPollAt).toBeNull();
    expect(tx).toMatchObject({ trackingStoppedReason: "stalled", trackingStoppedAt: expect.any(Number) });
    await minutes(world, 10);
    expect(messagesAfter(user, qr)).toHaveLength(1); // said once
  });

  it("serves a person's quote first while polls queue for the budget", async () => {
    world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "10" });
    // Two exchanges: the catalogue and their creation take 8 of the minute's 10 calls.
    for (const id of [5100, 5101]) await createViaFlow(world.tg.user({ id, first_name: "P", language_code: "en" }));
    await world.app.idle();
    await world.clock.advance(61_000);
    // Polling is saturated: the background share of the window is used, and both exchanges are due.
    const store = await openTestStore(world);
    await store.db.updateTable("transactions").set({ next_poll_at: world.clock.now() }).execute();
    await store.close();
    while (world.app.budget.preview("poll").position === 0) await world.app.budget.acquire("poll");
    world.app.tracker.wake();
    await waitFor(async () => (await world!.app.budget.stats()).queuedByLane.poll === 2, 5_000, "two polls waiting for the budget");
    const asker = world.tg.user({ id: 5200, first_name: "Q", language_code: "en" });
    await toAmount(asker, "eth eth", "usdt trx");
    const sentAt = world.clock.now();
    await asker.send("1");
    const offers = await asker.nextMessage();
    expect(offers.text).toContain("1 ETH → USDT (TRX)");
    const estimate = world.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").at(-1)!;
    expect(estimate.at).toBe(sentAt); // not a moment of simulated time spent waiting behind polls
    expect((await world.app.budget.stats()).queuedByLane.poll).toBeGreaterThan(0);
  });
});

describe("the tracker's order of attention", () => {
  it("looks at once, then every minute for 30 minutes, at an exchange whose owner says the funds are sent", async () => {
    // Deposits are awaited for six hours here, so an exchange can be old and still waiting.
    const w = (world = await startWorld({}, { timeline: { overdueAfter: 6 * 60 * MINUTE } }));
    const start = w.clock.now();
    const stranger = w.tg.user({ id: 5601, first_name: "W", language_code: "en" });
    const others = [await createWaiting(stranger), await createWaiting(w.tg.user({ id: 5602, first_name: "X", language_code: "en" }))];
    const ana = w.tg.user({ id: 5603, first_name: "Ana", language_code: "en" });
    const boris = w.tg.user({ id: 5604, first_name: "Boris", language_code: "ru" });
    const a = await createWaiting(ana);
    const b = await createWaiting(boris);
    expect(buttons(a.card)).toEqual(["📋 Exact amount", "📋 Deposit address", FUNDS_SENT, "🔄 Refresh", "🧾 For support"]);
    expect(buttons(b.card)).toEqual(["📋 Точная сумма", "📋 Адрес депозита", "📨 Средства отправлены", "🔄 Обновить", "🧾 Для поддержки"]);

    // 40 minutes on and nobody said a word: each is looked at every 5 minutes by now.
    await runTracker(w, start + 40 * MINUTE + 5_000);
    // Only the owner can say so.
    expect(await press(stranger, a.card, FUNDS_SENT)).toBe("This button has expired.");
    expect((await w.app.repos.transactions.find(a.exchangeId))!.fundsSentAt).toBeNull();

    const pressedAt = w.clock.now();
    expect(await press(ana, a.card, FUNDS_SENT)).toBe(
      "Thanks! For the next 30 min I'll check for your deposit every minute and tell you as soon as it arrives.",
    );
    expect(await press(boris, b.card, "📨 Средства отправлены")).toBe(
      "Спасибо! В течение 30 мин я буду проверять поступление депозита каждую минуту и сразу сообщу, когда он придёт.",
    );
    // Answered without a moment of simulated time passing, and looked at right away.
    expect(w.clock.now()).toBe(pressedAt);
    await runTracker(w, pressedAt + 1_000);
    expect(polls(w, pressedAt).map((p) => p.exchangeId)).toEqual([a.exchangeId, b.exchangeId]);
    expect(buttons(a.card)).toContain(FUNDS_SENT); // still waiting
    await runTracker(w, pressedAt + 36 * MINUTE);

    const pace = w.app.budget.backgroundPaceMs;
    const gaps = (exchangeId: string) => {
      const times = polls(w, pressedAt)
        .filter((p) => p.exchangeId === exchangeId)
        .map((p) => p.at);
      return times.slice(1).map((at, i) => at - times[i]!);
    };
    // Every minute for 30 minutes, then every 5 as its age says. (Polls due at the same
    // moment go one budget pace apart, so a gap may be that much longer.)
    for (const mine of [a, b]) {
      const seen = gaps(mine.exchangeId);
      expect(seen).toHaveLength(31);
      expect(seen.slice(0, 30).filter((gap) => gap < MINUTE || gap > MINUTE + pace)).toEqual([]);
      expect(seen[30]).toBeGreaterThanOrEqual(5 * MINUTE);
    }
    // The others keep their pace of every 5 minutes.
    for (const other of others) {
      const seen = gaps(other.exchangeId);
      expect(seen.length).toBeGreaterThanOrEqual(6);
      expect(seen.filter((gap) => gap < 5 * MINUTE || gap > 5 * MINUTE + 4 * pace)).toEqual([]);
    }
  });

  it("when more is due than can go at once: announced deposits first, then exchanges in motion, then those waiting", async () => {
    const w = (world = await startWorld());
    const start = w.clock.now();
    const user = (id: number) => w.tg.user({ id, first_name: "U", language_code: "en" });
    // Created in the reverse of the order they deserve, so by due time alone they would go last.
    const waiting = [(await createWaiting(user(5701))).exchangeId, (await createWaiting(user(5702))).exchangeId];
    const moving = [await createViaFlow(user(5703)), await createViaFlow(user(5704))]; // the sandbox's default: they finish
    const ana = user(5705);
    const announced = await createWaiting(ana);
    expect(buttons(moving[0]!.card)).toContain(FUNDS_SENT);

    await runTracker(w, start + 3 * MINUTE); // the deposits of `moving` have arrived
    expect(moving[0]!.card.text).toContain("Status: 🔎 Confirming your deposit");
    expect(buttons(moving[0]!.card)).toEqual(["🔄 Refresh", "🧾 For support"]); // nothing to announce any more
    // A moment after everyone's last poll, so by due time alone this one would now go last.
    await runTracker(w, start + 3 * MINUTE + 1_000);
    await press(ana, announced.card, FUNDS_SENT);

    // Down for two minutes: when it is back, all five are due at once, and go one by one.
    await w.restart(() => w.clock.advance(2 * MINUTE));
    const back = w.clock.now();
    await runTracker(w, back + 10_000);
    const order = polls(w, back).map((p) => p.exchangeId);
    expect(order).toHaveLength(5);
    expect(order[0]).toBe(announced.exchangeId);
    expect(order.slice(1, 3).sort()).toEqual(moving.map((m) => m.exchangeId).sort());
    expect(order.slice(3).sort()).toEqual([...waiting].sort());
  });
});

describe("history, cards and /status", () => {
  it("pages /history newest first and opens a card with a refresh that has a cooldown", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 5301, first_name: "Jo", language_code: "en" });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(
        (
          await createViaFlow(user, {
            from: "btc btc",
            to: "usdt trx",
            amount: `0.0${i + 1}`,
            address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
          })
        ).exchangeId,
      );
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

  it("answers a card's Refresh at once when the budget is full, and the chat is not held while it waits", async () => {
    const w = (world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "10" }));
    const user = w.tg.user({ id: 5350, first_name: "Ola", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    await w.app.idle();
    // Every slot of the minute taken: the refresh's call has to wait for the oldest to free.
    while (w.app.budget.preview("user").position === 0) await w.app.budget.acquire("user");
    const edits = card.edited;
    const polled = polls(w).length;

    const query = await user.click(card, "Refresh");
    expect((await user.callbackAnswer(query)).text).toBeUndefined();
    await waitFor(async () => (await w.app.budget.stats()).queuedByLane.user === 1, 5_000, "the refresh to wait for the budget");
    // The same chat is served meanwhile.
    await user.send("/help");
    expect((await user.nextMessage()).text).toContain("How it works");
    expect(card.edited).toBe(edits);
    expect(polls(w)).toHaveLength(polled);

    // The slot comes: the refresh goes out and the card is brought up to date.
    await w.clock.advance(61_000);
    await waitFor(() => card.edited > edits, 5_000, "the card to be edited after the refresh");
    await w.app.idle();
    expect(
      polls(w)
        .slice(polled)
        .map((p) => p.exchangeId),
    ).toEqual([exchangeId]);
    expect(card.text).toContain("Updated 2026-11-22 12:01 UTC");
    expect(user.messages().filter((m) => m.text?.includes("Couldn't reach"))).toEqual([]);
  });

  it("a card's Refresh is the owner's request in the user lane: with three of theirs already in line it is not a fourth, and they are told so", async () => {
    const w = (world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "10" }));
    const user = w.tg.user({ id: 5353, first_name: "Rui", language_code: "en" });
    const { card } = await createViaFlow(user);
    await w.app.idle();
    while (w.app.budget.preview("user").position === 0) await w.app.budget.acquire("user");
    // Three quotes of this person wait in line (the most one person may have).
    for (let i = 0; i < 3; i++) void w.app.budget.acquire("user", { requester: requesterOf(user.id) }).catch(() => undefined);
    const polled = polls(w).length;

    const query = await user.click(card, "Refresh");
    await user.callbackAnswer(query);
    expect((await user.nextMessage()).text).toContain("You already have 3 requests waiting in line");
    expect((await w.app.budget.stats()).queuedByLane.user).toBe(3);
    await w.app.idle();
    expect(polls(w)).toHaveLength(polled);
  });

  it("a Refresh refused because the owner's line is full leaves the exchange's polls alone: the background poll keeps its place and its time", async () => {
    const w = (world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "10" }));
    const user = w.tg.user({ id: 5355, first_name: "Ola", language_code: "en" });
    const { exchangeId, card } = await createWaiting(user);
    await minutes(w, 3);
    await quiet(w);
    const tx = async () => (await w.app.repos.transactions.find(exchangeId))!;
    // The service asked for five minutes of quiet (a 429): everything waits in line.
    w.app.budget.pause(5 * MINUTE);
    const resumesAt = w.clock.now() + 5 * MINUTE;
    for (let i = 0; i < 3; i++) void w.app.budget.acquire("user", { requester: requesterOf(user.id) }).catch(() => undefined);
    // The owner sent the funds: the tracker's poll is due now and waits in line.
    await press(user, card, FUNDS_SENT);
    await waitFor(async () => (await w.app.budget.stats()).queuedByLane.poll === 1, 5_000, "the background poll to wait in line");
    const nextPollAt = (await tx()).nextPollAt;
    const since = w.clock.now() + 1; // the tracker's last poll before the pause may have come at this very moment

    // A press every cooldown: each is told the line is full, and nothing else changes.
    for (let i = 0; i < 3; i++) {
      if (i > 0) await w.clock.advance(30_000);
      await user.callbackAnswer(await user.click(card, "Refresh"));
      expect((await user.nextMessage()).text).toContain("You already have 3 requests waiting in line");
      await quiet(w);
      expect((await w.app.budget.stats()).queuedByLane.poll).toBe(1);
      expect((await tx()).nextPollAt).toBe(nextPollAt);
      expect((await tx()).errorCount).toBe(0);
    }
    expect(w.logs.filter((l) => /tracker poll failed/.test(l.msg))).toEqual([]);

    // The quiet ends: the background poll is the first call out, and the funds-sent pace goes on.
    await runTracker(w, resumesAt + 2 * MINUTE);
    const mine = polls(w, since)
      .filter((p) => p.exchangeId === exchangeId)
      .map((p) => p.at);
    expect(mine[0]).toBe(resumesAt);
    expect(mine[1]).toBe(resumesAt + MINUTE);
    expect((await tx()).errorCount).toBe(0);
  });

  it("a Refresh whose retry finds the owner's line full is no failed poll: no error counted or logged, the next poll stays where it was", async () => {
    const w = (world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "10" }));
    const user = w.tg.user({ id: 5356, first_name: "Ivo", language_code: "en" });
    const { exchangeId, card } = await createWaiting(user);
    await minutes(w, 3);
    await quiet(w);
    const tx = async () => (await w.app.repos.transactions.find(exchangeId))!;
    const nextPollAt = (await tx()).nextPollAt!;
    expect(nextPollAt - w.clock.now()).toBeGreaterThan(10_000); // nothing falls due while this test runs
    const polled = polls(w).length;

    // The first attempt goes out and the service answers 503; before the retry, the person's line fills.
    w.app.sandbox!.faults.inject({ kind: "status", status: 503 }, { endpoint: "getTransactionInfo", times: 1 });
    await user.callbackAnswer(await user.click(card, "Refresh"));
    await waitFor(() => polls(w).length === polled + 1, 5_000, "the first attempt to reach the service");
    w.app.budget.pause(5 * MINUTE);
    for (let i = 0; i < 3; i++) void w.app.budget.acquire("user", { requester: requesterOf(user.id) }).catch(() => undefined);
    const replies = user.messages().length;
    for (let i = 0; i < 10 && user.messages().length === replies; i++) {
      await w.clock.advance(1_000);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    expect((await user.nextMessage()).text).toContain("You already have 3 requests waiting in line");
    await quiet(w);
    expect((await tx()).errorCount).toBe(0);
    expect((await tx()).nextPollAt).toBe(nextPollAt);
    expect(w.logs.filter((l) => /tracker poll failed/.test(l.msg))).toEqual([]);
  });

  it("a card's Refresh and staff's /lookup do not wait behind a background poll of the same exchange waiting in line", async () => {
    const staffId = 5352;
    const w = (world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "10", SUPPORT_USER_IDS: String(staffId) }));
    const user = w.tg.user({ id: 5351, first_name: "Pia", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    await minutes(w, 3); // the start-up calls have left the window
    await quiet(w);
    // People took 8 of the 10 slots: the background lane must leave the last 2 free, people may use them.
    const inWindow = () => w.app.budget.grantTimes().filter((at) => at > w.clock.now() - 61_000).length;
    while (inWindow() < 8) await w.app.budget.acquire("user");
    /** The tracker's next poll of this exchange is due now and waits in line (about a minute). */
    const backgroundPollWaits = async () => {
      await w.app.tracker.fundsSent(exchangeId);
      await waitFor(async () => (await w.app.budget.stats()).queuedByLane.poll === 1, 5_000, "the background poll to wait in line");
    };

    await backgroundPollWaits();
    const edits = card.edited;
    const polled = polls(w).length;
    const query = await user.click(card, "Refresh");
    await user.callbackAnswer(query);
    // Served with the clock standing still: the person's call does not wait behind the background one.
    await waitFor(() => polls(w).length === polled + 1 && card.edited > edits, 5_000, "the refresh to be answered");
    expect((await w.app.budget.stats()).queuedByLane.poll).toBe(0);

    await backgroundPollWaits();
    const staff = w.tg.user({ id: staffId, first_name: "Sam", language_code: "en" });
    await staff.send(`/lookup ${exchangeId}`);
    const answer = await staff.nextMessage();
    expect(answer.text).toContain(`🔁 Exchange ${exchangeId}`);
    expect(answer.text).not.toContain("Couldn't reach");
    expect(polls(w)).toHaveLength(polled + 2);
    // The background poll left the line for good: no second call for what the person just saw.
    await minutes(w, 1);
    expect(polls(w).filter((p) => p.exchangeId === exchangeId).length).toBeLessThanOrEqual(polled + 3);
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

describe("the tracker never goes silent on an exchange that may hold funds", () => {
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;
  /** What the service answers for an id it does not list (status "Error"). */
  const NOT_FOUND: Fault = { kind: "status", status: 200, body: JSON.stringify({ status: "Error", message: "Transaction not found" }) };

  /** Gaps between the polls of one exchange that reached the sandbox since `since`. */
  function gapsOf(w: TestWorld, exchangeId: string, since: number): number[] {
    const times = polls(w, since)
      .filter((p) => p.exchangeId === exchangeId)
      .map((p) => p.at);
    return times.slice(1).map((at, i) => at - times[i]!);
  }

  it("counts 'not found' apart from other errors: two failed polls and one 'not found' do not stop tracking", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 5801, first_name: "Nia", language_code: "en" });
    const { exchangeId } = await createViaFlow(user);
    const qr = user.lastMessage()!;
    w.app.sandbox!.faults.inject({ kind: "status", status: 502 }, { endpoint: "getTransactionInfo", times: 6 }); // two polls, three attempts each
    w.app.sandbox!.faults.inject(NOT_FOUND, { endpoint: "getTransactionInfo", times: 1 });
    await minutes(w, 15);
    const tx = (await w.app.repos.transactions.find(exchangeId))!;
    expect(tx.status).toBe("finished");
    expect(messagesAfter(user, qr).at(-1)).toContain("Finished");
    expect(messagesAfter(user, qr).filter((text) => text.includes("stopped following"))).toEqual([]);
    expect(tx).toMatchObject({ errorCount: 0, notFoundCount: 0, trackingStoppedAt: null });
  });

  it("tolerates a new exchange the service does not list yet for half an hour, looking again gently", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 5802, first_name: "Oto", language_code: "en" });
    const { exchangeId } = await createViaFlow(user);
    const createdAt = (await w.app.repos.transactions.find(exchangeId))!.createdAt;
    const qr = user.lastMessage()!;
    w.app.sandbox!.faults.inject(NOT_FOUND, { endpoint: "getTransactionInfo", times: 6 });
    await runTracker(w, createdAt + 40 * MINUTE);
    // Six "not found" over 25 minutes, one interval apart, doubling up to 10 minutes; then it is listed.
    // (The poll at creation, for the deposit details, is not the tracker's.)
    expect(
      gapsOf(w, exchangeId, createdAt + 1)
        .slice(0, 6)
        .map((gap) => Math.floor(gap / MINUTE)),
    ).toEqual([1, 2, 4, 8, 10, 10]);
    const tx = (await w.app.repos.transactions.find(exchangeId))!;
    expect(tx.status).toBe("finished");
    expect(tx.trackingStoppedAt).toBeNull();
    expect(messagesAfter(user, qr)).toHaveLength(1);
    expect(messagesAfter(user, qr)[0]).toContain("Finished");
  });

  it("keeps following an expired exchange hourly, and reports a late deposit until it ends", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 5803, first_name: "Pia", language_code: "en" });
    const { exchangeId, card } = await createWaiting(user);
    const createdAt = (await w.app.repos.transactions.find(exchangeId))!.createdAt;
    const qr = user.lastMessage()!;
    await runTracker(w, createdAt + 35 * MINUTE);
    expect(messagesAfter(user, qr)).toHaveLength(1);
    expect(messagesAfter(user, qr)[0]).toContain("Expired");
    expect((await w.app.repos.transactions.find(exchangeId))!.nextPollAt).not.toBeNull();
    expect(card.text).not.toContain("I no longer check");

    await runTracker(w, createdAt + 5 * HOUR);
    const pace = w.app.budget.backgroundPaceMs;
    const hourly = gapsOf(w, exchangeId, createdAt + 31 * MINUTE);
    expect(hourly.length).toBeGreaterThanOrEqual(3);
    expect(hourly.filter((gap) => gap < HOUR || gap > HOUR + pace)).toEqual([]);

    // A deposit after all: the service confirms it, then refunds it.
    w.app.sandbox!.setScenario(exchangeId, "refunded");
    w.app.sandbox!.setTimeline(exchangeId, { waiting: w.clock.now() - createdAt, confirming: 2 * HOUR });
    await runTracker(w, createdAt + 8 * HOUR);
    const said = messagesAfter(user, qr);
    expect(said).toHaveLength(4);
    expect(said[1]).toContain("Confirming your deposit");
    // Two hours confirming a Bitcoin deposit, usually one: explained once (issue 40).
    expect(said[2]).toContain("Taking longer than usual");
    expect(said[3]).toContain("Your deposit was refunded");
    expect((await w.app.repos.transactions.find(exchangeId))!.nextPollAt).toBeNull();
  });

  // Eight simulated days: some 56,000 ticks of the tracker, the flow sweep, the alert checker and
  // the offers' recovery, about 90,000 queries (a quiet pass of the tracker is one). On PostgreSQL
  // each query is a round trip to the server (SQLite's are calls within the process), so this one
  // test needs more time there than the default. The providers are refreshed daily here, not every
  // 5 minutes: 2,300 refreshes of a catalogue this test does not read took a fifth of its time.
  it("follows an exchange in motion hourly for 7 days, then stops and tells the owner once", async () => {
    const w = (world = await startWorld({}, { catalogueRefresh: { providersEveryMs: DAY } }));
    const user = w.tg.user({ id: 5804, first_name: "Quin", language_code: "ru" });
    const { exchangeId, card } = await createViaFlow(user);
    w.app.sandbox!.setTimeline(exchangeId, { confirming: 30 * DAY }); // the deposit is never confirmed
    const createdAt = (await w.app.repos.transactions.find(exchangeId))!.createdAt;
    const qr = user.lastMessage()!;

    await runTracker(w, createdAt + 6 * DAY);
    const tx = (await w.app.repos.transactions.find(exchangeId))!;
    expect(tx.status).toBe("confirming");
    expect(tx.nextPollAt).not.toBeNull();
    // The news, and once, past the usual hour, that it is taking longer than usual (issue 40).
    expect(messagesAfter(user, qr)).toHaveLength(2);
    expect(messagesAfter(user, qr)[1]).toContain("Дольше обычного");
    expect(card.text).toContain("Дольше обычного: «🔎 Депозит подтверждается»");
    // Every minute at first, hourly once stuck for two hours.
    const pace = w.app.budget.backgroundPaceMs;
    expect(gapsOf(w, exchangeId, createdAt + 5 * DAY).filter((gap) => gap < HOUR || gap > HOUR + pace)).toEqual([]);
    expect(gapsOf(w, exchangeId, createdAt).filter((gap) => gap <= MINUTE + pace).length).toBeGreaterThanOrEqual(100);

    await runTracker(w, createdAt + 7 * DAY + 2 * HOUR);
    const stopped = (await w.app.repos.transactions.find(exchangeId))!;
    expect(stopped).toMatchObject({ nextPollAt: null, trackingStoppedReason: "stalled" });
    expect(stopped.trackingStoppedAt! - stopped.statusChangedAt).toBeGreaterThanOrEqual(7 * DAY);
    const said = messagesAfter(user, qr);
    expect(said).toHaveLength(3);
    expect(said[2]).toContain(`⚠️ Я перестал следить за обменом ${exchangeId}: он в статусе «🔎 Депозит подтверждается»`);
    expect(said[2]).toContain(`Ваши средства не пропали оттого, что я перестал следить.`);
    expect(said[2]).toContain(`напишите в поддержку ${stopped.provider} и укажите ID обмена ${exchangeId}`);
    expect(card.text).toContain("Я перестал следить за этим обменом");
    const after = polls(w).length;
    await runTracker(w, createdAt + 8 * DAY);
    expect(polls(w)).toHaveLength(after);
    expect(messagesAfter(user, qr)).toHaveLength(3);
  }, 60_000);

  it("reads a status whatever its case: 'Finished' is finished", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 5805, first_name: "Rae", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    const qr = user.lastMessage()!;
    const live = await w.app.client.getTransaction(exchangeId);
    w.app.sandbox!.faults.inject(
      { kind: "status", status: 200, body: JSON.stringify({ ...live, status: "Finished" }) },
      { endpoint: "getTransactionInfo", times: 1 },
    );
    await minutes(w, 2);
    const said = messagesAfter(user, qr);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^✅ Finished · exchange \S+\nDone: /);
    expect(card.text).toContain("Status: ✅ Finished");
    expect((await w.app.repos.transactions.find(exchangeId))!.nextPollAt).toBeNull();
  });

  it("after an outage in which many status messages failed, sends each within a minute or two of Telegram's return (found by the soak)", async () => {
    const w = (world = await startWorld());
    const people = Array.from({ length: 6 }, (_, i) => w.tg.user({ id: 5830 + i, first_name: `P${i}`, language_code: "en" }));
    const last: StoredMessage[] = [];
    for (const person of people) {
      const { exchangeId } = await createViaFlow(person);
      w.app.sandbox!.setTimeline(exchangeId, { confirming: HOUR });
      last.push(person.lastMessage()!);
    }
    // Telegram away while every exchange moves on: six messages fail, one after the other.
    await w.tg.goOffline();
    await minutes(w, 4);
    expect(people.map((person, i) => messagesAfter(person, last[i]!))).toEqual(people.map(() => []));
    await w.tg.goOnline();
    // Each message waits as long as Telegram had been failing, not a backoff grown by how many failed.
    await minutes(w, 3);
    expect(people.map((person, i) => messagesAfter(person, last[i]!).length)).toEqual(people.map(() => 1));
  });

  it("sends a status message Telegram never got (no connection) once Telegram is back, and only once", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 5806, first_name: "Sol", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    w.app.sandbox!.setTimeline(exchangeId, { confirming: HOUR });
    const qr = user.lastMessage()!;
    await w.tg.goOffline();
    await minutes(w, 3);
    expect((await w.app.repos.transactions.find(exchangeId))!.status).toBe("confirming");
    expect(messagesAfter(user, qr)).toEqual([]);
    await w.tg.goOnline();
    await minutes(w, 2);
    await waitFor(() => messagesAfter(user, qr).length === 1, 5_000, "the status message once Telegram is back");
    expect(messagesAfter(user, qr)[0]).toContain("Confirming your deposit");
    await waitFor(() => card.text?.includes("Status: 🔎 Confirming your deposit"), 5_000, "the card to be brought up to date");
    await minutes(w, 10);
    expect(messagesAfter(user, qr)).toHaveLength(1);
    expect(w.logs.some((l) => /Telegram did not get a status message, which is tried again later/.test(l.msg))).toBe(true);
  });

  it("tries again a status message Telegram answered with a 5xx; drops one it refused with a 400", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 5807, first_name: "Tam", language_code: "en" });
    await createViaFlow(user);
    const qr = user.lastMessage()!;
    w.tg.failNext("sendMessage", { error_code: 502, description: "Bad Gateway" });
    await minutes(w, 3);
    await waitFor(() => messagesAfter(user, qr).length === 1, 5_000, "the status message after a 5xx");
    expect(messagesAfter(user, qr)[0]).toContain("Confirming your deposit");

    w.tg.failNext("sendMessage", { error_code: 400, description: "Bad Request: can't parse entities" });
    await minutes(w, 10);
    const said = messagesAfter(user, qr);
    expect(said.some((text) => text.includes("Exchanging"))).toBe(false);
    expect(said.at(-1)).toContain("Finished");
    const tries = w.tg.callsTo("sendMessage").filter((c) => String((c.payload as { text?: string }).text).includes("Exchanging"));
    expect(tries).toHaveLength(1);
    expect(w.logs.some((l) => l.level >= 50 && /Telegram refused a status message/.test(l.msg))).toBe(true);
  });

  it("does not let a poll cut short by a crash hold the exchange: it is polled promptly after the restart", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 5808, first_name: "Uma", language_code: "en" });
    const { exchangeId } = await createWaiting(user);
    w.app.sandbox!.faults.inject({ kind: "delay", ms: 300 }, { endpoint: "getTransactionInfo", times: 1 });
    await w.clock.advance((await w.app.repos.transactions.find(exchangeId))!.nextPollAt! - w.clock.now());
    // The poll is out and unanswered: what the database holds now is what a SIGKILL would leave.
    await waitFor(
      () => w.app.sandbox!.requests.some((r) => r.endpoint === "getTransactionInfo" && r.status === 0),
      5_000,
      "the poll to reach the service",
    );
    const store = await openTestStore(w);
    // Every column but the key (and PostgreSQL's row id), to be written back as it was.
    const row: Record<string, unknown> = await store.db
      .selectFrom("transactions")
      .selectAll()
      .where("exchange_id", "=", exchangeId)
      .executeTakeFirstOrThrow();
    const { exchange_id: _key, id: _rowId, ...crashed } = row;
    await store.close();
    await w.restart(async () => {
      const again = await openTestStore(w);
      await again.db.updateTable("transactions").set(crashed).where("exchange_id", "=", exchangeId).execute();
      await again.close();
      await w.clock.advance(5_000); // down for a moment
    });
    const back = w.clock.now();
    await runTracker(w, back + MINUTE);
    // Polled at once (at most a budget pace later), not when the dead process's lease ends.
    const after = polls(w, back)
      .filter((p) => p.exchangeId === exchangeId)
      .map((p) => p.at - back);
    expect(after.filter((at) => at <= w.app.budget.backgroundPaceMs)).toHaveLength(1);
    expect((await w.app.repos.transactions.find(exchangeId))!.leasedUntil).toBeNull();
  });
});

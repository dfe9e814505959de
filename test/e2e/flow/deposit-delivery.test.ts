import { afterEach, describe, expect, it } from "vitest";
import type { TransactionRecord } from "../../../src/db/index.js";
import { type StoredMessage, type TestUser, waitFor } from "../../../src/emulator/index.js";
import { openTestStore, startWorld, type TestWorld } from "../../harness/app.js";
import { toSummary } from "../../harness/flow.js";
import { withholdMemo, XRP_SWAP } from "../../harness/withheld-memo.js";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const BTC_SWAP = { from: "btc btc", to: "usdt trx", amount: "0.05", address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj" };

/**
 * The texts of the messages that reached the person with where to send this exchange's deposit,
 * as sent (a card is edited later), counting one whose answer was lost: it arrived.
 */
function depositMessages(w: TestWorld, tx: TransactionRecord): string[] {
  return w.tg
    .callsTo("sendMessage")
    .filter((c) => c.payload.chat_id === tx.chatId && String(c.payload.text).includes(tx.addressFrom!))
    .filter((c) => c.response.ok || c.response.description === "emulator: the answer was lost")
    .map((c) => String(c.payload.text).replace(/<[^>]+>/g, ""));
}

/** Confirms the summary and returns the stored exchange once the deposit details are known. */
async function confirm(w: TestWorld, user: TestUser, summary: StoredMessage): Promise<TransactionRecord> {
  await user.click(summary, /Confirm/);
  const stored = await waitFor(async () => (await w.app.repos.transactions.listByUser(user.id, 1))[0], 5_000, "the exchange to be stored");
  return waitFor(
    async () => {
      const tx = (await w.app.repos.transactions.find(stored.exchangeId))!;
      return tx.addressFrom ? tx : undefined;
    },
    5_000,
    "the deposit details to be read",
  );
}

/**
 * Moves simulated time one step, then gives the bot real time while it has work under way (an
 * update, a poll, owed messages being sent: its calls to Telegram and to the service are loopback
 * I/O), until that work is done or for `patienceMs` at most (a test may hold a call on its way).
 * A step where nothing fell due costs no real time.
 */
async function step(w: TestWorld, stepMs: number, patienceMs = 25): Promise<void> {
  await w.clock.advance(stepMs);
  await w.app.idle();
  for (const until = Date.now() + patienceMs; Date.now() < until && (await working(w)); )
    await new Promise((resolve) => setTimeout(resolve, 2));
}

/** Lets `ms` of simulated time pass in steps. */
async function letTimePass(w: TestWorld, ms: number, stepMs: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += stepMs) await step(w, stepMs);
  await w.app.idle();
}

/**
 * How long a step of stepUntil waits for work under way, in real time. Short enough that work which
 * itself waits on simulated time (a send the outbox holds for Telegram's retry_after) costs little
 * per step: that work reads as under way until the clock moves.
 */
const STEP_PATIENCE_MS = 250;

/**
 * Moves simulated time in steps until `found` gives something, and returns it; fails after
 * `maxMs` of simulated time. Each step waits for the work it set going (STEP_PATIENCE_MS at most): a
 * send that takes real time does not let simulated minutes run past it.
 */
async function stepUntil<T>(
  w: TestWorld,
  found: () => T | Promise<T>,
  what: string,
  { stepMs, maxMs = 30 * 60_000 }: { stepMs: number; maxMs?: number },
): Promise<NonNullable<T>> {
  const deadline = w.clock.now() + maxMs;
  for (;;) {
    const value = await found();
    if (value) return value;
    if (w.clock.now() >= deadline) throw new Error(`${what}: not within ${maxMs} ms of simulated time`);
    await step(w, stepMs, STEP_PATIENCE_MS);
  }
}

/** Owed messages are being sent, or a poll is under way that does not wait for the budget. */
async function working(w: TestWorld): Promise<boolean> {
  const { tracker, budget } = w.app;
  return tracker.sendingOwed() || (tracker.pollsInFlight() > 0 && tracker.pollsInFlight() > (await budget.stats()).queuedByLane.poll);
}

/**
 * A world whose service is slow to give an XRP deposit's memo; a person confirms such a swap and
 * is shown the "not given yet" prompt. Their exchange's id and that prompt.
 */
async function confirmedWithoutMemo(
  id: number,
  name: string,
): Promise<{ w: TestWorld; user: TestUser; waiting: StoredMessage; exchangeId: string }> {
  const w = (world = await startWorld({}, { timeline: { waiting: 3 * 60 * 60_000 } }));
  const user = w.tg.user({ id, first_name: name, language_code: "en" });
  const summary = await toSummary(user, XRP_SWAP);
  withholdMemo(w, 1_000);
  await user.click(summary, /Confirm/);
  const waiting = await user.nextMessage();
  const exchangeId = (await w.app.repos.transactions.listByUser(id, 1))[0]!.exchangeId;
  return { w, user, waiting, exchangeId };
}

describe("deposit details after Confirm", () => {
  it("reach the person exactly once, within a minute of Telegram working again, after an outage (one 429, then 5xx for ten seconds)", async () => {
    world = await startWorld({}, { timeline: { waiting: 20 * 60_000 } });
    const user = world.tg.user({ id: 9201, first_name: "Ada", language_code: "en" });
    const summary = await toSummary(user, XRP_SWAP);
    const outageEnds = world.clock.now() + 10_000;
    world.tg.failNext("sendMessage", { error_code: 429, retry_after: 1 });
    world.tg.outage(outageEnds, { error_code: 502, description: "Bad Gateway" });
    const tx = await confirm(world, user, summary);
    expect(tx.extraFrom).toBeTruthy();

    const shown = await stepUntil(world, () => depositMessages(world!, tx)[0], "the deposit details", { stepMs: 1_000, maxMs: 5 * 60_000 });
    expect(world.clock.now()).toBeLessThanOrEqual(outageEnds + 60_000);
    expect(shown).toContain(tx.exchangeId);
    expect(shown).toContain("Send exactly 100 XRP");
    expect(shown).toContain(`Include this memo, or your deposit can be lost: ${tx.extraFrom}`);
    // A while later: still exactly one message with the address.
    await letTimePass(world, 10 * 60_000, 5_000);
    await world.app.idle();
    expect(depositMessages(world!, tx)).toHaveLength(1);
  });

  it("reach the person after half a minute of a proxy's HTML 502 pages right after Confirm (each failure unsure), marked as a possible repeat", async () => {
    world = await startWorld({}, { timeline: { waiting: 20 * 60_000 } });
    const user = world.tg.user({ id: 9208, first_name: "Ed", language_code: "en" });
    const summary = await toSummary(user, XRP_SWAP);
    const outageEnds = world.clock.now() + 30_000;
    world.tg.outage(outageEnds, { error_code: 502, html: true });
    const tx = await confirm(world, user, summary);

    const shown = await stepUntil(world, () => depositMessages(world!, tx)[0], "the deposit details", { stepMs: 1_000, maxMs: 5 * 60_000 });
    expect(world.clock.now()).toBeLessThanOrEqual(outageEnds + 60_000);
    expect(shown).toContain(tx.exchangeId);
    expect(shown).toContain("Send exactly 100 XRP");
    expect(shown).toContain(`Include this memo, or your deposit can be lost: ${tx.extraFrom}`);
    // Telegram never took the unsure sends, so the person sees it once; it says it may repeat one.
    expect(shown).toContain("in case the previous message did not arrive");
    await letTimePass(world, 10 * 60_000, 5_000);
    await world.app.idle();
    expect(depositMessages(world!, tx)).toHaveLength(1);
  });

  it("a creation card whose answer was lost is not sent blindly again: once more, said to be a repeat, and nothing is lost", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9202, first_name: "Bo", language_code: "en" });
    const summary = await toSummary(user, BTC_SWAP);
    // The card arrives, but the bot never hears so (the answer is lost on the way back).
    world.tg.loseAnswerNext("sendMessage");
    const tx = await confirm(world, user, summary);
    await stepUntil(world, () => depositMessages(world!, tx).length >= 2 || undefined, "the card to be repeated", {
      stepMs: 1_000,
      maxMs: 3 * 60_000,
    });
    await letTimePass(world, 10 * 60_000, 5_000);
    await world.app.idle();
    const shown = depositMessages(world!, tx);
    // The one that arrived, and one repeat that says so (not three blind copies).
    expect(shown).toHaveLength(2);
    expect(shown[1]!).toContain("in case the previous message did not arrive");
    // The QR picture of an unsure card is not sent: the card carries the same address.
    expect(user.messages().filter((m) => m.photo)).toHaveLength(0);
  });

  it("the flow and the tracker never both show the card, even when news comes while the flow is still reading the deposit", async () => {
    world = await startWorld({}, { timeline: { waiting: 1_000 } });
    const user = world.tg.user({ id: 9203, first_name: "Cy", language_code: "en" });
    const summary = await toSummary(user, BTC_SWAP);
    // The flow's deposit read is slow; meanwhile the tracker polls and sees news.
    world.app.sandbox!.faults.inject({ kind: "delay", ms: 1_500 }, { endpoint: "getTransactionInfo" });
    await user.click(summary, /Confirm/);
    const stored = await waitFor(
      async () => (await world!.app.repos.transactions.listByUser(9203, 1))[0],
      5_000,
      "the exchange to be stored",
    );
    await world.clock.advance(61_000);
    await world.app.tracker.refresh(stored.exchangeId);
    await world.app.idle();
    await letTimePass(world, 10 * 60_000, 5_000);
    await world.app.idle();
    const tx = (await world.app.repos.transactions.find(stored.exchangeId))!;
    const cards = world.tg
      .callsTo("sendMessage")
      .filter(
        (c) => c.response.ok && c.payload.chat_id === tx.chatId && String(c.payload.text).includes(`Exchange <code>${tx.exchangeId}`),
      );
    expect(cards).toHaveLength(1);
    // The deposit had arrived by the time the card was shown: it shows the status, never where to send.
    expect(depositMessages(world, tx)).toEqual([]);
  });

  it("after Leave, the deposit details still come when Telegram fails the moment they are learned, and the waiting card that cannot be edited does not stop them: they come as a new message", async () => {
    world = await startWorld({}, { timeline: { waiting: 20 * 60_000 } });
    const user = world.tg.user({ id: 9204, first_name: "Di", language_code: "en" });
    const summary = await toSummary(user, XRP_SWAP);
    withholdMemo(world, 1);
    await user.click(summary, /Confirm/);
    const waiting = await user.nextMessage();
    expect(waiting.text).toContain("has not given the deposit memo yet");
    await user.click(waiting, "Leave");
    await world.app.idle();
    // The tracker learns the memo while Telegram fails its send, and the waiting card cannot be edited.
    world.tg.failNext("sendMessage", { error_code: 502, description: "Bad Gateway" });
    world.tg.failNext("editMessageText", { error_code: 400, description: "Bad Request: message can't be edited" }, 5);
    const tx = await stepUntil(
      world,
      async () => {
        const found = (await world!.app.repos.transactions.find((await world!.app.repos.transactions.listByUser(9204, 1))[0]!.exchangeId))!;
        return found.extraFrom ? found : undefined;
      },
      "the tracker to learn the memo",
      { stepMs: 5_000 },
    );
    const ready = await stepUntil(world, () => depositMessages(world!, tx)[0], "the deposit details", { stepMs: 5_000, maxMs: 5 * 60_000 });
    expect(ready).toContain(`Include this memo, or your deposit can be lost: ${tx.extraFrom}`);
    await letTimePass(world, 10 * 60_000, 5_000);
    await world.app.idle();
    expect(depositMessages(world!, tx)).toHaveLength(1);
  });

  it("a Try again that learns the deposit after the tracker showed the card without it (after a restart): the details still come, exactly once, even when Telegram fails the first sends", async () => {
    world = await startWorld({}, { timeline: { waiting: 20 * 60_000 } });
    const user = world.tg.user({ id: 9205, first_name: "Ed", language_code: "en" });
    const summary = await toSummary(user, XRP_SWAP);
    withholdMemo(world, 1_000);
    await user.click(summary, /Confirm/);
    const waiting = await user.nextMessage();
    expect(waiting.text).toContain("has not given the deposit memo yet");
    const id = (await world.app.repos.transactions.listByUser(9205, 1))[0]!.exchangeId;
    // A restart: the card the flow had not shown is the tracker's now, and it shows it without the memo.
    await world.restart();
    await stepUntil(
      world,
      async () =>
        ((await world!.app.repos.transactions.find(id))!.cardClaim === "tracker" &&
          (await world!.app.repos.transactions.find(id))!.cardMessageId) ||
        undefined,
      "the tracker's card",
      { stepMs: 5_000, maxMs: 10 * 60_000 },
    );

    // The service gives the memo; the person taps Try again on the old prompt, and Telegram fails a few sends.
    world.app.sandbox!.faults.clear();
    world.tg.failNext("sendMessage", { error_code: 502, description: "Bad Gateway" }, 3);
    await user.click(waiting, "Try again");
    const tx = await waitFor(
      async () => ((await world!.app.repos.transactions.find(id))!.extraFrom ? await world!.app.repos.transactions.find(id) : undefined),
      5_000,
      "the memo",
    );
    const withMemo = () => depositMessages(world!, tx).filter((text) => text.includes(tx.extraFrom!));
    await stepUntil(world, () => withMemo()[0], "the deposit details", { stepMs: 5_000, maxMs: 2 * 60_000 });
    await letTimePass(world, 10 * 60_000, 5_000);
    expect(withMemo()).toHaveLength(1);
    // The tracker's card no longer says the memo is missing.
    const cardMessageId = (await world.app.repos.transactions.find(id))!.cardMessageId;
    const card = world.tg.messages(9205).find((m) => m.message_id === cardMessageId)!;
    expect(card.text).toContain(tx.extraFrom!);
  });

  it("a person who leaves the 'not given yet' prompt another way (/cancel) still gets the deposit details when the service gives them, exactly once", async () => {
    const { w, user, waiting, exchangeId: id } = await confirmedWithoutMemo(9207, "Gus");
    expect(waiting.text).toContain("has not given the deposit memo yet");
    // Not Leave: the flow ends without handing its prompt to the tracker.
    await user.send("/cancel");
    await user.nextMessage();
    await letTimePass(w, 5 * 60_000, 5_000);
    // The service gives the memo; the tracker's next looks find it.
    w.app.sandbox!.faults.clear();
    await letTimePass(w, 60 * 60_000, 10_000);
    const tx = (await w.app.repos.transactions.find(id))!;
    expect(tx.extraFrom).toBeTruthy();
    const withMemo = depositMessages(w, tx).filter((text) => text.includes(tx.extraFrom!));
    expect(withMemo).toHaveLength(1);
  });

  it("a person who leaves the 'not given yet' prompt by /cancel gets the deposit details as soon as the tracker learns them, not half an hour later", async () => {
    const { w, user, exchangeId: id } = await confirmedWithoutMemo(9208, "Hal");
    await user.send("/cancel");
    await user.nextMessage();
    w.app.sandbox!.faults.clear();
    // The tracker's looks at a new exchange come every few minutes: ten are enough, the hold's 35 are not needed.
    await letTimePass(w, 10 * 60_000, 5_000);
    const tx = (await w.app.repos.transactions.find(id))!;
    expect(tx.extraFrom).toBeTruthy();
    const withMemo = depositMessages(w, tx).filter((text) => text.includes(tx.extraFrom!));
    expect(withMemo).toHaveLength(1);
    expect(withMemo[0]).not.toContain("Sent again");
  });

  it("the deposit details a poll learns while the tracker's card (drawn without them) is on its way still come, once", async () => {
    const { w, user, exchangeId: id } = await confirmedWithoutMemo(9210, "Ivy");
    // The reply to /cancel goes by; the card the tracker then sends, without the memo, is held on its way.
    const reply = w.tg.holdNext("sendMessage", user.id);
    const card = w.tg.holdNext("sendMessage", user.id);
    await user.send("/cancel");
    await reply.arrived;
    reply.release();
    await card.arrived;
    // Meanwhile the service gives the memo, and a poll learns it: no card shown yet, so it says nothing.
    w.app.sandbox!.faults.clear();
    await letTimePass(w, 3 * 60_000, 5_000);
    const learned = (await w.app.repos.transactions.find(id))!;
    expect(learned.extraFrom).toBeTruthy();
    expect(learned.cardMessageId).toBeNull();
    card.release();
    await waitFor(
      async () => (await w.app.repos.transactions.find(id))!.cardMessageId !== null || undefined,
      5_000,
      "the card to be shown",
    );
    await letTimePass(w, 60_000, 5_000);
    const withMemo = depositMessages(w, learned).filter((text) => text.includes(learned.extraFrom!));
    expect(withMemo).toHaveLength(1);
  });

  it("a card the tracker was sending when the process died is owed again after the restart, marked as a possible repeat", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9209, first_name: "Ike", language_code: "en" });
    const summary = await toSummary(user, BTC_SWAP);
    world.tg.outage(world.clock.now() + 60_000, { error_code: 502, description: "Bad Gateway" });
    await user.click(summary, /Confirm/);
    const id = await waitFor(async () => (await world!.app.repos.transactions.listByUser(9209, 1))[0]?.exchangeId, 5_000, "the exchange");
    await stepUntil(
      world,
      async () => ((await world!.app.repos.transactions.find(id))!.cardDueAt !== null ? true : undefined),
      "the card to be owed",
      { stepMs: 1_000, maxMs: 60_000 },
    );
    // The process dies while the tracker sends the card: taken, never recorded as shown.
    await world.restart(async () => {
      const store = await openTestStore(world!);
      // What takeOwedCard writes before the send goes out.
      await store.db
        .updateTable("transactions")
        .set({ card_due_at: null, card_claim: "tracker" })
        .where("exchange_id", "=", id)
        .where("card_message_id", "is", null)
        .execute();
      await store.close();
    });
    await letTimePass(world, 10 * 60_000, 5_000);
    const tx = (await world.app.repos.transactions.find(id))!;
    const cards = depositMessages(world, tx);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toContain("Sent again");
  });

  it("a card still owed when the bot learns the deposit arrived shows the status, never where to send", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9210, first_name: "Jo", language_code: "en" });
    const summary = await toSummary(user, BTC_SWAP);
    // Telegram takes nothing for two minutes: neither the flow nor the tracker can show the card.
    world.tg.outage(world.clock.now() + 120_000, { error_code: 502, description: "Bad Gateway" });
    await user.click(summary, /Confirm/);
    const id = await waitFor(async () => (await world!.app.repos.transactions.listByUser(9210, 1))[0]?.exchangeId, 5_000, "the exchange");
    // Meanwhile the deposit arrives, and the tracker's poll learns it.
    world.app.sandbox!.setTimeline(id, { confirming: 60 * 60_000 });
    world.app.sandbox!.steer(id, "deposit-arrived");
    await stepUntil(
      world,
      async () => ((await world!.app.repos.transactions.find(id))!.status === "confirming" ? true : undefined),
      "the poll",
      { stepMs: 1_000, maxMs: 5 * 60_000 },
    );
    await letTimePass(world, 5 * 60_000, 5_000);
    const tx = (await world.app.repos.transactions.find(id))!;
    expect(depositMessages(world, tx)).toEqual([]);
    const cards = world.tg
      .callsTo("sendMessage")
      .filter((c) => c.response.ok && c.payload.chat_id === tx.chatId && String(c.payload.text).includes(`Exchange <code>${id}`));
    expect(cards).toHaveLength(1);
    expect(String(cards[0]!.payload.text)).toContain("Confirming your deposit");
    expect(tx.cardMessageId).not.toBeNull();
  });

  it("a Try again after a restart, before the tracker showed the card it took over: one card, not one from each", async () => {
    world = await startWorld({}, { timeline: { waiting: 20 * 60_000 } });
    const user = world.tg.user({ id: 9206, first_name: "Flo", language_code: "en" });
    const summary = await toSummary(user, XRP_SWAP);
    withholdMemo(world, 1_000);
    await user.click(summary, /Confirm/);
    const waiting = await user.nextMessage();
    const id = (await world.app.repos.transactions.listByUser(9206, 1))[0]!.exchangeId;
    await world.restart();
    world.app.sandbox!.faults.clear();
    await user.click(waiting, "Try again");
    const tx = await waitFor(
      async () => ((await world!.app.repos.transactions.find(id))!.extraFrom ? await world!.app.repos.transactions.find(id) : undefined),
      5_000,
      "the memo",
    );
    await stepUntil(world, () => depositMessages(world!, tx)[0], "the deposit details", { stepMs: 5_000, maxMs: 2 * 60_000 });
    await letTimePass(world, 10 * 60_000, 5_000);
    expect(depositMessages(world, tx)).toHaveLength(1);
  });
});

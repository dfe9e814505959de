/**
 * Issue 38: a quote is asked once, whichever process holds the chat. Two processes of the bot on
 * one database (the suite's back end, TEST_DATABASE), each with its own offers delivery and its
 * registry of running processes (src/cluster/): the ticket is written before the call and its
 * answer as soon as it comes; the process that takes the chat reuses that answer, or waits while
 * the one asking runs, and asks again only once that one is counted gone. (Through real
 * processes, one paused mid-quote: test/fleet/quote-once.test.ts.)
 */
import { afterEach, describe, expect, it } from "vitest";
import { BackgroundTasks } from "../../../../src/bot/background.js";
import type { QuoteOutcome } from "../../../../src/bot/conversations/offers.js";
import { OffersDelivery, type OffersJob } from "../../../../src/bot/conversations/offers-delivery.js";
import { offersKey, type Ticket } from "../../../../src/bot/conversations/offers-ticket.js";
import { toRecord } from "../../../../src/bot/conversations/slim-record.js";
import { systemClock } from "../../../../src/clock.js";
import { InstanceRegistry } from "../../../../src/cluster/index.js";
import { waitFor } from "../../../../src/emulator/index.js";
import { captureLogs } from "../../../harness/drive.js";
import { offer, offered } from "../../../harness/quotes.js";
import { currency } from "../../../harness/step.js";
import { freshRepositoriesEachTest } from "../../../harness/store.js";

const db = freshRepositoriesEachTest(systemClock);
const CHAT = 7;
/** The offers step's quote, asked at step 3 of flow f1 before its prompt (withoutWaiting). */
const ASKED = {
  flowId: "f1",
  step: 3,
  ask: 3,
  userId: CHAT,
  swap: { from: toRecord(currency("btc")), to: toRecord(currency("usdt", "trx")), amount: "0.05" },
};
/** Its delivery to the "getting offers" message (#40) after the prompt (step 4), going on with the same quote. */
const DELIVERED = { ...ASKED, step: 4, about: { messageId: 40, fresh: false, purpose: "offers" as const } };
const answerOf = (provider: string): QuoteOutcome => offered([offer({ provider_name: provider })], 1_000);
const nothingCached = () => undefined;

/** A call to the service that answers when the test says so. */
function heldCall() {
  let answer!: (outcome: QuoteOutcome) => void;
  const answered = new Promise<QuoteOutcome>((resolve) => (answer = resolve));
  const call = { made: 0, ask: () => (call.made++, answered), answer };
  return call;
}

const stopping: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stopping.splice(0)) await stop();
});

/**
 * A process of the bot on the test's database: its delivery, its tasks in the background, and
 * whether it says it runs. `graceMs`: how long its handler waits for a quote before it lets the chat go.
 */
function processOf(owner: string, graceMs = 300) {
  const repos = db.as(owner);
  const { logger } = captureLogs();
  const registry = new InstanceRegistry({ instances: repos.instances, owner, logger, onCount: () => {} });
  const background = new BackgroundTasks(logger);
  const offers = new OffersDelivery({
    kv: repos.kv,
    background,
    logger,
    clock: systemClock,
    owner,
    isRunning: (other) => registry.isRunning(other),
    graceMs,
    pollMs: 20,
  });
  let running = false;
  stopping.push(async () => {
    if (running) await registry.stop();
    await background.idle();
  });
  /** A delivery's screens, as shown; its own calls to the service. */
  const shown: QuoteOutcome[] = [];
  const job = (call: { ask: () => Promise<QuoteOutcome> }): OffersJob => ({
    fetch: () => call.ask(),
    showQueued: async () => {},
    showOutcome: async (outcome) => void shown.push(outcome),
  });
  return {
    offers,
    background,
    shown,
    job,
    /** Says it runs, as every process does every few seconds. */
    run: async () => {
      await registry.start();
      running = true;
    },
    /** Killed: counted gone at once (a real one is within three beats). */
    gone: async () => {
      await registry.stop();
      running = false;
    },
  };
}

const stored = () => db.repos.kv.getStored<Ticket>(offersKey(CHAT));

describe("the offers' ticket: a quote asked once across processes", () => {
  it("is written before the call, its answer as soon as it comes: a process that takes the chat reuses it, asking nothing", async () => {
    const a = processOf("host:1:a");
    await a.run();
    const first = heldCall();
    const asking = a.offers.withoutWaiting(CHAT, ASKED, first.ask, nothingCached);
    await waitFor(() => first.made === 1 || undefined, 5_000, "the call");
    // Before the answer: the ticket says who asks.
    expect(await stored()).toMatchObject({ flowId: "f1", ask: 3, owner: "host:1:a" });
    expect((await stored())?.outcome).toBeUndefined();
    first.answer(answerOf("Changelly"));
    expect(await asking).toEqual(answerOf("Changelly"));
    expect((await stored())?.outcome).toEqual(answerOf("Changelly"));

    // a lost the chat before its flow was saved: b handles the update again, a running or not.
    const b = processOf("host:2:b");
    const second = heldCall();
    expect(await b.offers.withoutWaiting(CHAT, ASKED, second.ask, nothingCached)).toEqual(answerOf("Changelly"));
    await a.gone();
    expect(await b.offers.withoutWaiting(CHAT, ASKED, second.ask, nothingCached)).toEqual(answerOf("Changelly"));
    expect(second.made).toBe(0);
  });

  it("waits while the process asking runs: past the grace, the delivery waits on and shows its answer; the service asked once", async () => {
    const a = processOf("host:1:a");
    await a.run();
    const first = heldCall();
    // a asks, and is paused with its call on its way (its handler let the chat go after its grace).
    expect(await a.offers.withoutWaiting(CHAT, ASKED, first.ask, nothingCached)).toBeNull();
    const b = processOf("host:2:b");
    const second = heldCall();
    // b takes the chat: a runs, its answer is awaited for the grace, then the flow shows "getting offers"…
    expect(await b.offers.withoutWaiting(CHAT, ASKED, second.ask, nothingCached)).toBeNull();
    // …whose delivery goes on waiting for a's answer, outside the chat.
    await b.offers.start(CHAT, DELIVERED, b.job(second));
    expect(await stored()).toMatchObject({ step: 4, owner: "host:1:a", about: { messageId: 40 } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(b.shown).toEqual([]);

    // a wakes, and its answer comes: written into the ticket, and shown on b's message by b.
    first.answer(answerOf("Exolix"));
    await waitFor(() => b.shown.length > 0 || undefined, 5_000, "the offers shown");
    await b.background.idle();
    expect(b.shown).toEqual([answerOf("Exolix")]);
    expect((await stored())?.outcome).toEqual(answerOf("Exolix"));
    expect([first.made, second.made]).toEqual([1, 0]);
  });

  it("takes the answer of the process asking when it comes within the grace", async () => {
    const a = processOf("host:1:a");
    await a.run();
    const first = heldCall();
    expect(await a.offers.withoutWaiting(CHAT, ASKED, first.ask, nothingCached)).toBeNull();
    const b = processOf("host:2:b", 10_000);
    const second = heldCall();
    const taking = b.offers.withoutWaiting(CHAT, ASKED, second.ask, nothingCached);
    first.answer(answerOf("Exolix"));
    expect(await taking).toEqual(answerOf("Exolix"));
    expect(second.made).toBe(0);
  });

  it("asks again once the process asking is counted gone: once, and its late answer is not written over the new one", async () => {
    const a = processOf("host:1:a");
    await a.run();
    const first = heldCall();
    expect(await a.offers.withoutWaiting(CHAT, ASKED, first.ask, nothingCached)).toBeNull();
    await a.gone();

    const b = processOf("host:2:b");
    await b.run();
    const second = heldCall();
    const taking = b.offers.withoutWaiting(CHAT, ASKED, second.ask, nothingCached);
    await waitFor(() => second.made === 1 || undefined, 5_000, "b's call");
    expect(await stored()).toMatchObject({ ask: 3, owner: "host:2:b" });
    second.answer(answerOf("Changelly"));
    expect(await taking).toEqual(answerOf("Changelly"));

    // a was not dead after all: its answer comes late, and is not b's to replace.
    first.answer(answerOf("Exolix"));
    await a.background.idle();
    expect((await stored())?.outcome).toEqual(answerOf("Changelly"));
    expect([first.made, second.made]).toEqual([1, 1]);
  });

  it("a delivery waiting on a process that is then counted gone asks itself, once, and shows it", async () => {
    const a = processOf("host:1:a");
    await a.run();
    const first = heldCall();
    expect(await a.offers.withoutWaiting(CHAT, ASKED, first.ask, nothingCached)).toBeNull();
    const b = processOf("host:2:b");
    await b.run();
    const second = heldCall();
    expect(await b.offers.withoutWaiting(CHAT, ASKED, second.ask, nothingCached)).toBeNull();
    await b.offers.start(CHAT, DELIVERED, b.job(second));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(second.made).toBe(0);

    await a.gone();
    await waitFor(() => second.made === 1 || undefined, 5_000, "b's call once a is gone");
    second.answer(answerOf("Changelly"));
    await waitFor(() => b.shown.length > 0 || undefined, 5_000, "the offers shown");
    first.answer(answerOf("Exolix"));
    await a.background.idle();
    await b.background.idle();
    expect(b.shown).toEqual([answerOf("Changelly")]);
    expect((await stored())?.outcome).toEqual(answerOf("Changelly"));
    expect([first.made, second.made]).toEqual([1, 1]);
  });
});

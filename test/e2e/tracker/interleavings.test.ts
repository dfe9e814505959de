import { afterEach, describe, expect, it } from "vitest";
import { type StoredMessage, type TestUser, waitFor } from "../../../src/emulator/index.js";
import { openTestStore, startWorld, type TestWorld } from "../../harness/app.js";
import { createViaFlow, toSummary } from "../../harness/flow.js";

/*
 * Reviewer's tests of interleavings the async data layer made possible. They do not change what
 * any query does: they only hold one side at a point where, with a database call between, the
 * event loop may run the other side (as it does under load, or with PostgreSQL's pool).
 */

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const MINUTE = 60_000;

/** Lets simulated minutes pass in steps, giving loopback I/O real time in between. */
async function minutes(w: TestWorld, count: number): Promise<void> {
  for (let i = 0; i < count * 4; i++) {
    await w.clock.advance(15_000);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  await w.app.idle();
}

function messagesAfter(user: TestUser, after: StoredMessage): string[] {
  return user
    .messages()
    .filter((m) => m.from_bot && m.message_id > after.message_id)
    .map((m) => m.text ?? m.caption ?? "");
}

/** A promise and the function that resolves it. */
function signal(): { promise: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
}

describe("review: interleavings across awaits", () => {
  it("a background poll's lease, taken after a person's look rescheduled the exchange, does not strand it for 10 minutes", async () => {
    world = await startWorld();
    const w = world;
    const user = w.tg.user({ id: 9101, first_name: "Rae", language_code: "en" });
    const { exchangeId } = await createViaFlow(user);
    w.app.sandbox!.setScenario(exchangeId, "finished"); // waiting 2 min, then confirming
    const qr = user.lastMessage()!;

    // The tracker's pass reads the due list, then leases each one (one query each). In between, a
    // person's Refresh of the same exchange records what it saw and sets the next poll, and its
    // poll is still finishing (its card edit) when the lease lands.
    const lease = w.app.repos.schedule.lease.bind(w.app.repos.schedule);
    const schedule = w.app.repos.schedule.scheduleNextPoll.bind(w.app.repos.schedule);
    const scheduled = signal();
    const leased = signal();
    let injected = false;
    let look: Promise<unknown> | undefined;
    w.app.repos.schedule.scheduleNextPoll = async (...args) => {
      const row = await schedule(...args);
      if (injected && args[0] === exchangeId) {
        scheduled.fire();
        await leased.promise;
      }
      return row;
    };
    w.app.repos.schedule.lease = async (id, until, ...rest) => {
      if (!injected && id === exchangeId) {
        injected = true;
        look = w.app.tracker.refresh(exchangeId);
        await scheduled.promise;
        const took = await lease(id, until, ...rest);
        leased.fire();
        return took;
      }
      return lease(id, until, ...rest);
    };

    // The first poll is due a minute after creation: the pass above happens then.
    await w.clock.advance(MINUTE);
    await waitFor(() => look !== undefined, 5_000, "the tracker's pass to lease the exchange");
    await look;
    await w.app.idle();
    await waitFor(() => w.app.tracker.pollsInFlight() === 0, 5_000, "the polls to end");

    // No poll runs, so no lease may be left; the next look is the one the person's look set.
    const tx = (await w.app.repos.transactions.find(exchangeId))!;
    expect.soft(tx.leasedUntil).toBeNull();
    expect.soft(tx.nextPollAt! - w.clock.now()).toBeLessThanOrEqual(5 * MINUTE);

    // What the person sees: the deposit confirmed (at 2 min) is announced within a few minutes,
    // not after the 10-minute lease runs out.
    await minutes(w, 4);
    expect(messagesAfter(user, qr).some((text) => text.includes("Confirming your deposit"))).toBe(true);
  });

  it("the tracker's card, owed from a row read before the flow claimed the card, is not shown as well as the flow's", async () => {
    world = await startWorld();
    const w = world;
    const user = w.tg.user({ id: 9102, first_name: "Sol", language_code: "en" });
    const claimCard = w.app.repos.cards.claimCard.bind(w.app.repos.cards);
    const schedule = w.app.repos.schedule.scheduleNextPoll.bind(w.app.repos.schedule);
    const markCardSending = w.app.repos.cards.markCardSending.bind(w.app.repos.cards);
    const trackerRead = signal();
    const flowRead = signal();
    let exchangeId: string | undefined;
    let flowClaimed = false;

    // The flow is about to claim the card (it read the deposit) as the tracker's first poll
    // brings news. The tracker has read the row (nobody holds the card) and is about to owe the
    // card; the flow's claim and its read of the row land in between, as they may whenever the
    // tracker's next query waits (a pool's connection, a busy event loop).
    w.app.repos.cards.claimCard = async (id, by) => {
      if (by === "flow" && !flowClaimed) {
        exchangeId = id;
        await trackerRead.promise;
        flowClaimed = true;
      }
      return claimCard(id, by);
    };
    w.app.repos.schedule.scheduleNextPoll = async (...args) => {
      const row = await schedule(...args);
      if (args[0] === exchangeId && !flowClaimed) {
        trackerRead.fire();
        await flowRead.promise;
      }
      return row;
    };
    w.app.repos.cards.markCardSending = async (id) => {
      const sending = await markCardSending(id);
      flowRead.fire();
      // The flow's send goes out once the tracker's poll has done what it does.
      await waitFor(() => w.app.tracker.pollsInFlight() === 0, 5_000, "the tracker's poll to end");
      return sending;
    };

    const summary = await toSummary(user, {
      from: "btc btc",
      to: "usdt trx",
      amount: "0.05",
      address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    });
    await user.click(summary, /^✅/);
    await waitFor(() => exchangeId !== undefined, 5_000, "the flow to claim the card");
    // The deposit arrives: the first poll (a minute after creation) has news.
    w.app.sandbox!.steer(exchangeId!, "deposit-arrived");
    await w.clock.advance(MINUTE);
    await waitFor(() => flowClaimed, 5_000, "the tracker's first poll");
    // The flow's card: the status (the deposit arrived before it was shown), no QR code.
    await waitFor(() => user.messages().some((m) => m.from_bot && /🔁 Exchange/.test(m.text ?? "")), 5_000, "the flow's card");
    await w.app.idle();
    await waitFor(() => w.app.tracker.pollsInFlight() === 0, 5_000, "the polls to end");

    const cards = w.tg
      .callsTo("sendMessage")
      .map((call) => call.payload as { chat_id: number; text: string })
      .filter((payload) => payload.chat_id === 9102 && payload.text.includes("Exchange <code>"));
    expect(cards).toHaveLength(1);
    expect(user.messages().some((m) => m.from_bot && m.photo !== undefined)).toBe(false);
  });

  it('"I have sent the funds", pressed while a poll\'s observation is being saved, still brings the next look forward', async () => {
    world = await startWorld();
    const w = world;
    const user = w.tg.user({ id: 9103, first_name: "Tam", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    w.app.sandbox!.setScenario(exchangeId, "overdue"); // still waiting for the deposit
    // An exchange created 13 hours ago: a waiting one is looked at every 30 minutes by now.
    const store = await openTestStore(w);
    await store.db
      .updateTable("transactions")
      .set((eb) => ({ created_at: eb("created_at", "-", 13 * 60 * MINUTE) }))
      .where("exchange_id", "=", exchangeId)
      .execute();
    await store.close();

    // The person presses the button while the poll's observation is saved and before its next
    // look is set: one query apart, as an update handled meanwhile may well be.
    const record = w.app.repos.schedule.recordObservation.bind(w.app.repos.schedule);
    let pressed = false;
    w.app.repos.schedule.recordObservation = async (...args) => {
      const recorded = await record(...args);
      if (!pressed && args[0] === exchangeId) {
        pressed = true;
        await user.callbackAnswer(await user.click(card, "I have sent the funds"));
        await waitFor(
          async () => (await w.app.repos.transactions.find(exchangeId))!.fundsSentAt !== null,
          5_000,
          "the press to be recorded",
        );
      }
      return recorded;
    };
    await w.clock.advance(MINUTE);
    await waitFor(() => pressed, 5_000, "the first poll");
    await w.app.idle();
    await waitFor(() => w.app.tracker.pollsInFlight() === 0, 5_000, "the poll to end");

    const tx = (await w.app.repos.transactions.find(exchangeId))!;
    expect(tx.fundsSentAt).not.toBeNull();
    expect.soft(tx.pollRank).toBe(0); // POLL_RANK.fundsSent
    expect(tx.nextPollAt! - w.clock.now()).toBeLessThanOrEqual(MINUTE);
  });
});

describe("review: the same interleavings, elsewhere", () => {
  it("a lease taken after a person's look stopped following a stalled exchange does not follow it again, nor say twice that it stopped", async () => {
    world = await startWorld();
    const w = world;
    const user = w.tg.user({ id: 9104, first_name: "Uma", language_code: "en" });
    const { exchangeId } = await createViaFlow(user);
    const qr = user.lastMessage()!;
    // Waiting, unchanged for 49 hours: the next look gives up on it (WAITING_STALL_MS) and says so.
    const store = await openTestStore(w);
    await store.db
      .updateTable("transactions")
      .set((eb) => ({ status_changed_at: eb("status_changed_at", "-", 49 * 60 * MINUTE) }))
      .where("exchange_id", "=", exchangeId)
      .execute();
    await store.close();

    // The tracker's pass has read the due list; before it leases the exchange, the person's
    // Refresh looks, sees it stalled, stops following it and tells them.
    const lease = w.app.repos.schedule.lease.bind(w.app.repos.schedule);
    let looked = false;
    w.app.repos.schedule.lease = async (id, until, ...rest) => {
      if (!looked && id === exchangeId) {
        looked = true;
        await w.app.tracker.refresh(exchangeId);
      }
      return lease(id, until, ...rest);
    };
    await w.clock.advance(MINUTE);
    await waitFor(() => looked, 5_000, "the tracker's pass to lease the exchange");
    await minutes(w, 15);
    await waitFor(() => w.app.tracker.pollsInFlight() === 0, 5_000, "the polls to end");

    const tx = (await w.app.repos.transactions.find(exchangeId))!;
    expect.soft(tx.nextPollAt).toBeNull();
    expect.soft(tx.leasedUntil).toBeNull();
    expect(messagesAfter(user, qr).filter((text) => text.includes("I stopped following exchange"))).toHaveLength(1);
  });

  it('"I have sent the funds", pressed while a failed poll\'s error is being counted, still moves the exchange first in line', async () => {
    world = await startWorld();
    const w = world;
    const user = w.tg.user({ id: 9105, first_name: "Vic", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    // The service fails the first poll (each of its three attempts).
    w.app.sandbox!.faults.inject({ kind: "status", status: 500 }, { endpoint: "getTransactionInfo", times: 3 });

    // The person presses the button as the failure is counted, before the next look is set.
    const count = w.app.repos.schedule.recordPollError.bind(w.app.repos.schedule);
    let pressed = false;
    w.app.repos.schedule.recordPollError = async (id) => {
      const counted = await count(id);
      if (!pressed && id === exchangeId) {
        pressed = true;
        await user.callbackAnswer(await user.click(card, "I have sent the funds"));
        await waitFor(
          async () => (await w.app.repos.transactions.find(exchangeId))!.fundsSentAt !== null,
          5_000,
          "the press to be recorded",
        );
      }
      return counted;
    };
    // The first poll is due a minute after creation; its attempts are retried a few seconds apart.
    for (let i = 0; i < 20 && !pressed; i++) {
      await w.clock.advance(5_000);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await waitFor(() => pressed, 5_000, "the first poll to fail");
    await w.app.idle();
    await waitFor(() => w.app.tracker.pollsInFlight() === 0, 5_000, "the poll to end");

    const tx = (await w.app.repos.transactions.find(exchangeId))!;
    expect(tx.fundsSentAt).not.toBeNull();
    expect(tx.errorCount).toBe(1);
    expect(tx.pollRank).toBe(0); // POLL_RANK.fundsSent
    expect(tx.leasedUntil).toBeNull();
    // The failed look's back-off stands (the service is failing), with the place first in line.
    expect(tx.nextPollAt! - w.clock.now()).toBeLessThanOrEqual(2 * MINUTE);
  });
});

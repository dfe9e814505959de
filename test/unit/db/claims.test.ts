import { beforeEach, describe, expect, it } from "vitest";
import { HeldLease, underLease } from "../../../src/chat/index.js";
import { ManualClock } from "../../../src/clock.js";
import { LeaseLostError } from "../../../src/db/fence.js";
import type { NewTransaction, Repositories } from "../../../src/db/index.js";
import { freshRepositoriesEachTest, newTransaction } from "../../harness/store.js";

/**
 * Issue 31, at the repositories: claims name their process, and only a process gone (by the
 * registry's beats, on the database's clock) loses them. Two processes' repositories on one
 * database of the suite's back end.
 */
const exchange = (exchangeId: string): NewTransaction => newTransaction({ exchangeId });

const clock = new ManualClock(1_000);
const fresh = freshRepositoriesEachTest(clock);
let a: Repositories;
let b: Repositories;
beforeEach(async () => {
  a = fresh.as("host-a:1:aaaaaa");
  b = fresh.as("host-b:2:bbbbbb");
  await a.instances.beat("host-a:1:aaaaaa");
  await b.instances.beat("host-b:2:bbbbbb");
});

describe("the creation card's claim", () => {
  it("held by a live process is left alone by another's sweep and claim; once that process is gone it is taken over, its repeat mark kept", async () => {
    await a.transactions.insert(exchange("ex-1"));
    expect(await a.cards.claimCard("ex-1", "flow")).toBe(true);
    await a.cards.markCardSending("ex-1");
    expect((await a.transactions.find("ex-1"))!.cardHolder).toBe("host-a:1:aaaaaa");

    // A runs: B's sweep (a new leader's start) and B's replayed Confirm leave the claim alone.
    expect(await b.cards.releaseDeadClaims()).toBe(0);
    expect(await b.cards.claimCard("ex-1", "flow")).toBe(false);
    expect(await b.cards.takeOwedCard("ex-1")).toBeUndefined();

    // A is gone (killed: forgotten here as the registry would after three beats).
    await a.instances.forget("host-a:1:aaaaaa");
    expect(await b.cards.claimCard("ex-1", "flow")).toBe(true);
    const taken = (await b.transactions.find("ex-1"))!;
    expect(taken).toMatchObject({ cardClaim: "flow", cardHolder: "host-b:2:bbbbbb", cardMessageId: null });
    // A's send may have arrived: B's card says it may repeat one.
    expect(taken.cardRepeat).toBeGreaterThan(0);
  });

  it("is fenced by its holder: a process whose hold was taken over while it paused sends nothing, and cannot take the hold back", async () => {
    await a.transactions.insert(exchange("paused"));
    expect(await a.cards.claimCard("paused", "flow")).toBe(true);
    // A pauses past the registry's window: judged gone, its hold is taken over by B's replayed Confirm.
    await a.instances.forget("host-a:1:aaaaaa");
    expect(await b.cards.claimCard("paused", "flow")).toBe(true);
    // A wakes: its hold is not its own any more.
    expect(await a.cards.touchCardClaim("paused")).toBe(false);
    expect(await a.cards.markCardSending("paused")).toBe(false);
    expect(await b.cards.markCardSending("paused")).toBe(true);
    // Nor can it give the taker's hold up: its send failed, but the card is B's to show.
    await a.cards.releaseCard("paused", false);
    expect(await a.transactions.find("paused")).toMatchObject({
      cardClaim: "flow",
      cardHolder: "host-b:2:bbbbbb",
      cardDueAt: null,
      cardRepeat: 1,
    });
  });

  it("held by a process gone is owed by the sweep at once, whatever state: a send under way (marked), the person still choosing (not)", async () => {
    await a.transactions.insert(exchange("sending"));
    await a.transactions.insert(exchange("choosing"));
    await a.cards.claimCard("sending", "flow");
    await a.cards.markCardSending("sending");
    await a.cards.claimCard("choosing", "flow");
    await a.instances.forget("host-a:1:aaaaaa");
    expect(await b.cards.releaseDeadClaims()).toBe(2);
    expect(await b.transactions.find("sending")).toMatchObject({ cardClaim: null, cardHolder: null, cardDueAt: 1_000, cardRepeat: 1 });
    expect(await b.transactions.find("choosing")).toMatchObject({ cardClaim: null, cardHolder: null, cardDueAt: 1_000, cardRepeat: 0 });
    // The tracker takes it, as its own; should it die too, the next card is marked.
    expect(await b.cards.takeOwedCard("sending")).toMatchObject({ cardClaim: "tracker", cardHolder: "host-b:2:bbbbbb" });
  });
});

describe("the flow's hold on the creation card, fenced by the chat's lease (issue 31)", () => {
  const LEASE = 10_000;
  /** A lease as the worker holds it while handling an update of chat 7 (confirmed lately: nothing asked before a call). */
  const held = (token: number) =>
    new HeldLease("c:7", token, { claimedAt: performance.now(), freshMs: LEASE / 2, confirm: async () => true });
  /** A handles an update of chat 7 under its lease; A pauses past it and B takes the chat. Their tokens. */
  async function leaseTakenOver(between?: (tokenOfA: number) => Promise<void>): Promise<{ tokenOfA: number; tokenOfB: number }> {
    await a.inbox.add([{ updateId: 1, chatKey: "c:7", payload: "{}" }], 1_000);
    const tokenOfA = (await a.inbox.claim("c:7", "host-a:1:aaaaaa", LEASE))!.token;
    await between?.(tokenOfA);
    await fresh.store.db.updateTable("chat_leases").set({ until: 0 }).where("chat_key", "=", "c:7").execute();
    const tokenOfB = (await b.inbox.claim("c:7", "host-b:2:bbbbbb", LEASE))!.token;
    expect(tokenOfB).toBeGreaterThan(tokenOfA);
    return { tokenOfA, tokenOfB };
  }

  it("is claimed only while the lease is still the handling's: a process that lost it has its claim refused, and the card is owed at once", async () => {
    await a.transactions.insert(exchange("kept"));
    await a.transactions.insert(exchange("lost"));
    const { tokenOfA } = await leaseTakenOver(async (token) => {
      // Under the lease: claimed as before.
      expect(await underLease(held(token), () => a.cards.claimCard("kept", "flow"))).toBe(true);
    });
    // A wakes: the service had created the exchange (recorded whoever learns it), but its card is not A's to show.
    await expect(underLease(held(tokenOfA), () => a.cards.claimCard("lost", "flow"))).rejects.toBeInstanceOf(LeaseLostError);
    expect(await a.transactions.find("lost")).toMatchObject({
      cardClaim: null,
      cardHolder: null,
      cardDueAt: 1_000,
      cardRepeat: 0,
      cardMessageId: null,
    });
    // The tracker (or the flow that took the chat) shows it, once.
    expect(await b.cards.takeOwedCard("lost")).toMatchObject({ cardClaim: "tracker", cardHolder: "host-b:2:bbbbbb" });
    await expect(underLease(held(tokenOfA), () => a.cards.claimCard("lost", "flow"))).rejects.toBeInstanceOf(LeaseLostError);
    expect(await a.transactions.find("lost")).toMatchObject({ cardClaim: "tracker", cardHolder: "host-b:2:bbbbbb", cardDueAt: null });
  });

  it("is confirmed and marked sending only while the lease is still the handling's; refused, the hold is given up and the card owed at once, its repeat mark kept", async () => {
    for (const id of ["touched", "sending", "sent-refused"]) await a.transactions.insert(exchange(id));
    const { tokenOfA, tokenOfB } = await leaseTakenOver(async (token) => {
      for (const id of ["touched", "sending", "sent-refused"])
        expect(await underLease(held(token), () => a.cards.claimCard(id, "flow"))).toBe(true);
      expect(await underLease(held(token), () => a.cards.touchCardClaim("touched"))).toBe(true);
      expect(await underLease(held(token), () => a.cards.markCardSending("sent-refused"))).toBe(true);
    });
    await expect(underLease(held(tokenOfA), () => a.cards.touchCardClaim("touched"))).rejects.toBeInstanceOf(LeaseLostError);
    await expect(underLease(held(tokenOfA), () => a.cards.markCardSending("sending"))).rejects.toBeInstanceOf(LeaseLostError);
    expect(await a.transactions.find("touched")).toMatchObject({ cardClaim: null, cardHolder: null, cardDueAt: 1_000, cardRepeat: 0 });
    expect(await a.transactions.find("sending")).toMatchObject({ cardClaim: null, cardHolder: null, cardDueAt: 1_000, cardRepeat: 0 });
    // Marked sending, then its send refused (the lease lost before it went): given up by the flow, the mark kept.
    expect(await underLease(held(tokenOfA), () => a.cards.oweIfLeaseLost("sent-refused"))).toBe("owed");
    expect(await a.transactions.find("sent-refused")).toMatchObject({ cardClaim: null, cardHolder: null, cardDueAt: 1_000, cardRepeat: 1 });
    // B, holding the chat now, claims as usual; A's late giving up does not take B's hold away.
    expect(await underLease(held(tokenOfB), () => b.cards.claimCard("touched", "flow"))).toBe(true);
    expect(await underLease(held(tokenOfA), () => a.cards.oweIfLeaseLost("touched"))).toBe("lost");
    expect(await b.transactions.find("touched")).toMatchObject({ cardClaim: "flow", cardHolder: "host-b:2:bbbbbb", cardDueAt: null });
    // Under a lease still held (or outside any), nothing is owed.
    expect(await underLease(held(tokenOfB), () => b.cards.oweIfLeaseLost("touched"))).toBe("held");
    expect(await b.cards.oweIfLeaseLost("touched")).toBe("held");
    expect(await underLease(held(tokenOfB), () => b.cards.markCardSending("touched"))).toBe(true);
  });
});

describe("a status message being sent", () => {
  it("is recovered by another process only once its sender is gone", async () => {
    await a.transactions.insert(exchange("ex-2"));
    const recorded = await a.schedule.recordObservation("ex-2", { status: "confirming" });
    expect(recorded?.change?.status).toBe("confirming");
    expect((await a.transactions.find("ex-2"))!).toMatchObject({ pendingNotice: "confirming", noticeHolder: "host-a:1:aaaaaa" });
    expect(await b.notices.pendingOfGone()).toEqual([]);
    await b.notices.settleGone("ex-2", "confirming", 5_000, 3);
    // Still A's: its send fails (Telegram did not take it), and it is owed.
    expect((await a.transactions.find("ex-2"))!.pendingNotice).toBe("confirming");
    await a.notices.deferNotice("ex-2", "confirming", 9_000);
    expect((await a.transactions.find("ex-2"))!).toMatchObject({ pendingNotice: null, noticeHolder: null, noticeRetryAt: 9_000 });

    // B takes the owed message to send it, and is then gone: A's recovery owes it again, as a
    // send that may have arrived (the next one says it may repeat it).
    expect((await b.notices.takeNotice("ex-2"))!).toMatchObject({ pendingNotice: "confirming", noticeHolder: "host-b:2:bbbbbb" });
    await b.instances.forget("host-b:2:bbbbbb");
    expect((await a.notices.pendingOfGone()).map((tx) => tx.exchangeId)).toEqual(["ex-2"]);
    await a.notices.settleGone("ex-2", "confirming", 10_000, 2);
    expect((await a.transactions.find("ex-2"))!).toMatchObject({
      pendingNotice: null,
      noticeHolder: null,
      notifiedStatus: "waiting",
      noticeRetryAt: 10_000,
      noticeRepeat: 1,
    });

    // B again, gone again: the second unsure send of two, so it is given up, marked as told.
    expect((await b.notices.takeNotice("ex-2"))!).toMatchObject({ pendingNotice: "confirming", noticeRepeat: 1 });
    expect((await a.notices.pendingOfGone()).map((tx) => tx.exchangeId)).toEqual(["ex-2"]);
    await a.notices.settleGone("ex-2", "confirming", 20_000, 2);
    expect((await a.transactions.find("ex-2"))!).toMatchObject({ pendingNotice: null, noticeHolder: null, notifiedStatus: "confirming" });
    expect(await a.notices.owedBy(30_000, 10)).toMatchObject({ notices: [] });
  });
});

describe("polls' reads", () => {
  it("are recorded in the order their polls began: an older read answered last is not recorded", async () => {
    await a.transactions.insert(exchange("ex-3"));
    const older = (await a.schedule.pollTicket("ex-3"))!;
    const newer = (await b.schedule.pollTicket("ex-3"))!;
    expect(newer).toBeGreaterThan(older);
    expect((await b.schedule.recordObservation("ex-3", { status: "finished" }, newer))!.stale).toBe(false);
    const late = (await a.schedule.recordObservation("ex-3", { status: "exchanging", hashTo: "0xold" }, older))!;
    expect(late).toMatchObject({ stale: true, change: undefined });
    expect(await a.transactions.find("ex-3")).toMatchObject({ status: "finished", hashTo: null });
    expect((await a.transactions.history("ex-3")).map((h) => h.status)).toEqual(["waiting", "finished"]);
  });
});

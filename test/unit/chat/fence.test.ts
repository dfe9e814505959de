import { Api } from "grammy";
import type { Update } from "grammy/types";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chatLeases, fenceCalls, HeldLease, underLease } from "../../../src/chat/index.js";
import { systemClock } from "../../../src/clock.js";
import { LeaseLostError } from "../../../src/db/fence.js";
import type { NewTransaction, Repositories } from "../../../src/db/index.js";
import { type BotApiEmulator, startBotApiEmulator, waitFor } from "../../../src/emulator/index.js";
import { InboxWorker } from "../../../src/inbox/index.js";
import { captureLogs } from "../../harness/drive.js";
import { freshRepositoriesEachTest, newTransaction } from "../../harness/store.js";

/**
 * Issue 31: what an update's handling writes and sends is fenced by its chat's lease token. A
 * process that lost the lease (paused past it, say) is refused: its flow's state, its claim of a
 * create request and its claim of a creation card are not written, its calls into the chat do not
 * go out, and its worker drops the update for the process that took the chat. What the service did
 * is kept (an exchange it created is recorded) and its card owed at once, for another process to
 * show. On the suite's back end (TEST_DATABASE).
 */
const db = freshRepositoriesEachTest(systemClock);
let repos: Repositories;
let tg: BotApiEmulator | undefined;
beforeEach(() => {
  repos = db.repos;
});
afterEach(async () => {
  await tg?.close();
  tg = undefined;
});

const LEASE = 10_000;
const expire = (chatKey: string) => db.store.db.updateTable("chat_leases").set({ until: 0 }).where("chat_key", "=", chatKey).execute();
const messageUpdate = (updateId: number, chatId: number, text: string) => ({
  update_id: updateId,
  message: { message_id: updateId, date: 0, chat: { id: chatId, type: "private" as const, first_name: "F" }, text },
});
/** An exchange the service created for `chatId`'s person, as the flow records it. */
const createdExchange = (exchangeId: string, chatId: number): NewTransaction => newTransaction({ exchangeId, userId: chatId, chatId });
const store = (updateId: number, chatId: number, text: string) =>
  repos.inbox.add([{ updateId, chatKey: `c:${chatId}`, payload: JSON.stringify(messageUpdate(updateId, chatId, text)) }], Date.now());
/** A lease as the worker holds it while handling (confirmed lately: no question to the database before a call). */
const held = (chatKey: string, token: number) =>
  new HeldLease(chatKey, token, { claimedAt: performance.now(), freshMs: LEASE / 2, confirm: async () => true });

describe("fenced by the chat's lease", () => {
  it("a flow's state, and a create request's claim, are written under the lease and refused once another process took it", async () => {
    await store(1, 10, "/exchange");
    const a = (await repos.inbox.claim("c:10", "a", LEASE))!;
    const flows = repos.kv.adapter<{ step: number }>("flow");
    const leaseOfA = held("c:10", a.token);
    await underLease(leaseOfA, async () => flows.write("10", { step: 1 }));
    expect(await flows.read("10")).toEqual({ step: 1 });

    // a is paused past its lease; b takes the chat and goes on with the flow.
    await expire("c:10");
    const b = (await repos.inbox.claim("c:10", "b", LEASE))!;
    expect(b.token).toBeGreaterThan(a.token);
    await underLease(held("c:10", b.token), async () => flows.write("10", { step: 2 }));

    // a wakes up and goes on where it was: refused, whatever it writes.
    await expect(underLease(leaseOfA, async () => flows.write("10", { step: 99 }))).rejects.toBeInstanceOf(LeaseLostError);
    await expect(underLease(leaseOfA, async () => flows.delete("10"))).rejects.toBeInstanceOf(LeaseLostError);
    expect(await flows.read("10")).toEqual({ step: 2 });
    await expect(underLease(leaseOfA, () => repos.createRequests.claim("10:f1:1", 10))).rejects.toBeInstanceOf(LeaseLostError);
    expect(await repos.createRequests.find("10:f1:1")).toBeUndefined();
    // b's claim goes through, once.
    expect(await underLease(held("c:10", b.token), () => repos.createRequests.claim("10:f1:1", 10))).toEqual({ state: "new" });
    expect(await underLease(held("c:10", b.token), () => repos.createRequests.claim("10:f1:1", 10))).toMatchObject({ state: "pending" });
    // Outside an update's handling (the sweeper, a test), writes are not fenced.
    await flows.write("10", { step: 3 });
    expect(await flows.read("10")).toEqual({ step: 3 });
  });

  it("a worker whose lease is taken while it handles an update stops there: no call into the chat goes out, and the update is left to the new holder", async () => {
    tg = await startBotApiEmulator();
    await tg.user({ id: 7201, first_name: "F" }).send("/start");
    const { logger, lines } = captureLogs();
    const api = new Api(tg.token, { apiRoot: tg.apiRoot });
    api.config.use(fenceCalls());
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let aborted = false;
    let refused: unknown;
    const worker = new InboxWorker({
      leases: chatLeases(repos.inbox, "a", { leaseMs: 400, renewEveryMs: 100 }),
      logger,
      handle: async (update: Update, _attempts, signal) => {
        signal.addEventListener("abort", () => (aborted = true));
        await api.sendMessage(update.message!.chat.id, "working on it");
        // Paused here (a long GC, SIGSTOP) while another process takes the chat.
        await gate;
        try {
          await api.sendMessage(update.message!.chat.id, "done");
        } catch (error) {
          refused = error;
          throw error;
        }
      },
    });
    try {
      await store(1, 7201, "/slow");
      worker.start();
      await waitFor(() => tg!.calls.some((call) => call.method === "sendMessage"), 5_000, "the first message");
      const { token } = (await db.store.db
        .selectFrom("chat_leases")
        .select("token")
        .where("chat_key", "=", "c:7201")
        .executeTakeFirstOrThrow()) as { token: number };
      await expire("c:7201");
      const b = await repos.inbox.claim("c:7201", "b", LEASE);
      expect(b).toMatchObject({ updateId: 1, attempts: 2 });
      expect(b!.token).toBeGreaterThan(Number(token));
      // The worker's next renewal finds the lease gone: the handling is aborted, and the worker drops the update.
      await waitFor(() => aborted, 5_000, "the handling aborted");
      await worker.idle();
      expect(worker.handlesChat("c:7201")).toBe(false);
      expect(lines.some((line) => /a chat's lease ran out and another process took it/.test(line.msg))).toBe(true);
      // The handler wakes and goes on: its call into the chat is refused before it reaches Telegram.
      release();
      await waitFor(() => refused !== undefined, 5_000, "the call refused");
      expect(refused).toBeInstanceOf(LeaseLostError);
      expect(tg.calls.filter((call) => call.method === "sendMessage").map((call) => (call.payload as { text: string }).text)).toEqual([
        "working on it",
      ]);
      // Not finished by a: still waiting, b's to finish.
      expect(await repos.inbox.waiting()).toMatchObject({ count: 1 });
      expect(await repos.inbox.finish(1, { chatKey: "c:7201", token: b!.token }, "b", LEASE)).toBeUndefined();
      expect(await repos.inbox.waiting()).toMatchObject({ count: 0 });
    } finally {
      release();
      await worker.stop(Date.now() + 1_000);
    }
  });

  it("a handling that claimed a create request and lost its lease sends nothing more into the chat: the exchange is recorded, its card owed for another process to show", async () => {
    tg = await startBotApiEmulator();
    await tg.user({ id: 7202, first_name: "F" }).send("/start");
    const api = new Api(tg.token, { apiRoot: tg.apiRoot });
    api.config.use(fenceCalls());
    await store(1, 7202, "Confirm");
    const a = (await repos.inbox.claim("c:7202", "a", LEASE))!;
    const lease = held("c:7202", a.token);
    expect(await underLease(lease, () => repos.createRequests.claim("7202:f1:1", 7202))).toEqual({ state: "new" });
    // Frozen while the service creates; another process takes the chat.
    await expire("c:7202");
    await repos.inbox.claim("c:7202", "b", LEASE);
    lease.lose();
    // Woken, it learns the exchange was created: a fact from outside, recorded whoever learns it...
    await underLease(lease, () => repos.createRequests.complete("7202:f1:1", createdExchange("ex-7202", 7202)));
    expect(await repos.createRequests.find("7202:f1:1")).toMatchObject({ state: "created", exchangeId: "ex-7202" });
    // ...but the card is not its to show: its claim is refused and the card owed at once (for the
    // tracker, or the process that took the chat); nothing it sends reaches the chat.
    await expect(underLease(lease, () => repos.cards.claimCard("ex-7202", "flow"))).rejects.toBeInstanceOf(LeaseLostError);
    const owed = await repos.transactions.find("ex-7202");
    expect(owed).toMatchObject({ cardClaim: null, cardMessageId: null });
    expect(owed!.cardDueAt).toBeLessThanOrEqual(Date.now() + 1_000);
    await expect(underLease(lease, () => api.sendMessage(7202, "Exchange created"))).rejects.toBeInstanceOf(LeaseLostError);
    expect(tg.calls.filter((call) => call.method === "sendMessage")).toEqual([]);
    const flows = repos.kv.adapter<{ step: number }>("flow");
    await expect(underLease(lease, async () => flows.write("7202", { step: 9 }))).rejects.toBeInstanceOf(LeaseLostError);
  });

  it("a call into the chat asks the database first when the lease was not renewed lately, and is refused if another process has it", async () => {
    await store(1, 10, "/help");
    const a = (await repos.inbox.claim("c:10", "a", LEASE))!;
    let asked = 0;
    // Last renewed long ago (as after a pause): the lease is checked before anything goes out.
    const lease = new HeldLease("c:10", a.token, {
      claimedAt: performance.now() - LEASE,
      freshMs: LEASE / 2,
      confirm: async (l) => {
        asked++;
        return (await repos.inbox.renew("a", [l], LEASE)).length === 0;
      },
    });
    await underLease(lease, () => lease.check());
    expect(asked).toBe(1);
    // Just confirmed: the next call does not ask again.
    await underLease(lease, () => lease.check());
    expect(asked).toBe(1);
    await expire("c:10");
    await repos.inbox.claim("c:10", "b", LEASE);
    const stale = new HeldLease("c:10", a.token, {
      claimedAt: performance.now() - LEASE,
      freshMs: LEASE / 2,
      confirm: async (l) => (await repos.inbox.renew("a", [l], LEASE)).length === 0,
    });
    await expect(underLease(stale, () => stale.check())).rejects.toBeInstanceOf(LeaseLostError);
    expect(stale.lost).toBe(true);
    expect(stale.signal.aborted).toBe(true);
  });
});

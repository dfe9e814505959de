import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InboxRepository, type Store } from "../src/db/index.js";
import type { PostgresStore } from "../src/db/postgres/index.js";
import { waitFor } from "../src/emulator/index.js";
import { testBackEnd } from "./harness/postgres.js";
import { openFreshStore } from "./harness/store.js";

/**
 * The inbox's rules on the suite's back end (TEST_DATABASE), as every process on the database
 * sees them: an update once, a chat's updates in order and to one process at a time.
 */
let db: { store: Store; close(): Promise<void> };
let inbox: InboxRepository;
beforeEach(async () => {
  db = await openFreshStore();
  inbox = new InboxRepository(db.store);
});
afterEach(async () => {
  await db.close();
});

const update = (updateId: number, chat: number) => ({ updateId, chatKey: `c:${chat}`, payload: JSON.stringify({ update_id: updateId, chat }) });
const T = 1_800_000_000_000;

describe("the inbox", () => {
  it("stores an update once: a repeat of its update_id is dropped", async () => {
    expect(await inbox.add([update(1, 10), update(2, 10)], T)).toBe(2);
    expect(await inbox.add([update(2, 10), update(3, 11)], T)).toBe(1);
    expect(await inbox.waiting()).toEqual({ count: 3, oldestAt: T });
  });

  it("hands a chat's updates out in order, to the lease's holder only, and lets the lease go when none is left", async () => {
    await inbox.add([update(5, 10), update(3, 10), update(4, 11)], T);
    const first = await inbox.claim("c:10", "a", T, T + 10_000);
    expect(first).toMatchObject({ updateId: 3, chatKey: "c:10", attempts: 1 });
    expect(JSON.parse(first!.payload)).toEqual({ update_id: 3, chat: 10 });
    // Another process finds the chat taken, and only the other chat waiting for it.
    expect(await inbox.claim("c:10", "b", T + 1, T + 10_001)).toBeUndefined();
    expect(await inbox.waitingChats("b", T + 1, 10)).toEqual(["c:11"]);
    expect(await inbox.waitingChats("a", T + 1, 10)).toEqual(["c:10", "c:11"]);

    const second = await inbox.finish(3, "c:10", "a", T + 2, T + 10_002);
    expect(second).toMatchObject({ updateId: 5, attempts: 1 });
    expect(await inbox.finish(5, "c:10", "a", T + 3, T + 10_003)).toBeUndefined();
    // Drained: the lease is gone, and a new update of the chat goes to whoever asks.
    await inbox.add([update(6, 10)], T + 4);
    expect(await inbox.claim("c:10", "b", T + 4, T + 10_004)).toMatchObject({ updateId: 6 });
    expect(await inbox.waiting()).toMatchObject({ count: 2 });
  });

  it("lets another process take a chat whose lease ran out, and tells the old holder its lease is gone", async () => {
    await inbox.add([update(1, 10), update(2, 10)], T);
    await inbox.claim("c:10", "dead", T, T + 10_000);
    expect(await inbox.claim("c:10", "b", T + 9_999, T + 19_999)).toBeUndefined();
    // Taken up again (the dead process never finished it): its count of attempts says so.
    expect(await inbox.claim("c:10", "b", T + 10_000, T + 20_000)).toMatchObject({ updateId: 1, attempts: 2 });
    expect(await inbox.renew("dead", ["c:10"], T + 30_000)).toEqual(["c:10"]);
    expect(await inbox.renew("b", ["c:10"], T + 30_000)).toEqual([]);
    // The old holder's late finish marks its update done but hands nothing out: the chat is b's.
    expect(await inbox.finish(1, "c:10", "dead", T + 10_001, T + 20_001)).toBeUndefined();
    expect(await inbox.claim("c:10", "dead", T + 10_002, T + 20_002)).toBeUndefined();
    expect(await inbox.finish(1, "c:10", "b", T + 10_003, T + 20_003)).toMatchObject({ updateId: 2 });
  });

  it("keeps when a chat last got a message from one holder of its lease to the next, and gives the chat's turn to one sender at a time", async () => {
    await inbox.add([update(1, 10)], T);
    expect(await inbox.claim("c:10", "a", T, T + 10_000)).toMatchObject({ updateId: 1, chatSentAt: null });
    // A status message from another process waits while a handles the chat's update.
    expect(await inbox.takeTurn("c:10", "b/status", T + 1, T + 10_001)).toBeUndefined();
    // a replied at T + 500 and lets the chat go: the row says so.
    expect(await inbox.finish(1, "c:10", "a", T + 600, T + 10_600, T + 500)).toBeUndefined();
    expect(await inbox.takeTurn("c:10", "b/status", T + 700, T + 10_700)).toEqual({ sentAt: T + 500 });
    // While b sends, the chat's next update waits for it.
    await inbox.add([update(2, 10)], T + 800);
    expect(await inbox.claim("c:10", "a", T + 800, T + 10_800)).toBeUndefined();
    expect(await inbox.waitingChats("a", T + 800, 10)).toEqual([]);
    await inbox.release("c:10", "b/status", T + 1_500);
    // The next holder hears of b's message; a release that sent nothing keeps what the row says.
    expect(await inbox.claim("c:10", "a", T + 1_600, T + 11_600)).toMatchObject({ updateId: 2, chatSentAt: T + 1_500 });
    expect(await inbox.finish(2, "c:10", "a", T + 1_700, T + 11_700, null)).toBeUndefined();
    expect(await inbox.takeTurn("c:10", "b/status", T + 1_800, T + 11_800)).toEqual({ sentAt: T + 1_500 });
    await inbox.release("c:10", "b/status", null);
    // A holder that remembers an older message of its own never sets the chat's time back.
    await inbox.takeTurn("c:10", "c/status", T + 1_850, T + 11_850);
    await inbox.release("c:10", "c/status", T + 100);
    expect(await inbox.takeTurn("c:10", "b/status", T + 1_860, T + 11_860)).toEqual({ sentAt: T + 1_500 });
    await inbox.release("c:10", "b/status", null);
    // Let go a minute ago and no message since: forgotten; a chat that got one lately is kept.
    await inbox.add([update(3, 11)], T);
    await inbox.claim("c:11", "a", T, T + 10_000);
    await inbox.finish(3, "c:11", "a", T + 100, T + 10_100, T + 50);
    expect(await inbox.pruneLeases(T + 1_000)).toBe(1);
    expect(await inbox.takeTurn("c:10", "b/status", T + 1_900, T + 11_900)).toEqual({ sentAt: T + 1_500 });
    expect(await inbox.takeTurn("c:11", "b/status", T + 1_900, T + 11_900)).toEqual({ sentAt: null });
  });

  it("gives a chat to exactly one of several processes asking at once", async () => {
    await inbox.add([update(1, 10)], T);
    const owners = ["a", "b", "c", "d", "e", "f"];
    const answers = await Promise.all(owners.map((owner) => inbox.claim("c:10", owner, T, T + 10_000)));
    expect(answers.filter((answer) => answer !== undefined)).toHaveLength(1);
  });

  it.runIf(testBackEnd() === "postgres")("never hands out an update another process finished while this one waited for the chat's lease (PostgreSQL)", async () => {
    await inbox.add([update(1, 10)], T);
    await inbox.claim("c:10", "a", T, T + 10_000);
    // a finishes the update in a transaction still open: done, and the chat let go.
    const a = await (db.store as PostgresStore).pool.connect();
    try {
      await a.query("BEGIN");
      await a.query("UPDATE inbox SET done_at = $1 WHERE update_id = 1", [T + 1]);
      await a.query("UPDATE chat_leases SET owner = '', until = 0 WHERE chat_key = 'c:10'");
      // b asks for the chat meanwhile: its statement reads the update as waiting, then waits for a's row.
      const claiming = inbox.claim("c:10", "b", T + 2, T + 10_002);
      await waitFor(async () => {
        const { rows } = await (db.store as PostgresStore).pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
        return rows[0]!.n > 0;
      }, 5_000, "b to wait for a's transaction");
      await a.query("COMMIT");
      expect(await claiming).toBeUndefined();
    } finally {
      a.release();
    }
    // Nothing was handed out, and b holds no lease on a chat with nothing waiting (the row stays, let go).
    expect(await inbox.waiting()).toMatchObject({ count: 0 });
    expect(await inbox.claim("c:10", "c", T + 3, T + 10_003)).toBeUndefined();
    expect(await db.store.db.selectFrom("chat_leases").select(["owner", "until"]).execute()).toEqual([{ owner: "", until: 0 }]);
  });

  it("hands an update back unhandled (a stop): its attempt does not count, and the chat goes to another process at once", async () => {
    await inbox.add([update(1, 10)], T);
    expect(await inbox.claim("c:10", "a", T, T + 10_000)).toMatchObject({ attempts: 1 });
    await inbox.giveBack(1, "c:10", "a");
    expect(await inbox.claim("c:10", "b", T + 1, T + 10_001)).toMatchObject({ updateId: 1, attempts: 1 });
  });

  it("lets the leases of a process killed go when SQLite's one process starts, and forgets handled updates after a while", async () => {
    await inbox.add([update(1, 10), update(2, 11)], T);
    await inbox.claim("c:10", "a", T, T + 10_000);
    await inbox.claim("c:11", "a", T, T + 10_000);
    expect(await inbox.clearLeases()).toBe(2);
    expect(await inbox.claim("c:10", "b", T + 1, T + 10_001)).toMatchObject({ updateId: 1 });
    await inbox.markDone(2, T + 2);
    expect(await inbox.prune(T + 2)).toBe(0);
    expect(await inbox.prune(T + 3)).toBe(1);
    // A repeat of a forgotten update would be stored again; within the day it is kept, it is not.
    expect(await inbox.add([update(1, 10)], T + 4)).toBe(0);
  });
});

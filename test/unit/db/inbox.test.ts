import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InboxRepository, type Store } from "../../../src/db/index.js";
import { DB_NOW } from "../../../src/db/leases/back-end.js";
import type { PostgresStore } from "../../../src/db/postgres/index.js";
import { waitFor } from "../../../src/emulator/index.js";
import { testBackEnd } from "../../harness/postgres.js";
import { openFreshStore } from "../../harness/store.js";

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

const update = (updateId: number, chat: number) => ({
  updateId,
  chatKey: `c:${chat}`,
  payload: JSON.stringify({ update_id: updateId, chat }),
});
const T = 1_800_000_000_000;
const LEASE = 10_000;

/** The chat's lease runs out (as the database's clock would have it), whoever holds it. */
const expire = (chatKey: string) => db.store.db.updateTable("chat_leases").set({ until: 0 }).where("chat_key", "=", chatKey).execute();
/** The row's sent_at, written straight (a time on the database's clock, as the inbox keeps it). */
const setSentAt = (chatKey: string, at: number) =>
  db.store.db.updateTable("chat_leases").set({ sent_at: at }).where("chat_key", "=", chatKey).execute();
const ref = (chatKey: string, claim: { token: number } | undefined) => ({ chatKey, token: claim!.token });

/**
 * PostgreSQL: `statements` in a transaction of another connection, left open while `operation`
 * starts; once the operation waits for that transaction's rows, it commits. Returns what the
 * operation came to.
 */
async function againstOpenTransaction<T>(statements: [string, unknown[]?][], operation: () => Promise<T>, waiting: string): Promise<T> {
  const pool = (db.store as PostgresStore).pool;
  const other = await pool.connect();
  try {
    await other.query("BEGIN");
    for (const [text, values] of statements) await other.query(text, values);
    const result = operation();
    await waitFor(
      async () => {
        const { rows } = await pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        return rows[0]!.n > 0;
      },
      5_000,
      waiting,
    );
    await other.query("COMMIT");
    return await result;
  } finally {
    other.release();
  }
}

describe("the inbox", () => {
  it("stores an update once: a repeat of its update_id is dropped", async () => {
    expect(await inbox.add([update(1, 10), update(2, 10)], T)).toBe(2);
    expect(await inbox.add([update(2, 10), update(3, 11)], T)).toBe(1);
    expect(await inbox.waiting()).toEqual({ count: 3, oldestAt: T });
  });

  it("hands a chat's updates out in order, to the lease's holder only, and lets the lease go when none is left", async () => {
    await inbox.add([update(5, 10), update(3, 10), update(4, 11)], T);
    const first = await inbox.claim("c:10", "a", LEASE);
    expect(first).toMatchObject({ updateId: 3, chatKey: "c:10", attempts: 1 });
    expect(JSON.parse(first!.payload)).toEqual({ update_id: 3, chat: 10 });
    // Another process finds the chat taken, and only the other chat waiting for it.
    expect(await inbox.claim("c:10", "b", LEASE)).toBeUndefined();
    expect(await inbox.waitingChats("b", 10)).toEqual(["c:11"]);
    expect(await inbox.waitingChats("a", 10)).toEqual(["c:10", "c:11"]);

    const second = await inbox.finish(3, ref("c:10", first), "a", LEASE);
    // The lease is kept from one update to the next, its token with it.
    expect(second).toMatchObject({ updateId: 5, attempts: 1, token: first!.token });
    expect(await inbox.finish(5, ref("c:10", first), "a", LEASE)).toBeUndefined();
    // Drained: the lease is gone, and a new update of the chat goes to whoever asks.
    await inbox.add([update(6, 10)], T + 4);
    expect(await inbox.claim("c:10", "b", LEASE)).toMatchObject({ updateId: 6 });
    expect(await inbox.waiting()).toMatchObject({ count: 2 });
  });

  it("lets another process take a chat whose lease ran out, and refuses the old holder's renewal and finish: its token is not the lease's any more", async () => {
    await inbox.add([update(1, 10), update(2, 10)], T);
    const dead = await inbox.claim("c:10", "dead", LEASE);
    expect(await inbox.claim("c:10", "b", LEASE)).toBeUndefined();
    await expire("c:10");
    // Taken up again (the dead process never finished it): its count of attempts says so.
    const taken = await inbox.claim("c:10", "b", LEASE);
    expect(taken).toMatchObject({ updateId: 1, attempts: 2 });
    expect(taken!.token).toBeGreaterThan(dead!.token);
    expect(await inbox.renew("dead", [ref("c:10", dead)], LEASE)).toEqual(["c:10"]);
    expect(await inbox.renew("b", [ref("c:10", taken)], LEASE)).toEqual([]);
    // The old holder's late finish does nothing: the update is b's to finish, and the chat stays b's.
    expect(await inbox.finish(1, ref("c:10", dead), "dead", LEASE)).toBeUndefined();
    expect(await inbox.waiting()).toMatchObject({ count: 2 });
    expect(await inbox.markDone(1, ref("c:10", dead), "dead")).toBe(false);
    await inbox.giveBack(1, ref("c:10", dead), "dead");
    await inbox.release(ref("c:10", dead), "dead");
    expect(await inbox.claim("c:10", "dead", LEASE)).toBeUndefined();
    expect(await inbox.finish(1, ref("c:10", taken), "b", LEASE)).toMatchObject({ updateId: 2, attempts: 1 });
  });

  it("hands out a token that grows with each claim, and refuses the holder's own old token once it claimed again", async () => {
    await inbox.add([update(1, 10), update(2, 11), update(3, 10)], T);
    const first = await inbox.claim("c:10", "a", LEASE);
    const other = await inbox.claim("c:11", "a", LEASE);
    expect(other!.token).toBeGreaterThan(first!.token);
    // The same owner claims the chat again (its loop had ended): a new token, and the old one is refused.
    const again = await inbox.claim("c:10", "a", LEASE);
    expect(again!.token).toBeGreaterThan(other!.token);
    expect(await inbox.renew("a", [ref("c:10", first)], LEASE)).toEqual(["c:10"]);
    expect(await inbox.finish(1, ref("c:10", first), "a", LEASE)).toBeUndefined();
    // Renewing a lease that ran out and that nobody took keeps it: nobody else held it meanwhile.
    await expire("c:10");
    expect(await inbox.renew("a", [ref("c:10", again), ref("c:11", other)], LEASE)).toEqual([]);
    expect(await inbox.claim("c:10", "b", LEASE)).toBeUndefined();
    expect(await inbox.finish(1, ref("c:10", again), "a", LEASE)).toMatchObject({ updateId: 3, token: again!.token });
    // A turn taken from outside the chat's updates is a claim too.
    await inbox.finish(3, ref("c:10", again), "a", LEASE);
    const turn = await inbox.takeTurn("c:10", "b/turns", LEASE);
    expect(turn!.token).toBeGreaterThan(again!.token);
  });

  it.runIf(testBackEnd() === "postgres")(
    "judges leases on the database's clock on PostgreSQL: a process 30 s behind and one 30 s ahead share one expiry",
    async () => {
      await inbox.add([update(1, 10)], T);
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        vi.setSystemTime(Date.now() - 30_000);
        const first = await inbox.claim("c:10", "behind", LEASE);
        const row = await db.store.db
          .selectFrom("chat_leases")
          .select(["until", "token", sql<string>`${sql.raw(DB_NOW)}`.as("db_now")])
          .where("chat_key", "=", "c:10")
          .executeTakeFirstOrThrow();
        // Until the database's now plus the lease, not the process's.
        expect(Number(row.until) - Number(row.db_now)).toBeGreaterThan(LEASE - 2_000);
        expect(Number(row.until) - Number(row.db_now)).toBeLessThanOrEqual(LEASE);
        expect(Number(row.token)).toBe(first!.token);
        // A process a minute ahead of that one finds the chat held, and nothing waiting for it.
        vi.setSystemTime(Date.now() + 60_000);
        expect(await inbox.claim("c:10", "ahead", LEASE)).toBeUndefined();
        expect(await inbox.waitingChats("ahead", 10)).toEqual([]);
        expect(await inbox.takeTurn("c:10", "ahead/turns", LEASE)).toBeUndefined();
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it("keeps how long ago a chat last got a message from one holder of its lease to the next, and gives the chat's turn to one sender at a time", async () => {
    await inbox.add([update(1, 10)], T);
    const a1 = await inbox.claim("c:10", "a", LEASE);
    expect(a1).toMatchObject({ updateId: 1, chatSentAgoMs: null });
    // A status message from another process waits while a handles the chat's update.
    expect(await inbox.takeTurn("c:10", "b/status", LEASE)).toBeUndefined();
    // a replied 500 ms ago and lets the chat go: the row says so.
    expect(await inbox.finish(1, ref("c:10", a1), "a", LEASE, 500)).toBeUndefined();
    const b1 = await inbox.takeTurn("c:10", "b/status", LEASE);
    expect(b1!.sentAgoMs).toBeGreaterThanOrEqual(500);
    expect(b1!.sentAgoMs).toBeLessThan(1_500);
    // While b sends, the chat's next update waits for it.
    await inbox.add([update(2, 10)], T + 800);
    expect(await inbox.claim("c:10", "a", LEASE)).toBeUndefined();
    expect(await inbox.waitingChats("a", 10)).toEqual([]);
    await inbox.release(ref("c:10", b1), "b/status", 0);
    // The next holder hears of b's message; a release that sent nothing keeps what the row says.
    const a2 = await inbox.claim("c:10", "a", LEASE);
    expect(a2).toMatchObject({ updateId: 2 });
    expect(a2!.chatSentAgoMs).toBeLessThan(1_000);
    await setSentAt(
      "c:10",
      Number((await db.store.db.selectFrom("chat_leases").select("sent_at").executeTakeFirstOrThrow()).sent_at) - 5_000,
    );
    expect(await inbox.finish(2, ref("c:10", a2), "a", LEASE, null)).toBeUndefined();
    const b2 = await inbox.takeTurn("c:10", "b/status", LEASE);
    expect(b2!.sentAgoMs).toBeGreaterThanOrEqual(5_000);
    await inbox.release(ref("c:10", b2), "b/status", null);
    // A holder that remembers an older message of its own never sets the chat's time back.
    const c1 = await inbox.takeTurn("c:10", "c/status", LEASE);
    await inbox.release(ref("c:10", c1), "c/status", 60_000);
    const b3 = await inbox.takeTurn("c:10", "b/status", LEASE);
    expect(b3!.sentAgoMs).toBeGreaterThanOrEqual(5_000);
    expect(b3!.sentAgoMs).toBeLessThan(10_000);
    // A release with an old token is refused: the turn stays b's.
    await inbox.release(ref("c:10", b2), "b/status", null);
    expect(await inbox.takeTurn("c:10", "c/status", LEASE)).toBeUndefined();
    await inbox.release(ref("c:10", b3), "b/status", null);
    // Let go a minute ago and no message since: forgotten; a chat that got one lately is kept.
    await inbox.add([update(3, 11)], T);
    const a3 = await inbox.claim("c:11", "a", LEASE);
    await inbox.finish(3, ref("c:11", a3), "a", LEASE, 120_000);
    expect(await inbox.pruneLeases(60_000)).toBe(1);
    expect((await inbox.takeTurn("c:10", "b/status", LEASE))!.sentAgoMs).toBeGreaterThanOrEqual(5_000);
    expect(await inbox.takeTurn("c:11", "b/status", LEASE)).toMatchObject({ sentAgoMs: null });
  });

  it("gives a chat to exactly one of several processes asking at once", async () => {
    await inbox.add([update(1, 10)], T);
    const owners = ["a", "b", "c", "d", "e", "f"];
    const answers = await Promise.all(owners.map((owner) => inbox.claim("c:10", owner, LEASE)));
    expect(answers.filter((answer) => answer !== undefined)).toHaveLength(1);
  });

  it.runIf(testBackEnd() === "postgres")(
    "never hands out an update another process finished while this one waited for the chat's lease (PostgreSQL)",
    async () => {
      await inbox.add([update(1, 10)], T);
      await inbox.claim("c:10", "a", LEASE);
      // a finishes the update in a transaction still open: done, and the chat let go. b asks for
      // the chat meanwhile: its statement reads the update as waiting, then waits for a's row.
      const claimed = await againstOpenTransaction(
        [
          ["UPDATE inbox SET done_at = $1 WHERE update_id = 1", [T + 1]],
          ["UPDATE chat_leases SET owner = '', until = 0 WHERE chat_key = 'c:10'"],
        ],
        () => inbox.claim("c:10", "b", LEASE),
        "b to wait for a's transaction",
      );
      expect(claimed).toBeUndefined();
      // Nothing was handed out, and b holds no lease on a chat with nothing waiting (the row stays, let go).
      expect(await inbox.waiting()).toMatchObject({ count: 0 });
      expect(await inbox.claim("c:10", "c", LEASE)).toBeUndefined();
      expect(await db.store.db.selectFrom("chat_leases").select(["owner", "until"]).execute()).toEqual([{ owner: "", until: 0 }]);
    },
  );

  it.runIf(testBackEnd() === "postgres")(
    "refuses the finish of a holder whose lease another process claimed while the finish waited for the lease row (PostgreSQL)",
    async () => {
      await inbox.add([update(1, 10), update(2, 10)], T);
      const old = await inbox.claim("c:10", "a", LEASE);
      await expire("c:10");
      // b's claim in a transaction still open: the row is b's, with a new token, not yet committed.
      const finished = await againstOpenTransaction(
        [["UPDATE chat_leases SET owner = 'b', until = 9e15, token = nextval('chat_lease_tokens') WHERE chat_key = 'c:10'"]],
        () => inbox.finish(1, ref("c:10", old), "a", LEASE),
        "a's finish to wait for b's transaction",
      );
      expect(finished).toBeUndefined();
      // Neither update was marked done: both are b's to handle.
      expect(await inbox.waiting()).toMatchObject({ count: 2 });
    },
  );

  it("hands an update back unhandled (a stop): its attempt does not count, and the chat goes to another process at once", async () => {
    await inbox.add([update(1, 10)], T);
    const a = await inbox.claim("c:10", "a", LEASE);
    expect(a).toMatchObject({ attempts: 1 });
    await inbox.giveBack(1, ref("c:10", a), "a");
    expect(await inbox.claim("c:10", "b", LEASE)).toMatchObject({ updateId: 1, attempts: 1 });
  });

  it("lets the leases of a process killed go when SQLite's one process starts, and forgets handled updates after a while", async () => {
    await inbox.add([update(1, 10), update(2, 11)], T);
    await inbox.claim("c:10", "a", LEASE);
    const a = await inbox.claim("c:11", "a", LEASE);
    expect(await inbox.markDone(2, ref("c:11", a), "a")).toBe(true);
    expect(await inbox.clearLeases()).toBe(2);
    expect(await inbox.claim("c:10", "b", LEASE)).toMatchObject({ updateId: 1 });
    const doneAt = Number(
      (await db.store.db.selectFrom("inbox").select("done_at").where("update_id", "=", 2).executeTakeFirstOrThrow()).done_at,
    );
    expect(await inbox.prune(doneAt)).toBe(0);
    expect(await inbox.prune(doneAt + 1)).toBe(1);
    // A repeat of a forgotten update would be stored again; within the day it is kept, it is not.
    expect(await inbox.add([update(1, 10)], T + 4)).toBe(0);
  });
});

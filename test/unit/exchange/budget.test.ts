import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock, systemClock } from "../../../src/clock.js";
import { currentFence, underFence } from "../../../src/db/fence.js";
import { openSqliteStore, SqliteBudgetJournal } from "../../../src/db/index.js";
import {
  BudgetCancelledError,
  type BudgetJournal,
  BudgetQueueFullError,
  type Grant,
  type Lane,
  type QueuePlace,
  RateBudget,
} from "../../../src/exchange/budget.js";
import { type JournalProcess, journalDatabase } from "../../harness/journal.js";
import { busiestWindow } from "../../harness/windows.js";

const SPAN = 61_000; // the 60 s window plus the 1 s margin

function setup(limitPerMinute = 10, backgroundShare = 0.6) {
  const clock = new ManualClock();
  const budget = new RateBudget({ limitPerMinute, backgroundShare, clock });
  const granted: { lane: Lane; at: number; tag: string }[] = [];
  const ask = (lane: Lane, tag: string = lane, options: Parameters<RateBudget["acquire"]>[1] = {}) =>
    budget.acquire(lane, options).then(() => granted.push({ lane, at: clock.now(), tag }), ignoreClosed);
  return { clock, budget, granted, ask };
}

/** A waiter of a budget that was closed (a process that ended) just stops waiting. */
function ignoreClosed(error: unknown): number {
  if (error instanceof BudgetCancelledError) return 0;
  throw error;
}

describe("RateBudget", () => {
  it("never grants more than the limit in any sliding minute, whatever many callers ask", async () => {
    const { clock, budget, granted, ask } = setup(10);
    const lanes: Lane[] = ["create", "user", "poll", "catalogue"];
    // 300 callers arriving in bursts over 20 simulated minutes.
    let n = 0;
    for (let minute = 0; minute < 20; minute++) {
      for (let i = 0; i < 15; i++) void ask(lanes[(n++ * 7) % 4]!);
      await clock.advance(37_000 + (minute % 3) * 11_000);
    }
    await clock.advance(3_600_000);
    expect(granted).toHaveLength(300);
    expect(
      busiestWindow(
        granted.map((g) => g.at),
        60_000,
      ),
    ).toBeLessThanOrEqual(10);
    expect(
      busiestWindow(
        granted.map((g) => g.at),
        SPAN,
      ),
    ).toBeLessThanOrEqual(10);
    expect(budget.grantTimes().length).toBeLessThanOrEqual(300);
  });

  it("holds the limit for other configured rates too", async () => {
    const { clock, granted, ask } = setup(3, 0.5);
    for (let i = 0; i < 40; i++) void ask(i % 2 ? "user" : "poll");
    await clock.advance(2 * 3_600_000);
    expect(granted).toHaveLength(40);
    expect(
      busiestWindow(
        granted.map((g) => g.at),
        60_000,
      ),
    ).toBeLessThanOrEqual(3);
  });

  it("serves lanes by priority when a slot frees: create, user, poll, catalogue", async () => {
    const { clock, granted, ask } = setup(2, 0.5);
    void ask("user", "fill-1");
    void ask("user", "fill-2");
    await clock.advance(0);
    void ask("catalogue");
    void ask("poll");
    void ask("user");
    void ask("create");
    await clock.advance(SPAN);
    expect(granted.slice(2).map((g) => g.tag)).toEqual(["create", "user"]);
    await clock.advance(SPAN);
    // Only one background call fits each window at this limit.
    expect(granted.slice(4).map((g) => g.tag)).toEqual(["poll"]);
    await clock.advance(SPAN);
    expect(granted.slice(5).map((g) => g.tag)).toEqual(["catalogue"]);
  });

  it("serves rate alerts last, from the background share only: people and the tracker never wait behind them", async () => {
    const { clock, budget, granted, ask } = setup(10, 0.6);
    // A backlog of alert checks asked first.
    for (let i = 0; i < 20; i++) void ask("alert", `alert-${i}`);
    await clock.advance(0);
    const alertsAtOnce = granted.length;
    // Never more than the background share of a window, even with nothing else to do.
    expect(alertsAtOnce).toBeLessThanOrEqual(budget.backgroundCap);
    void ask("poll", "poll");
    void ask("user", "person");
    await clock.advance(0);
    // The person goes at once (slots are kept for people); the poll before any further alert.
    expect(granted.find((g) => g.tag === "person")?.at).toBe(clock.now());
    await clock.advance(10 * SPAN);
    const order = granted.map((g) => g.tag);
    expect(order.indexOf("poll")).toBeLessThan(order.indexOf(`alert-${alertsAtOnce}`));
    expect(
      busiestWindow(
        granted.filter((g) => g.lane === "alert").map((g) => g.at),
        60_000,
      ),
    ).toBeLessThanOrEqual(budget.backgroundCap);
  });

  it("holds an alert check while more than half the window is taken, and an alert's grant does not pace the tracker", async () => {
    const { clock, budget, granted, ask } = setup(10, 0.6);
    expect(budget.alertHeadroom).toBe(5);
    for (let i = 0; i < 5; i++) void ask("user", `person-${i}`);
    await clock.advance(0);
    void ask("alert", "alert");
    await clock.advance(0);
    expect(granted.map((g) => g.tag)).not.toContain("alert");
    await clock.advance(SPAN);
    expect(granted.map((g) => g.tag)).toContain("alert");
    // Right after the alert's grant, a poll goes at once: only polls and the catalogue pace each other.
    const alertAt = granted.find((g) => g.tag === "alert")!.at;
    void ask("poll", "poll");
    await clock.advance(0);
    expect(granted.find((g) => g.tag === "poll")?.at).toBe(alertAt);
  });

  it("keeps part of the window for people even while polling is saturated, and paces the polls", async () => {
    const { clock, budget, granted, ask } = setup(10, 0.6);
    expect(budget.backgroundCap).toBe(6);
    expect(budget.backgroundPaceMs).toBe(Math.floor(SPAN / 6));
    for (let i = 0; i < 1_000; i++) void ask("poll");
    await clock.advance(5_000);
    // A pace, not a burst: one poll now, the next one a sixth of a window later.
    expect(granted.filter((g) => g.lane === "poll")).toHaveLength(1);

    void ask("user", "quote");
    await clock.advance(0);
    const quote = granted.find((g) => g.tag === "quote");
    expect(quote?.at).toBe(clock.now()); // served at once, not after the polls

    // Over a long stretch, polls take at most their share of every window, evenly spaced.
    await clock.advance(30 * 60_000);
    const polls = granted.filter((g) => g.lane === "poll").map((g) => g.at);
    expect(busiestWindow(polls, 60_000)).toBeLessThanOrEqual(6);
    const gaps = polls.slice(1).map((at, i) => at - polls[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(budget.backgroundPaceMs);
    expect(polls.length).toBeGreaterThanOrEqual(Math.floor((30 * 60_000) / budget.backgroundPaceMs));
  });

  it("a person arriving at any moment while polling is saturated gets a slot at once when no other person holds one", async () => {
    const { clock, granted, ask } = setup(10, 0.6);
    for (let i = 0; i < 1_000; i++) void ask("poll");
    // People arrive one at a time, at awkward moments, each after the last one's slot expired.
    const waits: number[] = [];
    for (let i = 0; i < 20; i++) {
      await clock.advance(SPAN + ((i * 3_301) % 13_000));
      const asked = clock.now();
      const tag = `person-${i}`;
      void ask("user", tag);
      await clock.advance(0);
      const grant = granted.find((g) => g.tag === tag);
      waits.push(grant ? grant.at - asked : Infinity);
    }
    expect(waits.every((wait) => wait === 0)).toBe(true);
  });

  it("when people fill the rest of a window, the next person waits at most one background pace, not for a burst of polls to expire", async () => {
    // Whatever the moment: right after polls were granted, or in between.
    for (const offset of [1_000, 17_000, 33_000, 49_000]) {
      const { clock, budget, granted, ask } = setup(10, 0.6);
      for (let i = 0; i < 1_000; i++) void ask("poll");
      await clock.advance(5 * SPAN + offset); // polling in its steady state
      const inWindow = granted.filter((g) => g.at > clock.now() - SPAN).length;
      for (let i = 0; i < 10 - inWindow; i++) void ask("user", "fill");
      await clock.advance(0);
      void ask("user", "late");
      const asked = clock.now();
      await clock.advance(SPAN);
      const late = granted.find((g) => g.tag === "late")!;
      expect(late.at - asked).toBeGreaterThan(0);
      expect(late.at - asked).toBeLessThanOrEqual(budget.backgroundPaceMs);
      await budget.close();
    }
  });

  it("background work never takes the last free slots of a window: two people arriving together both go at once", async () => {
    const { clock, budget, granted, ask } = setup(10, 0.6);
    expect(budget.reservedForPeople).toBe(2);
    for (let i = 0; i < 6; i++) void ask("user", "early");
    for (let i = 0; i < 1_000; i++) void ask("poll");
    await clock.advance(SPAN - 1_000);
    // 6 people + 2 polls: the polls stop with two slots still free.
    expect(granted.filter((g) => g.lane === "poll")).toHaveLength(2);
    void ask("user", "a");
    void ask("user", "b");
    await clock.advance(0);
    expect(granted.filter((g) => g.tag === "a" || g.tag === "b").map((g) => g.at)).toEqual([clock.now(), clock.now()]);
  });

  it("a person asking while polls queue is first in line after the polls owed their floor (2 a minute), with a short expected wait", async () => {
    const { clock, budget, ask } = setup(10, 0.6);
    for (let i = 0; i < 10; i++) void ask("user", "fill");
    await clock.advance(1_000);
    for (let i = 0; i < 50; i++) void ask("poll");
    await clock.advance(0);
    const places: QueuePlace[] = [];
    void ask("user", "me", { onQueued: (place) => places.push(place) });
    expect(places).toHaveLength(1);
    // The window holds no poll: the first two polls go before people (status polls are never starved).
    expect(places[0]!.position).toBe(3);
    expect(places[0]!.waitMs).toBe(SPAN - 1_000);
    expect(budget.preview("user").position).toBe(4);
    expect(budget.preview("poll").position).toBe(52);
  });

  it("people take turns in the user lane: one person's many requests put the next person second, not last", async () => {
    const { clock, granted, ask } = setup(10, 0.6);
    for (let i = 0; i < 10; i++) void ask("user", "fill");
    await clock.advance(0);
    for (let i = 0; i < 3; i++) void ask("user", `ann-${i}`, { requester: "ann" });
    void ask("user", "bob-0", { requester: "bob" });
    void ask("user", "cat-0", { requester: "cat" });
    void ask("user", "bob-1", { requester: "bob" });
    await clock.advance(SPAN);
    expect(granted.slice(10).map((g) => g.tag)).toEqual(["ann-0", "bob-0", "cat-0", "ann-1", "bob-1", "ann-2"]);
  });

  it("refuses a fourth queued request of one person, and takes it again once one has gone", async () => {
    const { clock, budget, ask } = setup(10, 0.6);
    for (let i = 0; i < 10; i++) void ask("user", "fill");
    await clock.advance(0);
    for (let i = 0; i < 3; i++) void ask("user", `ann-${i}`, { requester: "ann" });
    await expect(budget.acquire("user", { requester: "ann" })).rejects.toThrow(BudgetQueueFullError);
    await clock.advance(SPAN);
    await expect(budget.acquire("user", { requester: "ann" })).resolves.toMatchObject({ lane: "user" });
  });

  it("status polls are never starved: while people keep the user lane full, polls still get two slots a minute", async () => {
    const { clock, granted, ask } = setup(10, 0.6);
    // The tracker: a poll always waiting, the next asked as soon as one goes.
    const poll = (): void => void ask("poll").then((n) => n > 0 && poll());
    poll();
    // Five minutes of people asking twice as fast as the budget allows.
    for (let second = 0; second < 300; second += 3) {
      void ask("user", "person", { requester: `p${second}` });
      await clock.advance(3_000);
    }
    const polls = granted.filter((g) => g.tag === "poll");
    expect(polls.length).toBeGreaterThanOrEqual(9);
    // And people had the rest: at least eight of every ten slots over the whole time.
    expect(granted.filter((g) => g.tag === "person").length).toBeGreaterThanOrEqual(8 * 4);
  });

  it("tells each waiter its place and expected wait", async () => {
    const { clock, ask } = setup(2, 0.5);
    void ask("user");
    await clock.advance(10_000);
    void ask("user");
    await clock.advance(0);
    const places: QueuePlace[] = [];
    for (let i = 0; i < 3; i++) void ask("user", "w", { onQueued: (p) => places.push(p) });
    expect(places.map((p) => p.position)).toEqual([1, 2, 3]);
    // Slots free one span after each grant: the first at 0 + SPAN, the second at 10 s + SPAN.
    expect(places.map((p) => p.waitMs)).toEqual([SPAN - 10_000, SPAN, 2 * SPAN - 10_000]);
  });

  it("pauses every lane after a 429 until the service's wait is over", async () => {
    const { clock, budget, granted, ask } = setup(10);
    budget.pause(30_000);
    void ask("create");
    void ask("user");
    await clock.advance(29_999);
    expect(granted).toHaveLength(0);
    await clock.advance(1);
    expect(granted.map((g) => g.lane)).toEqual(["create", "user"]);
    expect((await budget.stats()).rateLimited).toBe(1);
  });

  it("drops a waiter whose caller gave up, and closes cleanly", async () => {
    const { clock, budget, granted, ask } = setup(1, 0.5);
    void ask("user", "first");
    await clock.advance(0);
    const controller = new AbortController();
    const gaveUp = budget.acquire("user", { signal: controller.signal });
    const after = ask("user", "after");
    controller.abort();
    await expect(gaveUp).rejects.toBeInstanceOf(BudgetCancelledError);
    await clock.advance(SPAN);
    expect(granted.map((g) => g.tag)).toEqual(["first", "after"]);
    await after;
    const pending = budget.acquire("poll");
    void budget.close();
    await expect(pending).rejects.toBeInstanceOf(BudgetCancelledError);
  });

  it("counts the last hour's calls by lane", async () => {
    const { clock, budget, ask } = setup(10);
    void ask("user");
    void ask("poll");
    void ask("poll");
    await clock.advance(budget.backgroundPaceMs);
    expect((await budget.stats()).lastHourByLane).toEqual({ create: 0, user: 1, poll: 2, catalogue: 0, alert: 0 });
    await clock.advance(3_600_001);
    expect((await budget.stats()).lastHourByLane.poll).toBe(0);
  });
});

describe("RateBudget after close", () => {
  it("refuses new requests at once instead of queueing them", async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ limitPerMinute: 10, backgroundShare: 0.6, clock });
    await budget.close();
    await expect(budget.acquire("user")).rejects.toBeInstanceOf(BudgetCancelledError);
  });
});

describe("RateBudget with its journal in the database", () => {
  const databases: { drop(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const database of databases.splice(0)) await database.drop();
  });

  /** A new database for the journal, on the suite's back end. */
  async function databaseFile(): Promise<Awaited<ReturnType<typeof journalDatabase>>> {
    const database = await journalDatabase();
    databases.push(database);
    return database;
  }

  /** One process on `database`: its budget, journaled there. */
  async function budgetOn(
    database: Awaited<ReturnType<typeof journalDatabase>>,
    clock: ManualClock,
    limitPerMinute = 10,
  ): Promise<{ budget: RateBudget; db: JournalProcess }> {
    const db = await database.open(clock);
    return { budget: new RateBudget({ limitPerMinute, backgroundShare: 0.6, clock, journal: db.journal }), db };
  }

  it("a new process continues the old window: nothing more than the limit in any minute across restarts", async () => {
    const clock = new ManualClock();
    const path = await databaseFile();
    const times: number[] = [];
    // Five restarts within 41 s, each process asking for as much as it can get.
    for (let run = 0; run < 5; run++) {
      const { budget, db } = await budgetOn(path, clock);
      for (let i = 0; i < 10; i++) void budget.acquire("user").then(() => times.push(clock.now()), ignoreClosed);
      await clock.advance(8_200);
      await budget.close(); // the process ends; its waiters with it
      await db.close();
    }
    expect(times).toHaveLength(10); // the first process took the whole window, nobody after it got more
    // The sixth process, once the window has passed, gets slots again.
    const { budget, db } = await budgetOn(path, clock);
    const later = budget.acquire("user").then(() => times.push(clock.now()));
    await clock.advance(SPAN);
    await later;
    expect(times).toHaveLength(11);
    expect(busiestWindow(times, SPAN)).toBeLessThanOrEqual(10);
    await budget.close();
    await db.close();
  });

  it("a 429 pause is kept across a restart", async () => {
    const clock = new ManualClock();
    const path = await databaseFile();
    const first = await budgetOn(path, clock);
    first.budget.pause(30_000);
    await first.budget.close();
    await first.db.close();
    const second = await budgetOn(path, clock);
    let grantedAt: number | undefined;
    void second.budget.acquire("create").then(() => (grantedAt = clock.now()));
    const asked = clock.now();
    await clock.advance(29_999);
    expect(grantedAt).toBeUndefined();
    await clock.advance(1);
    expect(grantedAt).toBe(asked + 30_000);
    await second.budget.close();
    await second.db.close();
  });

  it("two processes on one database share one budget", async () => {
    const clock = new ManualClock();
    const path = await databaseFile();
    const a = await budgetOn(path, clock);
    const b = await budgetOn(path, clock);
    const times: { who: string; at: number }[] = [];
    for (let i = 0; i < 30; i++) {
      void a.budget.acquire(i % 3 ? "user" : "poll").then(() => times.push({ who: "a", at: clock.now() }), ignoreClosed);
      void b.budget.acquire(i % 2 ? "user" : "catalogue").then(() => times.push({ who: "b", at: clock.now() }), ignoreClosed);
    }
    await clock.advance(10 * 60_000);
    expect(times).toHaveLength(60);
    expect(
      busiestWindow(
        times.map((t) => t.at),
        SPAN,
      ),
    ).toBeLessThanOrEqual(10);
    // Both got served, not one starved.
    expect(times.filter((t) => t.who === "a").length).toBe(30);
    expect((await a.budget.stats()).lastHourByLane.user + (await a.budget.stats()).lastHourByLane.poll).toBeGreaterThan(0);
    for (const p of [a, b]) {
      await p.budget.close();
      await p.db.close();
    }
  });

  it("a slot older than half the margin as its request leaves is given back: every process counts the window without it", async () => {
    const clock = new ManualClock();
    const path = await databaseFile();
    const a = await budgetOn(path, clock, 2);
    const b = await budgetOn(path, clock, 2);
    const start = clock.now();
    const fresh = await a.budget.acquire("user");
    const stale = await a.budget.acquire("user");
    expect(a.budget.fresh(stale)).toBe(true);
    // Half the margin is for the request's way to the service: past it, the slot is given back.
    await clock.advance(500);
    expect(a.budget.fresh(stale)).toBe(true);
    // The process is starved past it before the request leaves.
    await clock.advance(501);
    expect(a.budget.fresh(fresh)).toBe(false);
    expect(a.budget.fresh(stale)).toBe(false);
    await a.budget.giveBack(stale);
    expect((await a.db.journal.grantsAfter(0)).length).toBe(1);
    // The other process takes the slot given back at once: its window is the journal's.
    let grantedAt: number | undefined;
    void b.budget.acquire("user").then(() => (grantedAt = clock.now()));
    await clock.advance(0);
    expect(grantedAt).toBe(clock.now());
    // …and asking again waits for the window: two grants in it, none given back twice.
    let againAt: number | undefined;
    void a.budget.acquire("user").then(() => (againAt = clock.now()));
    await clock.advance(SPAN);
    expect(againAt).toBe(start + SPAN);
    for (const p of [a, b]) {
      await p.budget.close();
      await p.db.close();
    }
  });

  it("keeps the journal small: one row per call, older than two hours pruned", async () => {
    const clock = new ManualClock();
    const path = await databaseFile();
    const { budget, db } = await budgetOn(path, clock, 1_000);
    for (let hour = 0; hour < 5; hour++) {
      for (let i = 0; i < 100; i++) await budget.acquire("user");
      await clock.advance(3_600_000);
    }
    const rows = Number(
      (
        await db.store.db
          .selectFrom("budget_grants")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(rows).toBeLessThanOrEqual(300);
    expect((await budget.stats()).lastHourByLane.user).toBe(0);
    await budget.close();
    await db.close();
  });
});

describe("RateBudget's own work", () => {
  /** A journal in memory that notes the fence its steps run under. */
  function fenceNoting(seen: unknown[]): BudgetJournal {
    const grants: Grant[] = [];
    return {
      grant: async (spanMs, decide) => {
        seen.push(currentFence()?.chatKey);
        const now = Date.now();
        const decided = decide({ now, window: grants.filter((g) => g.at > now - spanMs), pausedUntil: 0 });
        grants.push(...decided.grants);
        return decided.result;
      },
      grantsAfter: async (time) => grants.filter((g) => g.at > time),
      recordPause: async () => {},
      giveBack: async () => {},
    };
  }

  for (const journaled of [false, true]) {
    it(`runs outside the fence of the update whose request set it going (${journaled ? "with" : "without"} a journal)`, async () => {
      const seen: unknown[] = [];
      // Built outside any update's handling, as src/app.ts builds it; a short window on the real clock.
      const budget = new RateBudget({
        limitPerMinute: 1,
        backgroundShare: 0.5,
        clock: systemClock,
        windowMs: 30,
        marginMs: 20,
        ...(journaled ? { journal: fenceNoting(seen) } : {}),
        onGranted: () => void seen.push(currentFence()?.chatKey),
      });
      await budget.acquire("user");
      // That pump has ended (its journal step too): the next request sets a new one going.
      await new Promise((resolve) => setImmediate(resolve));
      // An update's handling asks while the window is full: its request waits for the pump's timer.
      const lease = { chatKey: "c:1", token: 7, fencing: true, lose: () => {} };
      let sawInside: string | undefined;
      await underFence(lease, async () => {
        await budget.acquire("user", { onQueued: () => (sawInside = currentFence()?.chatKey) });
      });
      // The waiter's own listener is told in its own context, the pump's work in none.
      expect(sawInside).toBe("c:1");
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(seen.filter((chatKey) => chatKey !== undefined)).toEqual([]);
      await budget.close();
    });
  }
});

describe("RateBudget when a listener throws", () => {
  /** Rejections nobody handled while `run` ran (one of them would end the bot's process). */
  async function unhandledDuring(run: () => Promise<void>): Promise<unknown[]> {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    // Vitest's own listener would fail the run; this one lets the test say what happened.
    const others = process.listeners("unhandledRejection");
    process.removeAllListeners("unhandledRejection");
    process.on("unhandledRejection", onUnhandled);
    try {
      await run();
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off("unhandledRejection", onUnhandled);
      for (const listener of others) process.on("unhandledRejection", listener);
    }
    return unhandled;
  }

  for (const journaled of [false, true]) {
    it(`still serves every waiter, in order, and nothing escapes as an unhandled rejection (${journaled ? "with" : "without"} a journal)`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "swapbot-budget-listener-"));
      const db = journaled ? openSqliteStore(join(dir, "bot.sqlite")) : undefined;
      const clock = new ManualClock();
      const told: unknown[] = [];
      const served: number[] = [];
      const unhandled = await unhandledDuring(async () => {
        const budget = new RateBudget({
          limitPerMinute: 2,
          backgroundShare: 0.5,
          clock,
          ...(db ? { journal: new SqliteBudgetJournal(db, clock) } : {}),
          onGranted: () => {
            throw new Error("the metrics broke");
          },
          onListenerError: (error) => void told.push(error),
        });
        const onQueued = () => {
          throw new Error("the place-in-line message broke");
        };
        for (let i = 0; i < 4; i++)
          void budget.acquire("user", { onQueued }).then(
            () => void served.push(i),
            () => void served.push(-1),
          );
        await clock.advance(2 * SPAN);
        await budget.close();
      });
      await db?.close();
      rmSync(dir, { recursive: true, force: true });
      expect(served).toEqual([0, 1, 2, 3]);
      expect(unhandled).toEqual([]);
      expect(told.map((error) => (error as Error).message)).toContain("the metrics broke");
      expect(told.map((error) => (error as Error).message)).toContain("the place-in-line message broke");
    });
  }
});

describe("RateBudget when its journal fails", () => {
  it("keeps every waiter in line when a write fails, serves it once the database answers, and lets it give up meanwhile", async () => {
    const database = await journalDatabase();
    const clock = new ManualClock();
    const db = await database.open(clock);
    const real = db.journal;
    let failures = 2;
    // The first two steps fail at the end and roll back, as a COMMIT that meets a full disk would:
    // the first acquire's, and the one that runs right after it for the second acquire and the
    // abort (asked for while the first ran).
    const journal: BudgetJournal = {
      grant: (spanMs, decide) =>
        real.grant(spanMs, (view) => {
          const decided = decide(view);
          if (failures-- > 0) throw new Error("disk I/O error");
          return decided;
        }),
      grantsAfter: (time) => real.grantsAfter(time),
      recordPause: (until) => real.recordPause(until),
      giveBack: (id) => real.giveBack(id),
    };
    const budget = new RateBudget({ limitPerMinute: 10, backgroundShare: 0.6, clock, journal });
    const controller = new AbortController();
    const givesUp = budget.acquire("user", { signal: controller.signal });
    const waits = budget.acquire("user");
    controller.abort();
    await expect(givesUp).rejects.toBeInstanceOf(BudgetCancelledError);
    let grantedAt: number | undefined;
    void waits.then(() => (grantedAt = clock.now()));
    const asked = clock.now();
    await clock.advance(5_000);
    expect(grantedAt).toBe(asked + 1_000); // retried a second later, when the write went through
    expect(await real.grantsAfter(0)).toHaveLength(1);
    expect(failures).toBe(-1); // both failed steps happened, and no other
    await budget.close();
    await db.close();
    await database.drop();
  });
});

import { describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock.js";
import { BudgetCancelledError, RateBudget, type Lane, type QueuePlace } from "../src/exchange/budget.js";

const SPAN = 61_000; // the 60 s window plus the 1 s margin

function setup(limitPerMinute = 10, backgroundShare = 0.6) {
  const clock = new ManualClock();
  const budget = new RateBudget({ limitPerMinute, backgroundShare, clock });
  const granted: { lane: Lane; at: number; tag: string }[] = [];
  const ask = (lane: Lane, tag: string = lane, options: Parameters<RateBudget["acquire"]>[1] = {}) =>
    budget.acquire(lane, options).then(() => granted.push({ lane, at: clock.now(), tag }));
  return { clock, budget, granted, ask };
}

/** The largest number of grants that fall inside any window of `span` ms. */
function busiestWindow(times: number[], span: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= span) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
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
    expect(busiestWindow(granted.map((g) => g.at), 60_000)).toBeLessThanOrEqual(10);
    expect(busiestWindow(granted.map((g) => g.at), SPAN)).toBeLessThanOrEqual(10);
    expect(budget.grantTimes().length).toBeLessThanOrEqual(300);
  });

  it("holds the limit for other configured rates too", async () => {
    const { clock, granted, ask } = setup(3, 0.5);
    for (let i = 0; i < 40; i++) void ask(i % 2 ? "user" : "poll");
    await clock.advance(2 * 3_600_000);
    expect(granted).toHaveLength(40);
    expect(busiestWindow(granted.map((g) => g.at), 60_000)).toBeLessThanOrEqual(3);
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

  it("keeps part of the window for people even while polling is saturated", async () => {
    const { clock, budget, granted, ask } = setup(10, 0.6);
    for (let i = 0; i < 100; i++) void ask("poll");
    await clock.advance(5_000);
    expect(granted.filter((g) => g.lane === "poll")).toHaveLength(budget.backgroundCap);
    expect(budget.backgroundCap).toBe(6);

    void ask("user", "quote");
    await clock.advance(0);
    const quote = granted.find((g) => g.tag === "quote");
    expect(quote?.at).toBe(clock.now()); // served at once, not after the polls

    // Over a long stretch, polls take at most their share of every window.
    await clock.advance(30 * 60_000);
    const polls = granted.filter((g) => g.lane === "poll").map((g) => g.at);
    expect(busiestWindow(polls, 60_000)).toBeLessThanOrEqual(6);
  });

  it("a person asking while polls queue is first in line, with a short expected wait", async () => {
    const { clock, budget, ask } = setup(10, 0.6);
    for (let i = 0; i < 10; i++) void ask("user", "fill");
    await clock.advance(1_000);
    for (let i = 0; i < 50; i++) void ask("poll");
    await clock.advance(0);
    const places: QueuePlace[] = [];
    void ask("user", "me", { onQueued: (place) => places.push(place) });
    expect(places).toHaveLength(1);
    expect(places[0]!.position).toBe(1);
    expect(places[0]!.waitMs).toBe(SPAN - 1_000);
    expect(budget.preview("user").position).toBe(2);
    expect(budget.preview("poll").position).toBe(52);
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
    expect(budget.stats().rateLimited).toBe(1);
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
    budget.close();
    await expect(pending).rejects.toBeInstanceOf(BudgetCancelledError);
  });

  it("counts the last hour's calls by lane", async () => {
    const { clock, budget, ask } = setup(10);
    void ask("user");
    void ask("poll");
    void ask("poll");
    await clock.advance(0);
    expect(budget.stats().lastHourByLane).toEqual({ create: 0, user: 1, poll: 2, catalogue: 0 });
    await clock.advance(3_600_001);
    expect(budget.stats().lastHourByLane.poll).toBe(0);
  });
});

describe("RateBudget after close", () => {
  it("refuses new requests at once instead of queueing them", async () => {
    const clock = new ManualClock();
    const budget = new RateBudget({ limitPerMinute: 10, backgroundShare: 0.6, clock });
    budget.close();
    await expect(budget.acquire("user")).rejects.toBeInstanceOf(BudgetCancelledError);
  });
});

import { describe, expect, it } from "vitest";
import { FUNDS_SENT_BOOST_MS, MAX_NOT_FOUND, POLL_RANK, STALL_AFTER_MS, fundsSentRecently, headStart, nextPoll, pollRank, retryDelay, type PollState } from "../src/tracker/policy.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const INTERVAL = MINUTE;
const NOW = Date.UTC(2026, 10, 22, 12);

/** An exchange created `age` ago whose status changed at creation. */
function state(status: string, age: number, fundsSentAt: number | null = null): PollState {
  return { status, createdAt: NOW - age, statusChangedAt: NOW - age, fundsSentAt };
}

/** The delay and rank of a "poll" decision. */
function poll(s: PollState, intervalMs = INTERVAL): { delay: number; rank: number } {
  const decision = nextPoll(s, NOW, intervalMs);
  if (decision.kind !== "poll") throw new Error(`expected a poll, got ${decision.kind}`);
  return { delay: decision.at - NOW, rank: decision.rank };
}

describe("the tracker's poll policy", () => {
  it("ranks in the order news is likely: funds announced, moving, waiting, unknown", () => {
    expect(POLL_RANK).toEqual({ fundsSent: 0, moving: 1, waiting: 2, unknown: 3 });
    expect(pollRank({ status: "waiting", fundsSentAt: NOW - MINUTE }, NOW)).toBe(0);
    for (const status of ["confirming", "exchanging", "sending"]) expect(pollRank({ status, fundsSentAt: null }, NOW)).toBe(1);
    expect(pollRank({ status: "waiting", fundsSentAt: null }, NOW)).toBe(2);
    expect(pollRank({ status: "on_hold", fundsSentAt: null }, NOW)).toBe(3);
  });

  it("polls moving exchanges at every interval", () => {
    for (const status of ["confirming", "exchanging", "sending"]) expect(poll(state(status, 5 * HOUR))).toEqual({ delay: INTERVAL, rank: 1 });
  });

  it("backs off a deposit nobody announced as it ages: 10 min at the interval, then 2, 5, 10 and 30 min", () => {
    expect(poll(state("waiting", 9 * MINUTE))).toEqual({ delay: INTERVAL, rank: 2 });
    expect(poll(state("waiting", 10 * MINUTE))).toEqual({ delay: 2 * MINUTE, rank: 2 });
    expect(poll(state("waiting", 29 * MINUTE))).toEqual({ delay: 2 * MINUTE, rank: 2 });
    expect(poll(state("waiting", 30 * MINUTE))).toEqual({ delay: 5 * MINUTE, rank: 2 });
    expect(poll(state("waiting", 2 * HOUR - 1))).toEqual({ delay: 5 * MINUTE, rank: 2 });
    expect(poll(state("waiting", 2 * HOUR))).toEqual({ delay: 10 * MINUTE, rank: 2 });
    expect(poll(state("waiting", 12 * HOUR))).toEqual({ delay: 30 * MINUTE, rank: 2 });
    // Never more often than the configured interval.
    expect(poll(state("waiting", 3 * HOUR), 20 * MINUTE)).toEqual({ delay: 20 * MINUTE, rank: 2 });
  });

  it("puts a waiting exchange whose owner said 'I have sent the funds' first, at every interval, for 30 minutes", () => {
    expect(FUNDS_SENT_BOOST_MS).toBe(30 * MINUTE);
    const old = 5 * HOUR; // would otherwise be looked at every 10 minutes
    expect(poll(state("waiting", old, NOW))).toEqual({ delay: INTERVAL, rank: 0 });
    expect(poll(state("waiting", old, NOW - FUNDS_SENT_BOOST_MS + 1))).toEqual({ delay: INTERVAL, rank: 0 });
    expect(poll(state("waiting", old, NOW - FUNDS_SENT_BOOST_MS))).toEqual({ delay: 10 * MINUTE, rank: 2 });
    expect(fundsSentRecently(null, NOW)).toBe(false);
  });

  it("does not boost an exchange that has moved on: its own status decides", () => {
    expect(poll(state("confirming", HOUR, NOW - MINUTE))).toEqual({ delay: INTERVAL, rank: 1 });
    expect(poll(state("on_hold", HOUR, NOW - MINUTE))).toEqual({ delay: 30 * MINUTE, rank: 3 });
    expect(nextPoll(state("finished", HOUR, NOW - MINUTE), NOW, INTERVAL)).toEqual({ kind: "final" });
  });

  it("looks at a status it does not know every 30 minutes", () => {
    expect(poll(state("on_hold", MINUTE))).toEqual({ delay: 30 * MINUTE, rank: 3 });
    expect(poll(state("verifying", 5 * HOUR), 45 * MINUTE)).toEqual({ delay: 45 * MINUTE, rank: 3 });
  });

  it("reads statuses whatever their case", () => {
    expect(poll(state("Waiting", 5 * HOUR, NOW))).toEqual({ delay: INTERVAL, rank: 0 });
    expect(poll(state("WAITING", 5 * HOUR))).toEqual({ delay: 10 * MINUTE, rank: 2 });
    expect(poll(state("Confirming", 5 * HOUR))).toEqual({ delay: INTERVAL, rank: 1 });
    expect(nextPoll(state("Finished", HOUR), NOW, INTERVAL)).toEqual({ kind: "final" });
  });

  it("stops at a final status, and gives up after 48 hours without a change, even when funds were announced", () => {
    for (const status of ["finished", "failed", "refunded", "overdue"]) expect(nextPoll(state(status, MINUTE), NOW, INTERVAL)).toEqual({ kind: "final" });
    expect(nextPoll(state("waiting", STALL_AFTER_MS, NOW - MINUTE), NOW, INTERVAL)).toEqual({ kind: "stalled" });
    expect(nextPoll(state("exchanging", STALL_AFTER_MS - 1), NOW, INTERVAL).kind).toBe("poll");
  });

  it("backs off failed polls up to two hours (unchanged)", () => {
    expect(MAX_NOT_FOUND).toBe(3);
    expect([0, 1, 2, 6].map((n) => retryDelay(n, INTERVAL))).toEqual([MINUTE, 2 * MINUTE, 4 * MINUTE, 64 * MINUTE]);
    expect(retryDelay(10, 10 * MINUTE)).toBe(2 * HOUR);
  });

  it("gives each rank a head start: announced, then moving, then waiting, then unknown; never a wall", () => {
    expect(headStart(POLL_RANK.fundsSent)).toBeLessThan(headStart(POLL_RANK.moving));
    expect(headStart(POLL_RANK.moving)).toBeLessThan(headStart(POLL_RANK.waiting));
    expect(headStart(POLL_RANK.waiting)).toBeLessThan(headStart(POLL_RANK.unknown));
    expect(headStart(POLL_RANK.waiting)).toBe(30 * MINUTE);
    expect(Number.isFinite(headStart(POLL_RANK.unknown))).toBe(true);
  });
});

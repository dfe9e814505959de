import { describe, expect, it } from "vitest";
import {
  afterNotFound,
  FUNDS_SENT_BOOST_MS,
  fundsSentRecently,
  headStart,
  isPastDeposit,
  isSettled,
  MIN_NOT_FOUND,
  MOVING_STALL_MS,
  NOT_FOUND_GRACE_MS,
  nextPoll,
  noticeRetryDelay,
  POLL_RANK,
  type PollState,
  pollRank,
  retryDelay,
  SLOW_DOWN_AFTER_MS,
  WAITING_STALL_MS,
} from "../../../src/domain/poll-policy.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
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

  it("polls moving exchanges at every interval for two hours in one status, then hourly", () => {
    expect(SLOW_DOWN_AFTER_MS).toBe(2 * HOUR);
    for (const status of ["confirming", "exchanging", "sending"]) {
      expect(poll(state(status, 2 * HOUR - 1))).toEqual({ delay: INTERVAL, rank: 1 });
      expect(poll(state(status, 2 * HOUR))).toEqual({ delay: HOUR, rank: 1 });
      expect(poll(state(status, 6 * DAY))).toEqual({ delay: HOUR, rank: 1 });
    }
    // The time in the current status counts, not the exchange's age.
    expect(poll({ status: "sending", createdAt: NOW - 3 * DAY, statusChangedAt: NOW - MINUTE, fundsSentAt: null })).toEqual({
      delay: INTERVAL,
      rank: 1,
    });
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
    expect(poll(state("overdue", HOUR, NOW - MINUTE))).toEqual({ delay: HOUR, rank: 2 });
    expect(nextPoll(state("finished", HOUR, NOW - MINUTE), NOW, INTERVAL)).toEqual({ kind: "final" });
  });

  it("looks at a status it does not know every 30 minutes, then hourly", () => {
    expect(poll(state("on_hold", MINUTE))).toEqual({ delay: 30 * MINUTE, rank: 3 });
    expect(poll(state("verifying", MINUTE), 45 * MINUTE)).toEqual({ delay: 45 * MINUTE, rank: 3 });
    expect(poll(state("on_hold", 5 * HOUR))).toEqual({ delay: HOUR, rank: 3 });
  });

  it("says an exchange is past its deposit once it arrived or the exchange ended, never while it waits or in a status it does not know", () => {
    for (const status of ["confirming", "Exchanging", "sending", "finished", "failed", "refunded", "overdue"])
      expect(isPastDeposit(status), status).toBe(true);
    for (const status of ["waiting", "Waiting", "on_hold"]) expect(isPastDeposit(status), status).toBe(false);
  });

  it("keeps following an expired exchange hourly: a late deposit can still be processed or refunded", () => {
    expect(isSettled("overdue")).toBe(false);
    expect(poll(state("overdue", 30 * MINUTE))).toEqual({ delay: HOUR, rank: 2 });
    expect(poll(state("Overdue", 47 * HOUR))).toEqual({ delay: HOUR, rank: 2 });
    expect(poll(state("overdue", HOUR), 2 * HOUR)).toEqual({ delay: 2 * HOUR, rank: 2 });
  });

  it("reads statuses whatever their case", () => {
    expect(poll(state("Waiting", 5 * HOUR, NOW))).toEqual({ delay: INTERVAL, rank: 0 });
    expect(poll(state("WAITING", 5 * HOUR))).toEqual({ delay: 10 * MINUTE, rank: 2 });
    expect(poll(state("Confirming", 5 * MINUTE))).toEqual({ delay: INTERVAL, rank: 1 });
    expect(nextPoll(state("Finished", HOUR), NOW, INTERVAL)).toEqual({ kind: "final" });
    expect(nextPoll(state("REFUNDED", HOUR), NOW, INTERVAL)).toEqual({ kind: "final" });
    expect(poll(state("Exchanging", 3 * HOUR))).toEqual({ delay: HOUR, rank: 1 });
    expect(nextPoll(state("Waiting", WAITING_STALL_MS), NOW, INTERVAL)).toEqual({ kind: "stalled" });
    expect(nextPoll(state("Sending", WAITING_STALL_MS), NOW, INTERVAL).kind).toBe("poll");
  });

  it("stops at finished, failed and refunded; overdue is not final", () => {
    for (const status of ["finished", "failed", "refunded"])
      expect(nextPoll(state(status, MINUTE), NOW, INTERVAL)).toEqual({ kind: "final" });
    expect(nextPoll(state("overdue", MINUTE), NOW, INTERVAL).kind).toBe("poll");
  });

  it("gives up on an exchange waiting for a deposit (or expired) after 48 hours without a change, even when funds were announced", () => {
    expect(WAITING_STALL_MS).toBe(48 * HOUR);
    expect(nextPoll(state("waiting", WAITING_STALL_MS, NOW - MINUTE), NOW, INTERVAL)).toEqual({ kind: "stalled" });
    expect(nextPoll(state("overdue", WAITING_STALL_MS), NOW, INTERVAL)).toEqual({ kind: "stalled" });
    expect(nextPoll(state("overdue", WAITING_STALL_MS - 1), NOW, INTERVAL).kind).toBe("poll");
  });

  it("follows an exchange in motion, or in a status it does not know, for 7 days without a change", () => {
    expect(MOVING_STALL_MS).toBe(7 * DAY);
    for (const status of ["confirming", "exchanging", "sending", "on_hold"]) {
      expect(nextPoll(state(status, WAITING_STALL_MS), NOW, INTERVAL).kind).toBe("poll");
      expect(nextPoll(state(status, MOVING_STALL_MS - 1), NOW, INTERVAL).kind).toBe("poll");
      expect(nextPoll(state(status, MOVING_STALL_MS), NOW, INTERVAL)).toEqual({ kind: "stalled" });
    }
  });

  it("backs off failed polls up to two hours (unchanged)", () => {
    expect([0, 1, 2, 6].map((n) => retryDelay(n, INTERVAL))).toEqual([MINUTE, 2 * MINUTE, 4 * MINUTE, 64 * MINUTE]);
    expect(retryDelay(10, 10 * MINUTE)).toBe(2 * HOUR);
  });

  it("tolerates 'not found' for 30 minutes after creation and 5 answers in a row, looking again gently", () => {
    expect(NOT_FOUND_GRACE_MS).toBe(30 * MINUTE);
    expect(MIN_NOT_FOUND).toBe(5);
    const created = NOW - MINUTE;
    // The interval, doubling up to 10 minutes.
    expect([1, 2, 3, 4, 5, 9].map((n) => afterNotFound(n, created, NOW, INTERVAL))).toEqual(
      [MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE, 10 * MINUTE, 10 * MINUTE].map((delay) => ({ kind: "retry", at: NOW + delay })),
    );
    expect(afterNotFound(1, created, NOW, 20 * MINUTE)).toEqual({ kind: "retry", at: NOW + 20 * MINUTE });
    // Many answers, but the exchange is new: not yet.
    expect(afterNotFound(12, NOW - NOT_FOUND_GRACE_MS + 1, NOW, INTERVAL).kind).toBe("retry");
    // Old enough, but too few answers in a row: not yet.
    expect(afterNotFound(MIN_NOT_FOUND - 1, NOW - DAY, NOW, INTERVAL).kind).toBe("retry");
    expect(afterNotFound(MIN_NOT_FOUND, NOW - NOT_FOUND_GRACE_MS, NOW, INTERVAL)).toEqual({ kind: "give-up" });
  });

  it("tries a message Telegram did not take again after as long as Telegram has been failing: 30 s at least, 15 minutes at most", () => {
    // Failing for: just now, 10 s, 42 s, 5 minutes, an hour. A message's own retries so double.
    expect([0, 10_000, 42_000, 5 * MINUTE, 60 * MINUTE].map(noticeRetryDelay)).toEqual([30_000, 30_000, 42_000, 5 * MINUTE, 15 * MINUTE]);
  });

  it("gives each rank a head start: announced, then moving, then waiting, then unknown; never a wall", () => {
    expect(headStart(POLL_RANK.fundsSent)).toBeLessThan(headStart(POLL_RANK.moving));
    expect(headStart(POLL_RANK.moving)).toBeLessThan(headStart(POLL_RANK.waiting));
    expect(headStart(POLL_RANK.waiting)).toBeLessThan(headStart(POLL_RANK.unknown));
    expect(headStart(POLL_RANK.waiting)).toBe(30 * MINUTE);
    expect(Number.isFinite(headStart(POLL_RANK.unknown))).toBe(true);
  });
});

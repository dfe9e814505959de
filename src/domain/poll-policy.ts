import { isFinalStatus } from "../service/schemas.js";

/**
 * The tracker's poll policy: pure rules on an exchange's status and age, which the tracker
 * schedules by and the bot's cards word the same way (so they live below both).
 */

/** Statuses in which something is happening: polled about every interval, for a while. */
const MOVING = new Set(["confirming", "exchanging", "sending"]);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * An exchange waiting for a deposit (or expired without one) that shows no change for this
 * long is given up on, and its owner told (the tracker never stops silently).
 */
export const WAITING_STALL_MS = 48 * HOUR;
/** In motion or in a status we do not know, the service may hold the funds: followed this long without a change. */
export const MOVING_STALL_MS = 7 * DAY;
/** In motion (or unknown) for this long without a change: looked at hourly from then on. */
export const SLOW_DOWN_AFTER_MS = 2 * HOUR;
/** The slow pace: an expired exchange, or one stuck in motion. */
export const SLOW_POLL_MS = HOUR;
/**
 * A new exchange the service does not list yet: "not found" is tolerated at least this long
 * after creation, and at least MIN_NOT_FOUND times in a row, before the tracker gives up.
 */
export const NOT_FOUND_GRACE_MS = 30 * MINUTE;
export const MIN_NOT_FOUND = 5;
/** The longest wait between two looks at an exchange the service does not find. */
export const NOT_FOUND_MAX_DELAY_MS = 10 * MINUTE;
/** How long "I have sent the funds" keeps a waiting exchange first in line. */
export const FUNDS_SENT_BOOST_MS = 30 * MINUTE;
/**
 * An exchange with no creation card this long after it was created gets one from the tracker
 * (the flow could not show it: Telegram refused, or the process stopped), before any news.
 */
export const CARD_DELIVERY_AFTER_MS = 5 * MINUTE;
/**
 * A flow holds the card it has not shown while the person chooses between Try again and Leave,
 * confirming its hold at each choice. Unconfirmed this long (past the flow sweeper's 30 idle
 * minutes, so the flow is gone: /cancel, /start, the sweep), the hold lapses and the tracker
 * owes the card. Far longer than any one send takes (the outbox gives up after 2 minutes), so
 * the hold never lapses under a send the flow has under way: never two cards.
 */
export const FLOW_CARD_HOLD_MS = 35 * MINUTE;
/** A message Telegram did not take is tried again after at least this, and at most NOTICE_RETRY_MAX_MS (noticeRetryDelay). */
export const NOTICE_RETRY_MIN_MS = 30_000;
export const NOTICE_RETRY_MAX_MS = 15 * MINUTE;

/*
 * The order of attention (POLL_RANK, stored with each exchange) when more
 * polls are due than the budget allows: lower ranks go first, because that is where news is likely.
 *  0 fundsSent: still waiting, but the owner said "I have sent the funds" less than
 *    FUNDS_SENT_BOOST_MS ago; polled every interval.
 *  1 moving: confirming, exchanging or sending; every interval, hourly once it has been stuck
 *    SLOW_DOWN_AFTER_MS.
 *  2 waiting: waiting for a deposit and the owner said nothing; less often as it ages (most
 *    deposits come early, some never do). Expired (overdue): hourly, for a late deposit.
 *  3 unknown: a status we do not know; every 30 minutes, then hourly; rarely but never never.
 * Finished, failed and refunded are not polled at all.
 */
export const POLL_RANK = { fundsSent: 0, moving: 1, waiting: 2, unknown: 3 } as const;
export type PollRank = (typeof POLL_RANK)[keyof typeof POLL_RANK];

/**
 * A rank is a head start, not a wall: a due poll takes its place in line at its due time plus
 * its rank's head start. Due at the same moment, announced deposits go before exchanges in
 * motion, and those before waiting ones; while the budget is short, that is what happens all
 * the time (the busy-hour bench: in-motion messages p90 about 2 min, where a 6 or 15 minute
 * head start doubled it). The head start only bounds starvation: a waiting exchange overdue by
 * half an hour goes ahead anyway, so a deposit nobody announced is still noticed.
 */
const HEAD_START_MS: Record<PollRank, number> = { 0: 0, 1: MINUTE, 2: 30 * MINUTE, 3: 60 * MINUTE };

export function headStart(rank: number): number {
  return HEAD_START_MS[rank as PollRank] ?? HEAD_START_MS[POLL_RANK.unknown];
}

export interface PollState {
  status: string;
  createdAt: number;
  statusChangedAt: number;
  /** When the owner last pressed "I have sent the funds"; null if never. */
  fundsSentAt: number | null;
}

export type PollDecision = { kind: "poll"; at: number; rank: PollRank } | { kind: "final" } | { kind: "stalled" };

/** When to look at an exchange next, and how urgently (see POLL_RANK); or that it is over. */
export function nextPoll(state: PollState, now: number, intervalMs: number): PollDecision {
  if (isSettled(state.status)) return { kind: "final" };
  if (now - state.statusChangedAt >= stallAfter(state.status)) return { kind: "stalled" };
  const rank = pollRank(state, now);
  return { kind: "poll", at: now + pollDelay(state, rank, now, intervalMs), rank };
}

/**
 * Finished, failed or refunded: nothing more will happen. Overdue is final for the service but
 * not here: a late deposit can still be processed or refunded, so it is followed (slowly).
 */
export function isSettled(status: string): boolean {
  const normal = normalized(status);
  return normal !== "overdue" && isFinalStatus(normal);
}

/** How long an exchange in this status may show no change before the tracker stops and says so. */
export function stallAfter(status: string): number {
  return awaitsDeposit(status) ? WAITING_STALL_MS : MOVING_STALL_MS;
}

export function pollRank(state: Pick<PollState, "status" | "fundsSentAt">, now: number): PollRank {
  const status = normalized(state.status);
  if (status === "waiting") return fundsSentRecently(state.fundsSentAt, now) ? POLL_RANK.fundsSent : POLL_RANK.waiting;
  if (status === "overdue") return POLL_RANK.waiting;
  return MOVING.has(status) ? POLL_RANK.moving : POLL_RANK.unknown;
}

/** The owner's "I have sent the funds" still counts. */
export function fundsSentRecently(fundsSentAt: number | null, now: number): boolean {
  return fundsSentAt !== null && now - fundsSentAt < FUNDS_SENT_BOOST_MS;
}

/** The exchange waits for the deposit (the service's case does not matter). */
export function isWaiting(status: string): boolean {
  return normalized(status) === "waiting";
}

/**
 * The exchange is past its deposit: it arrived (the exchange moves on) or the exchange ended
 * (finished, failed, refunded, expired). Where to send is never shown again then, on any card
 * drawn from that moment (a card shown late, after a process died with it), only the status.
 * A status we do not know is not past it: the service may still wait for the deposit.
 */
export function isPastDeposit(status: string): boolean {
  const normal = normalized(status);
  return MOVING.has(normal) || isFinalStatus(normal);
}

/** Waiting for the deposit, or expired without one. */
function awaitsDeposit(status: string): boolean {
  const normal = normalized(status);
  return normal === "waiting" || normal === "overdue";
}

function normalized(status: string): string {
  return status.toLowerCase();
}

function pollDelay(state: PollState, rank: PollRank, now: number, intervalMs: number): number {
  const stuck = now - state.statusChangedAt >= SLOW_DOWN_AFTER_MS;
  switch (rank) {
    case POLL_RANK.fundsSent:
      return intervalMs;
    case POLL_RANK.moving:
      return stuck ? Math.max(intervalMs, SLOW_POLL_MS) : intervalMs;
    case POLL_RANK.waiting:
      return isWaiting(state.status) ? waitingDelay(now - state.createdAt, intervalMs) : Math.max(intervalMs, SLOW_POLL_MS);
    case POLL_RANK.unknown:
      return Math.max(intervalMs, stuck ? SLOW_POLL_MS : 30 * MINUTE);
  }
}

/**
 * A deposit nobody announced: looked for at every interval for the first minutes (most people
 * pay right after creating), then less and less often. An owner who pays later and says so
 * ("I have sent the funds") gets every interval again.
 */
function waitingDelay(age: number, intervalMs: number): number {
  if (age < 10 * MINUTE) return intervalMs;
  if (age < 30 * MINUTE) return Math.max(intervalMs, 2 * MINUTE);
  if (age < 2 * HOUR) return Math.max(intervalMs, 5 * MINUTE);
  if (age < 12 * HOUR) return Math.max(intervalMs, 10 * MINUTE);
  return Math.max(intervalMs, 30 * MINUTE);
}

/** Backoff after a failed poll ("not found" aside): the service is down or answers nonsense. */
export function retryDelay(errorsInARow: number, intervalMs: number): number {
  return Math.min(intervalMs * 2 ** Math.min(errorsInARow, 6), 2 * HOUR);
}

export type NotFoundDecision = { kind: "retry"; at: number } | { kind: "give-up" };

/**
 * After `count` "not found" answers in a row. A new exchange may not be listed yet, and the
 * service may lose one for a moment: look again gently (the interval, doubling up to
 * NOT_FOUND_MAX_DELAY_MS), and give up only past the grace period and MIN_NOT_FOUND answers.
 */
export function afterNotFound(count: number, createdAt: number, now: number, intervalMs: number): NotFoundDecision {
  if (count >= MIN_NOT_FOUND && now - createdAt >= NOT_FOUND_GRACE_MS) return { kind: "give-up" };
  const delay = Math.min(intervalMs * 2 ** Math.max(0, count - 1), NOT_FOUND_MAX_DELAY_MS);
  return { kind: "retry", at: now + Math.max(intervalMs, delay) };
}

/**
 * When to try again a message Telegram did not take, Telegram having failed every send for
 * `failingForMs` (since the first failure in a row): as long again, at least 30 s, at most
 * NOTICE_RETRY_MAX_MS. A message's own retries so wait twice as long each time; many messages
 * failing in the same outage do not push each other out (the soak found a 42 s outage delaying
 * the last of many by 15 minutes, when the backoff grew with their number).
 */
export function noticeRetryDelay(failingForMs: number): number {
  return Math.min(Math.max(NOTICE_RETRY_MIN_MS, failingForMs), NOTICE_RETRY_MAX_MS);
}

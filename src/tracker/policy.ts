import { isFinalStatus } from "../exchange/schemas.js";

/** Statuses in which something is happening: polled about every interval. */
const MOVING = new Set(["confirming", "exchanging", "sending"]);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** After this long without a change of status the tracker gives up and says so. */
export const STALL_AFTER_MS = 48 * HOUR;
/** Unknown ids in a row before the tracker stops asking. */
export const MAX_NOT_FOUND = 3;
/** How long "I have sent the funds" keeps a waiting exchange first in line. */
export const FUNDS_SENT_BOOST_MS = 30 * MINUTE;

/**
 * The order of attention when more polls are due than the budget allows: lower ranks go
 * first, because that is where news is likely.
 *  0 fundsSent: still waiting, but the owner said "I have sent the funds" less than
 *    FUNDS_SENT_BOOST_MS ago; polled every interval.
 *  1 moving: confirming, exchanging or sending; every interval.
 *  2 waiting: waiting for a deposit and the owner said nothing; less often as it ages
 *    (most deposits come early, some never do).
 *  3 unknown: a status we do not know; every 30 minutes, rarely but never never.
 * Final statuses are not polled at all.
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

/** When to look at an exchange next, and how urgently (see POLL_RANK). */
export function nextPoll(state: PollState, now: number, intervalMs: number): PollDecision {
  if (isFinalStatus(normalized(state.status))) return { kind: "final" };
  if (now - state.statusChangedAt >= STALL_AFTER_MS) return { kind: "stalled" };
  const rank = pollRank(state, now);
  return { kind: "poll", at: now + pollDelay(rank, now - state.createdAt, intervalMs), rank };
}

export function pollRank(state: Pick<PollState, "status" | "fundsSentAt">, now: number): PollRank {
  const status = normalized(state.status);
  if (status === "waiting") return fundsSentRecently(state.fundsSentAt, now) ? POLL_RANK.fundsSent : POLL_RANK.waiting;
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

function normalized(status: string): string {
  return status.toLowerCase();
}

function pollDelay(rank: PollRank, age: number, intervalMs: number): number {
  switch (rank) {
    case POLL_RANK.fundsSent:
    case POLL_RANK.moving:
      return intervalMs;
    case POLL_RANK.waiting:
      return waitingDelay(age, intervalMs);
    case POLL_RANK.unknown:
      return Math.max(intervalMs, 30 * MINUTE);
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

/** Backoff after a failed poll: the service is down or the id is unknown for now. */
export function retryDelay(errorsInARow: number, intervalMs: number): number {
  return Math.min(intervalMs * 2 ** Math.min(errorsInARow, 6), 2 * HOUR);
}

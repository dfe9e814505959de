import { isFinalStatus } from "../exchange/schemas.js";

/** Statuses in which something is happening: polled about every interval. */
const MOVING = new Set(["confirming", "exchanging", "sending"]);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** After this long without a change of status the tracker gives up and says so. */
export const STALL_AFTER_MS = 48 * HOUR;
/** Unknown ids in a row before the tracker stops asking. */
export const MAX_NOT_FOUND = 3;

export interface PollState {
  status: string;
  createdAt: number;
  statusChangedAt: number;
}

export type PollDecision = { kind: "poll"; at: number } | { kind: "final" } | { kind: "stalled" };

/**
 * When to look at an exchange next. Moving exchanges every interval; one waiting for a
 * deposit less often as it ages (most deposits come early, some never do); a status we do
 * not know, rarely but never never.
 */
export function nextPoll(state: PollState, now: number, intervalMs: number): PollDecision {
  if (isFinalStatus(state.status)) return { kind: "final" };
  if (now - state.statusChangedAt >= STALL_AFTER_MS) return { kind: "stalled" };
  return { kind: "poll", at: now + pollDelay(state, now, intervalMs) };
}

function pollDelay(state: PollState, now: number, intervalMs: number): number {
  if (MOVING.has(state.status)) return intervalMs;
  if (state.status === "waiting") {
    const age = now - state.createdAt;
    if (age < 30 * MINUTE) return intervalMs;
    if (age < 2 * HOUR) return Math.max(intervalMs, 3 * MINUTE);
    if (age < 12 * HOUR) return Math.max(intervalMs, 10 * MINUTE);
    return Math.max(intervalMs, 30 * MINUTE);
  }
  return Math.max(intervalMs, 30 * MINUTE);
}

/** Backoff after a failed poll: the service is down or the id is unknown for now. */
export function retryDelay(errorsInARow: number, intervalMs: number): number {
  return Math.min(intervalMs * 2 ** Math.min(errorsInARow, 6), 2 * HOUR);
}

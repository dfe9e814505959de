import type { Clock, Timer } from "../clock.js";
import type { QueuePlace } from "../exchange/index.js";

/** How long a handler may wait for an upstream answer before it lets the chat go. */
export const GRACE_MS = 1_500;

export type Started<T> = { kind: "done"; value: T } | { kind: "waiting"; place: QueuePlace | undefined; result: Promise<T> };

/**
 * Starts `work` and waits for it only while it neither waits in line for the budget nor takes
 * longer than `graceMs` (a retry after an error, a slow service, a call it joined): a chat is
 * never held behind a wait. Otherwise the work goes on, and the caller finishes it later.
 */
export async function startWithGrace<T>(
  clock: Clock,
  work: (onQueued: (place: QueuePlace) => void) => Promise<T>,
  graceMs = GRACE_MS,
): Promise<Started<T>> {
  let place: QueuePlace | undefined;
  let toldQueued: (() => void) | undefined;
  const queued = new Promise<"late">((resolve) => (toldQueued = () => resolve("late")));
  const result = work((p) => {
    if (p.position === 0 || place) return;
    place = p;
    toldQueued?.();
  });
  // The budget tells a place in line synchronously: no need to wait at all then.
  if (place) return { kind: "waiting", place, result };
  let timer: Timer | undefined;
  const timedOut = new Promise<"late">((resolve) => (timer = clock.setTimer(() => resolve("late"), graceMs)));
  const first = await Promise.race([result.then((value) => ({ value })), timedOut, queued]);
  timer?.cancel();
  return first === "late" ? { kind: "waiting", place, result } : { kind: "done", value: first.value };
}

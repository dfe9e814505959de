// A frozen copy of the rate budget as it was before the journal and pacing (commit dfbc435),
// kept only so that `npm run bench` can show both side by side. Not used by the bot.
import type { Clock, Timer } from "../../src/clock.js";

/**
 * The one rate budget of the process. Every upstream call, whoever makes it, first
 * takes a slot here. Guarantees:
 *  - never more than `limitPerMinute` slots granted in any sliding window of
 *    `windowMs + marginMs` (the margin absorbs network jitter, so the service's own
 *    window, fixed or sliding, never sees more than the limit);
 *  - lanes are served by priority (create, user, poll, catalogue), FIFO within a lane;
 *  - background lanes (poll, catalogue) never hold more than `backgroundCap` of the
 *    window, so some slots are always left for people;
 *  - after a 429 nothing is granted until the service's wait is over.
 */
export type Lane = "create" | "user" | "poll" | "catalogue";

export const LANES: readonly Lane[] = ["create", "user", "poll", "catalogue"];
const PRIORITY: Record<Lane, number> = { create: 0, user: 1, poll: 2, catalogue: 3 };
const BACKGROUND: ReadonlySet<Lane> = new Set<Lane>(["poll", "catalogue"]);

export interface RateBudgetOptions {
  limitPerMinute: number;
  /** Fraction of the window background lanes may use, e.g. 0.6 of 10 → 6. */
  backgroundShare: number;
  clock: Clock;
  windowMs?: number;
  /** Extra spacing on top of the window, for requests that arrive upstream late. */
  marginMs?: number;
}

export interface QueuePlace {
  /** 1 for the next request to go; 0 once granted. */
  position: number;
  /** Expected milliseconds until this request goes. */
  waitMs: number;
}

export class BudgetCancelledError extends Error {
  override name = "BudgetCancelledError";
}

interface Waiter {
  lane: Lane;
  seq: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Grant {
  at: number;
  lane: Lane;
}

const HOUR_MS = 3_600_000;

export class RateBudget {
  readonly limit: number;
  readonly backgroundCap: number;
  private readonly span: number;
  private readonly clock: Clock;
  /** Grants inside the current span, oldest first. */
  private window: Grant[] = [];
  /** Grants of the last hour, for statistics only. */
  private history: Grant[] = [];
  private waiters: Waiter[] = [];
  private seq = 0;
  private pausedUntil = 0;
  private timer: Timer | undefined;
  private timerAt = Infinity;
  private rateLimitedCount = 0;
  private closed = false;

  constructor(options: RateBudgetOptions) {
    if (!Number.isInteger(options.limitPerMinute) || options.limitPerMinute < 1) {
      throw new RangeError("limitPerMinute must be a whole number of at least 1");
    }
    this.limit = options.limitPerMinute;
    // At least one slot for people, at least one for background work when the limit allows it.
    const cap = Math.floor(this.limit * options.backgroundShare);
    this.backgroundCap = this.limit === 1 ? 1 : Math.min(this.limit - 1, Math.max(1, cap));
    this.span = (options.windowMs ?? 60_000) + (options.marginMs ?? 1_000);
    this.clock = options.clock;
  }

  /**
   * Waits for a slot in `lane`. `onQueued` is told the place in line when the request
   * has to wait, so a person can be told "you are 3rd, about 20 s".
   */
  acquire(lane: Lane, options: { signal?: AbortSignal; onQueued?: (place: QueuePlace) => void } = {}): Promise<void> {
    const { signal, onQueued } = options;
    if (signal?.aborted) return Promise.reject(new BudgetCancelledError("cancelled before queueing"));
    if (this.closed) return Promise.reject(new BudgetCancelledError("budget closed"));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { lane, seq: this.seq++, resolve, reject };
      this.insert(waiter);
      this.pump();
      if (!this.waiters.includes(waiter)) return; // granted at once
      if (signal) {
        const onAbort = () => {
          if (this.remove(waiter)) reject(new BudgetCancelledError("cancelled while queued"));
        };
        signal.addEventListener("abort", onAbort, { once: true });
        const cleanup = () => signal.removeEventListener("abort", onAbort);
        waiter.resolve = () => {
          cleanup();
          resolve();
        };
        waiter.reject = (error) => {
          cleanup();
          reject(error);
        };
      }
      onQueued?.(this.placeOf(waiter));
    });
  }

  /** Where a new request in `lane` would stand if it asked now. */
  preview(lane: Lane): QueuePlace {
    const ghost: Waiter = { lane, seq: Number.MAX_SAFE_INTEGER, resolve: () => {}, reject: () => {} };
    const ahead = this.waiters.filter((w) => this.goesBefore(w, ghost)).length;
    if (ahead === 0 && this.mayGrant(lane, this.clock.now())) return { position: 0, waitMs: 0 };
    return { position: ahead + 1, waitMs: this.expectedWait(lane, ahead + 1) };
  }

  /** The service answered 429: nothing goes out until `retryAfterMs` has passed. */
  pause(retryAfterMs: number): void {
    this.rateLimitedCount++;
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + Math.max(0, retryAfterMs));
    this.pump();
  }

  /** Rejects every waiter and every later request, at shutdown. */
  close(): void {
    this.closed = true;
    this.timer?.cancel();
    this.timer = undefined;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w.reject(new BudgetCancelledError("budget closed"));
  }

  stats(): { lastHourByLane: Record<Lane, number>; queuedByLane: Record<Lane, number>; rateLimited: number; pausedForMs: number } {
    this.trim(this.clock.now());
    const count = (list: { lane: Lane }[]) =>
      Object.fromEntries(LANES.map((lane) => [lane, list.filter((g) => g.lane === lane).length])) as Record<Lane, number>;
    return {
      lastHourByLane: count(this.history),
      queuedByLane: count(this.waiters),
      rateLimited: this.rateLimitedCount,
      pausedForMs: Math.max(0, this.pausedUntil - this.clock.now()),
    };
  }

  /** Times of the grants in the current span; for tests and the benchmark. */
  grantTimes(): number[] {
    return this.history.map((g) => g.at);
  }

  private goesBefore(a: Waiter, b: Waiter): boolean {
    return PRIORITY[a.lane] < PRIORITY[b.lane] || (PRIORITY[a.lane] === PRIORITY[b.lane] && a.seq < b.seq);
  }

  private insert(waiter: Waiter): void {
    const index = this.waiters.findIndex((w) => this.goesBefore(waiter, w));
    if (index === -1) this.waiters.push(waiter);
    else this.waiters.splice(index, 0, waiter);
  }

  private remove(waiter: Waiter): boolean {
    const index = this.waiters.indexOf(waiter);
    if (index === -1) return false;
    this.waiters.splice(index, 1);
    this.pump();
    return true;
  }

  private trim(now: number): void {
    while (this.window.length > 0 && this.window[0]!.at <= now - this.span) this.window.shift();
    while (this.history.length > 0 && this.history[0]!.at <= now - HOUR_MS) this.history.shift();
  }

  private backgroundInWindow(): number {
    return this.window.filter((g) => BACKGROUND.has(g.lane)).length;
  }

  private mayGrant(lane: Lane, now: number): boolean {
    this.trim(now);
    if (now < this.pausedUntil) return false;
    if (this.window.length >= this.limit) return false;
    return !BACKGROUND.has(lane) || this.backgroundInWindow() < this.backgroundCap;
  }

  /** Grants every waiter that may go now, in priority order, then arms a timer for the rest. */
  private pump(): void {
    const now = this.clock.now();
    for (let i = 0; i < this.waiters.length; ) {
      const waiter = this.waiters[i]!;
      if (!this.mayGrant(waiter.lane, now)) {
        // A background waiter held back by its cap must not block people behind it.
        if (this.window.length < this.limit && now >= this.pausedUntil) {
          i++;
          continue;
        }
        break;
      }
      this.waiters.splice(i, 1);
      const grant = { at: now, lane: waiter.lane };
      this.window.push(grant);
      this.history.push(grant);
      waiter.resolve();
    }
    this.armTimer(now);
  }

  private armTimer(now: number): void {
    if (this.waiters.length === 0) {
      this.timer?.cancel();
      this.timer = undefined;
      this.timerAt = Infinity;
      return;
    }
    const next = this.nextChange(now);
    if (this.timer && this.timerAt <= next) return;
    this.timer?.cancel();
    this.timerAt = next;
    this.timer = this.clock.setTimer(() => {
      this.timer = undefined;
      this.timerAt = Infinity;
      this.pump();
    }, next - now);
  }

  /** The next moment at which a waiter could become grantable. */
  private nextChange(now: number): number {
    const oldest = this.window[0];
    const slotFrees = oldest ? oldest.at + this.span : now;
    return Math.max(now + 1, this.pausedUntil, oldest ? slotFrees : now + 1);
  }

  private placeOf(waiter: Waiter): QueuePlace {
    const position = this.waiters.indexOf(waiter) + 1;
    return { position, waitMs: this.expectedWait(waiter.lane, position) };
  }

  /**
   * When the `k`-th request from now would go, assuming everything ahead of it is
   * served first: free slots go at once, then each slot frees one span after its grant.
   */
  private expectedWait(lane: Lane, k: number): number {
    const now = this.clock.now();
    this.trim(now);
    const free = this.limit - this.window.length;
    let at: number;
    if (k <= free) {
      at = now;
    } else {
      const beyond = k - free - 1;
      const round = Math.floor(beyond / this.limit);
      const grant = this.window[beyond % this.limit];
      at = (grant ? grant.at : now) + this.span * (round + 1);
    }
    if (BACKGROUND.has(lane)) {
      // Background work is spread thinner: only its cap fits in each span.
      at = Math.max(at, now + Math.floor((k - 1) / this.backgroundCap) * this.span);
    }
    return Math.max(0, at - now, this.pausedUntil - now);
  }
}

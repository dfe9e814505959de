import type { Clock, Timer } from "../clock.js";

interface PendingTimer {
  at: number;
  seq: number;
  callback: () => void;
  cancelled: boolean;
}

/**
 * Real time that can run faster: at speed 10 a minute of the bot's (and the sandbox's) time
 * passes in 6 real seconds, so a deposit's "confirming → finished" is seen while one watches.
 * Time never goes backwards: a change of speed starts from the current instant.
 */
export class PlaygroundClock implements Clock {
  private anchorReal = Date.now();
  private anchorVirtual = Date.now();
  private rate = 1;
  private seq = 0;
  /** Sorted by `at`, then `seq`. */
  private timers: PendingTimer[] = [];
  private handle: NodeJS.Timeout | undefined;
  private stopped = false;

  now(): number {
    return this.anchorVirtual + (Date.now() - this.anchorReal) * this.rate;
  }

  get speed(): number {
    return this.rate;
  }

  setSpeed(rate: number): void {
    if (!Number.isFinite(rate) || rate < 1) throw new RangeError(`speed must be at least 1, not ${rate}`);
    this.anchorVirtual = this.now();
    this.anchorReal = Date.now();
    this.rate = rate;
    this.schedule();
  }

  /** Moves the clock forward to `ms` (a later run on the same database goes on from where the last one stopped). */
  jumpTo(ms: number): void {
    const now = this.now();
    if (ms <= now) return;
    this.anchorVirtual += ms - now;
    this.schedule();
  }

  setTimer(callback: () => void, delayMs: number): Timer {
    const timer: PendingTimer = { at: this.now() + Math.max(0, delayMs), seq: this.seq++, callback, cancelled: false };
    // Binary search for the insertion point keeps the list sorted.
    let low = 0;
    let high = this.timers.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.timers[middle] as PendingTimer).at <= timer.at) low = middle + 1;
      else high = middle;
    }
    this.timers.splice(low, 0, timer);
    if (low === 0) this.schedule();
    return {
      cancel: () => {
        timer.cancelled = true;
      },
    };
  }

  /** Fires nothing more; pending timers are dropped. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.handle);
    this.timers = [];
  }

  private schedule(): void {
    clearTimeout(this.handle);
    this.handle = undefined;
    while (this.timers[0]?.cancelled) this.timers.shift();
    const next = this.timers[0];
    if (next === undefined || this.stopped) return;
    const realDelay = Math.max(0, (next.at - this.now()) / this.rate);
    // setTimeout holds at most about 24.8 days; a later timer is simply looked at again then.
    this.handle = setTimeout(() => this.fireDue(), Math.min(Math.ceil(realDelay), 2 ** 31 - 1));
  }

  private fireDue(): void {
    const now = this.now();
    const due: PendingTimer[] = [];
    while (this.timers.length > 0 && (this.timers[0] as PendingTimer).at <= now) due.push(this.timers.shift() as PendingTimer);
    for (const timer of due) if (!timer.cancelled) timer.callback();
    this.schedule();
  }
}

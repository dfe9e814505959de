/**
 * Time as a dependency. Everything that waits, expires or schedules takes a Clock,
 * so tests and benchmarks can run hours of simulated time without sleeping.
 */
export interface Timer {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `callback` once after `delayMs`. */
  setTimer(callback: () => void, delayMs: number): Timer;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(callback, delayMs) {
    const handle = setTimeout(callback, Math.max(0, delayMs));
    return { cancel: () => clearTimeout(handle) };
  },
};

/** Resolves after `ms` on the given clock. */
export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimer(resolve, ms));
}

/** An AbortSignal that aborts after `ms` on the given clock; `cancel` drops its timer. */
export function abortAfter(clock: Clock, ms: number): { signal: AbortSignal; cancel: () => void } {
  const controller = new AbortController();
  const timer = clock.setTimer(() => controller.abort(new Error(`timed out after ${ms} ms`)), ms);
  return { signal: controller.signal, cancel: () => timer.cancel() };
}

interface PendingTimer {
  at: number;
  seq: number;
  callback: () => void;
  cancelled: boolean;
}

/**
 * A clock that only moves when told to. Timers fire in time order; between two
 * timers the microtask queue is drained so promise chains settle as they would.
 */
export class ManualClock implements Clock {
  private current: number;
  private seq = 0;
  private timers: PendingTimer[] = [];
  private readonly settlers: (() => Promise<boolean>)[] = [];

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimer(callback: () => void, delayMs: number): Timer {
    const timer: PendingTimer = {
      at: this.current + Math.max(0, delayMs),
      seq: this.seq++,
      callback,
      cancelled: false,
    };
    this.timers.push(timer);
    return {
      cancel: () => {
        timer.cancelled = true;
      },
    };
  }

  /**
   * Work outside this process that the code waits on between timers, such as a database
   * server's answers, which a few turns of the event loop do not cover (SQLite's do: they are
   * synchronous). `settler` waits for some of that work when there is any, and says whether it
   * did; between two timers the clock waits until no settler has anything left to wait for.
   */
  settleOn(settler: () => Promise<boolean>): () => void {
    this.settlers.push(settler);
    return () => {
      const index = this.settlers.indexOf(settler);
      if (index >= 0) this.settlers.splice(index, 1);
    };
  }

  /** Number of timers still waiting to fire. */
  get pendingTimers(): number {
    return this.timers.filter((t) => !t.cancelled).length;
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    await this.settle();
    for (;;) {
      const next = this.nextDue(target);
      if (!next) break;
      this.timers.splice(this.timers.indexOf(next), 1);
      this.current = Math.max(this.current, next.at);
      next.callback();
      await this.settle();
    }
    this.current = target;
    await this.settle();
  }

  /** Drains promise chains, and whatever they wait on outside the process (settleOn), until all is quiet. */
  private async settle(): Promise<void> {
    for (;;) {
      await flushMicrotasks();
      let waited = false;
      for (const settler of [...this.settlers]) if (await settler()) waited = true;
      if (!waited) return;
    }
  }

  private nextDue(limit: number): PendingTimer | undefined {
    this.timers = this.timers.filter((t) => !t.cancelled);
    let best: PendingTimer | undefined;
    for (const t of this.timers) {
      if (t.at > limit) continue;
      if (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq)) best = t;
    }
    return best;
  }
}

/** Lets pending promise callbacks run; a few macrotask turns cover chained awaits. */
export async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

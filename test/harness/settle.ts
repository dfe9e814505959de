import type pg from "pg";
import type { ManualClock } from "../../src/clock.js";

/**
 * Makes `clock.advance` wait, between timers, for every query on `pool` to be answered (a
 * PostgreSQL server answers on its own time, not in a few turns of the event loop as SQLite
 * does), so that what a timer set off has written before the next timer fires, as on SQLite.
 * Returns the function that stops it.
 */
export function settleOnPool(clock: ManualClock, pool: pg.Pool): () => void {
  return clock.settleOn(async () => {
    if (pool.totalCount === pool.idleCount && pool.waitingCount === 0) return false;
    // Until a connection comes back to the pool (a query or transaction ended), or a new one is
    // opened or dropped; the clock then looks again.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        for (const event of EVENTS) pool.off(event, done);
        resolve();
      };
      for (const event of EVENTS) pool.on(event, done);
      const timer = setTimeout(done, 20);
    });
    return true;
  });
}

const EVENTS = ["release", "connect", "remove"] as const;

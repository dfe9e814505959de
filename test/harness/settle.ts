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
    await new Promise<void>((resolve) => setTimeout(resolve, 1));
    return true;
  });
}

/**
 * The clock the creation card's times (card_due_at, card_claimed_at) are on. PostgreSQL: the
 * database's (clock_timestamp(), as the inbox's leases), whichever process writes or reads them,
 * so the hosts' clocks may differ by any amount: a process passes durations ("owed in 15 s",
 * "unconfirmed for 35 minutes"), never times, and hears back times turned into its own clock.
 * SQLite: its one process's clock. A process on a clock of its own (a test's, not the system's)
 * keeps them on that clock, as the inbox keeps `sent_at` (src/db/inbox.ts).
 */
import { type Expression, type RawBuilder, sql } from "kysely";
import { type Clock, systemClock } from "../../clock.js";
import { databaseNow } from "../instances.js";
import type { Store } from "../store.js";

export class OwedClock {
  /** The times are the database's (PostgreSQL, on the system's clock). */
  readonly onDatabase: boolean;

  constructor(
    store: Store,
    private readonly clock: Clock,
  ) {
    this.onDatabase = store.dialect === "postgres" && clock === systemClock;
  }

  /** Now, `afterMs` from now, as SQL (a bigint). */
  now(afterMs = 0): RawBuilder<number> {
    const now = this.onDatabase ? databaseNow("postgres") : sql<number>`CAST(${Math.trunc(this.clock.now())} AS BIGINT)`;
    return afterMs === 0 ? now : sql<number>`(${now} + CAST(${Math.trunc(afterMs)} AS BIGINT))`;
  }

  /**
   * A time on this clock, as SQL whose value `toLocal` turns into one on the process's clock: on the
   * database, how far it is from the database's now; else the time itself. For a query built once
   * (prepared): it holds no value of the moment.
   */
  relative(at: Expression<number | null>): RawBuilder<number | null> {
    return this.onDatabase ? sql<number | null>`(${at} - ${databaseNow("postgres")})` : sql<number | null>`${at}`;
  }

  /** What `relative` read, as a time on the process's clock. */
  toLocal(value: number | null | undefined): number | undefined {
    if (value === null || value === undefined) return undefined;
    return this.onDatabase ? this.clock.now() + Number(value) : Number(value);
  }
}

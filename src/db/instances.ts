import { type Expression, type RawBuilder, sql } from "kysely";
import type { Dialect } from "./dialect.js";
import type { Store } from "./store.js";

/** How often each process says it runs (src/cluster/). */
export const BEAT_MS = 3_000;
/**
 * A process that has not said it runs for this long is gone: its claims (the creation card, a
 * status message it was sending) are taken over. Three beats: a process killed is judged gone
 * at most this long after its last beat, so within this long of its death.
 */
export const GONE_AFTER_MS = 3 * BEAT_MS;

/**
 * Now, in epoch milliseconds, on the clock every process's beat and every "gone" is judged by:
 * the database's on PostgreSQL (hosts' clocks differ by seconds; one ahead would count the
 * others gone), the process's own on SQLite (one process per file: there is no other clock).
 */
export function databaseNow(dialect: Dialect, localNow: number = Date.now()): RawBuilder<number> {
  return dialect === "postgres" ? sql<number>`(floor(extract(epoch FROM clock_timestamp()) * 1000))::bigint` : sql<number>`${localNow}`;
}

/**
 * Whether the process named by `holder` (an owner id, or NULL for a claim recorded before
 * holders were) is gone: not this process (`self`), and no beat from it within GONE_AFTER_MS of
 * the database's now. A condition for the claims' compare-and-set writes (card.ts, notices.ts).
 */
export function holderGone(dialect: Dialect, holder: Expression<string | null>, self: string): RawBuilder<boolean> {
  return sql<boolean>`(${holder} IS NULL OR (${holder} <> ${self} AND NOT EXISTS (SELECT 1 FROM instances AS live
    WHERE live.owner = ${holder} AND live.seen_at >= ${databaseNow(dialect)} - ${GONE_AFTER_MS})))`;
}

/** The processes of the bot on the database (src/cluster/): each says it runs every few seconds, on the database's clock. */
export class InstanceRepository {
  constructor(private readonly store: Store) {}

  /** `owner` runs, as of now (`localNow` on SQLite, the database's now on PostgreSQL). */
  async beat(owner: string, localNow: number = Date.now()): Promise<void> {
    const now = databaseNow(this.store.dialect, localNow);
    await this.store.db
      .insertInto("instances")
      .values({ owner, started_at: now, seen_at: now })
      .onConflict((oc) => oc.column("owner").doUpdateSet({ seen_at: now }))
      .execute();
  }

  /** Processes seen within `windowMs` of now (this one included once it has beaten), and forgets those gone for `forgetAfterMs`. */
  async live(windowMs: number, forgetAfterMs: number, localNow: number = Date.now()): Promise<number> {
    const now = databaseNow(this.store.dialect, localNow);
    await this.store.db.deleteFrom("instances").where("seen_at", "<", sql<number>`${now} - ${forgetAfterMs}`).execute();
    const row = await this.store.db
      .selectFrom("instances")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("seen_at", ">=", sql<number>`${now} - ${windowMs}`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whether `owner` said it runs within `windowMs` of now. */
  async isRunning(owner: string, windowMs: number, localNow: number = Date.now()): Promise<boolean> {
    const now = databaseNow(this.store.dialect, localNow);
    const row = await this.store.db
      .selectFrom("instances")
      .select("owner")
      .where("owner", "=", owner)
      .where("seen_at", ">=", sql<number>`${now} - ${windowMs}`)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** `owner` stopped. */
  async forget(owner: string): Promise<void> {
    await this.store.db.deleteFrom("instances").where("owner", "=", owner).execute();
  }

  /** SQLite, once this process holds the file's lock: every other process named is gone (killed, or stopped without saying). */
  async forgetAllBut(owner: string): Promise<void> {
    await this.store.db.deleteFrom("instances").where("owner", "<>", owner).execute();
  }
}

import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Lane } from "./schema.js";
import type { SqliteStore } from "./store.js";

/** One slot the rate budget granted: when, and to which lane. */
export interface Grant {
  at: number;
  lane: Lane;
}

/** Grants older than this are pruned: the window needs a minute, /stats an hour. */
const KEEP_MS = 2 * 3_600_000;

/**
 * The rate budget's journal in SQLite: one small insert per granted call, written inside an
 * IMMEDIATE transaction that first reads the window, so every process on this database file
 * (a restarted one, or a second one started by mistake) spends one budget. It is the
 * BudgetJournal of src/exchange/budget.ts (the data layer imports nothing from above it).
 */
export class SqliteBudgetJournal {
  constructor(
    private readonly store: SqliteStore,
    private readonly clock: Clock,
  ) {}

  /**
   * One write transaction, taken before anything is read (BEGIN IMMEDIATE: another process's
   * grants wait for it, or it for them). The time is read once the lock is held: a wait for
   * another process must not stamp a grant earlier than it really went.
   */
  async grant<T>(spanMs: number, decide: (view: { now: number; window: Grant[]; pausedUntil: number }) => { grants: Grant[]; result: T }): Promise<T> {
    return this.store.db.connection().execute(async (db) => {
      await sql`BEGIN IMMEDIATE`.execute(db);
      try {
        const now = this.clock.now();
        const window = await this.after(db, now - spanMs);
        const pause = await db.selectFrom("budget_pause").select("until").where("id", "=", 1).executeTakeFirst();
        const { grants, result } = decide({ now, window, pausedUntil: pause?.until ?? 0 });
        if (grants.length > 0) {
          await db.insertInto("budget_grants").values(grants).execute();
          await db.deleteFrom("budget_grants").where("at", "<=", now - KEEP_MS).execute();
        }
        await sql`COMMIT`.execute(db);
        return result;
      } catch (error) {
        await sql`ROLLBACK`.execute(db).catch(() => undefined);
        throw error;
      }
    });
  }

  /** Every grant made after `time`, by any process, oldest first. */
  grantsAfter(time: number): Promise<Grant[]> {
    return this.after(this.store.db, time);
  }

  /** Records a "nothing before `until`" pause (a 429); keeps the later of the stored and the new one. */
  async recordPause(until: number): Promise<void> {
    await this.store.db
      .insertInto("budget_pause")
      .values({ id: 1, until })
      .onConflict((oc) => oc.column("id").doUpdateSet({ until: sql<number>`max(until, excluded.until)` }))
      .execute();
  }

  private after(db: SqliteStore["db"], time: number): Promise<Grant[]> {
    return db.selectFrom("budget_grants").select(["at", "lane"]).where("at", ">", time).orderBy("at").orderBy(sql`rowid`).execute();
  }
}

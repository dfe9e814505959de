import { CompiledQuery, type Kysely, sql } from "kysely";
import type { Clock } from "../clock.js";
import { prepared } from "./prepared.js";
import type { Lane, Schema } from "./schema.js";
import type { SqliteStore } from "./store.js";

/** One slot the rate budget granted: when, and to which lane. */
export interface Grant {
  at: number;
  lane: Lane;
  /** Its row in the journal: set by the journal on a grant it wrote, for giving it back unused. */
  id?: number;
}

/** What the budget sees inside one atomic step of a journal. */
export interface JournalView {
  now: number;
  window: Grant[];
  pausedUntil: number;
}

/** Grants older than this are pruned: the window needs a minute, /stats an hour. */
const KEEP_MS = 2 * 3_600_000;

/**
 * The rate budget's journal in SQLite: one small insert per granted call, written inside an
 * IMMEDIATE transaction that first reads the window, so every process on this database file
 * (a restarted one, or a second one started by mistake) spends one budget. It is the
 * BudgetJournal of src/exchange/budget.ts (the data layer imports nothing from above it).
 */
const BEGIN = CompiledQuery.raw("BEGIN IMMEDIATE");
const COMMIT = CompiledQuery.raw("COMMIT");
const ROLLBACK = CompiledQuery.raw("ROLLBACK");

export class SqliteBudgetJournal {
  // Every upstream call takes one step: built once.
  private readonly window;
  private readonly pause;
  private readonly insertOne;
  private readonly prune;
  private readonly deleteOne;

  constructor(
    private readonly store: SqliteStore,
    private readonly clock: Clock,
  ) {
    this.window = prepared<[after: number], Grant>(store.db, (db, arg) =>
      db.selectFrom("budget_grants").select(["at", "lane"]).where("at", ">", arg<number>(0)).orderBy("at").orderBy(sql`rowid`),
    );
    this.pause = prepared<[], { until: number }>(store.db, (db) => db.selectFrom("budget_pause").select("until").where("id", "=", 1));
    this.insertOne = prepared<[at: number, lane: Lane], never>(store.db, (db, arg) =>
      db.insertInto("budget_grants").values({ at: arg<number>(0), lane: arg<Lane>(1) }),
    );
    this.prune = prepared<[before: number], never>(store.db, (db, arg) => db.deleteFrom("budget_grants").where("at", "<=", arg<number>(0)));
    this.deleteOne = prepared<[id: number], never>(store.db, (db, arg) =>
      db.deleteFrom("budget_grants").where(sql`rowid`, "=", arg<number>(0)),
    );
  }

  /**
   * One write transaction, taken before anything is read (BEGIN IMMEDIATE: another process's
   * grants wait for it, or it for them). The time is read once the lock is held: a wait for
   * another process must not stamp a grant earlier than it really went. Each grant written is
   * given its rowid (`id`).
   */
  async grant<T>(
    spanMs: number,
    decide: (view: { now: number; window: Grant[]; pausedUntil: number }) => { grants: Grant[]; result: T },
  ): Promise<T> {
    return this.store.db.connection().execute(async (db) => {
      await db.executeQuery(BEGIN);
      try {
        const now = this.clock.now();
        const window = await this.after(db, now - spanMs);
        const pausedUntil = (await this.pause(db)).rows[0]?.until ?? 0;
        const { grants, result } = decide({ now, window, pausedUntil });
        if (grants.length > 0) {
          for (const grant of grants) {
            const { insertId } = await this.insertOne(db, grant.at, grant.lane);
            if (insertId !== undefined) grant.id = Number(insertId);
          }
          await this.prune(db, now - KEEP_MS);
        }
        await db.executeQuery(COMMIT);
        return result;
      } catch (error) {
        await db.executeQuery(ROLLBACK).catch(() => undefined);
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

  /** Takes back a grant whose request never left. */
  async giveBack(id: number): Promise<void> {
    await this.deleteOne(this.store.db, id);
  }

  private async after(db: Kysely<Schema>, time: number): Promise<Grant[]> {
    return (await this.window(db, time)).rows;
  }
}

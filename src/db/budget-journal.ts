import type { Statement } from "better-sqlite3";
import type { BudgetJournal, Grant, Lane } from "../exchange/budget.js";
import type { Db } from "./database.js";

/** Grants older than this are pruned: the window needs a minute, /stats an hour. */
const KEEP_MS = 2 * 3_600_000;

/**
 * The rate budget's journal in SQLite: one small insert per granted call, written inside an
 * IMMEDIATE transaction that first reads the window, so every process on this database file
 * (a restarted one, or a second one started by mistake) spends one budget.
 */
export class SqliteBudgetJournal implements BudgetJournal {
  private readonly selectAfter: Statement;
  private readonly insertGrant: Statement;
  private readonly prune: Statement;
  private readonly selectPause: Statement;
  private readonly upsertPause: Statement;

  constructor(private readonly db: Db) {
    this.selectAfter = db.prepare("SELECT at, lane FROM budget_grants WHERE at > ? ORDER BY at, rowid");
    this.insertGrant = db.prepare("INSERT INTO budget_grants (at, lane) VALUES (?, ?)");
    this.prune = db.prepare("DELETE FROM budget_grants WHERE at <= ?");
    this.selectPause = db.prepare("SELECT until FROM budget_pause WHERE id = 1");
    this.upsertPause = db.prepare("INSERT INTO budget_pause (id, until) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET until = max(until, excluded.until)");
  }

  exclusive<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  grantsAfter(time: number): Grant[] {
    return this.selectAfter.all(time) as { at: number; lane: Lane }[];
  }

  pausedUntil(): number {
    return (this.selectPause.get() as { until: number } | undefined)?.until ?? 0;
  }

  recordGrant(grant: Grant): void {
    this.insertGrant.run(grant.at, grant.lane);
    this.prune.run(grant.at - KEEP_MS);
  }

  recordPause(until: number): void {
    this.upsertPause.run(until);
  }
}

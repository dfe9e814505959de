import type pg from "pg";
import type { Clock } from "../../clock.js";
import type { Grant, JournalView } from "../budget-journal.js";
import { LANES as LANE_NAMES } from "../schema.js";
import { LOCK_KEYS } from "./locks.js";

/** Grants older than this are pruned: the window needs a minute, /stats an hour. */
const KEEP_MS = 2 * 3_600_000;
const LANES: ReadonlySet<string> = new Set<string>(LANE_NAMES);
/** The database's clock, in milliseconds: every process on the database reads the same one. */
const DB_NOW = "floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

/**
 * The rate budget's journal in PostgreSQL, shared by every process on the database: the
 * BudgetJournal of src/exchange/budget.ts, matched by shape (the data layer imports nothing from above it).
 *
 * A step is two round trips. The first sends, as one simple query, `BEGIN`, the advisory lock
 * (which serializes steps across processes) and the read; under READ COMMITTED each statement
 * of such a query takes its own snapshot, so the read, which runs after the lock is granted,
 * sees every grant committed by the step that held it before. The second writes the grants
 * `decide` chose, prunes old ones and commits (or only commits). Both carry their numbers as
 * literals, since a simple query takes no parameters: only integers checked as such, and lane
 * names from the fixed list, are ever written into them.
 */
export class PgBudgetJournal {
  private readonly clock: Clock | undefined;

  /** Without a clock, time is the database's (clock_timestamp()); tests pass their fake clock. */
  constructor(
    private readonly pool: pg.Pool,
    options: { clock?: Clock } = {},
  ) {
    this.clock = options.clock;
  }

  async grant<T>(spanMs: number, decide: (view: JournalView) => { grants: Grant[]; result: T }): Promise<T> {
    const now = this.clock ? integer(this.clock.now()) : DB_NOW;
    const client = await this.pool.connect();
    // A transaction is open from the first statement until COMMIT has gone through.
    let open = true;
    let reusable = true;
    try {
      const results = (await client.query(
        `BEGIN;
         SELECT pg_advisory_xact_lock(${LOCK_KEYS.budget});
         WITH clock AS (SELECT ${now} AS now)
         SELECT clock.now,
           coalesce((SELECT until FROM budget_pause WHERE id = 1), 0) AS paused_until,
           coalesce((SELECT json_agg(json_build_object('at', at, 'lane', lane) ORDER BY at, id)
                     FROM budget_grants WHERE at > clock.now - ${integer(spanMs)}), '[]') AS grants
         FROM clock`,
      )) as unknown as pg.QueryResult[];
      const row = results[2]?.rows[0] as { now: number; paused_until: number; grants: Grant[] };
      const decision = decide({ now: row.now, window: row.grants, pausedUntil: row.paused_until });
      await client.query(`${writeGrants(decision.grants, row.now)}COMMIT`);
      open = false;
      return decision.result;
    } catch (error) {
      // The transaction must not stay open on a pooled connection; one that cannot even roll
      // back is closed rather than reused.
      if (open) reusable = await client.query("ROLLBACK").then(() => true, () => false);
      throw error;
    } finally {
      client.release(!reusable);
    }
  }

  async grantsAfter(time: number): Promise<Grant[]> {
    const result = await this.pool.query<Grant>("SELECT at, lane FROM budget_grants WHERE at > $1 ORDER BY at, id", [time]);
    return result.rows;
  }

  async recordPause(until: number): Promise<void> {
    // The upsert locks the row: two pauses recorded at once keep the later.
    await this.pool.query(
      "INSERT INTO budget_pause (id, until) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET until = greatest(budget_pause.until, excluded.until)",
      [until],
    );
  }
}

/** The statements that record `grants` and prune those older than two hours; empty when none. */
function writeGrants(grants: Grant[], now: number): string {
  if (grants.length === 0) return "";
  const rows = grants.map((grant) => {
    if (!LANES.has(grant.lane)) throw new TypeError(`not a lane: ${JSON.stringify(grant.lane)}`);
    return `(${integer(grant.at)}, '${grant.lane}')`;
  });
  return `INSERT INTO budget_grants (at, lane) VALUES ${rows.join(", ")}; DELETE FROM budget_grants WHERE at <= ${integer(now - KEEP_MS)}; `;
}

/** `value` as a SQL literal, once it is certain to be a whole number. */
function integer(value: number): string {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not a whole number of milliseconds: ${value}`);
  return String(value);
}

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

/** How many times a step reads again after another process wrote between its read and its write. */
const MAX_TRIES = 50;

/**
 * The rate budget's journal in PostgreSQL, shared by every process on the database: the
 * BudgetJournal of src/exchange/budget.ts, matched by shape (the data layer imports nothing from above it).
 *
 * No lock is ever held while this process has something to do (decide, or merely read an
 * answer): a process frozen there (SIGSTOP, a GC pause, a network that hangs) must not stop
 * every other instance's calls. So a step is a read, with no lock, then a write that is one
 * simple query the server runs through by itself: the advisory lock (which serializes writes
 * across processes; the server lets it go at the query's end, whatever the client does) and then
 * one statement that inserts the grants `decide` chose only if the journal is as it was read (no
 * grant written since, the same pause). Under READ COMMITTED that statement takes its snapshot
 * once the lock is granted, so it sees every write that held the lock before. If another process
 * wrote in between, nothing is written and the step reads and decides again: the window stays
 * exact. The grants are stamped with the time of the write (later than the read by the wait for
 * the lock): a window with no grant added since the read has no fewer free slots then. The
 * queries carry their numbers as literals, since a simple query takes no parameters: only
 * integers checked as such, and lane names from the fixed list, are ever written into them.
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
    for (let tries = 1; ; tries++) {
      const now = this.clock ? integer(this.clock.now()) : DB_NOW;
      const read = await this.pool.query<{ now: number; paused_until: number; last: number; grants: Grant[] }>(
        `WITH clock AS (SELECT ${now} AS now)
         SELECT clock.now,
           coalesce((SELECT until FROM budget_pause WHERE id = 1), 0) AS paused_until,
           coalesce((SELECT max(id) FROM budget_grants), 0) AS last,
           coalesce((SELECT json_agg(json_build_object('at', at, 'lane', lane) ORDER BY at, id)
                     FROM budget_grants WHERE at > clock.now - ${integer(spanMs)}), '[]') AS grants
         FROM clock`,
      );
      const row = read.rows[0]!;
      const decision = decide({ now: row.now, window: row.grants, pausedUntil: row.paused_until });
      if (decision.grants.length === 0) return decision.result;
      const written = await this.write(decision.grants, row);
      if (written) return decision.result;
      if (tries >= MAX_TRIES) throw new Error(`the budget's journal changed under ${MAX_TRIES} steps in a row; try again`);
    }
  }

  /** Records `grants` (giving each its id) if the journal is still as `seen`; false (nothing written) when it is not. */
  private async write(grants: Grant[], seen: { now: number; paused_until: number; last: number }): Promise<boolean> {
    const rows = grants.map((grant) => {
      if (!LANES.has(grant.lane)) throw new TypeError(`not a lane: ${JSON.stringify(grant.lane)}`);
      return `(${integer(grant.at - seen.now)}::bigint, '${grant.lane}')`;
    });
    const now = this.clock ? integer(this.clock.now()) : DB_NOW;
    // One simple query: one implicit transaction, committed (or rolled back) by the server at its end.
    const results = (await this.pool.query(
      `SELECT pg_advisory_xact_lock(${LOCK_KEYS.budget});
       WITH state AS (
         SELECT greatest(${now}, ${integer(seen.now)}) AS now,
           coalesce((SELECT max(id) FROM budget_grants), 0) AS last,
           coalesce((SELECT until FROM budget_pause WHERE id = 1), 0) AS paused_until
       ), written AS (
         INSERT INTO budget_grants (at, lane)
         SELECT state.now + chosen.shift, chosen.lane FROM state, (VALUES ${rows.join(", ")}) AS chosen (shift, lane)
         WHERE state.last = ${integer(seen.last)} AND state.paused_until = ${integer(seen.paused_until)}
         RETURNING id, lane
       ), pruned AS (
         DELETE FROM budget_grants WHERE at <= (SELECT now FROM state) - ${KEEP_MS} AND EXISTS (SELECT 1 FROM written)
       )
       SELECT id::float8 AS id, lane FROM written ORDER BY id`,
    )) as unknown as pg.QueryResult<{ id: number; lane: string }>[];
    const written = results[1]?.rows ?? [];
    if (written.length === 0) return false;
    // The grants of one step are alike but for their lanes: each takes the next id written for its lane.
    for (const grant of grants) {
      const index = written.findIndex((row) => row.lane === grant.lane);
      if (index !== -1) grant.id = written.splice(index, 1)[0]!.id;
    }
    return true;
  }

  async grantsAfter(time: number): Promise<Grant[]> {
    const result = await this.pool.query<Grant>("SELECT at, lane FROM budget_grants WHERE at > $1 ORDER BY at, id", [time]);
    return result.rows;
  }

  /** Takes back a grant whose request never left: other processes count the window without it from their next step. */
  async giveBack(id: number): Promise<void> {
    await this.pool.query("DELETE FROM budget_grants WHERE id = $1", [id]);
  }

  async recordPause(until: number): Promise<void> {
    // The upsert locks the row: two pauses recorded at once keep the later.
    await this.pool.query(
      "INSERT INTO budget_pause (id, until) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET until = " +
        "greatest(budget_pause.until, excluded.until)",
      [until],
    );
  }
}

/** `value` as a SQL literal, once it is certain to be a whole number. */
function integer(value: number): string {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not a whole number of milliseconds: ${value}`);
  return String(value);
}

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../../../src/clock.js";
import type { JournalView } from "../../../../src/db/budget-journal.js";
import { PgBudgetJournal } from "../../../../src/db/postgres/budget-journal.js";
import { LOCK_KEYS, openPostgres, type PostgresStore } from "../../../../src/db/postgres/index.js";
import { waitFor } from "../../../../src/emulator/index.js";
import { startHangingProxy } from "../../../harness/hanging-proxy.js";
import { admin, freshDatabase, type TestDatabase } from "../../../harness/postgres.js";

const MINUTE = 60_000;

/** A budget of `limit` calls a minute: grants one "user" call when the window has room. */
function oneIfRoom(limit: number, seen: JournalView[]) {
  return (view: JournalView) => {
    seen.push(view);
    return view.window.length < limit ? { grants: [{ at: view.now, lane: "user" as const }], result: true } : { grants: [], result: false };
  };
}

/** The database's clock, in milliseconds. */
async function databaseNow(url: string): Promise<number> {
  const { rows } = await admin(url, (client) =>
    client.query<{ now: string }>("SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now"),
  );
  return Number(rows[0]?.now);
}

/** How many sessions last ran a query holding `marker` and are done with it (idle, or idle in a transaction). */
async function serverRan(url: string, marker: string): Promise<number> {
  const { rows } = await admin(url, (client) =>
    client.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND state <> 'active' AND position($1 in query) > 0",
      [marker],
    ),
  );
  return rows[0]?.count ?? 0;
}

describe("PgBudgetJournal", () => {
  let database: TestDatabase;
  let stores: PostgresStore[];

  beforeEach(async () => {
    database = await freshDatabase({ migrated: true });
    // Two pools: two processes sharing one budget.
    stores = [await openPostgres(database.url, { max: 2 }), await openPostgres(database.url, { max: 2 })];
  });

  afterEach(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await database.drop();
  });

  it("gives the last slot of a window to exactly one of two processes racing for it, on the database's clock", async () => {
    const [a, b] = stores.map((store) => new PgBudgetJournal(store.pool)) as [PgBudgetJournal, PgBudgetJournal];
    const seen: JournalView[] = [];
    const before = await databaseNow(database.url);
    expect(await a.grant(MINUTE, oneIfRoom(3, seen))).toBe(true);
    expect(await b.grant(MINUTE, oneIfRoom(3, seen))).toBe(true);

    // Both ask while a third party holds the journal's lock, so they truly meet at it.
    const results = await admin(database.url, async (holder) => {
      await holder.query(`BEGIN; SELECT pg_advisory_xact_lock(${LOCK_KEYS.budget})`);
      const racing = [a.grant(MINUTE, oneIfRoom(3, seen)), b.grant(MINUTE, oneIfRoom(3, seen))];
      await waitFor(
        async () => {
          const { rows } = await holder.query<{ waiting: number }>(
            "SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
          );
          return rows[0]?.waiting === 2;
        },
        5_000,
        "both journals to wait for the lock",
      );
      await holder.query("COMMIT");
      return Promise.all(racing);
    });
    const after = await databaseNow(database.url);

    expect(results.sort()).toEqual([false, true]);
    const grants = await a.grantsAfter(0);
    expect(grants).toHaveLength(3);
    // The loser decided on a window that held the winner's grant.
    expect(seen.at(-1)?.window).toEqual(grants);
    // Time is the database's: every view's now lies between two readings of its clock, in order.
    const nows = seen.map((view) => view.now);
    // (The two racing reads, nows[2] and nows[3], ran at once: either may come first.)
    expect(nows).toHaveLength(5);
    expect(nows[0]).toBeLessThanOrEqual(nows[1]!);
    expect(nows[1]).toBeLessThanOrEqual(Math.min(nows[2]!, nows[3]!));
    expect(nows[4]).toBeGreaterThanOrEqual(Math.max(nows[2]!, nows[3]!));
    expect(nows[0]).toBeGreaterThanOrEqual(before);
    expect(nows.at(-1)).toBeLessThanOrEqual(after);
    // Each grant is stamped when it was written (on the database's clock, after the view it was
    // decided on: the racing ones waited for the lock), in the order written.
    const ats = grants.map((grant) => grant.at);
    expect(ats).toEqual([...ats].sort((x, y) => x - y));
    expect(ats[0]).toBeGreaterThanOrEqual(nows[0]!);
    expect(ats[1]).toBeGreaterThanOrEqual(nows[1]!);
    expect(ats[2]).toBeGreaterThanOrEqual(Math.min(nows[2]!, nows[3]!));
    expect(ats[2]).toBeLessThanOrEqual(after);
    expect(await b.grantsAfter(0)).toEqual(grants);
  });

  it("lets the others go on when a process hangs in the middle of its step: it holds no lock past its query", async () => {
    const server = new URL(database.url);
    const proxy = await startHangingProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const frozen = await openPostgres(proxy.urlFor(database.url), { max: 1, migrate: false });
    try {
      // Its query that takes the journal's lock reaches the server; nothing after it comes back or goes out.
      const hung = proxy.hangAfter(`pg_advisory_xact_lock(${LOCK_KEYS.budget})`);
      void new PgBudgetJournal(frozen.pool).grant(MINUTE, oneIfRoom(10, [])).catch(() => {});
      await hung;
      // The server has run that query (not merely received it): the other's step comes after it.
      await waitFor(
        async () => (await serverRan(database.url, `pg_advisory_xact_lock(${LOCK_KEYS.budget})`)) > 0,
        5_000,
        "the hung query run",
      );
      const other = new PgBudgetJournal(stores[1]!.pool);
      const started = Date.now();
      expect(await other.grant(MINUTE, oneIfRoom(10, []))).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await proxy.close();
      await frozen.close().catch(() => {});
    }
  });

  it("reads the window on a given clock, oldest first, and prunes grants older than two hours", async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
    const journal = new PgBudgetJournal(stores[0]!.pool, { clock });
    const start = clock.now();
    const grant = (lanes: ("user" | "poll")[]) =>
      journal.grant(MINUTE, (view) => ({ grants: lanes.map((lane) => ({ at: view.now, lane })), result: view }));

    expect(await grant(["user", "poll"])).toEqual({ now: start, window: [], pausedUntil: 0 });
    await clock.advance(30_000);
    expect((await grant(["poll"])).window).toEqual([
      { at: start, lane: "user" },
      { at: start, lane: "poll" },
    ]);
    await clock.advance(40_000);
    // The first two are more than a minute old: out of the window, still in the journal.
    expect(await grant([])).toEqual({ now: start + 70_000, window: [{ at: start + 30_000, lane: "poll" }], pausedUntil: 0 });
    expect(await journal.grantsAfter(start - 1)).toHaveLength(3);

    await clock.advance(2 * 3_600_000);
    await grant(["user"]);
    expect(await journal.grantsAfter(0)).toEqual([{ at: start + 70_000 + 2 * 3_600_000, lane: "user" }]);
  });

  it("keeps the later pause, whichever process records it", async () => {
    const [a, b] = stores.map((store) => new PgBudgetJournal(store.pool, { clock: new ManualClock(1_000) })) as [
      PgBudgetJournal,
      PgBudgetJournal,
    ];
    const paused = () => a.grant(MINUTE, (view) => ({ grants: [], result: view.pausedUntil }));
    expect(await paused()).toBe(0);
    await Promise.all([a.recordPause(90_000), b.recordPause(60_000)]);
    expect(await paused()).toBe(90_000);
    await b.recordPause(120_000);
    expect(await paused()).toBe(120_000);
  });

  it("writes nothing and lets the others go on when a decision fails", async () => {
    const pool = stores[0]!.pool;
    const [a, b] = stores.map((store) => new PgBudgetJournal(store.pool)) as [PgBudgetJournal, PgBudgetJournal];
    await expect(
      a.grant(MINUTE, (view) => {
        void view;
        throw new Error("no decision");
      }),
    ).rejects.toThrow("no decision");
    // A lane that is not one is refused before anything is written.
    await expect(
      a.grant(MINUTE, (view) => ({ grants: [{ at: view.now, lane: "user; DROP TABLE kv" as "user" }], result: 1 })),
    ).rejects.toThrow("not a lane");
    expect(await b.grant(MINUTE, oneIfRoom(1, []))).toBe(true);
    expect(await a.grantsAfter(0)).toHaveLength(1);
    // No transaction was left open on the pooled connections.
    expect(pool.totalCount - pool.idleCount).toBe(0);
    const open = await admin(database.url, (client) =>
      client.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
      ),
    );
    expect(open.rows[0]?.count).toBe(0);
  });
});

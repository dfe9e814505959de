import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCK_KEYS } from "../../src/db/postgres/locks.js";
import { type TestUser, waitFor } from "../../src/emulator/index.js";
import { type Fleet, startFleet } from "../harness/fleet.js";
import { freshDatabase, testBackEnd } from "../harness/postgres.js";
import { busiestWindow } from "../harness/windows.js";

/**
 * Two bot processes on one PostgreSQL (issue 38), one of them starved between the rate budget's
 * grant and the request it was for: frozen (SIGSTOP) while its grant is written, woken 2.5 s
 * later. The service must still see no more than its limit in any minute: a slot that old is
 * given back and asked for again, not spent late.
 */
const LIMIT = 4;
/** How long the process stays frozen after its grant: past the budget's 1 s margin. */
const STARVED_MS = 2_500;

let fleet: Fleet;

const fromBot = (user: TestUser) => user.messages().filter((m) => m.from_bot);
const quoted = (user: TestUser) => fromBot(user).some((m) => /Quoted at/.test(m.text ?? ""));

/** The grants in the budget's journal, as the database holds them. */
async function journalRows(client: pg.Client): Promise<number> {
  return (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM budget_grants")).rows[0]!.n;
}

beforeAll(async () => {
  if (testBackEnd() !== "postgres") return;
  fleet = await startFleet({
    database: freshDatabase,
    rateLimitPerMinute: LIMIT,
    env: { SHUTDOWN_GRACE_SECONDS: "2", LOG_FORMAT: "json", LOG_LEVEL: "info" },
    emulator: { defaultTimeoutMs: 30_000 },
  });
  await fleet.start(0, "webhook");
  await fleet.start(1, "webhook");
  // The leader has loaded the catalogue (its calls are in the window from now on).
  await fleet.leader();
  await waitFor(() => fleet.sandbox.requests.some((r) => r.endpoint === "getProviders" && r.status === 200), 30_000, "the catalogue");
}, 90_000);

afterAll(async () => {
  await fleet?.close();
});

describe.runIf(testBackEnd() === "postgres")("a process starved between its budget grant and its request", () => {
  it("gives the slot back and asks again: the service never sees more than its limit in any 60 s window", async () => {
    const starved = fleet.tg.user({ id: 9950, first_name: "Starved", language_code: "en" });
    const others = Array.from({ length: LIMIT }, (_, i) => fleet.tg.user({ id: 9951 + i, first_name: "Other", language_code: "en" }));
    // The test holds the lock every step of the journal writes under: the process asking for the
    // quote waits there, its grant decided and not yet written.
    const locker = new pg.Client({ connectionString: fleet.databaseUrl });
    await locker.connect();
    let pid: number | undefined;
    try {
      await locker.query("SELECT pg_advisory_lock($1)", [LOCK_KEYS.budget]);
      const rowsBefore = await journalRows(locker);
      await starved.send("/rate 1 btc eth");
      // On this database only: other tests' fleets may share the server.
      const waiting =
        "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted" +
        " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())";
      await waitFor(async () => ((await locker.query(waiting)).rowCount ?? 0) > 0, 10_000, "the grant to wait for the lock");
      const holder = await fleet.holderOf(starved.id);
      if (holder === undefined) throw new Error("nobody holds the chat of the quote asked for");
      pid = fleet.instances[holder]!.bot.child.pid!;
      // Frozen now; the server writes its grant as soon as the lock is free, whatever the process does.
      process.kill(pid, "SIGSTOP");
      await locker.query("SELECT pg_advisory_unlock($1)", [LOCK_KEYS.budget]);
      await waitFor(async () => (await journalRows(locker)) > rowsBefore, 10_000, "the grant written");
      await new Promise((resolve) => setTimeout(resolve, STARVED_MS));
    } finally {
      if (pid !== undefined) process.kill(pid, "SIGCONT");
      await locker.end();
    }
    await waitFor(() => quoted(starved), 15_000, "the starved process's quote");

    // As many people as the limit ask at once: the window fills, and the last of them goes once
    // the oldest grant's minute is over (the starved one's, were it spent late).
    await Promise.all(others.map((user, i) => user.send(`/rate ${i + 2} btc eth`)));
    for (const user of others) await waitFor(() => quoted(user), 90_000, `user ${user.id}'s quote`);

    const seen = fleet.sandbox.requests;
    expect(seen.filter((r) => r.status === 429).map((r) => r.endpoint)).toEqual([]);
    expect(
      busiestWindow(
        seen.map((r) => r.at),
        60_000,
      ),
    ).toBeLessThanOrEqual(LIMIT);
    // The starved process said why it asked again.
    const askedAgain = fleet.instances.flatMap((instance) => instance?.bot.lines.filter((line) => line.includes("grew too old")) ?? []);
    expect(askedAgain.length).toBeGreaterThanOrEqual(1);
  }, 150_000);
});

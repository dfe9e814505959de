import pg from "pg";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PgSignals } from "../../../../src/db/postgres/index.js";
import { waitFor } from "../../../../src/emulator/index.js";
import { type HangingProxy, startHangingProxy } from "../../../harness/hanging-proxy.js";
import { freshDatabase, type TestDatabase } from "../../../harness/postgres.js";

/**
 * LISTEN/NOTIFY between the instances (src/db/postgres/signal.ts), its listening connection
 * through a proxy that can cut it silently (test/harness/hanging-proxy.ts): no error, no end,
 * as when a NAT or a firewall forgets it. The signals are sent on a connection of their own.
 */
describe("PgSignals", () => {
  let database: TestDatabase;
  let proxy: HangingProxy;
  let pool: pg.Pool;
  let signals: PgSignals | undefined;

  beforeEach(async () => {
    database = await freshDatabase();
    const server = new URL(database.url);
    proxy = await startHangingProxy({ host: server.hostname, port: Number(server.port || 5432) });
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
  });

  afterEach(async () => {
    await signals?.close();
    signals = undefined;
    await proxy.close();
    await pool.end();
    await database.drop();
  });

  it("hears signals again within its check interval after its connection was cut silently", async () => {
    const checkEveryMs = 1_000;
    let heard = 0;
    signals = new PgSignals(proxy.urlFor(database.url), {
      logger: pino({ level: "silent" }),
      notify: async (channel) => void (await pool.query("SELECT pg_notify($1, '')", [channel])),
      checkEveryMs,
      retryMs: 100,
    });
    signals.on("trackerWake", () => heard++);
    await signals.start();
    await signals.send("trackerWake");
    await waitFor(() => heard === 1, 5_000, "the first signal heard");

    // Cut: what the server sends on the listening connection never arrives, and nothing says so.
    proxy.cut();
    await signals.send("trackerWake");
    // Its check finds the connection silent within two intervals (the next check, and its wait for
    // an answer), and it listens again on another (every handler is then called once: what was
    // sent meanwhile is looked at). Without the check it would hear nothing until TCP gave up.
    const waitMs = 2 * checkEveryMs + 3_000;
    await waitFor(() => heard >= 2, waitMs, "a look after the cut");
    // And it hears again: a signal sent now comes through the new connection.
    const before = heard;
    await signals.send("trackerWake");
    await waitFor(() => heard > before, waitMs, "a signal heard on the new connection");
    expect(heard).toBe(before + 1);
  });
});

import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DatabaseConfigError } from "../../../../src/db/errors.js";
import { PgLeaderLock } from "../../../../src/db/postgres/index.js";
import { waitFor } from "../../../../src/emulator/index.js";
import { admin, freshDatabase, type TestDatabase } from "../../../harness/postgres.js";
import { type BotProcess, freePort, ROOT, spawnBot, TSX } from "../../../harness/process.js";

describe("PgLeaderLock", () => {
  let database: TestDatabase;
  const locks: PgLeaderLock[] = [];
  const children: BotProcess[] = [];

  beforeEach(async () => {
    database = await freshDatabase({ migrated: true });
  });

  afterEach(async () => {
    children.splice(0).forEach((child) => child.kill());
    await Promise.all(locks.splice(0).map((lock) => lock.release()));
    await database.drop();
  });

  const take = async (url = database.url, onLost?: (error: Error) => void) => {
    const lock = await PgLeaderLock.tryAcquire(url, onLost ? { onLost } : {});
    if (lock) locks.push(lock);
    return lock;
  };

  it("is held by one process at a time, and taken by the next once released", async () => {
    const first = await take();
    expect(first).toBeInstanceOf(PgLeaderLock);
    expect(await take()).toBeUndefined();
    await first!.release();
    expect(await take()).toBeInstanceOf(PgLeaderLock);
    // The refused attempts closed their connections: only the holder's stays (the server lists
    // a closed one until its backend has exited, hence the wait).
    await waitFor(
      async () => {
        const { rows } = await admin(database.url, (client) =>
          client.query<{ count: number }>(
            "SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'swap-bot leader lock'",
          ),
        );
        return rows[0]?.count === 1;
      },
      5_000,
      "one instance lock connection",
    );
  });

  it("is let go by the server when its holder dies without releasing it", async () => {
    const holder = spawnBot({}, { args: [...TSX, join(ROOT, "test/harness/postgres-lock-holder.ts"), database.url] });
    children.push(holder);
    await holder.waitForLine(/^locked$/);
    expect(await take()).toBeUndefined();
    holder.kill();
    await holder.exited;
    // The server notices the closed connection on its own time: the next attempt after that wins.
    let lock: PgLeaderLock | undefined;
    await waitFor(async () => (lock = await take()) !== undefined, 5_000, "the dead holder's lock to be let go");
    expect(lock).toBeInstanceOf(PgLeaderLock);
  });

  it("tells its holder when its connection is cut, and is then free for another", async () => {
    const lost: string[] = [];
    const lock = await take(database.url, (error) => lost.push(error.message));
    expect(lock).toBeDefined();
    await admin(database.url, (client) =>
      client.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'swap-bot leader lock'",
      ),
    );
    await waitFor(() => lost.length > 0, 5_000, "the holder to be told");
    expect(lost).toHaveLength(1);
    expect(await take()).toBeInstanceOf(PgLeaderLock);
  });

  it("tells its holder when its connection stops answering (a half-open connection: no error, no end), before the server lets the lock go", async () => {
    const reasons: string[] = [];
    const lock = await PgLeaderLock.tryAcquire(database.url, { onLost: (error) => reasons.push(error.message), checkEveryMs: 300 });
    locks.push(lock!);
    const { rows } = await admin(database.url, (client) =>
      client.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'swap-bot leader lock'",
      ),
    );
    const backend = rows[0]!.pid;
    // The server's process for that connection stops answering (here: stopped; a cut network or a frozen host alike).
    process.kill(backend, "SIGSTOP");
    try {
      await waitFor(() => reasons.length > 0, 5_000, "the holder told");
      expect(reasons).toEqual(["the leader lock's connection to PostgreSQL gave no answer within 0.3 s"]);
    } finally {
      process.kill(backend, "SIGCONT");
    }
  });

  it("belongs to one database: a bot on another database of the server has its own", async () => {
    const other = await freshDatabase({ migrated: true });
    try {
      expect(await take()).toBeDefined();
      const elsewhere = await take(other.url);
      expect(elsewhere).toBeDefined();
      await elsewhere!.release();
    } finally {
      await other.drop();
    }
  });

  it("says when the server cannot be reached", async () => {
    const port = await freePort();
    const error = await PgLeaderLock.tryAcquire(`postgres://bot:s3cret@127.0.0.1:${port}/swapbot`).catch((error: unknown) => error);
    expect(error).toBeInstanceOf(DatabaseConfigError);
    expect((error as Error).message).toBe(
      `cannot reach PostgreSQL at 127.0.0.1:${port}: the connection was refused (is the server running? check the host and port in DATABASE_URL)`,
    );
  });
});

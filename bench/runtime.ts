/**
 * The bot at run time: throughput and latency under 50 concurrent chats (ours against a bare
 * grammY bot on the same emulator), the compiled process's start-up time and resident memory,
 * and a CPU profile of the flow steps. Prints figures; asserts nothing.
 *
 * Sections 1 and 3 run the bot here and the emulator with its users in a child process
 * (bench/runtime-driver.ts), so this process's CPU time and profile are the bot's alone.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { type Profiler, Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { run } from "@grammyjs/runner";
import { Bot } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { pino } from "pino";
import { type App, createApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { startBotApiEmulator } from "../src/emulator/index.js";
import { UNPACED } from "../src/telegram/outbox.js";
import { benchDatabase } from "./postgres.js";
import type { DriverRequest } from "./runtime-driver.js";
import { ANSWER_TIMEOUT_MS, CONCURRENT, nextAnswer, percentile, SCENARIOS, type Timed } from "./runtime-users.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Timed bursts per scenario and bot: CONCURRENT × ROUNDS updates are timed. */
const ROUNDS = 8;
const WARM_UP_ROUNDS = 2;

const rateOf = (timed: Timed) => (timed.latencies.length / timed.elapsedMs) * 1000;

function describe(timed: Timed): string {
  return `${rateOf(timed).toFixed(0)} updates/s, p50 ${percentile(timed.latencies, 50).toFixed(1)} ms, p99 ${percentile(timed.latencies, 99).toFixed(1)} ms`;
}

/** The emulator and its users, in a child process (bench/runtime-driver.ts). */
interface Driver {
  apiRoot: string;
  token: string;
  botInfo: UserFromGetMe;
  /** Plays a scenario (an index into SCENARIOS) against whichever bot polls. */
  play(scenario: number, rounds: number): Promise<Timed>;
  close(): Promise<void>;
}

async function startDriver(): Promise<Driver> {
  // tsx's loader named outright: process.execArgv would carry a `tsx -e` script along and re-run it.
  const loader = new URL("../node_modules/tsx/dist/loader.mjs", import.meta.url).href;
  const child = spawn(process.execPath, ["--import", loader, fileURLToPath(new URL("./runtime-driver.ts", import.meta.url))], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map<number, { resolve: (timed: Timed) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exited = true;
      for (const { reject } of pending.values()) reject(new Error(`the emulator process exited (${code ?? signal})`));
      pending.clear();
      resolve();
    }),
  );
  type Reply =
    | { type: "ready"; apiRoot: string; token: string; botInfo: UserFromGetMe }
    | { type: "done"; id: number; timed: Timed }
    | { type: "failed"; id: number; message: string };
  const ready = new Promise<Extract<Reply, { type: "ready" }>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the emulator process did not start within 20 s")), 20_000);
    child.on("message", (reply: Reply) => {
      if (reply.type === "ready") {
        clearTimeout(timer);
        resolve(reply);
        return;
      }
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.type === "done") waiter?.resolve(reply.timed);
      else waiter?.reject(new Error(reply.message));
    });
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error("the emulator process exited before it was ready"));
    });
  });
  const close = async () => {
    if (!exited) {
      child.send({ type: "close" } satisfies DriverRequest);
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exit;
      clearTimeout(timer);
    }
  };
  try {
    const { apiRoot, token, botInfo } = await ready;
    return {
      apiRoot,
      token,
      botInfo,
      play: (scenario, rounds) =>
        new Promise<Timed>((resolve, reject) => {
          if (exited) return reject(new Error("the emulator process has exited"));
          const id = nextId++;
          pending.set(id, { resolve, reject });
          child.send({ type: "run", id, scenario, rounds } satisfies DriverRequest);
        }),
      close,
    };
  } catch (error) {
    if (!exited) child.kill("SIGKILL");
    await exit;
    throw error;
  }
}

// --- the bots --------------------------------------------------------------------------------

/** Where the bots find "Telegram". */
type Telegram = Pick<Driver, "apiRoot" | "token" | "botInfo">;

/** Our whole bot in this process, as bench/flow.ts starts it: embedded sandbox, silent logs. */
async function startOurs(tg: Telegram): Promise<{ app: App; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-bench-runtime-"));
  let app: App | undefined;
  try {
    const config = loadConfig({
      BOT_TOKEN: tg.token,
      TELEGRAM_API_ROOT: tg.apiRoot,
      DATABASE_PATH: join(dir, "bot.sqlite"),
      EXCHANGE_RATE_LIMIT_PER_MINUTE: "100000",
    });
    app = await createApp({ ...config, botToken: tg.token }, pino({ level: "silent" }), { botInfo: tg.botInfo, floodLimits: UNPACED });
    await app.start();
    const deadline = Date.now() + 10_000;
    while (app.catalogue.currencies().length === 0) {
      if (Date.now() > deadline) throw new Error("the catalogue did not load within 10 s");
      await sleep(10);
    }
  } catch (error) {
    await app?.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const started = app;
  return {
    app: started,
    close: async () => {
      await started.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A bot that does nothing but answer: a reply to a message; a callback answer and a reply to a tap. */
function startBare(tg: Telegram): { stop: () => Promise<void> } {
  const keyboard = { inline_keyboard: [[{ text: "x USDT", callback_data: "a" }], [{ text: "Confirm", callback_data: "b" }]] };
  const bare = new Bot(tg.token, { client: { apiRoot: tg.apiRoot }, botInfo: tg.botInfo });
  bare.on("message", (ctx) => ctx.reply("ok", { reply_markup: keyboard }));
  bare.on("callback_query", async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply("ok", { reply_markup: keyboard });
  });
  const runner = run(bare);
  return { stop: async () => void (runner.isRunning() && (await runner.stop())) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- 1. throughput and latency -----------------------------------------------------------------

/** Plays every scenario (warm-up, then timed) against the bot now polling; with this process's CPU time per update. */
async function playAll(driver: Driver): Promise<{ timed: Timed; cpuMsPerUpdate: number }[]> {
  const results = [];
  for (const [index] of SCENARIOS.entries()) {
    await driver.play(index, WARM_UP_ROUNDS);
    const cpu = process.cpuUsage();
    const timed = await driver.play(index, ROUNDS);
    const used = process.cpuUsage(cpu);
    results.push({ timed, cpuMsPerUpdate: (used.user + used.system) / 1000 / timed.updates });
  }
  return results;
}

/**
 * 50 chats at once, per scenario: updates per second over the timed bursts and the latency
 * of each update to the bot's answer, for our bot and for a bare grammY bot on the same emulator.
 */
export async function concurrentChats(): Promise<Record<string, string>> {
  const driver = await startDriver();
  try {
    const app = await startOurs(driver);
    let ours;
    try {
      ours = await playAll(driver);
    } finally {
      await app.close();
    }
    const baseline = startBare(driver);
    let bare;
    try {
      bare = await playAll(driver);
    } finally {
      await baseline.stop();
    }

    const figures: Record<string, string> = {
      "updates timed per scenario and bot": `${CONCURRENT * ROUNDS}: ${ROUNDS} bursts of ${CONCURRENT} chats at once, after ${WARM_UP_ROUNDS} warm-up bursts`,
      latency: "from the user's update to the bot's answer (message; and callback answer for a tap)",
      "CPU per update":
        "the bot process's CPU time ÷ every update it handled in the timed rounds (the /exchange or /start before a step included)",
    };
    SCENARIOS.forEach((scenario, i) => {
      const [mine, base] = [ours[i]!, bare[i]!];
      figures[`${scenario.name}: ours`] = `${describe(mine.timed)}, CPU ${mine.cpuMsPerUpdate.toFixed(2)} ms/update`;
      figures[`${scenario.name}: bare`] = `${describe(base.timed)}, CPU ${base.cpuMsPerUpdate.toFixed(2)} ms/update`;
      const ratio = rateOf(mine.timed) / rateOf(base.timed);
      figures[`${scenario.name}: ours/bare rate`] = `${ratio.toFixed(2)} (target ≥ 0.50${ratio >= 0.5 ? ", met" : ", NOT met"})`;
    });
    return figures;
  } finally {
    await driver.close();
  }
}

// --- 2. the compiled process: start-up, memory, shutdown ---------------------------------------

/** Users at which memory is read on the way: the fixed costs (V8 sizing its heap) are paid by then. */
const MEMORY_CHECKPOINT = 10_000;
const MEMORY_USERS = 100_000;
/** The users stop being started after this long (the figures then say how many were). */
const MEMORY_BUDGET_MS = 400_000;
/** Per-user memory past the checkpoint (issue 21). */
const KB_PER_USER_TARGET = 2;

function rssMb(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return kb / 1024;
}

function tail(text: string, lines = 6): string {
  return text.trim().split("\n").slice(-lines).join(" ⏎ ");
}

/** What bench/heap-probe.mjs writes: process.memoryUsage() right after a full GC. */
type HeapFigures = Record<"rss" | "heapTotal" | "heapUsed" | "external", number>;

/** Asks the bot's process for its memory after a full GC (bench/heap-probe.mjs); undefined if it does not answer. */
async function probeHeap(pid: number, file: string): Promise<HeapFigures | undefined> {
  const lines = () => (existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : []);
  const before = lines().length;
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 10_000;
  while (lines().length === before) {
    if (Date.now() > deadline) return undefined;
    await sleep(20);
  }
  return JSON.parse(lines().at(-1)!) as HeapFigures;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/**
 * `npm run build`, then `node dist/main.js` against the emulator on the embedded sandbox:
 * time to its first getUpdates, resident memory idle, after 10,000 users and after `users`
 * (100,000 by default; memory per user counted between the two, past the fixed costs), the
 * live V8 heap after a full GC at each point (our data, as opposed to V8's sizing of its
 * heap), and a SIGTERM.
 */
export async function processMemory(users = MEMORY_USERS, backEnd: "sqlite" | "postgres" = "sqlite"): Promise<Record<string, string>> {
  const figures: Record<string, string> = {};
  const buildStart = performance.now();
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
  if (build.status !== 0) {
    figures["npm run build"] = `FAILED (exit ${build.status ?? build.signal}): ${tail(`${build.stdout}\n${build.stderr}`)}`;
    return figures;
  }
  figures["npm run build"] = `${((performance.now() - buildStart) / 1000).toFixed(1)} s`;
  const postgres = backEnd === "postgres" ? await benchDatabase() : undefined;
  if (postgres) figures["database"] = postgres.server;

  // Calls are recorded to see the first getUpdates; the log is emptied as the users come in.
  const tg = await startBotApiEmulator({ defaultTimeoutMs: ANSWER_TIMEOUT_MS });
  const dir = mkdtempSync(join(tmpdir(), "swapbot-bench-process-"));
  const heapFile = join(dir, "heap.jsonl");
  let child: ChildProcess | undefined;
  let output = "";
  try {
    const spawnedAt = Date.now();
    // --expose-gc and the probe only answer SIGUSR2 (a full GC, then the figures): nothing else changes.
    const probe = fileURLToPath(new URL("./heap-probe.mjs", import.meta.url));
    child = spawn(process.execPath, ["--expose-gc", "--import", probe, "dist/main.js"], {
      cwd: ROOT,
      // Unpaced: this measures the process, not Telegram's 30 messages a second.
      env: {
        BOT_TOKEN: tg.token,
        TELEGRAM_API_ROOT: tg.apiRoot,
        ...(postgres ? { DATABASE_URL: postgres.url } : { DATABASE_PATH: join(dir, "bot.sqlite") }),
        LOG_LEVEL: "warn",
        TELEGRAM_PACING: "off",
        PATH: process.env.PATH ?? "",
        BENCH_HEAP_PROBE: heapFile,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-4_000);
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
      child!.once("exit", (code, signal) => resolve({ code, signal, at: performance.now() })),
    );
    const pid = child.pid!;
    const alive = () => child!.exitCode === null && child!.signalCode === null;

    // (a) spawn → first getUpdates at the emulator.
    let firstPollAt: number | undefined;
    for (let seen = 0; firstPollAt === undefined; ) {
      if (!alive()) throw new Error(`dist/main.js exited (${child.exitCode ?? child.signalCode}) before polling: ${tail(output)}`);
      if (Date.now() - spawnedAt > 15_000) throw new Error(`dist/main.js did not call getUpdates within 15 s: ${tail(output)}`);
      const calls = tg.calls;
      for (; seen < calls.length; seen++) if (calls[seen]!.method === "getUpdates") firstPollAt ??= calls[seen]!.at;
      if (firstPollAt === undefined) await sleep(2);
    }
    const startupS = (firstPollAt - spawnedAt) / 1000;
    figures["spawn → first getUpdates"] = `${startupS.toFixed(2)} s (target ≤ 1.5 s${startupS <= 1.5 ? ", met" : ", NOT met"})`;

    // (b) idle, settled.
    await sleep(2_000);
    const idle = rssMb(pid);
    figures["RSS idle (2 s after the first poll)"] = `${idle.toFixed(1)} MB (target ≤ 120 MB${idle <= 120 ? ", met" : ", NOT met"})`;
    const idleHeap = await probeHeap(pid, heapFile);
    tg.calls.length = 0;

    // (c) distinct users: /start, then /exchange, each answered, 50 at a time; read at the checkpoint and at the end.
    let started = 0;
    let done = 0;
    const driveStart = performance.now();
    const drive = async (upTo: number) => {
      const from = done;
      const at = performance.now();
      const worker = async () => {
        while (started < upTo && performance.now() - driveStart < MEMORY_BUDGET_MS) {
          const user = tg.user({ id: 5_000_000 + started++, first_name: "Mem", language_code: "en" });
          await user.send("/start");
          await nextAnswer(user);
          await user.send("/exchange");
          await nextAnswer(user);
          if (++done % 500 === 0) tg.calls.length = 0;
        }
      };
      await Promise.all(Array.from({ length: CONCURRENT }, worker));
      tg.calls.length = 0;
      const seconds = (performance.now() - at) / 1000;
      const stopped = done < upTo ? `: stopped after ${MEMORY_BUDGET_MS / 1000} s in all` : "";
      return `${seconds.toFixed(1)} s (${(((done - from) * 2) / seconds).toFixed(0)} updates/s)${stopped}`;
    };
    const kbPerUser = (fromMb: number, toMb: number, people: number) => ((toMb - fromMb) * 1024) / Math.max(1, people);
    figures[`users 1 to ${MEMORY_CHECKPOINT.toLocaleString("en")}: /start + /exchange, ${CONCURRENT} at a time`] = await drive(
      Math.min(users, MEMORY_CHECKPOINT),
    );
    const atCheckpoint = { users: done, rss: rssMb(pid) };
    figures[`RSS at ${done.toLocaleString("en")} users`] =
      `${atCheckpoint.rss.toFixed(1)} MB (+${(atCheckpoint.rss - idle).toFixed(1)} MB, ${kbPerUser(idle, atCheckpoint.rss, done).toFixed(2)} kB/user: V8 sizing its heap included)`;
    const checkpointHeap = await probeHeap(pid, heapFile);
    if (users > MEMORY_CHECKPOINT) {
      figures[`users to ${users.toLocaleString("en")}`] = await drive(users);
      const after = rssMb(pid);
      const perUser = kbPerUser(atCheckpoint.rss, after, done - atCheckpoint.users);
      figures[`RSS at ${done.toLocaleString("en")} users`] = `${after.toFixed(1)} MB (+${(after - idle).toFixed(1)} MB over idle)`;
      figures[`RSS per user, ${atCheckpoint.users.toLocaleString("en")} → ${done.toLocaleString("en")}`] =
        `${perUser.toFixed(2)} kB/user (target ≤ ${KB_PER_USER_TARGET} kB${perUser <= KB_PER_USER_TARGET ? ", met" : ", NOT met"})`;
    }
    const endHeap = users > MEMORY_CHECKPOINT ? await probeHeap(pid, heapFile) : checkpointHeap;
    if (idleHeap && checkpointHeap && endHeap) {
      const live = (h: HeapFigures) => mb(h.heapUsed).toFixed(1);
      figures["V8 heap live after a full GC: idle / checkpoint / end"] =
        `${live(idleHeap)} / ${live(checkpointHeap)} / ${live(endHeap)} MB (${kbPerUser(mb(idleHeap.heapUsed), mb(endHeap.heapUsed), done).toFixed(2)} kB/user: what the process keeps)`;
      figures["at the end: V8 heap reserved / outside V8"] =
        `${mb(endHeap.heapTotal).toFixed(1)} MB / ${(mb(endHeap.rss) - mb(endHeap.heapTotal)).toFixed(1)} MB (the rest of the RSS: the binary, malloc for SQLite and sockets, freed V8 pages not yet returned)`;
    } else {
      figures["V8 heap after a full GC"] = "the process did not answer the probe";
    }
    await sleep(2_000);
    figures["RSS 2 s later / peak (VmHWM)"] = `${rssMb(pid).toFixed(1)} MB / ${rssMb(pid, "VmHWM").toFixed(1)} MB`;

    // SIGTERM: a graceful stop.
    const termAt = performance.now();
    child.kill("SIGTERM");
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, 20_000, undefined)));
    const exit = await Promise.race([exited, timeout]);
    clearTimeout(timer);
    if (exit === undefined) {
      figures["SIGTERM → exit"] = `no exit within 20 s (killed): ${tail(output)}`;
    } else {
      figures["SIGTERM → exit"] = `${(exit.at - termAt).toFixed(0)} ms, exit code ${exit.code ?? `signal ${exit.signal}`}`;
    }
    const warnings = output
      .trim()
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.includes("SANDBOX") && !line.includes("TELEGRAM_PACING=off")).length;
    figures["log lines at warn or above (sandbox and pacing notices aside)"] = warnings === 0 ? "none" : `${warnings}: ${tail(output, 3)}`;
    return figures;
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await tg.close();
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// --- 3. where the time goes --------------------------------------------------------------------

const PROFILE_ROUNDS = 20;
/** better-sqlite3's native methods, as they appear (without a script) in a profile. */
const SQLITE_NATIVES = new Set([
  "Statement",
  "Database",
  "run",
  "get",
  "all",
  "iterate",
  "pluck",
  "raw",
  "exec",
  "pragma",
  "prepare",
  "transaction",
]);

/** Where a profiled function's code lives, relative to the repository ("" for native code). */
function scriptOf(node: Profiler.ProfileNode): string {
  const { url } = node.callFrame;
  let path = url.startsWith("file://") ? fileURLToPath(url) : url;
  if (path.startsWith(ROOT)) path = path.slice(ROOT.length);
  return path;
}

/** The coarser group a script belongs to: a package, a folder of ours, Node itself. */
function groupOf(script: string): string {
  const pkg = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(script);
  if (pkg) return pkg[1]!;
  const parts = script.split("/");
  if (parts[0] === "src") return parts.length > 2 ? `src/${parts[1]}/` : "src/";
  if (script.startsWith("node:")) return "node: internals (http, streams…)";
  return script;
}

/**
 * A CPU profile of this process while 50 chats at a time go through the first flow steps
 * (/exchange, then 'btc btc'): the emulator and the users are in the driver process, so
 * every sample is the bot's. Self time by group and by script; native code is counted with
 * the script that called it (better-sqlite3's with better-sqlite3).
 */
export async function flowProfile(): Promise<Record<string, string>> {
  const driver = await startDriver();
  const session = new Session();
  try {
    const app = await startOurs(driver);
    let profile: Profiler.Profile;
    try {
      const flow = SCENARIOS.findIndex((scenario) => scenario.name.startsWith("flow 'btc btc'"));
      await driver.play(flow, WARM_UP_ROUNDS);
      session.connect();
      await session.post("Profiler.enable");
      await session.post("Profiler.setSamplingInterval", { interval: 200 });
      // BENCH_HEAPPROFILE: where the same rounds allocate, garbage included (what keeps the GC busy).
      const allocations = process.env.BENCH_HEAPPROFILE;
      if (allocations)
        await session.post("HeapProfiler.startSampling", {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
      await session.post("Profiler.start");
      await driver.play(flow, PROFILE_ROUNDS);
      ({ profile } = await session.post("Profiler.stop"));
      if (allocations) writeFileSync(allocations, JSON.stringify((await session.post("HeapProfiler.stopSampling")).profile));
      // For a closer look in Chrome DevTools or speedscope.
      if (process.env.BENCH_CPUPROFILE) writeFileSync(process.env.BENCH_CPUPROFILE, JSON.stringify(profile));
    } finally {
      await app.close();
    }
    return summarize(profile);
  } finally {
    session.disconnect();
    await driver.close();
  }
}

function summarize(profile: Profiler.Profile): Record<string, string> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfMs = new Map<number, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (deltas[i + 1] ?? 0) / 1000));

  /** The nearest frame up the stack that has a script. */
  const callerScript = (id: number): string => {
    for (let at = parent.get(id); at !== undefined; at = parent.get(at)) {
      const script = scriptOf(byId.get(at)!);
      if (script !== "") return script;
    }
    return "";
  };
  /** Where a sample's self time is counted: [group, entry in the by-script table]. */
  const place = (node: Profiler.ProfileNode): [string, string] => {
    const script = scriptOf(node);
    const name = node.callFrame.functionName;
    if (script !== "") return [groupOf(script), script];
    if (name.startsWith("(")) return [name, name];
    if (name === "runMicrotasks") return ["(promise jobs: runMicrotasks)", "(promise jobs: runMicrotasks)"];
    const caller = callerScript(node.id);
    if (SQLITE_NATIVES.has(name) && (caller.startsWith("src/db/") || caller.includes("node_modules/better-sqlite3/"))) {
      return ["better-sqlite3", `better-sqlite3 native (${name})`];
    }
    return [groupOf(caller), `native ${name || "(anonymous)"} ← ${caller || "?"}`];
  };

  const byScript = new Map<string, number>();
  const byGroup = new Map<string, number>();
  const onStack = { conversations: 0, flow: 0, grammy: 0, db: 0, conversationStorage: 0 };
  let busy = 0;
  let idle = 0;
  for (const [id, ms] of selfMs) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === "(idle)") {
      idle += ms;
      continue;
    }
    busy += ms;
    const [group, script] = place(node);
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    byGroup.set(group, (byGroup.get(group) ?? 0) + ms);
    // Inclusive time: the synchronous stack only (an await starts a new one), so a lower bound.
    const seen = new Set<keyof typeof onStack>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = scriptOf(byId.get(at)!);
      if (frame.includes("node_modules/@grammyjs/conversations/")) seen.add("conversations");
      if (frame.startsWith("src/bot/conversations/")) seen.add("flow");
      if (frame.includes("node_modules/grammy/")) seen.add("grammy");
      if (frame.startsWith("src/db/")) seen.add("db");
    }
    for (const key of seen) onStack[key] += ms;
    if (seen.has("conversations") && seen.has("db")) onStack.conversationStorage += ms;
  }

  const updates = PROFILE_ROUNDS * CONCURRENT * 2;
  const share = (ms: number) => `${((ms / busy) * 100).toFixed(1).padStart(4)} %  ${(ms / updates).toFixed(3)} ms/update`;
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  const short = (text: string) => (text.length > 50 ? `…${text.slice(-49)}` : text);
  const wallMs = (profile.endTime - profile.startTime) / 1000;
  const figures: Record<string, string> = {
    profiled: `${updates} updates (${PROFILE_ROUNDS} × ${CONCURRENT} chats: /exchange, then 'btc btc'); ${wallMs.toFixed(0)} ms wall, ${busy.toFixed(0)} ms busy (${(busy / updates).toFixed(2)} ms/update), ${idle.toFixed(0)} ms idle`,
    "group / script": "self time: share of busy time, ms per update (native code counted with its caller)",
    stack: "time with it on the stack (inclusive; synchronous stacks only, so a lower bound)",
  };
  for (const [group, ms] of top(byGroup, 10)) figures[`group  ${short(group)}`] = share(ms);
  for (const [script, ms] of top(byScript, 8)) figures[`script ${short(script)}`] = share(ms);
  figures["stack  @grammyjs/conversations"] = share(onStack.conversations);
  figures["stack  … with src/db under it (its storage)"] = share(onStack.conversationStorage);
  figures["stack  src/bot/conversations (the flow)"] = share(onStack.flow);
  figures["stack  grammy"] = share(onStack.grammy);
  figures["stack  src/db (SQLite, JSON included)"] = share(onStack.db);
  return figures;
}

/** The sections above, as bench/run.ts lists them. */
export const runtimeSections: [string, () => Promise<Record<string, string>>][] = [
  [`Throughput and latency: ${CONCURRENT} chats at once, ours vs a bare grammY bot`, concurrentChats],
  ["The compiled bot as a process: start-up, memory at 10,000 and 100,000 users, shutdown", () => processMemory()],
  ["The same process on PostgreSQL", () => processMemory(MEMORY_USERS, "postgres")],
  ["Where the time goes: CPU profile of the flow steps, 50 chats at once", flowProfile],
];

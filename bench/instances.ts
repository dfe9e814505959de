/**
 * Several instances on one PostgreSQL (issue 22): the compiled bot (`node dist/main.js`) in
 * 1, 2 and 3 processes behind a round-robin balancer in front of their webhooks
 * (test/harness/fleet.ts), the throughput and latency of many distinct users at once, and the
 * failover times: the leader killed or frozen (until another holds its lease), a chat whose
 * process is killed or frozen in the middle of an update or of a create (until the person is
 * answered by another), and the poller (the leader) killed in polling mode. Prints figures;
 * asserts nothing.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { type TestUser, waitFor } from "../src/emulator/index.js";
import { type Fleet, startFleet } from "../test/harness/fleet.js";
import { toSummary } from "../test/harness/flow.js";
import { benchDatabase } from "./postgres.js";
import { ANSWER_TIMEOUT_MS, CONCURRENT, nextAnswer, percentile } from "./runtime-users.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const WARM_UP_UPDATES = 500;
const TIMED_UPDATES = 3_000;
/** Kills per kind of failover. */
const FAILOVERS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** CPU time (user + system) of process `pid` so far, in ms, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime, the 14th and 15th fields (the 12th and 13th after the command's name), in ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Ticks of 10 ms the machine's cores spent busy and in all, so far (/proc/stat's first line). */
export function machineTicks(): { busy: number; total: number } {
  const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  // idle and iowait are the 4th and 5th.
  return { busy: total - ticks[3]! - ticks[4]!, total };
}

/** The processes running now: each one's parent and command line. */
function processes(): Map<number, { ppid: number; cmdline: string }> {
  const found = new Map<number, { ppid: number; cmdline: string }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
      found.set(Number(entry), { ppid, cmdline: readFileSync(`/proc/${entry}/cmdline`, "utf8") });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/**
 * CPU time so far of the PostgreSQL server holding `database`, by pid: its postmaster and every
 * process it started (connections, WAL writer, autovacuum…). The postmaster is found as the
 * parent of a connection to the database (PostgreSQL names those `postgres: user database …`).
 */
function serverCpu(database: string): Map<number, number> {
  const running = processes();
  const connection = [...running.values()].find((p) => p.cmdline.includes(` ${database} `));
  const found = new Map<number, number>();
  if (!connection) return found;
  for (const [pid, p] of running) {
    if (pid !== connection.ppid && p.ppid !== connection.ppid) continue;
    try {
      found.set(pid, cpuMs(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/**
 * CONCURRENT workers, each a new user after the other sending /start then /help and waiting for
 * each answer, until `updates` are answered: the rate over the run, and each update's latency
 * (to the bot's answer).
 */
async function traffic(
  fleet: Fleet,
  updates: number,
  nextId: () => number,
): Promise<{ rate: number; latencies: number[]; elapsedMs: number }> {
  const latencies: number[] = [];
  let sent = 0;
  const timed = async (user: TestUser, text: string) => {
    const at = performance.now();
    await user.send(text);
    await nextAnswer(user);
    latencies.push(performance.now() - at);
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      while (sent < updates) {
        sent += 2;
        const user = fleet.tg.user({ id: nextId(), first_name: "Bench", language_code: "en" });
        await timed(user, "/start");
        await timed(user, "/help");
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  return { rate: (latencies.length / elapsedMs) * 1000, latencies, elapsedMs };
}

/** 1, 2 and 3 instances in webhook mode, one more each time, on the same database. */
async function throughput(fleet: Fleet, figures: Record<string, string>): Promise<void> {
  let id = 20_000_000;
  const nextId = () => id++;
  for (const count of [1, 2, 3]) {
    await fleet.start(count - 1, "webhook");
    // The instances count each other on their registry's beat: let them settle.
    await sleep(2_000);
    await traffic(fleet, WARM_UP_UPDATES, nextId);
    const pids = fleet.instances.flatMap((instance) => (instance?.bot.child.pid ? [instance.bot.child.pid] : []));
    const botsBefore = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
    const database = new URL(fleet.databaseUrl).pathname.slice(1);
    const databaseBefore = serverCpu(database);
    const machineBefore = machineTicks();
    const selfBefore = process.cpuUsage();
    const run = await traffic(fleet, TIMED_UPDATES, nextId);
    const machineAfter = machineTicks();
    const self = process.cpuUsage(selfBefore);
    const botsMs = pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - botsBefore;
    // Processes of the server that ended during the run are missed: at least this much.
    let databaseMs = 0;
    for (const [pid, ms] of serverCpu(database)) databaseMs += ms - (databaseBefore.get(pid) ?? 0);
    const busyTicks = machineAfter.busy - machineBefore.busy;
    const busy = busyTicks / Math.max(1, machineAfter.total - machineBefore.total);
    // What else kept the cores busy: the kernel (loopback networking), anything else running on the machine.
    const selfMs = (self.user + self.system) / 1000;
    const elsewhereMs = busyTicks * 10 - botsMs - databaseMs - selfMs;
    const n = run.latencies.length;
    figures[`${count} instance${count > 1 ? "s" : ""}`] =
      `${run.rate.toFixed(0)} updates/s, p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms; ` +
      `CPU per update: bots ${(botsMs / n).toFixed(2)} ms, PostgreSQL server ${(databaseMs / n).toFixed(2)} ms, emulator and users ${(selfMs / n).toFixed(2)} ms; ` +
      `the machine's cores ${(busy * 100).toFixed(0)} % busy, ${(elsewhereMs / n).toFixed(2)} ms/update of it elsewhere`;
  }
}

/**
 * Whatever another process first says of a confirmation whose process died or froze while
 * creating: the unknown outcome, or that the exchange may be being created and its details come.
 */
const TAKEN_OVER = /could not confirm whether your exchange was created|may be being created|Exchange created/;

/**
 * `user` confirms a swap that the service takes 4 s to create; resolves with the index of the
 * process handling the Confirm once the request reached the service.
 */
async function confirmAtTheService(fleet: Fleet, user: TestUser): Promise<number> {
  const summary = await toSummary(user, { from: "btc btc", to: "usdt trx", amount: "0.05", address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj" });
  const creates = () => fleet.sandbox.requests.filter((r) => r.endpoint === "createTransaction").length;
  const createsBefore = creates();
  fleet.sandbox.faults.inject({ kind: "delay", ms: 4_000 }, { endpoint: "createTransaction", times: 1 });
  await user.click(summary, /^✅/);
  // Wrapped: index 0 would not do for waitFor, which waits for a truthy value.
  const { holder } = await waitFor(
    async () => {
      const index = await fleet.holderOf(user.id);
      return index === undefined ? undefined : { holder: index };
    },
    10_000,
    "a process to take up the confirmation",
  );
  await waitFor(() => creates() > createsBefore, 10_000, "the request to create");
  return holder;
}

/**
 * Webhook mode, three running, FAILOVERS rounds: a new person (ids from `firstId`) confirms an
 * exchange that the service takes 4 s to create, and once the request reached the service `strike`
 * befalls the process handling the confirmation; from the strike to the person's answer from
 * another process. What `strike` returns is done after each round, answered or not.
 */
async function struckMidCreate(
  fleet: Fleet,
  person: { firstId: number; name: string },
  strike: (holder: number) => Promise<() => Promise<unknown>>,
): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < FAILOVERS; round++) {
    const user = fleet.tg.user({ id: person.firstId + round, first_name: person.name, language_code: "en" });
    const before = user.messages().length;
    const holder = await confirmAtTheService(fleet, user);
    const struckAt = performance.now();
    const after = await strike(holder);
    try {
      await waitFor(
        () =>
          user
            .messages()
            .slice(before)
            .some((m) => m.from_bot && TAKEN_OVER.test(m.text ?? "")),
        30_000,
        "the person told by another process",
      );
      times.push(performance.now() - struckAt);
    } finally {
      await after();
    }
  }
  return times;
}

/**
 * The process handling the confirmation is SIGKILLed (the person is answered once its lease has
 * run out), and started again after the round.
 */
function killedMidUpdate(fleet: Fleet): Promise<number[]> {
  return struckMidCreate(fleet, { firstId: 30_000_000, name: "Kill" }, async (holder) => {
    await fleet.stop(holder, "SIGKILL");
    return () => fleet.start(holder, "webhook");
  });
}

/**
 * The process handling the confirmation is frozen (SIGSTOP: a VM pause, a long GC), and thawed
 * (SIGCONT) after the person was answered, or after 30 s.
 */
function frozenMidCreate(fleet: Fleet): Promise<number[]> {
  return struckMidCreate(fleet, { firstId: 32_000_000, name: "Freeze" }, async (holder) => {
    const pid = fleet.instances[holder]!.bot.child.pid!;
    process.kill(pid, "SIGSTOP");
    return async () => process.kill(pid, "SIGCONT");
  });
}

/** Until the leader's lease is held by another process than `was` (its index), polled every 20 ms; the time since `since`. */
async function untilAnotherLeads(fleet: Fleet, was: number, since: number): Promise<number> {
  const deadline = since + 30_000;
  for (;;) {
    const holder = await fleet.leaseHolder();
    if (holder !== undefined && holder !== was) return performance.now() - since;
    if (performance.now() > deadline) throw new Error("no other process took the leader's lease within 30 s");
    await sleep(20);
  }
}

/**
 * Webhook mode, three running, FAILOVERS rounds: the leader (by its lease) is killed (SIGKILL)
 * or frozen (SIGSTOP); from the signal to another process holding the leader's lease (3 s on the
 * database's clock, tried for every second). The killed one is started again, the frozen one
 * thawed (it finds its lease taken and steps down), before the next round.
 */
async function leaderStruck(fleet: Fleet, signal: "SIGKILL" | "SIGSTOP"): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < FAILOVERS; round++) {
    await waitFor(async () => (await fleet.roles()).filter((role) => role === "leader").length === 1, 15_000, "one leader");
    const lead = await waitFor(
      async () => {
        const holder = await fleet.leaseHolder();
        return holder === undefined ? undefined : { index: holder };
      },
      15_000,
      "the leader's lease held",
    );
    const pid = fleet.instances[lead.index]!.bot.child.pid!;
    const struckAt = performance.now();
    if (signal === "SIGKILL") await fleet.stop(lead.index, "SIGKILL");
    else process.kill(pid, "SIGSTOP");
    try {
      times.push(await untilAnotherLeads(fleet, lead.index, struckAt));
    } finally {
      if (signal === "SIGKILL") await fleet.start(lead.index, "webhook");
      else process.kill(pid, "SIGCONT");
    }
  }
  return times;
}

/**
 * Webhook mode, three running, FAILOVERS rounds: a new person sends /help and Telegram holds the
 * answer, so its process is in the middle of the update; that process is killed (SIGKILL) or
 * frozen (SIGSTOP); from the signal to the person's answer from another process (the chat's
 * lease, 4 s on the database's clock, runs out first). The held answer is then refused (a 502),
 * the killed process started again, the frozen one thawed.
 */
async function chatHandlerStruck(fleet: Fleet, signal: "SIGKILL" | "SIGSTOP", firstId: number): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < FAILOVERS; round++) {
    const user = fleet.tg.user({ id: firstId + round, first_name: "Handler", language_code: "en" });
    const held = fleet.tg.holdNext("sendMessage", user.id);
    await user.send("/help");
    await held.arrived;
    const { holder } = await waitFor(
      async () => {
        const index = await fleet.holderOf(user.id);
        return index === undefined ? undefined : { holder: index };
      },
      10_000,
      "the process answering /help",
    );
    const pid = fleet.instances[holder]!.bot.child.pid!;
    const struckAt = performance.now();
    if (signal === "SIGKILL") await fleet.stop(holder, "SIGKILL");
    else process.kill(pid, "SIGSTOP");
    try {
      await user.nextMessage({ timeoutMs: 30_000 });
      times.push(performance.now() - struckAt);
    } finally {
      held.release({ error_code: 502, description: "Bad Gateway" });
      if (signal === "SIGKILL") await fleet.start(holder, "webhook");
      else process.kill(pid, "SIGCONT");
    }
  }
  return times;
}

/**
 * Polling mode, three running: the leader (the one polling, by /readyz) is SIGKILLed, and a
 * person sends /help right after; from the kill to the answer. The killed one is started again
 * (a follower then) before the next round.
 */
async function pollerKilled(fleet: Fleet): Promise<number[]> {
  for (const index of [0, 1, 2]) await fleet.stop(index, "SIGTERM");
  for (const index of [0, 1, 2]) await fleet.start(index, "polling");
  const times: number[] = [];
  const user = fleet.tg.user({ id: 31_000_000, first_name: "Poll", language_code: "en" });
  for (let round = 0; round < FAILOVERS; round++) {
    await waitFor(async () => (await fleet.roles()).filter((role) => role === "leader").length === 1, 15_000, "one leader");
    await user.send("/help");
    await nextAnswer(user);
    const leader = (await fleet.roles()).indexOf("leader");
    const killedAt = performance.now();
    await fleet.stop(leader, "SIGKILL");
    await user.send("/help");
    await user.nextMessage({ timeoutMs: 30_000 });
    times.push(performance.now() - killedAt);
    await fleet.start(leader, "polling");
  }
  return times;
}

function machine(): string {
  const cores = cpus();
  return `${cores.length} cores (${cores[0]?.model.trim() ?? "?"}), ${(totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.versions.node}`;
}

/**
 * The compiled bot built (`npm run build`) and a fleet of it on a new database (none running
 * yet), for `work` to start instances on and measure; then the log lines at warn or above, and
 * everything stopped. Figures on the machine, the load before and the database come first;
 * `work` adds its own (a part that fails says so in the figures instead).
 */
export async function onBenchFleet(
  work: (fleet: Fleet, figures: Record<string, string>) => Promise<void>,
): Promise<Record<string, string>> {
  const figures: Record<string, string> = {};
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
  if (build.status !== 0) {
    figures["npm run build"] =
      `FAILED (exit ${build.status ?? build.signal}): ${`${build.stdout}\n${build.stderr}`.trim().split("\n").slice(-6).join(" ⏎ ")}`;
    return figures;
  }
  figures["machine"] =
    `${machine()}: the emulator with its users (this process), PostgreSQL and every bot process share these cores, so more processes do not mean more cores`;
  // Anything else running on the machine (another test run) takes from the same cores.
  figures["load average before (1, 5, 15 min)"] = loadavg()
    .map((load) => load.toFixed(2))
    .join(", ");
  let server = "";
  // Interrupted (Ctrl-C): exit, so that the fleet's and the embedded server's exit hooks kill what they started.
  const interrupted = () => process.exit(130);
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  let fleet: Fleet | undefined;
  try {
    fleet = await startFleet({
      database: async () => {
        const database = await benchDatabase();
        server = database.server;
        return database;
      },
      // This measures throughput, not the rate budget: the sandbox (shared by all) does not hold anyone back.
      rateLimitPerMinute: 100_000,
      env: { TELEGRAM_PACING: "off", LOG_LEVEL: "warn", LOG_FORMAT: "json", SHUTDOWN_GRACE_SECONDS: "8" },
      command: { command: process.execPath, args: [join(ROOT, "dist/main.js")] },
      emulator: { recordCalls: false, defaultTimeoutMs: ANSWER_TIMEOUT_MS },
    });
    figures["database"] = server;
    await work(fleet, figures);
    const warnings = fleet.instances.flatMap(
      (instance) => instance?.bot.lines.filter((line) => /"level":(40|50|60)/.test(line) && !/SANDBOX|TELEGRAM_PACING/.test(line)) ?? [],
    );
    figures["log lines at warn or above (running instances)"] =
      warnings.length === 0 ? "none" : `${warnings.length}: ${warnings.slice(-2).join(" ⏎ ").slice(0, 400)}`;
    return figures;
  } finally {
    await fleet?.close();
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
  }
}

/** Each part on its own: one failing leaves the others' figures in `figures` (and says why under `name`). */
export async function part(figures: Record<string, string>, name: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    figures[name] = `FAILED: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The section, as bench/run.ts lists it. */
export function severalInstances(): Promise<Record<string, string>> {
  return onBenchFleet(async (fleet, figures) => {
    figures["setup"] =
      `node dist/main.js in webhook mode behind a round-robin balancer, the sandbox exchange; ${CONCURRENT} users at once, each new, sending /start then /help; ` +
      `${TIMED_UPDATES} updates timed per run after ${WARM_UP_UPDATES} of warm-up; latency from the update to the bot's answer`;
    await part(figures, "throughput", () => throughput(fleet, figures));
    await part(figures, "failover: a process killed mid-update", async () => {
      const times = await killedMidUpdate(fleet);
      figures["failover: a process killed mid-update"] =
        `${times.map(seconds).join(", ")} from the SIGKILL to the person's answer from another process (the chat's lease runs out first; the service took 4 s to create)`;
    });
    await part(figures, "failover: a process frozen mid-create", async () => {
      const times = await frozenMidCreate(fleet);
      figures["failover: a process frozen mid-create"] =
        `${times.map(seconds).join(", ")} from the SIGSTOP to the person's answer from another process (the frozen one thawed after)`;
    });
    await part(figures, "failover: the leader killed", async () => {
      const times = await leaderStruck(fleet, "SIGKILL");
      figures["failover: the leader killed"] =
        `${times.map(seconds).join(", ")} from the SIGKILL to another process holding the leader's lease`;
    });
    await part(figures, "failover: the leader frozen", async () => {
      const times = await leaderStruck(fleet, "SIGSTOP");
      figures["failover: the leader frozen"] =
        `${times.map(seconds).join(", ")} from the SIGSTOP to another process holding the leader's lease (the frozen one thawed after)`;
    });
    await part(figures, "failover: a chat's handler killed", async () => {
      const times = await chatHandlerStruck(fleet, "SIGKILL", 33_000_000);
      figures["failover: a chat's handler killed"] =
        `${times.map(seconds).join(", ")} from the SIGKILL, mid-update, to the person's answer from another process`;
    });
    await part(figures, "failover: a chat's handler frozen", async () => {
      const times = await chatHandlerStruck(fleet, "SIGSTOP", 34_000_000);
      figures["failover: a chat's handler frozen"] =
        `${times.map(seconds).join(", ")} from the SIGSTOP, mid-update, to the person's answer from another process (the frozen one thawed after)`;
    });
    await part(figures, "failover: the poller (leader) killed", async () => {
      const times = await pollerKilled(fleet);
      figures["failover: the poller (leader) killed"] =
        `${times.map(seconds).join(", ")} from the SIGKILL to the answer of a /help sent right after (polling mode, 3 instances)`;
    });
  });
}

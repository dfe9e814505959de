/**
 * `npm run soak` (issue 39): three compiled bots on one PostgreSQL, against the Bot API emulator
 * and the sandbox exchange, with simulated people going through every flow while faults drawn
 * from a seed strike; the invariants are checked all along and once everything is healed and
 * settled. Prints the seed, the schedule and the report; exits 1 on any violation. See docs/soak.md.
 */
import { existsSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { type Fleet, startFleet } from "../harness/fleet.js";
import { ROOT } from "../harness/process.js";
import { soakDatabase } from "./database.js";
import { FaultRunner, pause } from "./faults.js";
import { checkInvariants } from "./invariants.js";
import { Keeper } from "./keeper.js";
import { planLowPhases, REAL_LIMIT, runLowPhases } from "./limits.js";
import { grewWithTime, type MemorySample, memoryByProcess, sampleMemory } from "./memory.js";
import { parseOptions, type RunOptions } from "./options.js";
import { runPeople } from "./people.js";
import { Random } from "./random.js";
import { buildReport, renderMarkdown, renderText } from "./report.js";
import { clock, describeSchedule, drawSchedule } from "./schedule.js";
import type { CheckInvariants, RunPeople, SoakEvent, SoakWorld, Violation } from "./world.js";

const INSTANCES = 3;
/** The id the bot takes for support (the people's support lookups come from it). */
const SUPPORT_USER_ID = 990_000_001;
/** The sandbox's exchanges live minutes, not hours: a deposit comes 20 s after creation unless steered. */
const TIMELINE = { waiting: 20_000, confirming: 5_000, exchanging: 5_000, sending: 5_000, overdueAfter: 60_000 };
const CHECK_EVERY_MS = 30_000;
const MEMORY_EVERY_MS = 15_000;
/** How long people have to finish what they were doing once the run's time is up. */
const PEOPLE_FINISH_MS = 180_000;

const people: RunPeople = runPeople;
const invariants: CheckInvariants = checkInvariants;

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (!existsSync(join(ROOT, "dist/main.js"))) throw new Error("dist/main.js is missing: npm run soak builds it (npm run build)");
  if (options.logs) process.env.FLEET_LOGS = options.logs;
  const random = new Random(options.seed);
  const runMs = options.minutes * 60_000;
  const schedule = drawSchedule(random.fork(), {
    runMs,
    quietStartMs: 15_000,
    quietEndMs: 30_000,
    meanGapMs: options.meanGapMs,
    instanceCount: INSTANCES,
  });
  const lowPhases = planLowPhases(runMs);
  printPlan(options, schedule.length, describeSchedule(schedule), lowPhases);

  let database = "";
  const fleet = await startFleet({
    database: async () => {
      const created = await soakDatabase();
      database = created.server;
      return created;
    },
    rateLimitPerMinute: options.highLimit,
    env: {
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
      SHUTDOWN_GRACE_SECONDS: "5",
      TRACKER_INTERVAL_SECONDS: "3",
      ALERT_CHECK_MINUTES: "1",
      SUPPORT_USER_IDS: String(SUPPORT_USER_ID),
    },
    command: { command: process.execPath, args: [join(ROOT, "dist/main.js")] },
    sandbox: { timeline: TIMELINE, seed: options.seed },
    // Calls recorded for the invariants' journal (test/soak/journal.ts), which reads and empties
    // the list every 2 s: a long run makes millions, and none piles up.
    emulator: { recordCalls: true, defaultTimeoutMs: 120_000 },
    readyTimeoutMs: 60_000,
  });
  const stopping = new AbortController();
  const world = newWorld(fleet, random.fork(), options, stopping.signal);
  const keeper = new Keeper(world);
  keeper.setEnv({ EXCHANGE_RATE_LIMIT_PER_MINUTE: String(options.highLimit) });
  // Interrupted (Ctrl-C): everything torn down (frozen processes thawed, the database dropped)
  // within 20 s, then out; a second Ctrl-C leaves at once (the fleet's and the embedded server's
  // exit hooks still kill what they started).
  const interrupted = () => {
    console.log("\nInterrupted: tearing everything down.");
    process.once("SIGINT", () => process.exit(130));
    keeper.close();
    const gone = setTimeout(() => process.exit(130), 20_000);
    void fleet.close().finally(() => {
      clearTimeout(gone);
      process.exit(130);
    });
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  const startedAt = new Date().toISOString();
  try {
    for (let index = 0; index < INSTANCES; index++) {
      if (!(await keeper.hold(index, () => keeper.start(index)))) throw new Error(`instance ${index} did not start`);
    }
    world.startedAt = Date.now();
    const memory: MemorySample[] = [];
    const actedMs = await act(world, keeper, options, schedule, lowPhases, memory, stopping);
    const settled = await settle(world, options.settleMs);
    for (const p of grewWithTime(memoryByProcess(memory))) {
      const detail = `instance ${p.index} (pid ${p.pid}) grew from ${p.earlyMb.toFixed(0)} to ${p.lateMb.toFixed(0)} MB`;
      world.record({ at: world.elapsed(), kind: "violation", invariant: "memory does not grow with time", detail });
    }
    const report = buildReport(world, {
      seed: options.seed,
      startedAt,
      machine: machine(),
      database,
      people: options.people,
      actedMs,
      totalMs: world.elapsed(),
      highLimit: options.highLimit,
      memory,
    });
    console.log(`\nThe fleet ${settled === undefined ? "did not settle" : `settled in ${clock(settled)}`}.`);
    console.log(renderText(report));
    if (options.report) writeFileSync(options.report, options.report.endsWith(".md") ? renderMarkdown(report) : renderText(report));
    return report.violations.length > 0 ? 1 : 0;
  } finally {
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    keeper.close();
    await fleet.close();
  }
}

/**
 * People and faults until the time is up (or enough exchanges were created), with the invariants
 * checked every half minute; then every fault healed and the people's last steps done. Resolves
 * with how long they acted.
 */
async function act(
  world: SoakWorld,
  keeper: Keeper,
  options: RunOptions,
  schedule: Parameters<FaultRunner["run"]>[0],
  lowPhases: ReturnType<typeof planLowPhases>,
  memory: MemorySample[],
  stopping: AbortController,
): Promise<number> {
  const faults = new FaultRunner(world, keeper);
  const timer = setTimeout(() => stopping.abort(), options.minutes * 60_000);
  const sampler = setInterval(() => {
    sampleMemory(world, memory);
    if (options.exchanges !== undefined && createdExchanges(world) >= options.exchanges) stopping.abort();
  }, MEMORY_EVERY_MS);
  const peopleDone = people(world, { people: options.people, until: stopping.signal }).catch((error: unknown) => {
    world.record({ at: world.elapsed(), kind: "violation", invariant: "the people run to the end", detail: String(error).slice(0, 500) });
  });
  const faultsDone = faults.run(schedule, stopping.signal);
  const phasesDone = runLowPhases(world, keeper, faults, lowPhases, options.highLimit, stopping.signal);
  const checking = (async () => {
    while (!stopping.signal.aborted) {
      await pause(CHECK_EVERY_MS, stopping.signal);
      if (!stopping.signal.aborted) await check(world, false);
    }
  })();
  await new Promise((resolve) => stopping.signal.addEventListener("abort", resolve, { once: true }));
  const actedMs = world.elapsed();
  clearTimeout(timer);
  world.record({ at: actedMs, kind: "note", detail: "time is up: healing every fault, people finishing" });
  await faultsDone;
  await faults.heal();
  await phasesDone;
  const finished = await Promise.race([peopleDone.then(() => true), pause(PEOPLE_FINISH_MS).then(() => false)]);
  if (!finished)
    world.record({ at: world.elapsed(), kind: "note", detail: `the people did not finish within ${PEOPLE_FINISH_MS / 1000} s` });
  await checking;
  clearInterval(sampler);
  sampleMemory(world, memory);
  return actedMs;
}

/**
 * Waits for the fleet to be idle, then checks the final invariants every 15 s until none is
 * broken or `settleMs` passed (a card still on its way to its final status); records what is
 * broken then. Resolves with the time it took to settle, or undefined.
 */
async function settle(world: SoakWorld, settleMs: number): Promise<number | undefined> {
  const since = world.elapsed();
  await world.fleet.idle(settleMs).catch(() => {
    world.record({ at: world.elapsed(), kind: "note", detail: `the fleet was not idle within ${settleMs / 1000} s` });
  });
  for (;;) {
    const found = await invariants(world, true).catch((error: unknown) => {
      world.record({ at: world.elapsed(), kind: "note", detail: `the final check failed: ${String(error).slice(0, 300)}` });
      return [];
    });
    if (found.length === 0) return world.elapsed() - since;
    if (world.elapsed() - since >= settleMs) {
      found.forEach((v) => recordViolation(world, v));
      return undefined;
    }
    await pause(15_000);
  }
}

/** The invariants now: each violation not seen before is recorded (and printed). */
async function check(world: SoakWorld, final: boolean): Promise<void> {
  try {
    for (const violation of await invariants(world, final)) recordViolation(world, violation);
  } catch (error) {
    world.record({ at: world.elapsed(), kind: "note", detail: `the invariants' check failed: ${String(error).slice(0, 300)}` });
  }
}

const seenViolations = new Set<string>();

function recordViolation(world: SoakWorld, violation: Violation): void {
  const key = `${violation.invariant}|${violation.chatId}|${violation.detail}`;
  if (seenViolations.has(key)) return;
  seenViolations.add(key);
  const { at: happenedAt, ...rest } = violation;
  world.record({ ...rest, at: world.elapsed(), kind: "violation", ...(happenedAt === undefined ? {} : { happenedAt }) });
}

/** Counted incrementally: a long run's sandbox holds hundreds of thousands of requests. */
let countedRequests = 0;
let created = 0;
function createdExchanges(world: SoakWorld): number {
  const requests = world.fleet.sandbox.requests;
  for (; countedRequests < requests.length; countedRequests++) {
    const request = requests[countedRequests]!;
    if (request.endpoint === "createTransaction" && request.status === 200) created++;
  }
  return created;
}

function newWorld(fleet: Fleet, random: Random, options: RunOptions, stopping: AbortSignal): SoakWorld {
  const events: SoakEvent[] = [];
  const world: SoakWorld = {
    fleet,
    random,
    elapsed: () => Date.now() - world.startedAt,
    record(event) {
      events.push(event);
      console.log(describeEvent(event, options.seed));
      if (event.kind === "exit" && event.cause === "unexpected") {
        const detail = `instance ${event.target}: ${event.detail}`;
        world.record({ at: event.at, kind: "violation", invariant: "no process dies other than by an injected fault", detail });
      }
    },
    events,
    facts: { confirms: [], updates: [], exchanges: [] },
    stopping,
    instanceCount: INSTANCES,
    seed: options.seed,
    startedAt: Date.now(),
    rateLimits: [{ from: 0, perMinute: options.highLimit }],
    supportUserId: SUPPORT_USER_ID,
  };
  return world;
}

function describeEvent(event: SoakEvent, seed: number): string {
  const at = `[${clock(Math.max(0, event.at))}]`;
  switch (event.kind) {
    case "fault":
      return `${at} fault ${event.fault}${event.target === undefined ? "" : ` (instance ${event.target})`}: ${event.detail ?? ""}`;
    case "fault-over":
      return `${at} over  ${event.fault}${event.target === undefined ? "" : ` (instance ${event.target})`}`;
    case "takeover":
      return `${at} another process leads ${(event.ms / 1000).toFixed(1)} s after ${event.after}`;
    case "exit":
      return `${at} instance ${event.target} ended (${event.cause}): ${event.detail}`;
    case "violation":
      return `${at} VIOLATION (seed ${seed}) ${event.invariant}${event.chatId === undefined ? "" : ` · chat ${event.chatId}`}${
        event.happenedAt === undefined ? "" : ` · happened at ${clock(event.happenedAt)}`
      }: ${event.detail}`;
    case "note":
      return `${at} ${event.detail}`;
  }
}

function printPlan(options: RunOptions, faultCount: number, schedule: string[], lowPhases: ReturnType<typeof planLowPhases>): void {
  const length = `${options.minutes} minutes${options.exchanges === undefined ? "" : ` or ${options.exchanges} exchanges`}`;
  console.log(`Soak: seed ${options.seed}, ${length}, ${options.people} people, ${INSTANCES} instances (node dist/main.js)`);
  console.log(`Replay: npm run soak -- --seed ${options.seed} --minutes ${options.minutes}`);
  const phases = lowPhases.map((p) => `${clock(p.fromMs)}–${clock(p.toMs)}`).join(", ") || "none (the run is too short)";
  console.log(`The service's limit: ${options.highLimit} a minute; at ${REAL_LIMIT} a minute: ${phases}`);
  console.log(`Faults (${faultCount}):`);
  for (const line of schedule) console.log(line);
}

function machine(): string {
  const cores = cpus();
  return `${cores.length} cores (${cores[0]?.model.trim() ?? "?"}), ${(totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.versions.node}`;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

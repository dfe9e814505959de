/**
 * The soak's fault schedule (issue 39), drawn from the seed before the run starts: when each
 * fault strikes, what it is, whom it strikes and for how long. Everything a fault needs is drawn
 * here, so that `--seed N` replays the same schedule; faults.ts only carries it out. Faults come
 * every few seconds to a couple of minutes and overlap (a freeze during an outage during a kill).
 */
import type { Endpoint } from "../../src/exchange/sandbox/index.js";
import type { Random } from "./random.js";

/** An instance by index, or whichever leads when the fault strikes. */
export type Target = number | "leader";

/** What a fault is, with what was drawn for it. */
export type FaultSpec =
  /** SIGKILL, started again after `durationMs`. */
  | { kind: "kill"; target: Target }
  /** SIGSTOP for `durationMs`, then SIGCONT. */
  | { kind: "freeze"; target: Target }
  /** Started again with its whole clock `shiftMs` off, for `durationMs`, then again with the right time. */
  | { kind: "clock"; target: Target; shiftMs: number }
  /**
   * Started again with its database through a proxy that, `afterMs` later, hangs every connection
   * (`hang`) or only those open then (`cut`, new ones work), for `durationMs`; then started again directly.
   */
  | { kind: "db-hang"; target: Target; mode: "hang" | "cut"; afterMs: number }
  /** Every instance stopped (SIGTERM) and started again, one after the other. */
  | { kind: "rolling-restart" }
  /** Telegram answers every call into a chat with `status` for `durationMs` (as an HTML page from a proxy, or JSON). */
  | { kind: "tg-outage"; status: number; html: boolean }
  /** Telegram out of reach (connections refused) for `durationMs`. */
  | { kind: "tg-offline" }
  /** The next `times` calls of `method` answered 429 with `retryAfter` seconds. */
  | { kind: "tg-429"; method: string; times: number; retryAfter: number }
  /** The next `times` calls of `method` answered `status`. */
  | { kind: "tg-5xx"; method: string; times: number; status: number; html: boolean }
  /** The next call of `method` waits `durationMs`, then is carried out late, or refused (502). */
  | { kind: "tg-slow"; method: string; late: boolean }
  /** The next `times` calls of `method` are carried out, and their answer lost. */
  | { kind: "tg-lost-answer"; method: string; times: number }
  /** The service answers the next `times` calls (of `endpoint`, or any) with `status`. */
  | { kind: "service-5xx"; endpoint?: Endpoint; times: number; status: number }
  | { kind: "service-429"; endpoint?: Endpoint; times: number; retryAfter: number }
  /** The service takes `ms` over the next `times` calls. */
  | { kind: "service-slow"; endpoint?: Endpoint; times: number; ms: number }
  /** The service resets the connection (`reset`) or never answers (`hang`) the next `times` calls. */
  | { kind: "service-refusal"; endpoint?: Endpoint; times: number; how: "reset" | "hang" };

export type FaultKind = FaultSpec["kind"];

/** One fault of the schedule: when (ms since the run began), for how long, and a line saying what. */
export type PlannedFault = FaultSpec & { atMs: number; durationMs: number; detail: string };

/** How often each kind is drawn, relative to the others. */
const WEIGHTS: Readonly<Record<FaultKind, number>> = {
  kill: 3,
  freeze: 3,
  clock: 1.5,
  "db-hang": 1.5,
  "rolling-restart": 0.7,
  "tg-outage": 1,
  "tg-offline": 1,
  "tg-429": 2,
  "tg-5xx": 2,
  "tg-slow": 1.5,
  "tg-lost-answer": 1,
  "service-5xx": 2,
  "service-429": 2,
  "service-slow": 2,
  "service-refusal": 1.5,
};

/** The process faults: they strike one instance, and hold it (no other such fault strikes it meanwhile). */
export const PROCESS_FAULTS: ReadonlySet<FaultKind> = new Set(["kill", "freeze", "clock", "db-hang", "rolling-restart"]);

/** The Bot API methods the bot calls into chats most. */
const TELEGRAM_METHODS = ["sendMessage", "editMessageText", "answerCallbackQuery", "sendPhoto", "answerInlineQuery"];
const ENDPOINTS: readonly (Endpoint | undefined)[] = [undefined, "getEstimatedAmount", "createTransaction", "getTransactionInfo"];
/** How long the window of a fault that is over once used up (a count of calls) is said to last. */
const COUNTED_WINDOW_MS = 10_000;

export interface ScheduleOptions {
  /** The run's planned length; no fault starts in its last `quietEndMs`, none in its first `quietStartMs`. */
  runMs: number;
  quietStartMs: number;
  quietEndMs: number;
  /** The mean time between two faults' starts. */
  meanGapMs: number;
  instanceCount: number;
}

/** The schedule, in order of time. */
export function drawSchedule(random: Random, options: ScheduleOptions): PlannedFault[] {
  const faults: PlannedFault[] = [];
  const kinds = Object.keys(WEIGHTS) as FaultKind[];
  let at = options.quietStartMs;
  for (;;) {
    // Exponential gaps (faults come as they please), clamped to 2 s to 4 minutes.
    const gap = Math.min(240_000, Math.max(2_000, -Math.log(1 - random.next()) * options.meanGapMs));
    at += Math.round(gap);
    if (at > options.runMs - options.quietEndMs) return faults;
    const kind = random.pick(kinds, (k) => WEIGHTS[k]);
    faults.push(drawFault(random, kind, at, options.instanceCount));
  }
}

function drawTarget(random: Random, instanceCount: number): Target {
  return random.chance(0.35) ? "leader" : random.int(0, instanceCount - 1);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const who = (target: Target) => (target === "leader" ? "the leader" : `instance ${target}`);

function drawFault(random: Random, kind: FaultKind, atMs: number, instanceCount: number): PlannedFault {
  const endpoint = () => random.pick(ENDPOINTS);
  const method = () => random.pick(TELEGRAM_METHODS);
  /** "the next call", "the next 3 createTransaction calls". */
  const next = (times: number, endpointName: Endpoint | undefined) =>
    `the next ${times === 1 ? "" : `${times} `}${endpointName ? `${endpointName} ` : ""}call${times === 1 ? "" : "s"}`;
  switch (kind) {
    case "kill": {
      const target = drawTarget(random, instanceCount);
      const durationMs = random.chance(0.3) ? 0 : random.int(1_000, 15_000);
      return { kind, target, atMs, durationMs, detail: `SIGKILL ${who(target)}, started again after ${seconds(durationMs)}` };
    }
    case "freeze": {
      const target = drawTarget(random, instanceCount);
      const durationMs = random.int(1_000, 60_000);
      return { kind, target, atMs, durationMs, detail: `SIGSTOP ${who(target)} for ${seconds(durationMs)}` };
    }
    case "clock": {
      const target = drawTarget(random, instanceCount);
      const shiftMs = (random.chance(0.5) ? 1 : -1) * random.int(1_000, 30_000);
      const durationMs = random.int(20_000, 180_000);
      const detail = `${who(target)}'s clock ${shiftMs > 0 ? "+" : ""}${seconds(shiftMs)} for ${seconds(durationMs)}`;
      return { kind, target, shiftMs, atMs, durationMs, detail };
    }
    case "db-hang": {
      const target = drawTarget(random, instanceCount);
      const mode = random.chance(0.5) ? "hang" : "cut";
      const afterMs = random.int(3_000, 20_000);
      const durationMs = random.int(5_000, 45_000);
      const what = mode === "hang" ? "every database connection hangs" : "its open database connections hang";
      return { kind, target, mode, afterMs, atMs, durationMs, detail: `${who(target)}: ${what} for ${seconds(durationMs)}` };
    }
    case "rolling-restart":
      return { kind, atMs, durationMs: 0, detail: "every instance stopped (SIGTERM) and started again, one after the other" };
    case "tg-outage": {
      const status = random.pick([500, 502, 503, 504]);
      const html = random.chance(0.5);
      const durationMs = random.int(3_000, 45_000);
      return {
        kind,
        status,
        html,
        atMs,
        durationMs,
        detail: `Telegram answers ${status}${html ? " (HTML)" : ""} for ${seconds(durationMs)}`,
      };
    }
    case "tg-offline": {
      const durationMs = random.int(2_000, 30_000);
      return { kind, atMs, durationMs, detail: `Telegram refuses connections for ${seconds(durationMs)}` };
    }
    case "tg-429": {
      const [name, times, retryAfter] = [method(), random.int(1, 5), random.int(1, 8)];
      return {
        kind,
        method: name,
        times,
        retryAfter,
        atMs,
        durationMs: COUNTED_WINDOW_MS,
        detail: `${times}× ${name} 429 retry_after ${retryAfter}`,
      };
    }
    case "tg-5xx": {
      const [name, times, status, html] = [method(), random.int(1, 5), random.pick([500, 502, 503]), random.chance(0.3)];
      const detail = `${times}× ${name} ${status}${html ? " (HTML)" : ""}`;
      return { kind, method: name, times, status, html, atMs, durationMs: COUNTED_WINDOW_MS, detail };
    }
    case "tg-slow": {
      const [name, late] = [method(), random.chance(0.6)];
      const durationMs = random.int(2_000, 40_000);
      const detail = `the next ${name} held ${seconds(durationMs)}, then ${late ? "carried out" : "refused (502)"}`;
      return { kind, method: name, late, atMs, durationMs, detail };
    }
    case "tg-lost-answer": {
      const [name, times] = [method(), random.int(1, 3)];
      return { kind, method: name, times, atMs, durationMs: COUNTED_WINDOW_MS, detail: `${times}× ${name} done, its answer lost` };
    }
    case "service-5xx": {
      const [endpointName, times, status] = [endpoint(), random.int(1, 6), random.pick([500, 502, 503])];
      const detail = `the service answers ${status} to ${next(times, endpointName)}`;
      return { kind, endpoint: endpointName, times, status, atMs, durationMs: COUNTED_WINDOW_MS, detail };
    }
    case "service-429": {
      const [endpointName, times, retryAfter] = [endpoint(), random.int(1, 6), random.int(1, 30)];
      const detail = `the service answers 429 (Retry-After ${retryAfter}) to ${next(times, endpointName)}`;
      return { kind, endpoint: endpointName, times, retryAfter, atMs, durationMs: COUNTED_WINDOW_MS, detail };
    }
    case "service-slow": {
      const [endpointName, times, ms] = [endpoint(), random.int(1, 4), random.int(1_000, 25_000)];
      const detail = `the service takes ${seconds(ms)} over ${next(times, endpointName)}`;
      return { kind, endpoint: endpointName, times, ms, atMs, durationMs: COUNTED_WINDOW_MS, detail };
    }
    case "service-refusal": {
      const [endpointName, times, how] = [endpoint(), random.int(1, 4), random.chance(0.6) ? ("reset" as const) : ("hang" as const)];
      const detail = `the service ${how === "reset" ? "resets" : "never answers"} ${next(times, endpointName)}`;
      return { kind, endpoint: endpointName, times, how, atMs, durationMs: COUNTED_WINDOW_MS, detail };
    }
  }
}

/** The schedule as lines to print: `mm:ss  kind  detail`. */
export function describeSchedule(faults: readonly PlannedFault[]): string[] {
  return faults.map((fault) => `  ${clock(fault.atMs)}  ${fault.kind.padEnd(16)} ${fault.detail}`);
}

/** ms as m:ss (or h:mm:ss). */
export function clock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const mmss = `${String(m).padStart(h > 0 ? 2 : 1, "0")}:${String(s).padStart(2, "0")}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

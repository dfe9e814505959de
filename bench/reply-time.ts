/**
 * The reply time a person sees (issue 33): the compiled bot in 1 and 3 processes behind the
 * round-robin balancer (as bench/instances.ts runs them), fed open-loop at a steady 50, 100
 * and 200 updates a second; for each update, the time from the moment it was due to be sent to
 * the moment the bot's answer reached the emulator. Prints figures; asserts nothing.
 *
 * Open-loop: the updates go out on a fixed schedule whatever the answers, from a timer that
 * catches up (every update whose moment has come goes out at once), and each is timed from its
 * moment on the schedule, not from when the timer got to it: a backlog anywhere (the bots,
 * PostgreSQL, the balancer, the emulator, this process) shows in the reply time.
 *
 * BENCH_REPLY_SECONDS (timed, default 20), BENCH_REPLY_WARMUP_SECONDS (default 5, at the same
 * rate right before, not timed), BENCH_REPLY_RATES (updates a second, default 50,100,200),
 * BENCH_REPLY_INSTANCES (default 1,3).
 */
import { performance } from "node:perf_hooks";
import type { Fleet } from "../test/harness/fleet.js";
import { machineTicks, onBenchFleet, part } from "./instances.js";
import { ANSWER_TIMEOUT_MS, percentile } from "./runtime-users.js";

/** The update each person sends: one answer (the help text and the menu), no call to the exchange service. */
const UPDATE = "/help";

/** How long the fleet has, after a run, to handle what is left of it before the next run starts. */
const DRAIN_TIMEOUT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A positive number from the environment, else `fallback`. */
function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}: expected a positive number, got "${raw}"`);
  return value;
}

/** A list of positive integers from the environment (separated by commas), else `fallback`. */
function listFromEnv(name: string, fallback: number[]): number[] {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const values = raw.split(",").map((item) => Number(item.trim()));
  if (values.some((value) => !Number.isInteger(value) || value <= 0))
    throw new Error(`${name}: expected positive whole numbers separated by commas, got "${raw}"`);
  return values;
}

/** What one steady run measured, of its timed updates only. */
interface SteadyRun {
  /** Per timed update, ms from its moment on the schedule to the bot's answer; Infinity when none came within ANSWER_TIMEOUT_MS. */
  replies: number[];
  /** The longest the sender was behind its schedule when it sent a timed update, in ms. */
  senderLateMs: number;
  /** The machine's cores busy while the timed updates went out, 0 to 1. */
  busy: number;
  /** The chats of the timed updates missing an answer. */
  missingChats: number[];
  /** Of those, how many had their answer once the fleet had handled everything (late, not lost); known after the drain. */
  answeredLater?: number;
}

/**
 * `rate` updates a second for `warmUpMs` then `timedMs`, one schedule without a break: update i
 * is due at start + i / rate. Each comes from a person new to the bot (a chat of its own), so
 * its answer is the first message the bot sends into that chat. Resolves once every update has
 * its answer or has waited ANSWER_TIMEOUT_MS for it.
 */
async function steadyRate(fleet: Fleet, rate: number, warmUpMs: number, timedMs: number, nextId: () => number): Promise<SteadyRun> {
  const interval = 1000 / rate;
  const firstTimed = Math.round((warmUpMs / 1000) * rate);
  const total = firstTimed + Math.max(1, Math.round((timedMs / 1000) * rate));
  const replies: number[] = [];
  const missingChats: number[] = [];
  const answered: Promise<void>[] = [];
  let senderLateMs = 0;
  let ticksAtFirst: ReturnType<typeof machineTicks> | undefined;
  let ticksAtLast: ReturnType<typeof machineTicks> | undefined;
  const start = performance.now() + 10;
  let next = 0;
  await new Promise<void>((resolve, reject) => {
    const tick = () => {
      try {
        const now = performance.now();
        // Every update whose moment has come, however many that is: the schedule does not slip.
        while (next < total && start + next * interval <= now) {
          const due = start + next * interval;
          const timed = next >= firstTimed;
          if (next === firstTimed) ticksAtFirst = machineTicks();
          if (timed) senderLateMs = Math.max(senderLateMs, now - due);
          const user = fleet.tg.user({ id: nextId(), first_name: "Bench", language_code: "en" });
          // Waiting before sending: the answer cannot come before the wait is in place.
          const answer = user.nextMessage({ timeoutMs: ANSWER_TIMEOUT_MS });
          void user.send(UPDATE);
          answered.push(
            answer.then(
              () => {
                if (timed) replies.push(performance.now() - due);
              },
              () => {
                if (!timed) return;
                replies.push(Infinity);
                missingChats.push(user.chatId);
              },
            ),
          );
          next++;
        }
        if (next >= total) {
          ticksAtLast = machineTicks();
          resolve();
          return;
        }
        setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    tick();
  });
  await Promise.all(answered);
  const busyTicks = ticksAtLast!.busy - ticksAtFirst!.busy;
  return { replies, senderLateMs, busy: busyTicks / Math.max(1, ticksAtLast!.total - ticksAtFirst!.total), missingChats };
}

/** A reply time as the table shows it; Infinity as no answer within the timeout. */
function duration(ms: number): string {
  if (!Number.isFinite(ms)) return `> ${ANSWER_TIMEOUT_MS / 1000} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return `${ms >= 100 ? ms.toFixed(0) : ms.toFixed(1)} ms`;
}

/** One cell of the table: p50, p99 and max, and the answers missing. */
function cell(run: SteadyRun): string {
  const missing = run.replies.filter((reply) => !Number.isFinite(reply)).length;
  const max = run.replies.reduce((a, b) => Math.max(a, b), 0);
  const later = missing > 0 && run.answeredLater !== undefined ? ` (${run.answeredLater} answered later)` : "";
  return `p50 ${duration(percentile(run.replies, 50))}, p99 ${duration(percentile(run.replies, 99))}, max ${duration(max)}; ${missing} of ${run.replies.length} missing${later}`;
}

const instancesLabel = (count: number) => `${count} instance${count > 1 ? "s" : ""}`;

/** The section, as bench/run.ts lists it. */
export function replyTimes(): Promise<Record<string, string>> {
  const timedMs = numberFromEnv("BENCH_REPLY_SECONDS", 20) * 1000;
  const warmUpMs = numberFromEnv("BENCH_REPLY_WARMUP_SECONDS", 5) * 1000;
  const rates = listFromEnv("BENCH_REPLY_RATES", [50, 100, 200]);
  const counts = listFromEnv("BENCH_REPLY_INSTANCES", [1, 3]);
  return onBenchFleet(async (fleet, figures) => {
    figures["setup"] =
      `node dist/main.js in webhook mode behind a round-robin balancer, the sandbox exchange; each update a person new to the bot sending ${UPDATE} ` +
      `(answered with the help text, no call to the exchange service), sent open-loop at a steady rate: ${timedMs / 1000} s timed right after ${warmUpMs / 1000} s of warm-up at the same rate; ` +
      `reply time from the update's moment on the schedule to its answer reaching the emulator (Telegram); missing: no answer within ${ANSWER_TIMEOUT_MS / 1000} s, counted as later than any in the percentiles (answered later: by the time the fleet had handled everything); ` +
      `the sender's worst lag: how far behind its schedule this process got to a timed update (the reply time includes it), and the machine's cores busy meanwhile`;
    const runs = new Map<string, SteadyRun | string>();
    /** Runs after which the fleet still had updates to handle DRAIN_TIMEOUT_MS later (the next run started on that backlog). */
    const undrained = new Set<string>();
    let id = 40_000_000;
    const nextId = () => id++;
    for (const count of counts) {
      await part(figures, instancesLabel(count), async () => {
        for (let index = 0; index < count; index++) if (!fleet.instances[index]) await fleet.start(index, "webhook");
        for (let index = count; index < fleet.instances.length; index++) await fleet.stop(index, "SIGTERM");
        // The instances count each other on their registry's beat: let them settle.
        await sleep(2_000);
        for (const rate of rates) {
          const key = `${count}:${rate}`;
          let run: SteadyRun | undefined;
          try {
            run = await steadyRate(fleet, rate, warmUpMs, timedMs, nextId);
            runs.set(key, run);
          } catch (error) {
            runs.set(key, `FAILED: ${error instanceof Error ? error.message : String(error)}`);
          }
          // Nothing of this run left for the next: every update delivered and handled.
          try {
            await fleet.idle(DRAIN_TIMEOUT_MS);
          } catch {
            undrained.add(key);
          }
          if (run)
            run.answeredLater = run.missingChats.filter((chatId) => fleet.tg.messages(chatId).some((message) => message.from_bot)).length;
        }
      });
    }
    const row = (show: (run: SteadyRun) => string) => (rate: number) =>
      counts
        .map((count) => {
          const run = runs.get(`${count}:${rate}`);
          const shown = run === undefined ? "not run" : typeof run === "string" ? run : show(run);
          return undrained.has(`${count}:${rate}`) ? `${shown} (backlog not drained ${DRAIN_TIMEOUT_MS / 1000} s after)` : shown;
        })
        .join("  |  ");
    const replies = row(cell);
    const behind = row((run) => `${duration(run.senderLateMs)}, cores ${(run.busy * 100).toFixed(0)} % busy`);
    figures[""] = counts.map(instancesLabel).join("  |  ");
    for (const rate of rates) figures[`${rate} updates/s: reply time`] = replies(rate);
    for (const rate of rates) figures[`${rate} updates/s: sender's worst lag`] = behind(rate);
  });
}

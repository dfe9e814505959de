/**
 * The service's limit over a soak run (issue 39): raised for most of it (so that a month of
 * exchanges fits in hours), with one phase at the real service's 10 calls a minute. The sandbox and
 * every instance agree on it: lowering, the instances are restarted with the lower limit first
 * and the sandbox follows a minute later (the calls made under the higher one have left its
 * window by then); raising, the sandbox goes first.
 */
import type { FaultRunner } from "./faults.js";
import { pause } from "./faults.js";
import type { Keeper } from "./keeper.js";
import type { SoakWorld } from "./world.js";

/** The real service's limit. */
export const REAL_LIMIT = 10;
const MINUTE = 60_000;

/** From `fromMs` to `toMs` (ms since the run began) the instances are told REAL_LIMIT. */
export interface LowPhase {
  fromMs: number;
  toMs: number;
}

/**
 * The low phase of a run `runMs` long (the issue asks for one): in a run of an hour or less, from
 * 30 % of it to 75 % (at least three minutes: the restarts take one, the sandbox's minute
 * another); in a longer run, a quarter of an hour from its 35th minute (it lets about two
 * exchanges a minute through, so more would only lengthen the run). None when the run is too
 * short to hold one.
 */
export function planLowPhases(runMs: number): LowPhase[] {
  if (runMs <= 60 * MINUTE) {
    const fromMs = Math.round(runMs * 0.3);
    const toMs = Math.min(runMs - 15_000, Math.max(fromMs + 3 * MINUTE, Math.round(runMs * 0.75)));
    return toMs - fromMs >= 3 * MINUTE ? [{ fromMs, toMs }] : [];
  }
  return [{ fromMs: 35 * MINUTE, toMs: 50 * MINUTE }];
}

/** Carries out the low phases until `until` aborts; a phase under way then is ended (the limit raised again). */
export async function runLowPhases(
  world: SoakWorld,
  keeper: Keeper,
  faults: FaultRunner,
  phases: readonly LowPhase[],
  highLimit: number,
  until: AbortSignal,
): Promise<void> {
  for (const phase of phases) {
    await pause(phase.fromMs - world.elapsed(), until);
    if (until.aborted) return;
    keeper.setEnv({ EXCHANGE_RATE_LIMIT_PER_MINUTE: String(REAL_LIMIT) });
    await faults.rollingRestart(`the service's limit lowered to ${REAL_LIMIT} a minute`);
    await pause(MINUTE, until);
    if (!until.aborted) {
      world.fleet.sandbox.setRateLimit(REAL_LIMIT);
      world.rateLimits.push({ from: world.elapsed(), perMinute: REAL_LIMIT });
      world.record({ at: world.elapsed(), kind: "note", detail: `the sandbox's limit is ${REAL_LIMIT} a minute` });
      await pause(phase.toMs - world.elapsed(), until);
    }
    world.fleet.sandbox.setRateLimit(highLimit);
    world.rateLimits.push({ from: world.elapsed(), perMinute: highLimit });
    world.record({ at: world.elapsed(), kind: "note", detail: `the sandbox's limit is ${highLimit} a minute` });
    keeper.setEnv({ EXCHANGE_RATE_LIMIT_PER_MINUTE: String(highLimit) });
    await faults.rollingRestart(`the service's limit raised to ${highLimit} a minute`);
  }
}

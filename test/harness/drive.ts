import { Writable } from "node:stream";
import { type Logger, pino } from "pino";
import type { ManualClock } from "../../src/clock.js";

/**
 * Settles `promise` while moving the manual clock forward in steps, giving real I/O
 * (loopback HTTP) a moment between steps. Throws if it does not settle within `maxMs`
 * of simulated time.
 */
export async function drive<T>(clock: ManualClock, promise: Promise<T>, options: { stepMs?: number; maxMs?: number } = {}): Promise<T> {
  const step = options.stepMs ?? 250;
  const deadline = clock.now() + (options.maxMs ?? 30 * 60_000);
  let settled = false;
  const tracked = promise.finally(() => {
    settled = true;
  });
  tracked.catch(() => {});
  while (!settled) {
    if (clock.now() >= deadline) throw new Error(`not settled after ${options.maxMs ?? 30 * 60_000} ms of simulated time`);
    await new Promise((resolve) => setTimeout(resolve, 2));
    if (!settled) await clock.advance(step);
  }
  return tracked;
}

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A real pino logger whose lines land in an array the test can read. */
export function captureLogs(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      callback();
    },
  });
  return { logger: pino({ level: "debug" }, stream), lines };
}

/**
 * Lets `ms` of simulated time pass in steps of `stepMs`, giving loopback I/O real time in
 * between, then waits for the app to be idle.
 */
export async function letTimePass(w: { clock: ManualClock; app: { idle(): Promise<void> } }, ms: number, stepMs: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += stepMs) {
    await w.clock.advance(stepMs);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await w.app.idle();
}

/**
 * Moves the fake clock a second at a time until `done`, giving loopback I/O a moment each
 * step; returns the simulated time it took.
 */
export async function advanceUntil(clock: ManualClock, done: () => boolean, maxMs: number): Promise<number> {
  const start = clock.now();
  while (!done()) {
    if (clock.now() - start > maxMs) throw new Error(`not done within ${maxMs} ms of simulated time`);
    await clock.advance(1_000);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return clock.now() - start;
}

/**
 * `npm run soak`'s arguments (issue 39): the seed, the length, the people, the limit, the report.
 *
 *   --seed N        replay: the same schedule and people (with the same --minutes)
 *   --minutes M     how long people act and faults strike (default 10)
 *   --short         CI's run: the fixed seed, five minutes
 *   --long          until 10,000 exchanges were created (at most 12 hours)
 *   --exchanges N   stop once the service created N exchanges (or the minutes are up)
 *   --people N      simulated people at once
 *   --limit N       the service's raised limit a minute (the low phases are at the real 10)
 *   --report PATH   the report written there too (markdown if PATH ends in .md)
 *   --logs DIR      each bot process's output kept there (instance-<i>-<pid>.log)
 */
import { randomInt } from "node:crypto";
import { parseArgs } from "node:util";

/** CI's seed (--short): one whose schedule holds at least 20 faults in five minutes. */
export const SHORT_SEED = 39;

export interface RunOptions {
  seed: number;
  minutes: number;
  exchanges: number | undefined;
  people: number;
  highLimit: number;
  report: string | undefined;
  logs: string | undefined;
  /**
   * How long the final check may wait for the fleet to settle: longer than the bot's own slowest
   * catch-up (a card the flow could not show is sent by the tracker 5 minutes after the exchange
   * was created; a poll that kept failing waits up to 64 intervals, about 3 minutes here).
   */
  settleMs: number;
  /** The mean time between two faults. */
  meanGapMs: number;
}

export function parseOptions(argv: string[]): RunOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      seed: { type: "string" },
      minutes: { type: "string" },
      short: { type: "boolean", default: false },
      long: { type: "boolean", default: false },
      exchanges: { type: "string" },
      people: { type: "string" },
      limit: { type: "string" },
      report: { type: "string" },
      logs: { type: "string" },
    },
    strict: true,
  });
  if (values.short && values.long) throw new Error("--short or --long, not both");
  const number = (name: string, value: string | undefined, fallback: number): number => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`--${name} must be a positive number, got ${value}`);
    return parsed;
  };
  const long = values.long;
  const minutes = number("minutes", values.minutes, values.short ? 5 : long ? 12 * 60 : 10);
  return {
    seed: Math.floor(number("seed", values.seed, values.short ? SHORT_SEED : randomInt(1, 2 ** 31 - 1))),
    minutes,
    exchanges: values.exchanges === undefined ? (long ? 10_000 : undefined) : number("exchanges", values.exchanges, 0),
    // A long run: as many people as Telegram's 30 messages a second serve well, and the limit
    // raised with them (about five calls an exchange), so that 10,000 exchanges take hours, not a day.
    people: Math.floor(number("people", values.people, long ? 96 : 16)),
    highLimit: Math.floor(number("limit", values.limit, long ? 1_000 : 300)),
    report: values.report,
    logs: values.logs,
    settleMs: (long ? 10 : 6) * 60_000,
    meanGapMs: minutes > 60 ? 20_000 : 10_000,
  };
}

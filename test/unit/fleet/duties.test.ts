import pino from "pino";
import { describe, expect, it } from "vitest";
import { type Duty, DutyRoster } from "../../../src/fleet/index.js";

const logger = pino({ level: "silent" });

/** A duty that notes its start and stop in `log`; its stop resolves when `release` is called (or at once). */
function duty(name: string, log: string[], options: { failStart?: boolean; holdStop?: boolean } = {}): Duty & { release(): void } {
  let release = () => {};
  return {
    name,
    start: async () => {
      log.push(`start ${name}`);
      if (options.failStart) throw new Error(`${name} broke`);
    },
    stop: () => {
      log.push(`stop ${name}`);
      if (!options.holdStop) return;
      return new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

describe("the leader's duties (src/fleet/duties.ts)", () => {
  it("start in order and are told to stop in the reverse order", async () => {
    const log: string[] = [];
    const roster = new DutyRoster([duty("catalogue", log), duty("tracker", log), duty("polling", log)], logger);
    await roster.start(new AbortController().signal);
    expect(await roster.stop(Date.now() + 1_000)).toEqual([]);
    expect(log).toEqual(["start catalogue", "start tracker", "start polling", "stop polling", "stop tracker", "stop catalogue"]);
  });

  it("go on starting past one that failed, and stop it too", async () => {
    const log: string[] = [];
    const roster = new DutyRoster([duty("command menu", log, { failStart: true }), duty("tracker", log)], logger);
    await roster.start(new AbortController().signal);
    await roster.stop(Date.now() + 1_000);
    expect(log).toEqual(["start command menu", "start tracker", "stop tracker", "stop command menu"]);
  });

  it("start no further duty once the term is over", async () => {
    const log: string[] = [];
    const abort = new AbortController();
    const first: Duty = {
      name: "first",
      start: () => void (log.push("start first"), abort.abort()),
      stop: () => void log.push("stop first"),
    };
    const roster = new DutyRoster([first, duty("second", log)], logger);
    await roster.start(abort.signal);
    await roster.stop(Date.now() + 1_000);
    expect(log).toEqual(["start first", "stop first"]);
  });

  it("name the duties still stopping at the deadline, without holding back the others' stop", async () => {
    const log: string[] = [];
    const slow = duty("tracker", log, { holdStop: true });
    const roster = new DutyRoster([duty("catalogue", log), slow, duty("alerts", log)], logger);
    await roster.start(new AbortController().signal);
    const started = Date.now();
    expect(await roster.stop(Date.now() + 200)).toEqual(["tracker"]);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(log.slice(3)).toEqual(["stop alerts", "stop tracker", "stop catalogue"]);
    slow.release();
  });
});

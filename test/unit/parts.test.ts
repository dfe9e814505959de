import { describe, expect, it } from "vitest";
import { type Part, Parts } from "../../src/parts.js";

/** A part that notes each of its hooks in `log`; its work under way ends when `finishes` says (at once by default). */
function part(name: string, log: string[], finishes: () => Promise<boolean> = async () => true): Part {
  return {
    name,
    start: () => void log.push(`start ${name}`),
    pause: () => void log.push(`pause ${name}`),
    finish: async () => {
      log.push(`finish ${name}`);
      return finishes();
    },
    close: ({ cutShort }) => void log.push(`close ${name}${cutShort ? " (cut short)" : ""}`),
  };
}

describe("the process's parts (src/parts.ts)", () => {
  it("start in order; stop last first, every part taking no new work before any is waited for, and closing last", async () => {
    const log: string[] = [];
    const parts = new Parts([part("database", log), part("inbox", log), part("webhook", log)]);
    expect(await parts.start()).toBe(true);
    await parts.stop(Date.now() + 1_000);
    expect(log).toEqual([
      "start database",
      "start inbox",
      "start webhook",
      "pause webhook",
      "pause inbox",
      "pause database",
      // Waited for together.
      "finish database",
      "finish inbox",
      "finish webhook",
      "close webhook",
      "close inbox",
      "close database",
    ]);
  });

  it("wait for every part's work at once, say what they still wait for, and tell every close when some was cut short", async () => {
    const log: string[] = [];
    let endHandlers = (_done: boolean) => {};
    const handlers = new Promise<boolean>((resolve) => (endHandlers = resolve));
    const parts = new Parts([part("the database", log), part("the updates", log, () => handlers), part("the duties", log)]);
    await parts.start();
    const stopped = parts.stop(Date.now() + 1_000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(parts.waitingFor()).toBe("the updates");
    endHandlers(false);
    await stopped;
    expect(log.slice(-3)).toEqual(["close the duties (cut short)", "close the updates (cut short)", "close the database (cut short)"]);
    expect(parts.waitingFor()).toBe("nothing");
  });

  it("end a start that a stop overtook, start no part after it, and stop every part, started or not", async () => {
    const log: string[] = [];
    let connected = (_ok: boolean) => {};
    const parts = new Parts([
      part("database", log),
      {
        name: "telegram",
        start: (signal) =>
          new Promise<boolean>((resolve) => {
            connected = resolve;
            signal.addEventListener("abort", () => resolve(false));
          }),
      },
      part("webhook", log),
    ]);
    const started = parts.start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await parts.stop(Date.now() + 1_000);
    connected(true);
    expect(await started).toBe(false);
    expect(log.filter((line) => line.startsWith("start"))).toEqual(["start database"]);
    expect(log.filter((line) => line.startsWith("close"))).toEqual(["close webhook", "close database"]);
  });
});

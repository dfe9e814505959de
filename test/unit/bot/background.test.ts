import { describe, expect, it } from "vitest";
import { BackgroundTasks } from "../../../src/bot/background.js";
import { captureLogs } from "../../harness/drive.js";

describe("background tasks", () => {
  it("run at once, are waited for by idle(), and fail into the log, not into an unhandled rejection", async () => {
    const { logger, lines } = captureLogs();
    const tasks = new BackgroundTasks(logger);
    await tasks.idle(); // nothing running

    const order: string[] = [];
    let finish!: () => void;
    tasks.run(async () => {
      order.push("started");
      await new Promise<void>((resolve) => (finish = resolve));
      order.push("finished");
      // Started by a running task: idle() waits for it too.
      tasks.run(async () => {
        order.push("second");
      });
    });
    tasks.run(() => {
      throw new Error("thrown before any await");
    });
    tasks.run(() => Promise.reject(new Error("rejected")));
    expect(order).toEqual(["started"]);

    let idle = false;
    const waiting = tasks.idle().then(() => (idle = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(false);
    finish();
    await waiting;
    expect(order).toEqual(["started", "finished", "second"]);
    expect(
      lines
        .filter((l) => l.msg === "background task failed")
        .map((l) => (l["err"] as { message: string }).message)
        .sort(),
    ).toEqual(["rejected", "thrown before any await"]);
  });
});

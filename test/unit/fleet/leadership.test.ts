import { afterEach, describe, expect, it } from "vitest";
import { LeaseRepository } from "../../../src/db/index.js";
import { waitFor } from "../../../src/emulator/index.js";
import { Leadership } from "../../../src/fleet/leadership.js";
import { leaderLease } from "../../../src/fleet/leases.js";
import { captureLogs } from "../../harness/drive.js";
import { openFreshStore } from "../../harness/store.js";

/** The leader's lease, short: a term runs out after 300 ms without a renewal. */
const TIMING = { leaseMs: 300, renewEveryMs: 100, retryMs: 100 };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** This thread stopped for `ms`, as a process under SIGSTOP is: no timer, no I/O. */
function freeze(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe("the leader's lease (src/fleet/leadership.ts)", () => {
  it("a term lost while its duties still start ends once they have: they stop, and it leads again once it can (issue 38)", async () => {
    const { store, close } = await openFreshStore();
    cleanups.push(close);
    const { logger, lines } = captureLogs();
    const log: string[] = [];
    let startDone!: () => void;
    const leadership = new Leadership({
      lease: leaderLease(new LeaseRepository(store), "host:1:me", TIMING),
      timing: TIMING,
      logger,
      // The first term's duties take their time to start (a slow command menu); the next ones do not.
      lead: async () => {
        log.push("lead");
        if (log.filter((entry) => entry === "lead").length === 1) await new Promise<void>((resolve) => (startDone = resolve));
      },
      stepDown: async () => void log.push("step down"),
    });
    const first = leadership.start();
    cleanups.push(() => leadership.stop());
    await waitFor(() => log.includes("lead"), 5_000, "the duties to start");
    expect(leadership.role).toBe("leader");
    // Frozen past its lease while the duties start: on waking, the term is judged lost.
    freeze(TIMING.leaseMs * 2);
    await waitFor(() => lines.some((line) => line.msg.includes("not renewed in time")), 5_000, "the term to be judged lost");
    startDone();
    await first;
    await waitFor(() => log.includes("step down"), 5_000, "the duties to stop");
    expect(lines.some((line) => line.msg.startsWith("STEPPED DOWN as leader"))).toBe(true);
    // Nobody else holds the lease: it takes it again, with a new term.
    await waitFor(() => log.filter((entry) => entry === "lead").length === 2, 5_000, "a new term");
    expect(leadership.role).toBe("leader");
    expect(log).toEqual(["lead", "step down", "lead"]);
  });
});

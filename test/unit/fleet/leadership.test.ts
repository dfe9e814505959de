import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import { boundHere, LeaseLostError } from "../../../src/db/fence.js";
import { LeaseRepository } from "../../../src/db/index.js";
import { waitFor } from "../../../src/emulator/index.js";
import { LEADER_KEY, leaderLease } from "../../../src/fleet/leader-lease.js";
import { Leadership } from "../../../src/fleet/leadership.js";
import { captureLogs } from "../../harness/drive.js";
import { freshRepositoriesEachTest, openFreshStore } from "../../harness/store.js";

const fresh = freshRepositoriesEachTest(new ManualClock(1_000));

/**
 * A lease long enough that only a refused write can tell this leader it was taken (no renewal
 * comes first); tries to lead again soon after, so that the stop does not wait long for the next.
 */
const SLOW = { leaseMs: 60_000, renewEveryMs: 60_000, retryMs: 50 };

it("a former leader's first refused write ends its term: the write changes nothing and the duties stop (issue 38)", async () => {
  const { repos, store } = fresh;
  let duty: (() => Promise<void>) | undefined;
  let steppedDown!: () => void;
  const stepped = new Promise<void>((resolve) => (steppedDown = resolve));
  const leadership = new Leadership({
    lease: leaderLease(repos.leases, "this-process", SLOW),
    // A duty that writes when asked, under the term's fence as a duty's timer would.
    lead: async () => void (duty = boundHere(() => repos.kv.set("duty", Date.now()))),
    stepDown: async () => steppedDown(),
    logger: pino({ level: "silent" }),
    timing: SLOW,
  });
  await leadership.start();
  try {
    expect(leadership.role).toBe("leader");
    await duty!();
    const written = await repos.kv.get<number>("duty");

    // This process froze past its lease; another took it (the lease ran out on the database's clock).
    await store.db.updateTable("chat_leases").set({ until: 0 }).where("chat_key", "=", LEADER_KEY).execute();
    expect(await fresh.as("another-process").leases.take(LEADER_KEY, "another-process", 60_000)).toBeDefined();

    // It wakes: its duty's next write is refused, and that ends its term.
    await expect(duty!()).rejects.toBeInstanceOf(LeaseLostError);
    expect(await repos.kv.get<number>("duty")).toBe(written);
    await stepped;
    expect(leadership.role).toBe("follower");
  } finally {
    await leadership.stop();
  }
});

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

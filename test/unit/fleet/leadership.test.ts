import pino from "pino";
import { expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import { boundHere, LeaseLostError } from "../../../src/db/fence.js";
import { Leadership } from "../../../src/fleet/leadership.js";
import { LEADER_KEY, leaderLease } from "../../../src/fleet/leases.js";
import { freshRepositoriesEachTest } from "../../harness/store.js";

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

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InstanceRegistry } from "../../../src/cluster/index.js";
import { InstanceRepository, type Store } from "../../../src/db/index.js";
import { waitFor } from "../../../src/emulator/index.js";
import { captureLogs } from "../../harness/drive.js";
import { testBackEnd } from "../../harness/postgres.js";
import { openFreshStore } from "../../harness/store.js";

/** The processes of the bot on one database, counted so that they share Telegram's limits. */
let db: { store: Store; close(): Promise<void> };
beforeEach(async () => {
  db = await openFreshStore();
});
afterEach(async () => {
  await db.close();
});

function registry(owner: string, counts: number[], now?: () => number, beatMs = 40) {
  return new InstanceRegistry({
    instances: new InstanceRepository(db.store),
    owner,
    logger: captureLogs().logger,
    onCount: (n) => counts.push(n),
    beatMs,
    ...(now ? { now } : {}),
  });
}

describe("the processes on a database", () => {
  it("count each other while they run, and forget one that stopped or stopped beating", async () => {
    const [a, b] = [[], []] as number[][];
    const first = registry("host:1:a", a!);
    const second = registry("host:2:b", b!);
    await first.start();
    await second.start();
    await waitFor(() => first.running() === 2 && second.running() === 2, 2_000, "both to count two");
    expect(a).toEqual([2]);

    await second.stop();
    await waitFor(() => first.running() === 1, 2_000, "the first to count itself alone after a stop");

    // A process that says it runs until it is counted, then is killed: forgotten once it has missed three beats.
    const killed = new InstanceRepository(db.store);
    await waitFor(
      async () => {
        await killed.beat("host:3:killed", Date.now());
        return first.running() === 2;
      },
      2_000,
      "the process about to be killed counted",
    );
    await waitFor(() => first.running() === 1, 2_000, "the silent one forgotten");
    expect(a).toEqual([2, 1, 2, 1]);
    await first.stop();
  });
});

// Issue 31: hosts' clocks differ by seconds. SQLite has one process per file, on its own clock.
describe.skipIf(testBackEnd() !== "postgres")("the processes on a PostgreSQL database, whose hosts' clocks differ", () => {
  it("are judged on the database's clock: a process whose clock runs a minute ahead does not count the others gone, nor they it", async () => {
    const [ahead, behind, onTime] = [[], [], []] as number[][];
    // Beats far apart enough that a busy machine does not make one late by three of them.
    const fast = registry("host:1:ahead", ahead!, () => Date.now() + 60_000, 250);
    const slow = registry("host:2:behind", behind!, () => Date.now() - 30_000, 250);
    const exact = registry("host:3:on-time", onTime!, undefined, 250);
    await fast.start();
    await slow.start();
    await exact.start();
    await waitFor(() => fast.running() === 3 && slow.running() === 3 && exact.running() === 3, 3_000, "all three to count three");
    const counted = [[...ahead!], [...behind!], [...onTime!]];
    // For several beats, none of them counts another gone (its count never changes again).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect([fast.running(), slow.running(), exact.running()]).toEqual([3, 3, 3]);
    expect([ahead, behind, onTime]).toEqual(counted);
    expect(await fast.isRunning("host:2:behind")).toBe(true);
    expect(await slow.isRunning("host:1:ahead")).toBe(true);
    await Promise.all([fast.stop(), slow.stop(), exact.stop()]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InstanceRegistry } from "../src/cluster/index.js";
import { InstanceRepository, type Store } from "../src/db/index.js";
import { waitFor } from "../src/emulator/index.js";
import { captureLogs } from "./harness/drive.js";
import { openFreshStore } from "./harness/store.js";

/** The processes of the bot on one database, counted so that they share Telegram's limits. */
let db: { store: Store; close(): Promise<void> };
beforeEach(async () => {
  db = await openFreshStore();
});
afterEach(async () => {
  await db.close();
});

function registry(owner: string, counts: number[]) {
  return new InstanceRegistry({ instances: new InstanceRepository(db.store), owner, logger: captureLogs().logger, onCount: (n) => counts.push(n), beatMs: 40 });
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
    await waitFor(async () => {
      await killed.beat("host:3:killed", Date.now());
      return first.running() === 2;
    }, 2_000, "the process about to be killed counted");
    await waitFor(() => first.running() === 1, 2_000, "the silent one forgotten");
    expect(a).toEqual([2, 1, 2, 1]);
    await first.stop();
  });
});

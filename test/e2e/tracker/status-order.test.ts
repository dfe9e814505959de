import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.js";
import { createRepositories } from "../../../src/db/index.js";
import { StatusNotifier } from "../../../src/tracker/notifier.js";
import { Tracker } from "../../../src/tracker/tracker.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { createViaFlow } from "../../harness/flow.js";

/**
 * Issue 31: two polls of one exchange overlap (a Refresh on a follower while the leader polls, or
 * two leaders' polls across a change of leader), and their answers come back in the other order.
 * The older read must never be recorded over the newer: the status never goes backwards, and
 * "finished" is announced once. Two trackers on one database, each with its own repositories (as
 * two processes have), against the sandbox.
 */
let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function minutes(w: TestWorld, count: number): Promise<void> {
  for (let i = 0; i < count * 4; i++) {
    await w.clock.advance(15_000);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  await w.app.idle();
}

describe("two overlapping polls of one exchange", () => {
  it("answered older then newer in swapped order: the stored status never goes backwards, and 'finished' is announced once", async () => {
    world = await startWorld();
    const w = world;
    const user = w.tg.user({ id: 9401, first_name: "Ola", language_code: "en" });
    const { exchangeId } = await createViaFlow(user);
    const { app } = w;
    app.sandbox!.setScenario(exchangeId, "finished");
    // Waiting 2 min, confirming 2 min, then exchanging (the sandbox's default timeline).
    await minutes(w, 5);
    const status = async () => (await app.repos.transactions.find(exchangeId))!.status;
    expect(await status()).toBe("exchanging");

    // Another process: its own repositories on the same database, its own tracker and notifier.
    const logger = pino({ level: "silent" });
    const repos = createRepositories(app.store, w.clock, "other-host:2:b0b0b0");
    let answered!: () => void;
    const read = new Promise<void>((resolve) => (answered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const client = {
      getTransaction: async (...args: Parameters<typeof app.client.getTransaction>) => {
        const info = await app.client.getTransaction(...args);
        answered();
        await gate; // its answer is slow to come back
        return info;
      },
    };
    const i18n = createI18n(async (userId) => (await repos.users.find(userId))?.language);
    const notifier = new StatusNotifier({ api: app.bot.api, repos, i18n, catalogue: app.catalogue, clock: w.clock, logger });
    const other = new Tracker({ repos, client, notifier, clock: w.clock, logger, intervalMs: 60_000 });

    // The other process's look reads "exchanging"; its answer is held back.
    const slow = other.refresh(exchangeId);
    await read;
    // Meanwhile the exchange finishes, and this process's look reads and announces it.
    await w.clock.advance(4 * 60_000);
    await app.tracker.refresh(exchangeId);
    expect(await status()).toBe("finished");
    // The older answer comes back last.
    release();
    await slow;
    expect(await status()).toBe("finished");
    await minutes(w, 10);

    expect(await status()).toBe("finished");
    const history = (await app.repos.transactions.history(exchangeId)).map((h) => h.status);
    expect(history.slice(history.indexOf("finished"))).toEqual(["finished"]);
    const finishedMessages = user.messages().filter((m) => m.from_bot && /Finished · exchange/.test(m.text ?? ""));
    expect(finishedMessages).toHaveLength(1);
    const exchangingMessages = user.messages().filter((m) => m.from_bot && /Exchanging · exchange|🔄 Exchanging/.test(m.text ?? ""));
    expect(exchangingMessages).toHaveLength(1);
  });
});

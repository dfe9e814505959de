import { Api } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { FLOW_IDLE_MS, startFlowSweeper } from "../../../src/bot/flow-sweeper.js";
import { ManualClock } from "../../../src/clock.js";
import { createRepositories } from "../../../src/db/index.js";
import type { PostgresStore } from "../../../src/db/postgres/index.js";
import { type BotApiEmulator, startBotApiEmulator, waitFor } from "../../../src/emulator/index.js";
import { captureLogs } from "../../harness/drive.js";
import { settleOnPool } from "../../harness/settle.js";
import { openFreshStore } from "../../harness/store.js";

const MINUTE = 60_000;

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe("the flow sweeper", () => {
  it("stops only once the sweep under way has ended, so the database is not closed under it", async () => {
    const clock = new ManualClock();
    const fresh = await openFreshStore();
    const repos = createRepositories(fresh.store, clock);
    // On PostgreSQL the clock waits for the pool's answers between timers, as the worlds do.
    const stopSettling = fresh.store.dialect === "postgres" ? settleOnPool(clock, (fresh.store as PostgresStore).pool) : undefined;
    const tg: BotApiEmulator = await startBotApiEmulator({ clock: () => clock.now() });
    cleanup = async () => {
      stopSettling?.();
      await tg.close();
      await fresh.close();
    };
    const user = tg.user({ id: 4242, first_name: "Ida", language_code: "en" });
    await user.send("/start"); // (no bot reads it: it only opens the chat)
    const { logger, lines } = captureLogs();
    // A flow left alone; the sweep that closes it is held while it does (its card let go, say).
    await repos.kv.set("conv:4242", { state: { exchange: [{ step: "summary" }] } });
    let entered = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sweeper = startFlowSweeper({
      kv: repos.kv,
      clock,
      api: new Api(tg.token, { apiRoot: tg.apiRoot }),
      logger,
      users: repos.users,
      note: () => Promise.resolve("Closed after 30 minutes."),
      tooLargeNote: () => Promise.resolve("Too large."),
      onTimedOut: async () => {
        entered = true;
        await held;
      },
    });
    for (let i = 0; i < 32 && !entered; i++) await clock.advance(MINUTE);
    await waitFor(() => entered, 5_000, "the sweep to close the flow");

    let stopped = false;
    const stopping = sweeper.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    // The sweep finished its work before stop() resolved: the note went out, nothing failed.
    expect(user.messages().some((m) => m.from_bot && m.text === "Closed after 30 minutes.")).toBe(true);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
    // And no other sweep starts.
    await repos.kv.set("conv:4242", { state: { exchange: [{ step: "summary" }] } });
    await clock.advance(40 * MINUTE);
    expect(user.messages().filter((m) => m.from_bot)).toHaveLength(1);
    expect(await repos.kv.get("conv:4242")).toBeDefined();
  });

  it("deletes offers tickets left alone as long as a flow may be: no flow waits for them any more", async () => {
    const clock = new ManualClock();
    const fresh = await openFreshStore();
    const repos = createRepositories(fresh.store, clock);
    const stopSettling = fresh.store.dialect === "postgres" ? settleOnPool(clock, (fresh.store as PostgresStore).pool) : undefined;
    const sweeper = startFlowSweeper({
      kv: repos.kv,
      clock,
      api: new Api("0:none", { apiRoot: "http://127.0.0.1:9" }),
      logger: captureLogs().logger,
      users: repos.users,
      note: () => Promise.resolve("Closed."),
      tooLargeNote: () => Promise.resolve("Too large."),
    });
    cleanup = async () => {
      await sweeper.stop();
      stopSettling?.();
      await fresh.close();
    };
    // A quote answered before a step's prompt, whose flow went on: nothing asks for it again.
    await repos.kv.set("offers:4243", { flowId: "f1", step: 9, ask: 9, outcome: { kind: "below-minimum" } });
    await clock.advance(20 * MINUTE);
    await repos.kv.set("offers:4244", { flowId: "f2", step: 3, ask: 3 });
    await clock.advance(FLOW_IDLE_MS - 20 * MINUTE + 1);
    await sweeper.sweep();
    expect(await repos.kv.get("offers:4243")).toBeUndefined();
    expect(await repos.kv.get("offers:4244")).toBeDefined();
  });
});

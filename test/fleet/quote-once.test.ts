import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestUser, waitFor } from "../../src/emulator/index.js";
import { type Fleet, startFleet } from "../harness/fleet.js";
import { offerButtons, toAmount } from "../harness/flow.js";
import { freshDatabase, testBackEnd } from "../harness/postgres.js";

/**
 * Issue 38: a quote is asked once, through real processes. Two bot processes on one PostgreSQL
 * (test/harness/fleet.ts), the emulator for Telegram, the sandbox for the exchange. The process
 * asking for a person's offers is paused (SIGSTOP: a VM pause, a long GC) after its call left
 * and before its answer came back, longer than its chat's lease (4 s) and shorter than being
 * counted gone (three beats of 3 s): the other process takes the chat, finds the quote asked
 * and its asker alive, and waits for its answer rather than asking the service a second time.
 */
let fleet: Fleet;

const fromBot = (user: TestUser) => user.messages().filter((m) => m.from_bot);
/** How long the asking process is paused: past its chat's lease, within being counted gone. */
const PAUSE_MS = 6_000;

beforeAll(async () => {
  if (testBackEnd() !== "postgres") return;
  fleet = await startFleet({
    database: freshDatabase,
    // No wait for the budget: the quote is asked at once, within the grace a handler waits for it.
    rateLimitPerMinute: 600,
    env: { SHUTDOWN_GRACE_SECONDS: "2", LOG_FORMAT: "json", LOG_LEVEL: "info" },
    emulator: { defaultTimeoutMs: 30_000 },
  });
  // One after the other: the first creates the tables, the other finds them.
  for (const index of [0, 1]) await fleet.start(index, "webhook");
}, 120_000);

afterAll(async () => {
  await fleet?.close();
});

describe.runIf(testBackEnd() === "postgres")("a quote whose asking process pauses (two processes on one PostgreSQL)", () => {
  it("paused 6 s after its call left: the process taking the chat waits for its answer; asked once, the offers shown once", async () => {
    const user = fleet.tg.user({ id: 9701, first_name: "Once", language_code: "en" });
    await toAmount(user, "btc btc", "usdt trx");
    const estimates = () => fleet.sandbox.requests.filter((r) => r.endpoint === "getEstimatedAmount" && r.query["amount"] === "0.05");
    // The call reaches the service and its answer is held there: its asker is caught waiting for it.
    const held = fleet.sandbox.holdEstimate("0.05");
    const before = fromBot(user).length;
    await user.send("0.05");
    await waitFor(() => estimates().length > 0 || undefined, 10_000, "the quote asked for");
    await held.arrived;
    const { index: asker } = await waitFor(
      async () => {
        const index = await fleet.holderOf(user.id);
        return index === undefined ? undefined : { index };
      },
      5_000,
      "the process asking",
    );
    const { child } = fleet.instances[asker]!.bot;
    child.kill("SIGSTOP");
    const pausedAt = Date.now();
    let taker: number | undefined;
    try {
      // Its answer is on its way back; it reads it once it wakes.
      held.release();
      // The other process takes the chat once the paused one's lease has run out.
      taker = (
        await waitFor(
          async () => {
            const index = await fleet.holderOf(user.id);
            return index !== undefined && index !== asker ? { index } : undefined;
          },
          PAUSE_MS,
          "another process to take the chat",
        )
      ).index;
      await new Promise((resolve) => setTimeout(resolve, pausedAt + PAUSE_MS - Date.now()));
    } finally {
      child.kill("SIGCONT");
    }
    expect(taker).not.toBe(asker);

    const offers = await waitFor(() => fromBot(user).find((m) => offerButtons(m).length > 0), 20_000, "the offers");
    console.info(`offers shown ${((Date.now() - pausedAt) / 1000).toFixed(1)} s after the asking process was paused`);
    await fleet.idle();
    // Time for a second call, or a second list, to show.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(estimates()).toHaveLength(1);
    expect(offers.text).toContain("0.05 BTC → USDT");
    // One message after the amount: the offers (or the "getting offers" message that became them).
    expect(fromBot(user).slice(before)).toEqual([offers]);
  }, 90_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestUser, waitFor } from "../../src/emulator/index.js";
import { type Fleet, startFleet } from "../harness/fleet.js";
import { createViaFlow } from "../harness/flow.js";
import { freshDatabase, testBackEnd } from "../harness/postgres.js";

/**
 * Issue 39 (found by the soak, seed 18127333): the leader recorded a change of status, marked
 * its message as being sent by itself, and was killed before Telegram took it. Another process
 * judged it gone and settled the message as told: only the card changed, and the person never
 * heard that their exchange failed. Such a message may or may not have arrived: it goes again,
 * saying it may repeat the last one.
 */
let fleet: Fleet;

/** The leader polls each moving exchange this often. */
const INTERVAL_S = 4;
const SWAP = { from: "btc btc", to: "usdt trx", amount: "0.05", address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj" };
const REPEAT = "🔁 Sent again in case the previous message did not arrive";
const aboutConfirming = (user: TestUser) =>
  user.messages().filter((m) => m.from_bot && (m.text ?? "").replace(/^🔁[^\n]*\n+/, "").startsWith("🔎 Confirming your deposit"));

beforeAll(async () => {
  if (testBackEnd() !== "postgres") return;
  fleet = await startFleet({
    database: freshDatabase,
    rateLimitPerMinute: 600,
    env: { TRACKER_INTERVAL_SECONDS: String(INTERVAL_S), LOG_FORMAT: "json", LOG_LEVEL: "info" },
    emulator: { defaultTimeoutMs: 30_000 },
  });
  for (const index of [0, 1]) await fleet.start(index, "webhook");
}, 120_000);

afterAll(async () => {
  await fleet?.close();
});

describe.runIf(testBackEnd() === "postgres")("a status message whose sender is killed while sending it (issue 39)", () => {
  it("goes again from the new leader, saying it may repeat the last one: the person hears the news, once more at most", async () => {
    const lead = await fleet.leader();
    const user = fleet.tg.user({ id: 9911, first_name: "Kim", language_code: "en" });
    const { exchangeId } = await createViaFlow(user, SWAP);
    fleet.sandbox.setTimeline(exchangeId, { confirming: 30 * 60_000 });

    // The leader's "confirming" message reaches Telegram and is held there; the leader dies.
    const held = fleet.tg.holdNext("sendMessage", user.id);
    fleet.sandbox.steer(exchangeId, "deposit-arrived");
    await held.arrived;
    await fleet.stop(lead, "SIGKILL");
    // Telegram never carried it out (the connection it came on is gone).
    held.release({ error_code: 502, description: "Bad Gateway" });
    expect(aboutConfirming(user)).toHaveLength(0);

    const told = await waitFor(() => aboutConfirming(user)[0], 30_000, "the news from another process");
    expect(told.text).toContain(REPEAT);
    expect(told.text).toContain(exchangeId);
    // Sure this time: nothing more.
    await new Promise((resolve) => setTimeout(resolve, 3 * INTERVAL_S * 1000));
    expect(aboutConfirming(user)).toHaveLength(1);
  }, 90_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestUser, waitFor } from "../../src/emulator/index.js";
import { type Fleet, startFleet } from "../harness/fleet.js";
import { createViaFlow } from "../harness/flow.js";
import { freshDatabase, testBackEnd } from "../harness/postgres.js";

/**
 * Issue 38: the leader is a lease like the others. Two real bot processes on one PostgreSQL
 * database (test/harness/fleet.ts). The leader is frozen (SIGSTOP: a paused VM, a process stuck
 * with its sockets open), so its connections stay open and the server sees nothing wrong: its
 * lease runs out all the same, another process leads and tells people their news; woken, the
 * former leader finds its token refused and sends nothing.
 */
let fleet: Fleet;

/** The leader polls each moving exchange this often. */
const INTERVAL_S = 4;
const SWAP = { from: "btc btc", to: "usdt trx", amount: "0.05", address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj" };
const fromBot = (user: TestUser) => user.messages().filter((m) => m.from_bot);
const confirmingOf = (user: TestUser) => fromBot(user).filter((m) => (m.text ?? "").startsWith("🔎 Confirming your deposit"));
/** Every call the bot made into the person's chat, in order. */
const callsInto = (user: TestUser) => fleet.tg.calls.filter((call) => String(call.payload.chat_id) === String(user.id));

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

describe.runIf(testBackEnd() === "postgres")("a frozen leader (issue 38)", () => {
  it("frozen 40 s while a deposit arrives: another leads within 5 s, the news comes within 15 s, once, and the woken one sends nothing", async () => {
    const lead = await fleet.leader();
    const user = fleet.tg.user({ id: 9901, first_name: "Frost", language_code: "en" });
    const { exchangeId } = await createViaFlow(user, SWAP);
    // Confirming for half an hour once the deposit is in: one piece of news to tell.
    fleet.sandbox.setTimeline(exchangeId, { confirming: 30 * 60_000 });
    const frozen = fleet.instances[lead]!.bot;
    process.kill(frozen.child.pid!, "SIGSTOP");
    let thawed = false;
    try {
      fleet.sandbox.steer(exchangeId, "deposit-arrived");
      const { index: next } = await waitFor(
        async () => {
          const holder = await fleet.leaseHolder();
          return holder !== undefined && holder !== lead ? { index: holder } : undefined;
        },
        5_000,
        "another process to lead",
      );
      expect(next).not.toBe(lead);
      await waitFor(() => confirmingOf(user)[0], 15_000, "the news from the new leader");
      // The rest of the 40 s: the frozen one's claims are long judged gone by now.
      await new Promise((resolve) => setTimeout(resolve, 40_000 - 15_000));
      const before = callsInto(user).length;
      process.kill(frozen.child.pid!, "SIGCONT");
      thawed = true;
      await waitFor(() => frozen.lines.some((line) => line.includes("STEPPED DOWN as leader")), 10_000, "the woken process to step down");
      // Its timers all fired on waking: whatever it would have sent was refused.
      await new Promise((resolve) => setTimeout(resolve, 2 * INTERVAL_S * 1000));
      expect(callsInto(user).slice(before)).toEqual([]);
      expect(confirmingOf(user)).toHaveLength(1);
      expect((await fleet.roles())[lead]).toBe("follower");
    } finally {
      if (!thawed) process.kill(frozen.child.pid!, "SIGCONT");
    }
  }, 90_000);
});

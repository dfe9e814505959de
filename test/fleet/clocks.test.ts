import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestUser, waitFor } from "../../src/emulator/index.js";
import { type Fleet, startFleet } from "../harness/fleet.js";
import { freshDatabase, testBackEnd } from "../harness/postgres.js";

/**
 * Issue 31: chat leases past one host's clock and one process's run. Three bot processes on one
 * PostgreSQL (test/harness/fleet.ts), one with its wall clock 30 s ahead and one 30 s behind
 * (test/harness/shift-clock.mjs): leases are judged on the database's clock, so each update is
 * handled once. And a process frozen (SIGSTOP) while it handles an update: another takes the
 * update over within 5 s, and the frozen one, woken, is refused (its lease's token is old) and
 * sends nothing more into the chat.
 */
let fleet: Fleet;

const fromBot = (user: TestUser) => user.messages().filter((m) => m.from_bot);
const lostLeaseLines = () =>
  fleet.instances.flatMap((instance) => instance?.bot.lines.filter((line) => line.includes("a chat's lease ran out")) ?? []);

beforeAll(async () => {
  if (testBackEnd() !== "postgres") return;
  fleet = await startFleet({
    database: freshDatabase,
    rateLimitPerMinute: 600,
    env: { SHUTDOWN_GRACE_SECONDS: "2", LOG_FORMAT: "json", LOG_LEVEL: "info" },
    emulator: { defaultTimeoutMs: 30_000 },
  });
  // One after the other: the first creates the tables, the others find them.
  await fleet.start(0, "webhook");
  await fleet.start(1, "webhook", { clockShiftMs: 30_000 });
  await fleet.start(2, "webhook", { clockShiftMs: -30_000 });
  fleet.tg.enforceFloodLimits();
}, 120_000);

afterAll(async () => {
  await fleet?.close();
});

describe.runIf(testBackEnd() === "postgres")("three processes whose clocks differ by a minute, on one PostgreSQL", () => {
  it("answer every update exactly once, a person's updates going from one to the next: no prompt twice, no quote asked twice", async () => {
    const quotes = () => fleet.sandbox.requests.filter((r) => r.endpoint === "getEstimatedAmount").length;
    const quotesBefore = quotes();
    const people = Array.from({ length: 6 }, (_, i) => fleet.tg.user({ id: 9910 + i, first_name: "Skew", language_code: "en" }));
    // Each sends three updates without waiting for the answers: the balancer gives each to the next process.
    const sent = people.map((_, i) =>
      i % 2 === 0 ? ["/exchange", "btc btc", "usdt trx"] : [`/rate ${i} btc eth`, "/help", `/rate ${i + 10} eth btc`],
    );
    await Promise.all(
      people.map(async (user, i) => {
        for (const text of sent[i]!) await user.send(text);
      }),
    );
    for (const user of people) await waitFor(() => fromBot(user).length >= 3, 30_000, `user ${user.id}'s three answers`);
    // A second answer may still be on its way: counted once nothing is left to deliver or handle.
    await fleet.idle();
    for (const [i, user] of people.entries()) {
      const said = fromBot(user).map((m) => m.text ?? "");
      expect(said, `user ${user.id}`).toHaveLength(3);
      if (i % 2 === 0) {
        // Each step once, in the order sent: no stale copy of the flow overwrote a newer one.
        expect(said[0]).toContain("What do you want to send?");
        expect(said[1]).toContain("You send BTC");
        expect(said[2]).toMatch(/How much|amount/i);
      } else {
        expect(said[1]).toContain("How it works");
      }
    }
    await waitFor(() => quotes() >= quotesBefore + 6, 15_000, "the six quotes");
    // Give a quote asked twice the time to show.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(quotes()).toBe(quotesBefore + 6);
    expect(lostLeaseLines()).toEqual([]);
    const refused = fleet.tg.calls.filter((call) => !call.response.ok && (call.response as { error_code?: number }).error_code === 429);
    expect(refused.map((call) => `${call.method} ${JSON.stringify(call.payload.chat_id)}`)).toEqual([]);
  }, 60_000);

  it("take over within 5 s the update of one frozen while handling it; woken, that one is refused and sends nothing more into the chat", async () => {
    const user = fleet.tg.user({ id: 9930, first_name: "Frozen", language_code: "en" });
    await user.send("/help");
    await user.nextMessage({ timeoutMs: 10_000 });
    await fleet.idle();
    // Someone else holds the person's row: their next update waits on the database in the process handling it.
    const locker = new pg.Client({ connectionString: fleet.databaseUrl });
    await locker.connect();
    let frozen: number;
    let frozenAt: number;
    try {
      await locker.query("BEGIN");
      await locker.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [user.id]);
      await user.send("/exchange");
      const waitingOnLock = "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'";
      await waitFor(async () => (await locker.query(waitingOnLock)).rowCount === 1, 10_000, "the handler to wait on the row");
      frozen = (
        await waitFor(
          async () => {
            const index = await fleet.holderOf(user.id);
            return index === undefined ? undefined : { index };
          },
          10_000,
          "the process handling the update",
        )
      ).index;
      fleet.instances[frozen]!.bot.child.kill("SIGSTOP");
      frozenAt = Date.now();
    } finally {
      // The row is free again; the frozen process's query is answered, and waits for it to wake.
      await locker.query("ROLLBACK");
      await locker.end();
    }
    const { bot } = fleet.instances[frozen]!;
    try {
      // Told by the process that took the update over: when its answer went out is when the person saw it.
      const answer = await user.nextMessage({ timeoutMs: 15_000 });
      expect(answer.text).toContain("What do you want to send?");
      const answeredAt = fleet.tg.calls.find(
        (call) =>
          call.method === "sendMessage" &&
          call.payload.chat_id === user.id &&
          call.response.ok &&
          (call.response.result as { message_id?: number }).message_id === answer.message_id,
      )!.at;
      console.info(`an update whose process was frozen answered by another ${((answeredAt - frozenAt) / 1000).toFixed(1)} s later`);
      expect(answeredAt - frozenAt).toBeLessThan(5_000);
      await fleet.idle();
    } finally {
      bot.child.kill("SIGCONT");
    }
    const wokeAt = Date.now();
    // Woken, it goes on with its handling until it finds its lease gone: it says so, and stops there.
    await waitFor(
      () => bot.lines.some((line) => line.includes("a chat's lease ran out")),
      10_000,
      "the woken process to find its lease gone",
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const intoChat = fleet.tg.calls.filter((call) => call.at >= wokeAt && (call.payload as { chat_id?: unknown }).chat_id === user.id);
    expect(intoChat.map((call) => call.method)).toEqual([]);
    expect(
      fromBot(user)
        .map((m) => m.text ?? "")
        .filter((text) => text.includes("What do you want to send?")),
    ).toHaveLength(1);
    // The flow goes on from the state the new holder saved: the woken process wrote nothing over it.
    await user.send("btc btc");
    expect((await user.nextMessage({ timeoutMs: 10_000 })).text).toContain("You send BTC");
    await fleet.idle();
    expect(fromBot(user)).toHaveLength(3);
  }, 60_000);
});

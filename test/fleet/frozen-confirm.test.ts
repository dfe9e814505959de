import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type TestUser, waitFor } from "../../src/emulator/index.js";
import { type Fleet, startFleet } from "../harness/fleet.js";
import { toSummary } from "../harness/flow.js";
import { freshDatabase, testBackEnd } from "../harness/postgres.js";
import { busiestWindow } from "../harness/windows.js";

/**
 * Three bot processes on one PostgreSQL database, as in three-instances.test.ts, where the process
 * handling a person's Confirm is frozen (SIGSTOP) once its request reached the service: another
 * process takes the chat, and the frozen one wakes later. Its own fleet, so that these slow tests
 * (each waits out a freeze) run beside the others.
 */
let fleet: Fleet;

const fromBot = (user: TestUser) => user.messages().filter((m) => m.from_bot);

/** The instance holding `user`'s chat (handling its update now). */
async function holderOf(user: TestUser): Promise<{ index: number } | undefined> {
  const index = await fleet.holderOf(user.id);
  return index === undefined ? undefined : { index };
}

/** createTransaction requests the sandbox got so far. */
const creates = () => fleet.sandbox.requests.filter((r) => r.endpoint === "createTransaction").length;

/**
 * `user` confirms a swap whose creation the service answers with `fault` (late), and the process
 * handling the Confirm is frozen (SIGSTOP: a VM pause, a long GC) once the request reached the
 * service. What the bot said from then on, which instance froze (and whether it led), and `thaw`
 * (SIGCONT; once, whoever calls it: call it in a `finally` too).
 */
async function confirmThenFreeze(user: TestUser, fault: Parameters<Fleet["sandbox"]["faults"]["inject"]>[0], amount = "0.05") {
  const summary = await toSummary(user, { from: "btc btc", to: "usdt trx", amount, address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj" });
  const createsBefore = creates();
  fleet.sandbox.faults.inject(fault, { endpoint: "createTransaction", times: 1 });
  const before = fromBot(user).length;
  await user.click(summary, /^✅/);
  await waitFor(() => creates() > createsBefore, 10_000, "the request to create");
  const { index: holder } = await waitFor(() => holderOf(user), 10_000, "the process creating");
  const leading = (await fleet.readiness(holder))?.role === "leader";
  const instance = fleet.instances[holder]!;
  const pid = instance.bot.child.pid!;
  process.kill(pid, "SIGSTOP");
  const frozenAt = Date.now();
  let thawed = false;
  return {
    createsBefore,
    /** The instance frozen, whether it led then, and what it has logged (JSON lines). */
    index: holder,
    leading,
    lines: () => instance.bot.lines,
    /** How long it has been frozen. */
    frozenFor: () => Date.now() - frozenAt,
    said: () => fromBot(user).slice(before),
    toldInFlight: () =>
      waitFor(
        () =>
          fromBot(user)
            .slice(before)
            .find((m) => /may be being created/.test(m.text ?? "")),
        40_000,
        "the person told by another process",
      ),
    thaw: () => {
      if (!thawed) process.kill(pid, "SIGCONT");
      thawed = true;
    },
  };
}

beforeAll(async () => {
  if (testBackEnd() !== "postgres") return;
  fleet = await startFleet({
    database: freshDatabase,
    rateLimitPerMinute: 10,
    env: { SHUTDOWN_GRACE_SECONDS: "8", LOG_FORMAT: "json", LOG_LEVEL: "info" },
    emulator: { defaultTimeoutMs: 30_000 },
  });
  // One after the other: the first creates the tables, the others find them.
  for (const index of [0, 1, 2]) await fleet.start(index, "webhook");
  fleet.tg.enforceFloodLimits();
}, 120_000);

afterAll(async () => {
  await fleet?.close();
});

describe.runIf(testBackEnd() === "postgres")("three processes, the one handling a Confirm frozen", () => {
  beforeEach(async () => {
    for (const index of [0, 1, 2]) if (!fleet.instances[index]) await fleet.start(index, "webhook");
  }, 120_000);

  it("answer a confirmation whose process froze while creating truthfully: its exchange may be being created, and its card comes once, from another process, when that one wakes", async () => {
    const user = fleet.tg.user({ id: 9804, first_name: "Ice", language_code: "en" });
    // Frozen with its request at the service: it still runs, and what it learns (the exchange
    // created) is recorded; another process takes the chat over meanwhile.
    const frozen = await confirmThenFreeze(user, { kind: "delay", ms: 2_000 });
    let thawedAt = 0;
    try {
      const told = await frozen.toldInFlight();
      expect(told.text).toMatch(/Reference for support: \S+/);
      expect(told.text).toMatch(/don't send anything/i);
      // Frozen for 30 s in all (judged gone by the registry long before): still nothing but the truth.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 30_000 - frozen.frozenFor())));
      expect(frozen.said().some((m) => /could not confirm/.test(m.text ?? ""))).toBe(false);
      frozen.thaw();
      thawedAt = Date.now();
      // Woken, it learns the service created the exchange and records it; the chat is another's
      // now, so its card is owed at once, and the leader's tracker shows it.
      await waitFor(
        () => frozen.said().some((m) => /Exchange created/.test(m.text ?? "")),
        15_000,
        "the deposit details, within 15 s of the wake",
      );
      console.info(
        `the card of an exchange created by a process frozen 30 s reached the person ${((Date.now() - thawedAt) / 1000).toFixed(1)} s after it woke (${frozen.leading ? "it leads: its tracker sent it" : "sent by the leader"})`,
      );
    } finally {
      frozen.thaw();
    }
    await fleet.idle();
    expect(creates()).toBe(frozen.createsBefore + 1);
    expect(frozen.said().filter((m) => /Exchange created/.test(m.text ?? ""))).toHaveLength(1);
    // Woken, the frozen process's handling sent nothing more into the chat: its claim of the card
    // was refused (the chat's lease was another's), and the card was owed to the tracker...
    const card = frozen.said().find((m) => /Exchange created/.test(m.text ?? ""))!;
    // Nothing was sent before it: not said to be a repeat.
    expect(card.text).not.toMatch(/Sent again/);
    const exchangeId = /🔁 Exchange (\S+)/.exec(card.text ?? "")?.[1];
    expect(exchangeId).toBeDefined();
    const logged = (lines: readonly string[], msg: string) =>
      lines
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg?: string; exchangeId?: string; cardOwed?: boolean })
        .filter((line) => line.msg?.includes(msg) && line.exchangeId === exchangeId);
    expect(logged(frozen.lines(), "lost the chat's lease while showing an exchange's creation card")).toMatchObject([{ cardOwed: true }]);
    // ...whose card, the only message into the chat since, went out from the leader: another
    // process, unless the frozen one leads (then its tracker, not the handling, sent it).
    const sentSince = fleet.tg.calls.filter(
      (call) =>
        call.at >= thawedAt &&
        call.response.ok &&
        String(call.payload.chat_id) === String(user.id) &&
        /^send(Message|Photo)$/.test(call.method),
    );
    expect(sentSince.map((call) => /Exchange created/.test(String(call.payload.text)))).toEqual([true]);
    const senders = () =>
      fleet.instances.flatMap((instance, index) =>
        instance && logged(instance.bot.lines, "the tracker showed a creation card").length > 0 ? [index] : [],
      );
    // The tracker logs after it stored the card's message id, and its log reaches us through a
    // pipe: the card in the chat comes first, and under load the line some milliseconds later.
    await waitFor(() => senders().length > 0, 5_000, "the tracker's line about the card it sent");
    expect(senders()).toHaveLength(1);
    if (!frozen.leading) expect(senders()[0]).not.toBe(frozen.index);
  }, 120_000);

  it("keep a person's new flow when the process frozen on their last Confirm wakes after they started over: each exchange's card once, the new Confirm answered", async () => {
    const user = fleet.tg.user({ id: 9806, first_name: "Redo", language_code: "en" });
    const frozen = await confirmThenFreeze(user, { kind: "delay", ms: 2_000 });
    const cards = () => frozen.said().filter((m) => /Exchange created/.test(m.text ?? ""));
    try {
      await frozen.toldInFlight();
      // The person starts over while that process is frozen, up to a new summary.
      user.catchUp();
      const again = await toSummary(user, {
        from: "btc btc",
        to: "usdt trx",
        amount: "0.06",
        address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
      });
      expect(again.text).toContain("0.06 BTC");
      frozen.thaw();
      // Woken, it learns the first exchange was created: its card reaches the person, once.
      await waitFor(() => cards().length === 1, 40_000, "the first exchange's card");
      // Its stale flow wrote nothing over the new one: the new Confirm creates the second exchange.
      await user.click(again, /^✅/);
      await waitFor(() => cards().length === 2, 30_000, "the second exchange's card");
    } finally {
      frozen.thaw();
    }
    await fleet.idle();
    expect(creates()).toBe(frozen.createsBefore + 2);
    const shown = cards().map((m) => /🔁 \S+ (\S+)/.exec(m.text ?? "")?.[1]);
    expect(new Set(shown).size).toBe(2);
    expect(frozen.said().some((m) => /could not confirm/.test(m.text ?? ""))).toBe(false);
  }, 150_000);

  it("tell a person whose Confirm was taken over from a frozen process that the service refused it, once, when that process wakes", async () => {
    const user = fleet.tg.user({ id: 9805, first_name: "Nay", language_code: "en" });
    const frozen = await confirmThenFreeze(user, {
      kind: "status",
      status: 400,
      body: JSON.stringify({ message: "The pair is not available" }),
      afterMs: 2_000,
    });
    try {
      await frozen.toldInFlight();
      frozen.thaw();
      // Woken, it learns the refusal; the person, told their exchange may be being created, hears it once.
      await waitFor(() => frozen.said().some((m) => /refused the exchange you confirmed/.test(m.text ?? "")), 30_000, "the refusal");
    } finally {
      frozen.thaw();
    }
    await fleet.idle();
    // A pass of the owed outcomes, and then some: nothing more comes.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const said = frozen.said().map((m) => m.text ?? "");
    expect(said.filter((text) => /refused the exchange you confirmed/.test(text))).toHaveLength(1);
    expect(said.filter((text) => /could not confirm|Exchange created/.test(text))).toEqual([]);
    expect(creates()).toBe(frozen.createsBefore + 1);
  }, 120_000);

  it("kept to the service's limit and Telegram's all along: no call refused, at most 10 a minute to the service", () => {
    const requests = fleet.sandbox.requests;
    expect(requests.filter((r) => r.status === 429)).toEqual([]);
    expect(
      busiestWindow(
        requests.map((r) => r.at),
        60_000,
      ),
    ).toBeLessThanOrEqual(10);
    const refused = fleet.tg.calls.filter((call) => !call.response.ok && (call.response as { error_code?: number }).error_code === 429);
    expect(refused.map((call) => `${call.method} ${JSON.stringify(call.payload.chat_id)}`)).toEqual([]);
  });
});

import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type TestUser, waitFor } from "../../src/emulator/index.js";
import { type FeedMode, type Fleet, startFleet } from "../harness/fleet.js";
import { offerButtons, toAmount, toSummary } from "../harness/flow.js";
import { freshDatabase, testBackEnd } from "../harness/postgres.js";
import { admin } from "../harness/postgres-admin.js";
import { busiestWindow } from "../harness/windows.js";

/**
 * Three bot processes on one PostgreSQL database (issue 22), as an operator runs them: each a
 * real `src/main.ts`, the emulator standing in for Telegram and a load balancer in front of
 * their webhooks, the sandbox for the exchange service with its real limit of 10 calls a
 * minute (test/harness/fleet.ts). Processes are killed (SIGKILL), restarted one by one
 * (SIGTERM), and the people writing to the bot must not notice beyond a pause.
 */
let fleet: Fleet;

/** How the instances started next get their updates. */
let mode: FeedMode = "webhook";

const startInstance = (index: number, how: FeedMode = mode) => fleet.start(index, how);
const stopInstance = (index: number, signal: NodeJS.Signals) => fleet.stop(index, signal);
const roles = () => fleet.roles();

/** Calls to the exchange service in the worst sliding minute, and how many it refused (429). */
function budgetFigures(): { worstMinute: number; refused: number } {
  const requests = fleet.sandbox.requests;
  return {
    worstMinute: busiestWindow(
      requests.map((r) => r.at),
      60_000,
    ),
    refused: requests.filter((r) => r.status === 429).length,
  };
}

const fromBot = (user: TestUser) => user.messages().filter((m) => m.from_bot);

/** A value instance `index` shows on /metrics (the line starting with `series`). */
async function metric(index: number, series: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${fleet.instances[index]!.healthPort}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  if (line === undefined) throw new Error(`no ${series} on /metrics`);
  return Number(line.slice(series.length + 1));
}

/**
 * The instance fetching the offers list of `chatId` in the background (its ticket names it:
 * `host:pid:…`). Wrapped, as in holderOf: instance 0 is found too (waitFor takes a bare 0 for "not yet").
 */
async function offersOwnerOf(chatId: number): Promise<{ index: number } | undefined> {
  const { rows } = await admin(fleet.databaseUrl, (client) =>
    client.query<{ value: string }>("SELECT value FROM kv WHERE key = $1", [`offers:${chatId}`]),
  );
  const owner = rows[0] === undefined ? undefined : (JSON.parse(rows[0].value) as { owner?: string }).owner;
  const pid = Number(owner?.split(":")[1]);
  const index = fleet.instances.findIndex((instance) => instance?.bot.child.pid === pid);
  return index >= 0 ? { index } : undefined;
}

/** The instance holding `user`'s chat (handling its update now). */
async function holderOf(user: TestUser): Promise<{ index: number } | undefined> {
  const index = await fleet.holderOf(user.id);
  return index === undefined ? undefined : { index };
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
  for (const index of [0, 1, 2]) await startInstance(index, "webhook");
  // Telegram's limits as the real Bot API keeps them, for the bot as a whole: one message a second
  // into a chat, twenty a minute into a group, thirty a second in all (refused with a 429).
  fleet.tg.enforceFloodLimits();
}, 120_000);

afterAll(async () => {
  await fleet?.close();
});

// On the suite's PostgreSQL runs (`npm run test:postgres`, and the machine's server in .ci/run): one run per server is enough.
describe.runIf(testBackEnd() === "postgres")("three processes on one PostgreSQL", () => {
  it("are all ready for traffic, one of them leading", async () => {
    const found = await roles();
    expect(found.filter((role) => role === "leader")).toHaveLength(1);
    expect(found.filter((role) => role === "follower")).toHaveLength(2);
  });

  beforeEach(async () => {
    // Each test begins with the three running (a failed one may have left one down).
    for (const index of [0, 1, 2]) if (!fleet.instances[index]) await startInstance(index, mode);
  }, 120_000);

  it("handle a chat's updates one at a time and in order, whichever process each is delivered to", async () => {
    const user = fleet.tg.user({ id: 9802, first_name: "Ord", language_code: "en" });
    // Sent one after the other without waiting for answers: each goes to the next process in turn.
    for (const text of ["/exchange", "btc btc", "usdt trx", "0.05"]) await user.send(text);
    const offers = await waitFor(() => fromBot(user).find((m) => offerButtons(m).length > 0), 30_000, "the offers");
    expect(offers.text).toContain("0.05 BTC");
    // Each step answered once, in the order sent: a stale copy of the flow never overwrote a newer one.
    const said = fromBot(user).map((m) => m.text ?? "");
    expect(said).toHaveLength(4);
    expect(said[0]).toContain("What do you want to send?");
    expect(said[1]).toContain("You send BTC");
    expect(said[2]).toMatch(/How much|amount/i);
  });

  it("go on with a person's flow across instances, and answer a confirmation whose process was killed while creating: the exchange requested once", async () => {
    const user = fleet.tg.user({ id: 9801, first_name: "Kim", language_code: "en" });
    // Each update goes to the next instance in turn: the flow moves from one process to another.
    const summary = await toSummary(user, {
      from: "btc btc",
      to: "usdt trx",
      amount: "0.05",
      address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    });
    expect(summary.text).toContain("0.05 BTC");
    // The service takes its time to create: the process handling the confirmation is killed meanwhile.
    fleet.sandbox.faults.inject({ kind: "delay", ms: 4_000 }, { endpoint: "createTransaction", times: 1 });
    const before = fromBot(user).length;
    await user.click(summary, /^✅/);
    await waitFor(() => fleet.sandbox.requests.some((r) => r.endpoint === "createTransaction"), 10_000, "the request to create");
    // Only now is the chat's lease surely the confirmation's: just after the click it may still be
    // held by the process finishing the update before (the address, whose answer was the summary),
    // and the confirmation may then go to another process once that one lets the chat go.
    const { index: holder } = await waitFor(() => holderOf(user), 10_000, "the process creating");
    const killedAt = Date.now();
    await stopInstance(holder, "SIGKILL");
    // Another process takes the chat once the dead one's lease has run out, finds the request
    // made, and says so rather than asking the service a second time: a killed process looks like
    // a frozen one that may still wake and learn the outcome, so the exchange may be being created
    // (that nobody can learn whether it was comes minutes later: test/unit/bot/create-outcomes-owed.test.ts).
    const told = await waitFor(
      () =>
        fromBot(user)
          .slice(before)
          .find((m) => /may be being created/.test(m.text ?? "")),
      30_000,
      "the person told",
    );
    const failoverMs = Date.now() - killedAt;
    expect(told.text).toMatch(/Reference for support: \S+/);
    console.info(`a confirmation whose process was killed while creating, answered by another ${(failoverMs / 1000).toFixed(1)} s later`);
    expect(fleet.sandbox.requests.filter((r) => r.endpoint === "createTransaction")).toHaveLength(1);
  }, 120_000);

  it("fill in an offers list whose process was killed while fetching it, with nobody writing: the service asked once more", async () => {
    const user = fleet.tg.user({ id: 9803, first_name: "Rec", language_code: "en" });
    await toAmount(user, "eth eth", "btc btc");
    // The service takes its time: the quote is fetched in the background, and its process is killed meanwhile.
    fleet.sandbox.faults.inject({ kind: "delay", ms: 20_000 }, { endpoint: "getEstimatedAmount", times: 1 });
    const estimates = () => fleet.sandbox.requests.filter((r) => r.endpoint === "getEstimatedAmount").length;
    const before = estimates();
    await user.send("1.2345");
    const waiting = await user.nextMessage({ timeoutMs: 10_000 });
    expect(waiting.text).toContain("Getting offers");
    await waitFor(() => estimates() > before, 10_000, "the quote asked for");
    const { index: owner } = await waitFor(() => offersOwnerOf(user.id), 10_000, "the process fetching the offers");
    // Killed only once the amount's update is done: its process writes the offers list's ticket
    // before it saves the flow and marks the update done. Killed before the flow is saved, the
    // update is rightly taken up again elsewhere and handled a second time, which asks the
    // service once more itself (an offers list of its own beside the leader's): another case
    // than this one, where nobody writes and only the leader's recovery may ask again.
    await waitFor(async () => (await fleet.unhandled(user.id)) === 0, 10_000, "the amount's update done");
    const killedAt = Date.now();
    await stopInstance(owner, "SIGKILL");

    // The leader (another process, or the next one to lead) fetches it again once the dead one stops counting as running.
    await waitFor(() => offerButtons(waiting).length > 0, 45_000, "the offers on the waiting screen");
    console.info(`an offers list whose process was killed, filled in by the leader ${((Date.now() - killedAt) / 1000).toFixed(1)} s later`);
    expect(estimates()).toBe(before + 2); // the killed process's, and the leader's
    expect(waiting.text).toContain("1.2345 ETH → BTC");
    await user.click(waiting, offerButtons(waiting)[0]!);
    expect((await user.nextMessage({ timeoutMs: 10_000 })).text).toContain("address");
  }, 120_000);

  it("lose no update and send no message twice while all three are restarted one by one under steady traffic", async () => {
    const users = Array.from({ length: 8 }, (_, i) => fleet.tg.user({ id: 9810 + i, first_name: "Roll", language_code: "en" }));
    const sent = new Map<number, number>(users.map((u) => [u.id, 0]));
    const answeredBefore = new Map(users.map((u) => [u.id, fromBot(u).length]));
    let sending = true;
    const traffic = Promise.all(
      users.map(async (user) => {
        while (sending) {
          await user.send("/help");
          sent.set(user.id, sent.get(user.id)! + 1);
          // About as often as Telegram lets the bot answer in one chat (a second apart): faster, and
          // the answers could only queue up behind the chat's limit, whatever the processes do.
          await new Promise((resolve) => setTimeout(resolve, 1_500));
        }
      }),
    );
    const trafficStarted = Date.now();
    for (const index of [0, 1, 2]) {
      await stopInstance(index, "SIGTERM");
      await startInstance(index, "webhook");
    }
    // Traffic for 15 s at least, whatever the restarts took.
    while (Date.now() - trafficStarted < 15_000) await new Promise((resolve) => setTimeout(resolve, 250));
    sending = false;
    await traffic;
    const answers = (user: TestUser) => fromBot(user).slice(answeredBefore.get(user.id)!);
    for (const user of users)
      await waitFor(() => answers(user).length >= sent.get(user.id)!, 30_000, `user ${user.id}'s ${sent.get(user.id)} answers`);
    // A second answer may still be on its way: counted once nothing is left to deliver or handle.
    await fleet.idle();
    // (A handler whose chat's lease ran out goes on without one, unseen by the inbox: there was none.)
    const lostLeases = fleet.instances.flatMap(
      (instance) => instance?.bot.lines.filter((line) => line.includes("a chat's lease ran out")) ?? [],
    );
    expect(lostLeases).toEqual([]);
    for (const user of users) {
      expect(answers(user).length).toBe(sent.get(user.id));
      expect(answers(user).every((m) => m.text?.includes("How it works"))).toBe(true);
    }
    expect([...sent.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(50);
  }, 180_000);

  it("one stopping while it finishes an update: deliveries to it get 503 and go to another, answered once; it is alive but not ready until it exits", async () => {
    const holding = fleet.tg.user({ id: 9840, first_name: "Held", language_code: "en" });
    // Telegram is slow with this person's answer: the process handling their update is still at it when told to stop.
    const held = fleet.tg.holdNext("sendMessage", holding.id);
    await holding.send("/help");
    await held.arrived;
    const { index } = await waitFor(() => holderOf(holding), 10_000, "the process answering");
    const { healthPort } = fleet.instances[index]!;
    const ask = async (path: string) => {
      const res = await fetch(`http://127.0.0.1:${healthPort}${path}`);
      return { status: res.status, body: (await res.json()) as unknown };
    };
    // The balancer keeps sending to it, as a real one does until it notices.
    const exited = fleet.signal(index, "SIGTERM");
    await waitFor(async () => (await ask("/readyz")).status === 503, 5_000, "/readyz to say it is stopping");
    expect((await ask("/readyz")).body).toMatchObject({ status: "not ready", reason: "stopping" });
    expect(await ask("/healthz")).toMatchObject({ status: 200, body: { status: "ok" } });

    // The balancer takes turns: of three deliveries, one goes to the process stopping.
    const deliveredBefore = fleet.tg.webhookDeliveries.length;
    const others = [9841, 9842, 9843].map((id) => fleet.tg.user({ id, first_name: "Next", language_code: "en" }));
    for (const user of others) await user.send("/help");
    for (const user of others) expect((await user.nextMessage({ timeoutMs: 10_000 })).text).toContain("How it works");
    const refused = fleet.tg.webhookDeliveries.slice(deliveredBefore).filter((delivery) => delivery.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    // All this while, the process was finishing what it held.
    expect(fleet.instances[index]).toBeDefined();
    expect((await ask("/readyz")).status).toBe(503);

    held.release();
    expect(await exited).toEqual({ code: 0, signal: null });
    await fleet.idle();
    for (const user of [holding, ...others]) {
      expect(fromBot(user)).toHaveLength(1);
      expect(fromBot(user)[0]!.text).toContain("How it works");
    }
  }, 60_000);

  it("one told to stop while a handler is stuck on the database exits within 10 s all the same, saying what it held; the update is answered once, by another", async () => {
    const user = fleet.tg.user({ id: 9850, first_name: "Stuck", language_code: "en" });
    await user.send("/help");
    await user.nextMessage({ timeoutMs: 10_000 });
    // Someone else holds the person's row: their next update waits on the database, a pool
    // client with it, and closing the pool would wait for that client for ever.
    const locker = new pg.Client({ connectionString: fleet.databaseUrl });
    await locker.connect();
    let stopMs: number;
    try {
      await locker.query("BEGIN");
      await locker.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [user.id]);
      await user.send("/help");
      // A session of this database waiting on a row's lock (the budget's advisory lock may have waiters of its own).
      const waitingOnLock = `SELECT a.pid, l.locktype, a.query FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE a.datname = current_database() AND NOT l.granted AND l.locktype <> 'advisory'`;
      await waitFor(async () => ((await locker.query(waitingOnLock)).rowCount ?? 0) >= 1, 10_000, "the handler to wait on the row").catch(
        async (error: unknown) => {
          const all = await locker.query(
            "SELECT pid, state, wait_event_type, wait_event, left(query, 120) AS query FROM pg_stat_activity WHERE datname = current_database()",
          );
          throw new Error(`${String(error)}; sessions: ${JSON.stringify(all.rows)}`);
        },
      );
      // Only now is the chat's lease surely this update's: before, it may still be held by the
      // process finishing the first /help, and this one may then go to another process.
      const { index } = await waitFor(() => holderOf(user), 10_000, "the process waiting on the row");
      const { bot } = fleet.instances[index]!;
      const signalledAt = Date.now();
      void fleet.stop(index, "SIGTERM");
      const exit = await Promise.race([bot.exited, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 15_000))]);
      stopMs = Date.now() - signalledAt;
      expect(exit).toEqual({ code: 1, signal: null });
      const cut = bot.lines.find((line) => line.includes("the shutdown was not done in time"));
      expect(JSON.parse(cut ?? "{}")).toMatchObject({ waitingFor: "the database to close", updates: 1 });
    } finally {
      await locker.query("ROLLBACK");
      await locker.end();
    }
    console.info(`a process stuck on the database exited ${(stopMs / 1000).toFixed(1)} s after SIGTERM`);
    expect(stopMs).toBeLessThan(10_000);
    // Its lease runs out, and another process takes the update up again.
    expect((await user.nextMessage({ timeoutMs: 30_000 })).text).toContain("How it works");
    await fleet.idle();
    expect(fromBot(user)).toHaveLength(2);
  }, 60_000);

  it("fifteen people asking for quotes at once, through all three, are kept to the service's 10 calls a minute together: those beyond wait in line, told so", async () => {
    const askers = Array.from({ length: 15 }, (_, i) => fleet.tg.user({ id: 9860 + i, first_name: "Ask", language_code: "en" }));
    // A quote each, of amounts too far apart for one to answer another: fifteen calls wanted, the
    // balancer taking turns (five through each process), more than a minute of the service allows.
    await Promise.all(askers.map((user, i) => user.send(`/rate ${i + 1} btc eth`)));
    const cards = await Promise.all(askers.map((user) => user.nextMessage({ timeoutMs: 15_000 })));
    // Whatever the minute held before, no more than 10 of these can have gone by now: 5 at least wait.
    const waiting = cards.filter((card) => !/Quoted at/.test(card.text ?? ""));
    expect(waiting.length).toBeGreaterThanOrEqual(5);
    for (const card of waiting) expect(card.text).toContain("Getting offers for");
    // They wait in the budget's line, not given up on.
    const queued = await Promise.all([0, 1, 2].map((index) => metric(index, 'swapbot_budget_queue_depth{lane="user"}')));
    expect(queued.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5);
    const { worstMinute, refused } = budgetFigures();
    expect(refused).toBe(0);
    expect(worstMinute).toBeLessThanOrEqual(10);
  }, 60_000);

  it("kept to the service's limit all along: no call refused, at most 10 in any minute", () => {
    const { worstMinute, refused } = budgetFigures();
    expect(refused).toBe(0);
    expect(worstMinute).toBeLessThanOrEqual(10);
  });

  it("kept to Telegram's limits together: no message refused, though replies, status messages and background lists came from different processes", () => {
    const refused = fleet.tg.calls.filter((call) => !call.response.ok && (call.response as { error_code?: number }).error_code === 429);
    expect(refused.map((call) => `${call.method} ${JSON.stringify(call.payload.chat_id)}`)).toEqual([]);
  });

  it("in polling mode, one polls; when it is killed another takes over within 15 s", async () => {
    mode = "polling";
    for (const index of [0, 1, 2]) await stopInstance(index, "SIGTERM");
    for (const index of [0, 1, 2]) await startInstance(index);
    const user = fleet.tg.user({ id: 9830, first_name: "Pol", language_code: "en" });
    await user.send("/help");
    expect((await user.nextMessage()).text).toContain("How it works");
    const leader = (await roles()).indexOf("leader");
    expect(leader).toBeGreaterThanOrEqual(0);
    const killedAt = Date.now();
    await stopInstance(leader, "SIGKILL");
    await user.send("/help");
    expect((await user.nextMessage({ timeoutMs: 30_000 })).text).toContain("How it works");
    const failoverMs = Date.now() - killedAt;
    console.info(`polling taken over ${(failoverMs / 1000).toFixed(1)} s after the poller was killed`);
    expect(failoverMs).toBeLessThan(15_000);
    await waitFor(async () => (await roles()).filter((role) => role === "leader").length === 1, 10_000, "one leader again");
  }, 120_000);
});

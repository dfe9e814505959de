import { afterEach, describe, expect, it } from "vitest";
import { USER_WAIT_MS } from "../../../src/bot/conversations/exchange.js";
import { UNKNOWN_AFTER_MS } from "../../../src/db/index.js";
import { type StoredMessage, type TestUser, waitFor } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { drive } from "../../harness/drive.js";
import { buttons, toSummary } from "../../harness/flow.js";

/**
 * Issue 9, "create outcomes are never misread": an answer is read as "created" only with an
 * exchange id, as "refused" only when it says so, and anything else is an unknown outcome that
 * is never retried and is told honestly, to the person and to support.
 */

const TRON = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";
const PLAIN = { from: "btc btc", to: "usdt trx", amount: "0.05", address: TRON };
const STAFF = 9001;
const REFERENCE = /Reference for support: (\d+:[0-9a-z]+:\d+), (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/;

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const creates = (w: TestWorld) => w.app.sandbox!.requests.filter((r) => r.endpoint === "createTransaction");
const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");

/** The newest message that still offers Confirm: where a person would confirm again. */
function latestConfirm(user: TestUser): StoredMessage {
  return user
    .messages()
    .filter((m) => buttons(m).some((b) => /Confirm/.test(b)))
    .at(-1)!;
}

/** A 429 on another call pauses every lane of the budget for `seconds`. */
async function pauseBudget(w: TestWorld, seconds: number): Promise<void> {
  w.app.sandbox!.faults.inject({ kind: "status", status: 429, retryAfterSeconds: seconds }, { endpoint: "getProviders" });
  void w.app.client.getProviders().catch(() => undefined);
  await waitFor(async () => (await w.app.budget.stats()).pausedForMs > 0, 5_000, "the budget to pause");
}

describe("an answer that names the exchange id differently", () => {
  it.each(["id", "exchangeId", "transaction_id"])(
    "is a created exchange when the id comes as %s, and the operator is told",
    async (alias) => {
      world = await startWorld();
      const user = world.tg.user({ id: 7001, first_name: "Al", language_code: "en" });
      const summary = await toSummary(user, PLAIN);
      world.app.sandbox!.faults.inject({ kind: "rename-field", field: "exchange_id", to: alias }, { endpoint: "createTransaction" });
      await user.click(summary, /Confirm/);
      const created = await user.nextMessage();
      expect(created.text).toContain("Exchange created");
      const exchangeId = /🔁 Exchange (\S+)/.exec(created.text!)![1]!;
      expect((await world.app.repos.transactions.find(exchangeId))?.userId).toBe(7001);
      expect(creates(world)).toHaveLength(1);
      expect(world.logs.some((l) => l.level === 40 && l.idField === alias && /drifted/.test(l.msg))).toBe(true);
    },
  );
});

describe("an unknown outcome", () => {
  it("is an OK answer without any id: told honestly, never created again, shown in /history and to support", async () => {
    world = await startWorld({ SUPPORT_USER_IDS: String(STAFF) });
    const user = world.tg.user({ id: 7002, first_name: "Bo", username: "bo_swaps", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    world.app.sandbox!.faults.inject({ kind: "rename-field", field: "exchange_id", to: null }, { endpoint: "createTransaction" });
    const confirmedAt = world.clock.now();
    await user.click(summary, /Confirm/);

    const unknown = await user.nextMessage();
    expect(unknown.text).toContain("could not confirm whether your exchange was created");
    expect(unknown.text).toContain("may have been created");
    expect(unknown.text).toContain("don't send anything until you see a deposit address");
    // Nothing it cannot keep: the attempt is no exchange that /history could list.
    expect(unknown.text).not.toContain("/history");
    const [, reference, time] = REFERENCE.exec(unknown.text!)!;
    expect(reference).toMatch(/^7002:/);
    expect(time).toBe(minute(confirmedAt));
    expect(world.logs.some((l) => l.level >= 50 && /may have been created/.test(l.msg))).toBe(true);

    // Confirming again, wherever Confirm is still shown, calls the service no second time.
    const again = await user.click(latestConfirm(user), /Confirm/);
    expect((await user.callbackAnswer(again)).text).toBe("This button has expired.");
    expect(creates(world)).toHaveLength(1);

    await user.send("/history");
    const history = await user.nextMessage();
    expect(history.text).not.toContain("You have no exchanges yet");
    expect(history.text).toContain("Not confirmed");
    expect(history.text).toContain("don't send anything for them");
    expect(history.text).toContain(`${time} UTC, reference ${reference}`);

    // Support gets the forwarded message and finds the attempt by its reference, with no upstream call.
    const staff = world.tg.user({ id: STAFF, first_name: "Sam", language_code: "en" });
    const calls = world.app.sandbox!.requests.length;
    await staff.send(`/lookup ${unknown.text}`);
    const lookup = await staff.nextMessage();
    expect(lookup.text).toContain(`Creation request ${reference}`);
    expect(lookup.text).toContain("Outcome unknown");
    expect(lookup.text).toContain('Last answer: createTransaction answered status "OK" without an exchange id');
    expect(lookup.text).toContain("Requested by user 7002 (@bo_swaps, language en)");
    expect(lookup.text).toContain(`Requested at ${time} UTC`);
    // What was asked for, to match it with the provider's records.
    expect(lookup.text).toMatch(/Asked for: 0\.05 BTC → USDT \(TRX\) with \S+ \((floating|fixed) rate\)/);
    expect(lookup.text).toContain(`To: ${PLAIN.address}`);
    expect(world.app.sandbox!.requests).toHaveLength(calls);

    await staff.send("/stats");
    expect((await staff.nextMessage()).text).toContain("Creations of unknown outcome (an exchange may exist, no ID): 1");
  });

  it.each(["success", "Created"])("is a drifted %s answer without an id at the top: never read as refused", async (status) => {
    world = await startWorld();
    const user = world.tg.user({ id: 7004, first_name: "Di", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    world.app.sandbox!.faults.inject(
      { kind: "status", status: 200, body: JSON.stringify({ status, data: { exchange_id: "nested-id-1" } }) },
      { endpoint: "createTransaction" },
    );
    await user.click(summary, /Confirm/);
    const answer = await user.nextMessage();
    expect(answer.text).toContain("could not confirm whether your exchange was created");
    expect(answer.text).not.toContain("refused");
    const again = await user.click(latestConfirm(user), /Confirm/);
    expect((await user.callbackAnswer(again)).text).toBe("This button has expired.");
    expect(creates(world)).toHaveLength(1);
  });

  it("counts for support once an attempt has stayed pending for longer than a creation can take", async () => {
    world = await startWorld({ SUPPORT_USER_IDS: String(STAFF) });
    const staff = world.tg.user({ id: STAFF, first_name: "Sam", language_code: "en" });
    // What a process that died while its createTransaction was on the way leaves behind.
    await world.app.repos.createRequests.claim("7003:abc123:1", 7003);
    await staff.send("/lookup 7003:abc123:1");
    const lookup = (await staff.nextMessage()).text;
    expect(lookup).toContain("No answer yet: the request may still be on its way");
    // A request claimed before details were kept says where to find them.
    expect(lookup).toContain("the log line");
    await staff.send("/stats");
    expect((await staff.nextMessage()).text).toContain("Creations of unknown outcome (an exchange may exist, no ID): 0");
    await world.clock.advance(UNKNOWN_AFTER_MS);
    await staff.send("/lookup 7003:abc123:1");
    expect((await staff.nextMessage()).text).toContain("Outcome unknown");
    await staff.send("/stats");
    expect((await staff.nextMessage()).text).toContain("Creations of unknown outcome (an exchange may exist, no ID): 1");
  });
});

describe("a created exchange the database cannot store at once", () => {
  /** createRequests.complete failing its first `failures` calls; says whether the exchange id was logged before the first. */
  function failingStore(w: TestWorld, failures: number): { calls: () => number; loggedBefore: () => boolean | undefined } {
    const requests = w.app.repos.createRequests;
    const complete = requests.complete.bind(requests);
    let calls = 0;
    let loggedBefore: boolean | undefined;
    requests.complete = async (key, record) => {
      calls++;
      loggedBefore ??= w.logs.some((l) => l.exchangeId === record.exchangeId && l.requestKey === key);
      if (calls <= failures) throw new Error("SQLITE_IOERR: disk I/O error");
      return complete(key, record);
    };
    return { calls: () => calls, loggedBefore: () => loggedBefore };
  }

  it("is logged with its id and reference before it is stored, and stored on a later try: the person gets their card", async () => {
    world = await startWorld();
    const w = world;
    const user = w.tg.user({ id: 7301, first_name: "Ed", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    const store = failingStore(w, 1);
    await user.click(summary, /Confirm/);
    const created = await drive(w.clock, user.nextMessage({ timeoutMs: 10_000 }), { stepMs: 500, maxMs: 60_000 });
    expect(created.text).toContain("Exchange created");
    const exchangeId = /🔁 Exchange (\S+)/.exec(created.text!)![1]!;
    expect(store.loggedBefore()).toBe(true);
    expect(store.calls()).toBe(2);
    expect((await w.app.repos.transactions.find(exchangeId))?.userId).toBe(7301);
    expect(creates(w)).toHaveLength(1);
  });

  it("that cannot be stored at all is an unknown outcome to the person, with its id in the log and, for support, with its request", async () => {
    world = await startWorld();
    const w = world;
    const user = w.tg.user({ id: 7302, first_name: "Flo", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    const store = failingStore(w, Infinity);
    await user.click(summary, /Confirm/);
    const answer = await drive(w.clock, user.nextMessage({ timeoutMs: 10_000 }), { stepMs: 500, maxMs: 60_000 });
    expect(answer.text).toContain("could not confirm whether your exchange was created");
    const [, reference] = REFERENCE.exec(answer.text!)!;
    expect(store.loggedBefore()).toBe(true);
    expect(store.calls()).toBe(3);
    const exchangeId = w.logs.find((l) => l.requestKey === reference && typeof l.exchangeId === "string")!.exchangeId as string;
    expect(w.logs.some((l) => l.level >= 50 && l.exchangeId === exchangeId && /could not store a created exchange/.test(l.msg))).toBe(true);
    expect(await w.app.repos.createRequests.find(reference!)).toMatchObject({
      state: "pending",
      error: expect.stringContaining(exchangeId) as unknown,
    });
    expect(creates(w)).toHaveLength(1);
  });
});

describe("the log of a failed create", () => {
  it.each([
    ["refused", 400, JSON.stringify({ message: `cannot send to ${TRON}` })],
    ["of unknown outcome", 502, JSON.stringify({ message: `cannot send to ${TRON}` })],
    ["answered with malformed JSON", 200, `{"id":"x1","address_to":"${TRON}","extra_to":"4242",`],
  ])("when %s, names the reference, never the person's receiving address", async (_, status, body) => {
    world = await startWorld();
    const user = world.tg.user({ id: 7201, first_name: "Lo", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    // A service that echoes what it was sent in its error.
    world.app.sandbox!.faults.inject({ kind: "status", status, body }, { endpoint: "createTransaction" });
    await user.click(summary, /Confirm/);
    await user.nextMessage();
    await world.app.idle();
    const failed = world.logs.filter((l) => /createTransaction failed/.test(l.msg));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.requestKey).toMatch(/^7201:/);
    expect(world.logs.filter((l) => JSON.stringify(l).includes(TRON))).toEqual([]);
  });
});

describe("a long wait in line before creating", () => {
  it("gives the request its own response timeout, however long it waited", async () => {
    // GETs give up after 500 ms here; createTransaction keeps its own, longer response timeout.
    world = await startWorld({}, { exchangeTimeouts: { headersMs: 500, bodyMs: 500 } });
    const user = world.tg.user({ id: 7101, first_name: "Cy", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    await pauseBudget(world, 170);
    // The provider is slow: far longer than a GET may take (undici times headers on a coarse timer).
    world.app.sandbox!.faults.inject({ kind: "delay", ms: 2_000 }, { endpoint: "createTransaction" });
    const confirmedAt = world.clock.now();
    await user.click(summary, /Confirm/);
    expect((await user.nextMessage()).text).toContain("you are number 1 in line");

    // The clock keeps moving while the slow answer is on its way: nothing counted on it may cut the request short.
    const created = await drive(world.clock, user.nextMessage({ timeoutMs: 30_000 }));
    expect(created.text).toContain("Exchange created");
    expect(creates(world)).toHaveLength(1);
    expect(creates(world)[0]!.at - confirmedAt).toBeGreaterThanOrEqual(170_000);
  });

  it("is given up after USER_WAIT_MS with nothing sent, so confirming again is safe", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 7102, first_name: "Di", language_code: "en" });
    const summary = await toSummary(user, PLAIN);
    await pauseBudget(world, 240);
    const confirmedAt = world.clock.now();
    await user.click(summary, /Confirm/);
    expect((await user.nextMessage()).text).toContain("you are number 1 in line");

    const busy = await drive(world.clock, user.nextMessage({ timeoutMs: 30_000 }));
    expect(busy.text).toContain("not answering right now");
    const waited = world.clock.now() - confirmedAt;
    expect(waited).toBeGreaterThanOrEqual(USER_WAIT_MS);
    expect(waited).toBeLessThan(240_000);
    expect(creates(world)).toHaveLength(0);

    const summaryAgain = await user.nextMessage();
    expect(summaryAgain.text).toContain("Please check everything");
    // The quote is older than a minute by now: it is checked again (in line) before creating.
    await user.click(summaryAgain, /Confirm/);
    await drive(
      world.clock,
      waitFor(() => user.lastMessage()?.text?.includes("The offer has been checked"), 30_000, "the offer to be checked"),
    );
    await user.click(latestConfirm(user), /Confirm/);
    await drive(
      world.clock,
      waitFor(() => user.messages().some((m) => m.text?.includes("Exchange created")), 30_000, "the exchange"),
    );
    expect(creates(world)).toHaveLength(1);
  });
});

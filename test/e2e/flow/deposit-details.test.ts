import { afterEach, describe, expect, it } from "vitest";
import { paymentUri } from "../../../src/domain/networks.js";
import { qrPng } from "../../../src/domain/qr.js";
import { waitFor } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { drive } from "../../harness/drive.js";
import { buttons, toSummary } from "../../harness/flow.js";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const XRP_DEPOSIT = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";
const TON_DEPOSIT = "EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2";

/** A whole, valid answer of getTransactionInfo with the given deposit details. */
function transactionBody(deposit: { address: string; memo: string | null; amount: string }): string {
  return JSON.stringify({
    status: "waiting",
    symbol_from: "xrp",
    network_from: "xrp",
    symbol_to: "btc",
    network_to: "btc",
    amount_from: deposit.amount,
    amount_to: "0.0023",
    address_from: deposit.address,
    address_to: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    address_refund: null,
    extra_from: deposit.memo,
    extra_to: null,
    extra_refund: null,
    hash_from: null,
    hash_to: null,
    created_at: 1_795_348_800,
  });
}

/** The service answers the deposit read with an address and no memo, `times` times. */
function withholdMemo(w: TestWorld, address: string, amount: string, times: number): void {
  w.app.sandbox!.faults.inject(
    { kind: "status", status: 200, body: transactionBody({ address, memo: null, amount }) },
    { endpoint: "getTransactionInfo", times },
  );
}

describe("a deposit that needs a memo, given without it", () => {
  it.each([
    ["xrp xrp", "100", XRP_DEPOSIT, "XRP Ledger"],
    ["ton ton", "50", TON_DEPOSIT, "TON"],
  ])("%s: the flow, /history and /status never show the address without its memo, and nobody is stuck", async (from, amount, deposit) => {
    world = await startWorld();
    const user = world.tg.user({ id: 9101, first_name: "Mo", language_code: "en" });
    const summary = await toSummary(user, { from, to: "btc btc", amount, address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" });
    withholdMemo(world, deposit, amount, 10);
    await user.click(summary, /Confirm/);
    const created = await user.nextMessage();
    expect(created.text).toContain("Exchange created");
    expect(created.text).toContain("has not given the deposit memo yet");
    expect(created.text).not.toContain(deposit);
    expect(buttons(created)).toEqual(["🔁 Try again", "Leave"]);
    await user.click(created, "Try again");
    const again = await user.nextMessage();
    expect(again.text).not.toContain(deposit);
    // Leaving is always possible: no loop.
    await user.click(again, "Leave");
    await world.app.idle();

    await user.send("/history");
    const history = await user.nextMessage();
    await user.click(history, /^1\./);
    const card = await user.nextMessage();
    expect(card.text).toContain("has not given the deposit memo yet");
    expect(card.text).not.toContain(deposit);
    expect(card.text).not.toContain("Send exactly");
    const id = /🔁 Exchange (\S+)/.exec(card.text ?? "")![1]!;
    await user.send(`/status ${id}`);
    expect((await user.nextMessage()).text).not.toContain(deposit);
    expect(user.messages().some((m) => m.text?.includes(deposit) || m.caption?.includes(deposit))).toBe(false);
    expect(user.messages().filter((m) => m.photo)).toHaveLength(0);
  });

  it("shows everything once the service gives the memo, with a QR caption that names it", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9102, first_name: "Ny", language_code: "en" });
    const summary = await toSummary(user, {
      from: "xrp xrp",
      to: "btc btc",
      amount: "100",
      address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    });
    withholdMemo(world, XRP_DEPOSIT, "100", 1);
    await user.click(summary, /Confirm/);
    const pending = await user.nextMessage();
    await user.click(pending, "Try again");
    const card = await user.nextMessage();
    const memo = /Include this memo, or your deposit can be lost: (\S+)/.exec(card.text ?? "")?.[1];
    expect(memo).toBeDefined();
    const qr = await user.nextMessage();
    expect(qr.photo).toBeDefined();
    expect(qr.caption).toContain(`enter the memo ${memo}`);
  });
});

describe("the amount to send", () => {
  it("is one figure in the text and in the QR code, the one the person confirmed", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9103, first_name: "Ot", language_code: "en" });
    const summary = await toSummary(user, {
      from: "btc btc",
      to: "usdt trx",
      amount: "0.05",
      address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    });
    const address = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
    // The service reports a slightly different deposit amount than the one confirmed.
    world.app.sandbox!.faults.inject(
      { kind: "status", status: 200, body: transactionBody({ address, memo: null, amount: "0.0501" }) },
      { endpoint: "getTransactionInfo" },
    );
    await user.click(summary, /Confirm/);
    const card = await user.nextMessage();
    expect(card.text).toContain("Send exactly 0.05 BTC");
    const qr = await user.nextMessage();
    const png = world.tg.file(qr.photo!.file_id)!.data!;
    expect(Buffer.from(png).equals(await qrPng(paymentUri("btc", "btc", address, "0.05")!))).toBe(true);
    expect(world.logs.some((l) => /another deposit amount/.test(l.msg))).toBe(true);
  });
});

describe("showing the created exchange", () => {
  it("a Telegram error on the creation card does not end the flow with nothing shown: the card is sent again", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9104, first_name: "Pa", language_code: "en" });
    const summary = await toSummary(user, {
      from: "btc btc",
      to: "usdt trx",
      amount: "0.05",
      address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    });
    world.tg.failNext("sendMessage", { error_code: 500, description: "Internal Server Error" });
    await user.click(summary, /Confirm/);
    const card = await user.nextMessage();
    expect(card.text).toContain("Exchange created");
    expect(card.text).toContain("Send exactly 0.05 BTC");
    expect((await user.nextMessage()).photo).toBeDefined();
  });
});

describe("when the flow could not finish showing the exchange", () => {
  it("a creation card Telegram refused every time is delivered by the tracker, before any news of status", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9106, first_name: "Ra", language_code: "en" });
    const summary = await toSummary(user, {
      from: "btc btc",
      to: "usdt trx",
      amount: "0.05",
      address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    });
    world.tg.failNext("sendMessage", { error_code: 500, description: "Internal Server Error" }, 3);
    await user.click(summary, /Confirm/);
    const stored = await waitFor(
      async () => (await world!.app.repos.transactions.listByUser(9106, 1))[0],
      5_000,
      "the exchange to be stored",
    );
    await world.app.idle();

    // Owed from the moment the flow gave up: the tracker sends it at once (src/tracker/notifier.ts, deliverDeposit).
    // The sandbox moves the exchange on after two minutes; the card must come before that news.
    const card = await drive(world.clock, user.nextMessage({ timeoutMs: 15_000 }), { stepMs: 5_000, maxMs: 20 * 60_000 });
    // As sent: the news that follows may already have edited it.
    const sent = world.tg.calls.find(
      (c) => c.method === "sendMessage" && (c.response as { result?: { message_id?: number } }).result?.message_id === card.message_id,
    );
    expect(String(sent?.payload.text)).toContain("Exchange created");
    expect(card.text).toContain(`Exchange ${stored.exchangeId}`);
    expect(buttons(card)).toContain("🔄 Refresh");
    // Recorded once Telegram's answer reaches the bot, a moment after the person sees the card.
    await waitFor(
      async () => (await world!.app.repos.transactions.find(stored.exchangeId))!.cardMessageId === card.message_id || undefined,
      5_000,
      "the card to be recorded",
    );
    const news = await drive(world.clock, user.nextMessage({ timeoutMs: 15_000 }), { stepMs: 5_000, maxMs: 20 * 60_000 });
    expect(news.message_id).toBeGreaterThan(card.message_id);
  });

  it("after Leave, the deposit details come as a message once the service gives them", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9107, first_name: "Sol", language_code: "en" });
    const summary = await toSummary(user, {
      from: "xrp xrp",
      to: "btc btc",
      amount: "100",
      address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    });
    withholdMemo(world, XRP_DEPOSIT, "100", 1);
    await user.click(summary, /Confirm/);
    const created = await user.nextMessage();
    await user.click(created, "Leave");
    const ready = await drive(world.clock, user.nextMessage({ timeoutMs: 15_000 }), { stepMs: 5_000, maxMs: 10 * 60_000 });
    expect(ready.text).toContain("The deposit details of exchange");
    expect(ready.text).toContain("Send exactly 100 XRP");
    expect(ready.text).toContain("Include this memo");
    // The card the person kept is complete too.
    await waitFor(() => created.text?.includes("Include this memo"), 5_000, "the card to be updated");
  });
});

describe("leaving after the tracker learned the deposit", () => {
  it("shows the deposit at once instead of promising a message", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9108, first_name: "Tu", language_code: "en" });
    const summary = await toSummary(user, {
      from: "xrp xrp",
      to: "btc btc",
      amount: "100",
      address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    });
    withholdMemo(world, XRP_DEPOSIT, "100", 1);
    await user.click(summary, /Confirm/);
    const created = await user.nextMessage();
    const stored = (await world.app.repos.transactions.listByUser(9108, 1))[0]!;
    // The tracker's poll comes while the person reads: it learns the whole deposit.
    await drive(
      world.clock,
      waitFor(
        async () => (await world!.app.repos.transactions.find(stored.exchangeId))!.extraFrom,
        10_000,
        "the tracker to learn the memo",
      ),
      { stepMs: 5_000 },
    );
    await user.click(created, "Leave");
    const card = await user.nextMessage();
    expect(card.text).toContain("Exchange created");
    expect(card.text).toContain("Include this memo");
  });
});

describe("reading the deposit right after creating", () => {
  it("never writes back a status older than one the tracker recorded meanwhile", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9105, first_name: "Qi", language_code: "en" });
    const summary = await toSummary(user, {
      from: "btc btc",
      to: "usdt trx",
      amount: "0.05",
      address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    });
    // The deposit read is slow; meanwhile the tracker learns that the deposit is confirming.
    world.app.sandbox!.faults.inject({ kind: "delay", ms: 400 }, { endpoint: "getTransactionInfo" });
    await user.click(summary, /Confirm/);
    const stored = await waitFor(
      async () => (await world!.app.repos.transactions.listByUser(9105, 1))[0],
      5_000,
      "the exchange to be stored",
    );
    await world.app.repos.schedule.recordObservation(stored.exchangeId, { status: "confirming" });
    await user.nextMessage();
    await world.app.idle();
    expect((await world.app.repos.transactions.find(stored.exchangeId))!.status).toBe("confirming");
  });
});

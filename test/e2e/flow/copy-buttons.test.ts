/**
 * The deposit card's copy buttons (Bot API 7.11 `copy_text`) and the buttons' styles (Bot API
 * 9.4), through the real bot on the emulator and the sandbox: what a button copies is exactly
 * what the person must send, and only while the exchange waits for it.
 */
import type { InlineKeyboardButton } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { copyButtonRows, depositCopies, MAX_COPY_TEXT } from "../../../src/bot/cards.js";
import { createI18n, translatorOf } from "../../../src/bot/i18n.js";
import type { TransactionRecord } from "../../../src/db/index.js";
import { type StoredMessage, type TestUser, waitFor } from "../../../src/emulator/index.js";
import { Decimal } from "../../../src/money.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { drive } from "../../harness/drive.js";
import { toSummary } from "../../harness/flow.js";
import { XRP_SWAP } from "../../harness/withheld-memo.js";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const TRON_ADDRESS = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";
const XRP_DEPOSIT = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";

const COPY_AMOUNT = "📋 Exact amount";
const COPY_ADDRESS = "📋 Deposit address";
const COPY_MEMO = "📋 Memo";

function rows(message: StoredMessage): InlineKeyboardButton[][] {
  return message.reply_markup?.inline_keyboard ?? [];
}

/** The copy buttons of a message: label → what it copies. */
function copies(message: StoredMessage): Record<string, string> {
  const found: Record<string, string> = {};
  for (const button of rows(message).flat())
    if ("copy_text" in button && button.copy_text !== undefined) found[button.text] = button.copy_text.text;
  return found;
}

/** Every styled button of a message: label → style. */
function styles(message: StoredMessage): Record<string, string> {
  const found: Record<string, string> = {};
  for (const button of rows(message).flat()) if (button.style !== undefined) found[button.text] = button.style;
  return found;
}

/** The message as it is now (edits included). */
function current(w: TestWorld, message: StoredMessage): StoredMessage {
  return w.tg.messages(message.chat_id).find((m) => m.message_id === message.message_id)!;
}

async function exchangeOf(w: TestWorld, userId: number): Promise<TransactionRecord> {
  const id = (await w.app.repos.transactions.listByUser(userId, 1))[0]!.exchangeId;
  return waitFor(
    async () => {
      const tx = (await w.app.repos.transactions.find(id))!;
      return tx.addressFrom ? tx : undefined;
    },
    5_000,
    "the deposit details",
  );
}

/** /history, then the card of its first exchange. */
async function historyCard(user: TestUser): Promise<{ list: StoredMessage; card: StoredMessage }> {
  user.catchUp();
  await user.send("/history");
  const list = await user.nextMessage();
  await user.click(list, /^1\./);
  return { list, card: await user.nextMessage() };
}

/** A getTransactionInfo answer for an XRP_SWAP exchange with these deposit details. */
function xrpDeposit(deposit: { amount: string; memo: string | null }): string {
  return JSON.stringify({
    status: "waiting",
    symbol_from: "xrp",
    network_from: "xrp",
    symbol_to: "btc",
    network_to: "btc",
    amount_from: deposit.amount,
    amount_to: "0.0023",
    address_from: XRP_DEPOSIT,
    address_to: XRP_SWAP.address,
    address_refund: null,
    extra_from: deposit.memo,
    extra_to: null,
    extra_refund: null,
    hash_from: null,
    hash_to: null,
    created_at: 1_795_348_800,
  });
}

describe("the deposit card's copy buttons", () => {
  it("copy the exact amount (every decimal) and the deposit address on the creation card and the /history card; none once the exchange is over, which offers a green Swap again", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9702, first_name: "Bea", language_code: "en" });
    const summary = await toSummary(user, { from: "btc btc", to: "usdt trx", amount: "0.12345678", address: TRON_ADDRESS });
    await user.click(summary, /^✅/);
    const card = await user.nextMessage();
    await user.nextMessage(); // the QR code
    const tx = await exchangeOf(world, 9702);

    expect(tx.amountFrom).toBe("0.12345678");
    expect(copies(card)).toEqual({ [COPY_AMOUNT]: tx.amountFrom, [COPY_ADDRESS]: tx.addressFrom });
    // The same strings the card says to send.
    expect(card.html).toContain(`Send exactly <code>${tx.amountFrom}</code>`);
    expect(card.text).toContain(tx.addressFrom!);
    // First row: amount then address, as the card lists them; the card's own buttons below, unstyled.
    expect(rows(card)[0]!.map((button) => button.text)).toEqual([COPY_AMOUNT, COPY_ADDRESS]);
    expect(
      rows(card)
        .slice(1)
        .flat()
        .map((button) => button.text),
    ).toEqual(["📨 I have sent the funds", "🔄 Refresh", "🧾 For support"]);
    expect(styles(card)).toEqual({});
    // The app copies them; the bot hears nothing.
    expect(user.copy(card, COPY_AMOUNT)).toBe("0.12345678");
    expect(user.copy(card, COPY_ADDRESS)).toBe(tx.addressFrom);

    const waiting = await historyCard(user);
    expect(waiting.card.text).toContain("Waiting for your deposit");
    expect(copies(waiting.card)).toEqual({ [COPY_AMOUNT]: "0.12345678", [COPY_ADDRESS]: tx.addressFrom });
    // An exchange still going has no Swap again in /history.
    expect(styles(waiting.list)).toEqual({});

    // The deposit arrives and the exchange finishes: the tracker edits the card, copy buttons gone.
    world.app.sandbox!.setScenario(tx.exchangeId, "finished");
    const finished = await drive(
      world.clock,
      waitFor(
        async () => ((await world!.app.repos.transactions.find(tx.exchangeId))!.status === "finished" ? true : undefined),
        60_000,
        "the exchange to finish",
      ),
      { stepMs: 15_000, maxMs: 30 * 60_000 },
    );
    expect(finished).toBe(true);
    await world.app.idle();
    const edited = current(world, card);
    expect(edited.text).toContain("Finished");
    expect(copies(edited)).toEqual({});
    expect(styles(edited)).toEqual({ "🔁 Swap again": "success" });

    const done = await historyCard(user);
    expect(done.card.text).toContain("Finished");
    expect(done.card.text).not.toContain("Send exactly");
    expect(copies(done.card)).toEqual({});
    expect(styles(done.card)).toEqual({ "🔁 Swap again": "success" });
    // The list's own swap-again button, green too.
    expect(styles(done.list)).toEqual({ "🔁": "success" });
  });

  it("copy the memo as the service gave it, on a row of its own, and the amount with a dot in every language (ru)", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9703, first_name: "Иван", language_code: "ru" });
    const summary = await toSummary(user, { ...XRP_SWAP, amount: "123,456789" });
    await user.click(summary, /Подтвердить/);
    const card = await user.nextMessage();
    expect((await user.nextMessage()).photo).toBeDefined(); // the QR code
    const tx = await exchangeOf(world, 9703);
    expect(tx.extraFrom).toBeTruthy();
    expect(tx.amountFrom).toBe("123.456789");
    expect(copies(card)).toEqual({ "📋 Точная сумма": "123.456789", "📋 Адрес депозита": tx.addressFrom, "📋 Мемо": tx.extraFrom });
    expect(rows(card)[1]).toEqual([{ text: "📋 Мемо", copy_text: { text: tx.extraFrom } }]);
    expect(card.text).toContain(tx.extraFrom!);
    // The figure the card shows in Russian form elsewhere is copied as a wallet reads it.
    expect(new Decimal(user.copy(card, "Точная сумма")).equals(tx.amountFrom)).toBe(true);

    const waiting = await historyCard(user);
    expect(copies(waiting.card)).toEqual({ "📋 Точная сумма": "123.456789", "📋 Адрес депозита": tx.addressFrom, "📋 Мемо": tx.extraFrom });
  });

  it("leave out a value too long for a copy button (a memo of 300 characters) and keep the others; the card still shows it", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9704, first_name: "Cy", language_code: "en" });
    const summary = await toSummary(user, XRP_SWAP);
    const memo = "7".repeat(MAX_COPY_TEXT + 44);
    world.app.sandbox!.faults.inject(
      { kind: "status", status: 200, body: xrpDeposit({ amount: "100", memo }) },
      { endpoint: "getTransactionInfo", times: 1_000 },
    );
    await user.click(summary, /Confirm/);
    const card = await user.nextMessage();
    const tx = await exchangeOf(world, 9704);
    expect(tx.extraFrom).toBe(memo);
    expect(card.text).toContain(memo);
    expect(copies(card)).toEqual({ [COPY_AMOUNT]: "100", [COPY_ADDRESS]: XRP_DEPOSIT });
    expect(world.tg.failedCalls()).toEqual([]);
  });

  it("come with the deposit details that arrive after the person left, and on the card the tracker delivers after an outage", async () => {
    world = await startWorld({}, { timeline: { waiting: 20 * 60_000 } });
    const user = world.tg.user({ id: 9705, first_name: "Di", language_code: "en" });
    const summary = await toSummary(user, XRP_SWAP);
    // The first read gives the address without its memo: nothing to copy yet.
    world.app.sandbox!.faults.inject(
      { kind: "status", status: 200, body: xrpDeposit({ amount: "100", memo: null }) },
      { endpoint: "getTransactionInfo", times: 1 },
    );
    await user.click(summary, /Confirm/);
    const incomplete = await user.nextMessage();
    expect(incomplete.text).toContain("has not given the deposit memo yet");
    expect(copies(incomplete)).toEqual({});
    await user.click(incomplete, "Leave");
    await world.app.idle();
    const tx = await drive(
      world.clock,
      waitFor(
        async () => {
          const found = (await world!.app.repos.transactions.listByUser(9705, 1))[0]!;
          return found.extraFrom ? found : undefined;
        },
        60_000,
        "the tracker to learn the memo",
      ),
      { stepMs: 5_000 },
    );
    const ready = await drive(
      world.clock,
      waitFor(() => user.messages().find((m) => m.text?.includes("deposit details of exchange")), 60_000, "the deposit details"),
      { stepMs: 5_000, maxMs: 5 * 60_000 },
    );
    expect(copies(ready)).toEqual({ [COPY_AMOUNT]: "100", [COPY_ADDRESS]: tx.addressFrom, [COPY_MEMO]: tx.extraFrom });
    // The card the person left is brought up to date with them, copy buttons included.
    await world.app.idle();
    expect(copies(current(world, incomplete))).toEqual({ [COPY_AMOUNT]: "100", [COPY_ADDRESS]: tx.addressFrom, [COPY_MEMO]: tx.extraFrom });

    // Another exchange, Confirmed while Telegram is down: the tracker delivers its card, with them.
    user.catchUp();
    const again = await toSummary(user, { from: "btc btc", to: "usdt trx", amount: "0.00123456", address: TRON_ADDRESS });
    world.tg.outage(world.clock.now() + 10_000, { error_code: 502, description: "Bad Gateway" });
    await user.click(again, /Confirm/);
    const second = await waitFor(
      async () => {
        const [latest] = await world!.app.repos.transactions.listByUser(9705, 1);
        return latest!.exchangeId !== tx.exchangeId && latest!.addressFrom ? latest : undefined;
      },
      5_000,
      "the second exchange",
    );
    const card = await drive(
      world.clock,
      waitFor(
        () => user.messages().find((m) => m.text?.includes(second.addressFrom!) && m.text.includes("Exchange created")),
        60_000,
        "the owed card",
      ),
      { stepMs: 1_000, maxMs: 5 * 60_000 },
    );
    // Delivered by the tracker: the flow's own sends all met the outage.
    expect(
      world.tg.failedCalls().filter((call) => call.method === "sendMessage" && !call.response.ok && call.response.error_code === 502)
        .length,
    ).toBeGreaterThan(0);
    expect(copies(card)).toEqual({ [COPY_AMOUNT]: "0.00123456", [COPY_ADDRESS]: second.addressFrom });
  });
});

describe("copy buttons, as built", () => {
  const t = translatorOf(
    createI18n(() => Promise.resolve(undefined)),
    undefined,
  );
  const base = {
    status: "waiting",
    networkFrom: "btc",
    addressFrom: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    extraFrom: null,
    amountFrom: "0.1",
  } as unknown as TransactionRecord;

  it("copy the amount as the card writes it: every digit, a dot, no grouping, no exponent", () => {
    for (const [stored, copied] of [
      ["0.12345678", "0.12345678"],
      ["12345.6789", "12345.6789"],
      ["1e-8", "0.00000001"],
      ["2500", "2500"],
      // One zero more where three decimals would read as a thousands group: the same number.
      ["650.123", "650.1230"],
    ] as const) {
      const value = depositCopies({ ...base, amountFrom: stored }, undefined)!.amount;
      expect(value).toBe(copied);
      expect(new Decimal(value).equals(stored)).toBe(true);
    }
  });

  it("offer nothing for an exchange that is not waiting, a deposit that lacks its memo, or no address; and leave out an address over 256 characters", () => {
    for (const status of ["confirming", "finished", "overdue", "failed"])
      expect(copyButtonRows(t, { ...base, status }, undefined)).toEqual([]);
    expect(copyButtonRows(t, { ...base, networkFrom: "xrp" }, undefined)).toEqual([]); // needs a memo, has none
    expect(copyButtonRows(t, { ...base, extraFrom: null }, true)).toEqual([]); // the catalogue says it needs one
    expect(copyButtonRows(t, { ...base, addressFrom: null }, undefined)).toEqual([]);
    expect(copyButtonRows(t, { ...base, status: "Waiting" }, undefined)).toHaveLength(1);
    const long = "a".repeat(MAX_COPY_TEXT + 1);
    expect(copyButtonRows(t, { ...base, addressFrom: long }, undefined)).toEqual([[{ text: COPY_AMOUNT, copy_text: { text: "0.1" } }]]);
    const exactly = "a".repeat(MAX_COPY_TEXT);
    expect(copyButtonRows(t, { ...base, addressFrom: exactly }, undefined)[0]).toHaveLength(2);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { type StoredMessage, waitFor } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { buttons, offerButtons, summaryFrom, toAddress, toOffers } from "../../harness/flow.js";

/**
 * Amounts as people read them, through the real bot: rounded where a figure is for reading,
 * exact where it is to send or confirm, in the separators of the person's language.
 */

const TRON_ADDRESS = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";
const NBSP = "\u00A0";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** The numbered offer lines of an offers list ("2. exolix: 11,961.2 USDT (TRX) (-0.35%) · floating rate"). */
function offerLines(message: StoredMessage): string[] {
  return (message.text ?? "").split("\n").filter((line) => /^\d+\. /.test(line));
}

describe("amounts in English", () => {
  it("rounds what is read, says how far each offer is from the best and the rate, and keeps the amount to send exact", async () => {
    world = await startWorld();
    const alice = world.tg.user({ id: 9101, first_name: "Alice", language_code: "en" });
    const offers = await toOffers(alice, "btc btc", "usdt trx", "0.12345678");
    // The header rounds to 6 significant digits; the receive amounts are grouped with commas.
    expect(offers.text).toContain("0.123457 BTC → USDT (TRX)");
    const lines = offerLines(offers);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) expect(line).toMatch(/: \d{1,2},\d{3}(\.\d{1,2})? USDT \(TRX\)/);
    // The best says nothing; every other offer says how far it is from it.
    expect(lines[0]).not.toMatch(/%\)/);
    for (const line of lines.slice(1)) expect(line).toMatch(/ \(-\d+(\.\d{1,2})?%\) · /);
    const labels = offerButtons(offers);
    expect(labels[0]).toMatch(/^\S+ · \d{1,2},\d{3}(\.\d{1,2})? USDT$/);

    await alice.click(offers, labels[0]!);
    await alice.nextMessage();
    await alice.send(TRON_ADDRESS);
    const summary = await alice.nextMessage();
    // What is sent is what was typed, every digit; the rate is said the way round that is above 1.
    expect(summary.text).toContain("Send: 0.12345678 BTC");
    expect(summary.text).toMatch(/Rate: 1 BTC = \d{2},\d{3}(\.\d)? USDT \(TRX\)/);

    await alice.click(summary, /Confirm/);
    const created = await alice.nextMessage();
    expect(created.html).toContain("Send exactly <code>0.12345678</code> <b>BTC</b> (exact amount, not rounded: tap to copy)");
    // The card's pair line says the same figure (every digit), and about what comes back, rounded.
    expect(created.text).toMatch(/\n0\.12345678 BTC → about \d{2},\d{3}(\.\d{1,2})? USDT \(TRX\)\n/);
  });

  it("shows minimums rounded up and maximums down, so typing either one is accepted", async () => {
    world = await startWorld();
    // As the service may state them: more decimals than an amount can have.
    world.app.sandbox!.setOfferLimits("exolix", { min: "0.00123456789", max: "1.23456789123" });
    /** Taps exolix's offer; returns what comes next. */
    const pickExolix = async (id: number, typed: string): Promise<StoredMessage> =>
      toAddress(world!.tg.user({ id, first_name: "Bob", language_code: "en" }), "btc btc", "eth eth", typed, /^exolix · /);

    const offers = await toOffers(world.tg.user({ id: 9102, first_name: "Bob", language_code: "en" }), "btc btc", "eth eth", "0.5");
    const text = offers.text!.split("\n");
    const exolix = text.findIndex((line) => /^\d+\. exolix:/.test(line));
    expect(exolix).toBeGreaterThanOrEqual(0);
    // Indented under its offer.
    expect(text[exolix + 1]).toBe("    limits: 0.00123457 – 1.23456 BTC");

    // Each figure shown, typed back, is accepted; just past either is refused, with the same figures.
    expect((await pickExolix(9103, "0.00123457")).text).toContain("ETH address on Ethereum");
    expect((await pickExolix(9104, "1.23456")).text).toContain("ETH address on Ethereum");
    expect((await pickExolix(9105, "0.00123456")).text).toContain("exolix accepts from 0.00123457 to 1.23456 BTC; you entered 0.00123456");
    expect((await pickExolix(9106, "1.23457")).text).toContain("exolix accepts from 0.00123457 to 1.23456 BTC; you entered 1.23457");
  });
});

describe("amounts in Russian", () => {
  it("uses a decimal comma and no-break space grouping, and keeps the amount to send copyable as it is", async () => {
    world = await startWorld();
    const ivan = world.tg.user({ id: 9107, first_name: "Иван", language_code: "ru" });
    const offers = await toOffers(ivan, "btc btc", "usdt trx", "0,12345678");
    expect(offers.text).toContain("0,123457 BTC → USDT (TRX)");
    const lines = offerLines(offers);
    for (const line of lines) expect(line).toMatch(new RegExp(`: \\d{1,2}${NBSP}\\d{3}(,\\d{1,2})? USDT \\(TRX\\)`));
    for (const line of lines.slice(1)) expect(line).toMatch(new RegExp(` \\(-\\d+(,\\d{1,2})?${NBSP}%\\) · `));

    const summary = await summaryFrom(ivan, offers, { address: TRON_ADDRESS });
    expect(summary.text).toContain("Отдаёте: 0,12345678 BTC");
    expect(summary.text).toMatch(new RegExp(`Курс: 1 BTC = \\d{2}${NBSP}\\d{3}(,\\d)? USDT \\(TRX\\)`));

    await ivan.click(summary, /Подтвердить/);
    const created = await ivan.nextMessage();
    // Not "0,12345678": the figure is pasted into a wallet as it is.
    expect(created.html).toContain("Отправьте ровно <code>0.12345678</code> <b>BTC</b> (точная сумма");
    const qr = await ivan.nextMessage();

    // Status messages: the deposit every digit, what comes back rounded, in Russian form.
    const exchangeId = /🔁 Обмен (\S+)/.exec(created.text ?? "")![1]!;
    world.app.sandbox!.setScenario(exchangeId, "finished");
    for (let i = 0; i < 9 * 4; i++) {
      await world.clock.advance(15_000);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await world.app.idle();
    const said = ivan
      .messages()
      .filter((m) => m.from_bot && m.message_id > qr.message_id)
      .map((m) => m.text ?? "");
    expect(said.some((text) => text.includes("Ваш депозит 0,12345678 BTC пришёл"))).toBe(true);
    expect(said.some((text) => new RegExp(`Готово: \\d{2}${NBSP}\\d{3}(,\\d{1,2})? USDT \\(TRX\\) отправлены`).test(text))).toBe(true);

    // /history: rounded, in the list and on its button.
    await ivan.send("/history");
    const history = await waitFor(() => ivan.messages().find((m) => m.text?.includes("Ваши обмены")), 5_000, "the history");
    expect(history.text).toContain("• 0,123457 BTC → USDT (TRX)");
    expect(buttons(history)).toContain("1. 0,123457 BTC → USDT (TRX)");
  });
});

describe("amounts in group quotes", () => {
  it("show each offer's distance from the best on a /rate card, rounded", async () => {
    world = await startWorld();
    const member = world.tg.user({ id: 9108, first_name: "Bo", language_code: "en" });
    const group = world.tg.group({ id: -9108, title: "Traders", type: "supergroup", admins: [9108] });
    group.addMember(member);
    await member.send("/rate 1.23456789 eth btc", { chat: group });
    const card = await member.nextMessage({ chat: group });
    expect(card.text).toContain("1.23457 ETH → BTC");
    const lines = offerLines(card);
    expect(lines[0]).toMatch(/^1\. \S+: 0\.\d{4,8} BTC · /);
    expect(lines[0]).not.toMatch(/%\)/);
    expect(lines[1]).toMatch(/^2\. \S+: 0\.\d{4,8} BTC \(-\d+(\.\d{1,2})?%\) · /);
    expect(buttons(card).length).toBeGreaterThan(0);
  });
});

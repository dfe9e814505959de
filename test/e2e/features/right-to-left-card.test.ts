import bidiModule from "bidi-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIDI_MARKS, LRI, PDI, RLM } from "../../../src/bot/bidi.js";
import { parseHtml, type StoredMessage, waitFor } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { toOffers } from "../../harness/flow.js";
import { pressData } from "../../harness/locale-flow.js";

/**
 * Right-to-left text end to end: a Persian user goes through an exchange on the real bot, and the
 * card's values read left to right in one piece. The rules themselves (src/bot/bidi.ts) are
 * tested alone in test/unit/bot/bidi.test.ts.
 */
describe("a Persian user's deposit card", () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(async () => {
    await world.close();
  });

  it("shows the address, amount and id in one piece, with no mark inside what a person copies", async () => {
    const user = world.tg.user({ id: 9601, first_name: "Dara", language_code: "fa" });
    const address = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";
    const offers = await toOffers(user, "btc btc", "usdt trx", "0.05");
    // Each amount, with its currency, reads left to right in one piece: "4,845.88 USDT (TRX)".
    const AMOUNT = String.raw`[\d.,]+ USDT \(TRX\)`;
    // The pair reads right to left: the arrow from what is sent to what is received points left.
    expect(offers.text!.split("\n")[0]).toBe(`${RLM}${LRI}0.05 BTC${PDI} ← ${LRI}USDT (TRX)${PDI}`);
    const offerLines = offers.text!.split("\n").filter((line) => /^\u200f?[\d۰-۹]+\. /.test(line));
    expect(offerLines.length).toBeGreaterThan(0);
    for (const line of offerLines) expect(line).toMatch(new RegExp(`: \u2066${AMOUNT}\u2069`));
    await pressData(user, offers, /:o:0$/);
    await user.nextMessage();
    await user.send(address);
    const summary = await user.nextMessage();
    expect(summary.text).toContain(`${LRI}0.05 BTC${PDI}`);
    expect(summary.text).toMatch(new RegExp(`\u2066${AMOUNT}\u2069`));
    await pressData(user, summary, /:ok$/);
    const card = await user.nextMessage();
    const exchangeId = (await world.app.repos.transactions.listByUser(user.id, 1))[0]!.exchangeId;
    const tx = (await world.app.repos.transactions.find(exchangeId))!;

    const codes = entitiesOf(card, "code");
    // The deposit address, the receiving address and the exchange id: each a whole <code> entity, nothing else in it.
    expect(codes).toEqual(expect.arrayContaining([tx.addressFrom, address, exchangeId]));
    for (const code of codes) expect(code).not.toMatch(BIDI_MARKS);
    // Inside right-to-left text the marks sit just outside each entity; an entity alone on its line needs none.
    for (const entity of card.entities!.filter((e) => e.type === "code")) {
      const before = card.text![entity.offset - 1];
      const after = card.text![entity.offset + entity.length];
      const alone = (before === undefined || before === "\n") && (after === undefined || after === "\n");
      if (!alone) expect([before, after], card.text!.slice(entity.offset, entity.offset + entity.length)).toEqual([LRI, PDI]);
    }
    // The amount to send is isolated too (it is not in a <code> element here).
    expect(card.text).toMatch(/\u20660\.05\u2069/);
    expect(parseHtml(card.html!).text.length).toBeGreaterThan(0);
  });
});

function entitiesOf(message: StoredMessage, type: string): string[] {
  return (message.entities ?? []).filter((e) => e.type === type).map((e) => message.text!.slice(e.offset, e.offset + e.length));
}

/**
 * How an app lays a line out: the Unicode bidi algorithm (bidi-js, an implementation of UAX #9),
 * the paragraph's direction from its first strong character, as Telegram's apps take it. Returns
 * whether the line reads right to left, and its characters in display order, left to right.
 */
// A CommonJS module whose only export is the factory; its types describe it as `default`.
const bidi = (bidiModule as unknown as typeof bidiModule.default)();
function displayed(line: string): { rightToLeft: boolean; shown: string } {
  const levels = bidi.getEmbeddingLevels(line, "auto");
  return { rightToLeft: levels.paragraphs[0]!.level % 2 === 1, shown: bidi.getReorderedString(line, levels) };
}

/** A swap's line as a Persian reader sees it: right to left, what is received to the left of what is sent. */
function expectSwapReadsRightToLeft(line: string, sent: string, received: string): void {
  const { rightToLeft, shown } = displayed(line);
  expect(rightToLeft, line).toBe(true);
  expect(shown.indexOf(sent), shown).toBeGreaterThan(shown.indexOf(received));
  expect(shown.indexOf(received), shown).toBeGreaterThanOrEqual(0);
}

describe("a Persian user's swap lines, as the Unicode bidi algorithm shows them (issue 40)", () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(async () => {
    await world.close();
  });

  it("the offers' header, /history's lines and buttons, and the inline summary read right to left: 0.05 BTC first, from the right", async () => {
    const user = world.tg.user({ id: 9602, first_name: "Sima", language_code: "fa" });
    const offers = await toOffers(user, "btc btc", "usdt trx", "0.05");
    expectSwapReadsRightToLeft(offers.text!.split("\n")[0]!, "0.05 BTC", "USDT (TRX)");

    await pressData(user, offers, /:o:0$/);
    await user.nextMessage();
    await user.send("TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj");
    await pressData(user, await user.nextMessage(), /:ok$/);
    await user.nextMessage();
    // The deposit's QR code comes after the card: /history once everything is in.
    await world.app.idle();
    const before = user.messages().length;
    await user.send("/history");
    const history = await waitFor(
      () =>
        user
          .messages()
          .slice(before)
          .find((m) => m.from_bot && m.reply_markup !== undefined),
      10_000,
      "the history",
    );
    const lines = history.text!.split("\n").filter((line) => line.includes("BTC"));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expectSwapReadsRightToLeft(line, "BTC", "USDT");
    const labels = history
      .reply_markup!.inline_keyboard.flat()
      .map((b) => b.text)
      .filter((text) => text.includes("BTC"));
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expectSwapReadsRightToLeft(label, "BTC", "USDT");

    const answer = await user.inlineAnswer(await user.inlineQuery("0.5 btc eth"));
    const title = (answer.results[0] as { title: string }).title;
    expectSwapReadsRightToLeft(title, "0.5 BTC", "ETH");
  });
});

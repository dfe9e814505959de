import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIDI_MARKS, LRI, PDI } from "../../../src/bot/bidi.js";
import { parseHtml, type StoredMessage } from "../../../src/emulator/index.js";
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
    expect(offers.text!.split("\n")[0]).toBe(`${LRI}0.05 BTC${PDI} ← ${LRI}USDT (TRX)${PDI}`);
    const offerLines = offers.text!.split("\n").filter((line) => /^[\d۰-۹]+\. /.test(line));
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

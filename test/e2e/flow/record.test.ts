import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { buttons, typeFrom } from "../../harness/flow.js";

/**
 * What the flow keeps of each step in its stored record (read and written back on every update
 * of the flow): only what a replay needs, not the whole messages Telegram echoes back nor every
 * field of each currency shown.
 */
let world: TestWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.close();
});

describe("the flow's stored record", () => {
  it("keeps of a sent message only its id, chat and date, and of a currency only what the flow shows", async () => {
    const user = world.tg.user({ id: 7100, first_name: "Rec", language_code: "en" });
    const second = await typeFrom(user, "btc btc");
    expect(second.text).toContain("You send BTC");
    await world.app.idle();
    const stored = await world.app.repos.kv.get(`conv:${user.id}`);
    expect(stored).toBeDefined();
    const record = JSON.stringify(stored);
    // The bot's own description, the keyboards and the texts Telegram echoed back stay out.
    expect(record).not.toContain("reply_markup");
    expect(record).not.toContain('is_bot":true');
    expect(record).not.toContain("You send BTC");
    // Currencies keep symbol, network, name and memo flag; their picture and explorer links stay out.
    expect(record).toContain('"fullname":"Bitcoin"');
    expect(record).not.toContain("image");
    expect(record).not.toContain("explorer");

    // And the flow goes on from that record: a tap on the second picker moves to the amount.
    await user.click(second, buttons(second).find((b) => b.startsWith("USDT"))!);
    const next = await user.nextMessage();
    expect(next.text).toMatch(/amount|How much/i);
  });

  it("goes on from a record written whole, as before the slim form: its currencies' links and messages' texts are read and ignored", async () => {
    const user = world.tg.user({ id: 7101, first_name: "Old", language_code: "en" });
    const second = await typeFrom(user, "btc btc");
    await world.app.idle();
    const key = `conv:${user.id}`;
    // Put back what the record used to hold: each currency's picture and explorer, each sent message whole.
    const whole = JSON.parse(JSON.stringify(await world.app.repos.kv.get(key)), (_name, value: unknown) => {
      if (typeof value !== "object" || value === null) return value;
      const v = value as Record<string, unknown>;
      if (typeof v.symbol === "string" && typeof v.fullname === "string")
        return { ...v, image: "https://example.org/coin.svg", explorer: "https://example.org/tx/" };
      if (typeof v.message_id === "number" && typeof v.chat === "object")
        return { ...v, from: { id: 1, is_bot: true, first_name: "Bot" }, text: "old text", reply_markup: { inline_keyboard: [] } };
      return value;
    }) as unknown;
    expect(JSON.stringify(whole)).toContain("example.org/coin.svg");
    await world.app.repos.kv.set(key, whole);

    await user.click(second, buttons(second).find((b) => b.startsWith("USDT"))!);
    const next = await user.nextMessage();
    expect(next.text).toMatch(/amount|How much/i);
    await user.send("0.05");
    const offers = await user.nextMessage();
    expect(offers.text).toMatch(/offer|provider/i);
  });
});

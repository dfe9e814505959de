import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, type TestWorld } from "./harness/app.js";
import { buttons } from "./harness/flow.js";

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
    await user.send("/exchange");
    await user.nextMessage();
    await user.send("btc btc");
    const second = await user.nextMessage();
    expect(second.text).toContain("You send BTC");
    await world.app.idle();
    const stored = await world.app.repos.kv.get(`conv:${user.id}`);
    expect(stored).toBeDefined();
    const record = JSON.stringify(stored);
    // The bot's own description, the keyboards and the texts Telegram echoed back stay out.
    expect(record).not.toContain("reply_markup");
    expect(record).not.toContain("is_bot\":true");
    expect(record).not.toContain("You send BTC");
    // Currencies keep symbol, network, name and memo flag; their picture and explorer links stay out.
    expect(record).toContain("\"fullname\":\"Bitcoin\"");
    expect(record).not.toContain("image");
    expect(record).not.toContain("explorer");

    // And the flow goes on from that record: a tap on the second picker moves to the amount.
    await user.click(second, buttons(second).find((b) => b.startsWith("USDT"))!);
    const next = await user.nextMessage();
    expect(next.text).toMatch(/amount|How much/i);
  });
});

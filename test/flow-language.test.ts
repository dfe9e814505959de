import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "../src/emulator/index.js";
import { startWorld, type TestWorld } from "./harness/app.js";
import { buttons, offerButtons, toAmount } from "./harness/flow.js";

/** One bot for the whole file; each test is a different user. */
let world: TestWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.close();
});

/** /language, then the button of `name` ("Русский", "English"): answered with the change. */
async function chooseLanguage(user: TestUser, name: string): Promise<void> {
  await user.send("/language");
  const picker = await user.nextMessage();
  const query = await user.click(picker, new RegExp(name));
  await user.callbackAnswer(query);
}

describe("the flow's language", () => {
  it("is the person's choice, not their Telegram app's, at every step: prompts, hints, offers", async () => {
    const user = world.tg.user({ id: 9101, first_name: "Vera", language_code: "en" });
    await chooseLanguage(user, "Русский");
    const amount = await toAmount(user, "btc btc", "usdt trx");
    expect(amount.text).toContain("Сколько");
    await user.send("abc");
    expect((await user.nextMessage()).text).toContain("Не могу прочитать это как число");
    await user.send("0.05");
    const offers = await user.nextMessage();
    expect(offerButtons(offers).length).toBeGreaterThan(0);
    expect(buttons(offers)).toContain("🔄 Обновить");
    await user.click(offers, offerButtons(offers)[0]!);
    expect((await user.nextMessage()).text).toContain("Отправьте адрес");
  });

  it("changes in the middle of a flow: its next step speaks the new one", async () => {
    const user = world.tg.user({ id: 9102, first_name: "Olga", language_code: "ru" });
    const amount = await toAmount(user, "btc btc", "usdt trx");
    expect(amount.text).toContain("Сколько");
    await chooseLanguage(user, "English");
    await user.send("abc");
    expect((await user.nextMessage()).text).toContain("That is not a number I can read");
    await user.send("0.05");
    const offers = await user.nextMessage();
    expect(buttons(offers)).toContain("🔄 Refresh");
  });
});

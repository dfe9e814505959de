import { afterEach, describe, expect, it } from "vitest";
import { NAMES_FRESH_MS } from "../../../src/bot/features/trust.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { createViaFlow, startExchange } from "../../harness/flow.js";

/** The anti-phishing phrase on every deposit address, and /verify against fake accounts. */
let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const STAFF = 9301;

describe("the anti-phishing phrase", () => {
  it("once set, is on every message that shows a deposit address, never on support's view; removed, it is gone", async () => {
    const w = (world = await startWorld({ SUPPORT_USER_IDS: String(STAFF) }));
    const user = w.tg.user({ id: 9302, first_name: "Pia", language_code: "en" });
    await user.send("/phrase");
    expect((await user.nextMessage()).text).toContain("You have no anti-phishing phrase yet");

    const typed = await user.send("/phrase  blue   otter <42> ");
    const saved = await user.nextMessage();
    expect(saved.text).toContain("Every message that shows a deposit address now includes blue otter <42>");
    // Its message is gone from the chat; the phrase is kept as typed (spaces collapsed).
    expect(user.messages().some((m) => m.message_id === typed)).toBe(false);
    expect((await w.app.repos.users.find(9302))!.phrase).toBe("blue otter <42>");

    const { exchangeId, card } = await createViaFlow(user);
    expect(card.text).toContain("🔐 Your phrase: blue otter <42>");
    expect(card.text!.indexOf("Your phrase")).toBeLessThan(card.text!.indexOf("Send exactly"));
    const qr = user.lastMessage()!;
    expect(qr.caption).toContain("🔐 Your phrase: blue otter <42>");

    await user.send(`/status ${exchangeId}`);
    expect((await user.nextMessage()).text).toContain("🔐 Your phrase: blue otter <42>");

    const staff = w.tg.user({ id: STAFF, first_name: "Sam", language_code: "en" });
    await staff.send(`/lookup ${exchangeId}`);
    const lookup = await staff.nextMessage();
    expect(lookup.text).toContain(exchangeId);
    expect(lookup.text).not.toContain("blue otter");

    await user.send("/phrase off");
    expect((await user.nextMessage()).text).toContain("Your anti-phishing phrase is removed.");
    await user.send(`/status ${exchangeId}`);
    expect((await user.nextMessage()).text).not.toContain("Your phrase");
  });

  it("stays off what people are told to forward to support, and the messages that carry it say so", async () => {
    const w = (world = await startWorld({ SUPPORT_USER_IDS: String(STAFF) }));
    const user = w.tg.user({ id: 9311, first_name: "Eve", language_code: "en" });
    await user.send("/phrase quiet heron");
    const saved = (await user.nextMessage()).text!;
    expect(saved).toContain("Never forward a message that shows it");
    expect(saved).toContain("🧾 For support");
    const { card } = await createViaFlow(user);
    // Where it is shown, it says not to pass it on, and what to forward instead.
    expect(card.text).toContain(
      "🔐 Your phrase: quiet heron\nDo not forward this message or show the phrase to anyone, support included: for support, tap 🧾 For support.",
    );
    expect(user.lastMessage()!.caption).toContain("Do not forward this message");
    await user.click(card, "🧾 For support");
    const receipt = (await user.nextMessage()).text!;
    expect(receipt).not.toContain("quiet heron");
    expect(receipt).toContain("It never holds your anti-phishing phrase");
    // Staff ask for that message, not the card.
    const staff = w.tg.user({ id: STAFF, first_name: "Sam", language_code: "en" });
    await staff.send("/lookup nosuchid123");
    expect((await staff.nextMessage()).text).toContain("ask for its 🧾 For support message");

    const ru = w.tg.user({ id: 9312, first_name: "Ира", language_code: "ru" });
    await ru.send("/phrase тихая цапля");
    expect((await ru.nextMessage()).text).toContain("Никогда не пересылайте сообщение с ней");
  });

  it("in Russian, and a phrase too short or a command is refused with the flow left as it was", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9303, first_name: "Оля", language_code: "ru" });
    await startExchange(user);
    await user.send("/phrase ab");
    expect((await user.nextMessage()).text).toContain("Фраза должна быть длиной от 3 до 40 символов");
    await user.send("/phrase /start");
    expect((await user.nextMessage()).text).toContain("Фраза должна быть длиной от 3 до 40 символов");
    expect((await w.app.repos.users.find(9303))!.phrase).toBeNull();
    await user.send("/phrase синий кит");
    expect((await user.nextMessage()).text).toContain("теперь содержит синий кит");
    // The exchange being set up goes on.
    await user.send("btc btc");
    expect((await user.nextMessage()).text).toContain("BTC");
    await user.send("/phrase");
    expect((await user.nextMessage()).text).toContain("Ваша антифишинговая фраза: синий кит");
  });
});

describe("/verify", () => {
  it("tells this bot and support staff (by their Telegram id's current username) from anyone else, in English and Russian; /start and /help say it", async () => {
    const w = (world = await startWorld({ SUPPORT_USER_IDS: `${STAFF}:swap_help_desk,9304` }));
    for (const staff of [
      w.tg.user({ id: STAFF, first_name: "Sam", username: "swap_help_desk" }),
      w.tg.user({ id: 9304, first_name: "Tom", username: "tom_support", language_code: "en" }),
    ]) {
      await staff.send("/start"); // Telegram tells the bot about a person who has written to it
      await staff.nextMessage();
    }

    const user = w.tg.user({ id: 9305, first_name: "Ann", language_code: "en" });
    await user.send("/start");
    expect((await user.nextMessage()).text).toContain("Our support never writes first and never asks for keys or seed phrases");
    await user.send("/help");
    expect((await user.nextMessage()).text).toContain("/verify @name");

    const ask = async (text: string) => {
      await user.send(text);
      return (await user.nextMessage()).text ?? "";
    };
    expect(await ask(`/verify @${w.tg.botInfo.username}`)).toContain(`@${w.tg.botInfo.username} is this bot`);
    expect(await ask("/verify @SWAP_help_desk")).toContain("is one of our support staff");
    expect(await ask("/verify https://t.me/tom_support")).toContain("@tom_support is one of our support staff");
    const fake = await ask("/verify @swap_support_official");
    expect(fake).toContain("@swap_support_official is not this bot and not our support");
    expect(fake).toContain("never writes first");
    expect(await ask("/verify")).toContain("/verify @name");

    const ivan = w.tg.user({ id: 9306, first_name: "Иван", language_code: "ru" });
    await ivan.send("/start");
    expect((await ivan.nextMessage()).text).toContain("Наша поддержка никогда не пишет первой");
    await ivan.send("/verify @swap_support_official");
    expect((await ivan.nextMessage()).text).toContain("не этот бот и не наша поддержка");
  });

  it("answers from what Telegram says now: a name the bot gave up is no longer this bot", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9308, first_name: "Ned", language_code: "en" });
    const ask = async (text: string) => {
      await user.send(text);
      return (await user.nextMessage()).text ?? "";
    };
    expect(await ask("/verify @swap_test_bot")).toContain("@swap_test_bot is this bot");
    // The owner renames the bot; anyone may register the old name now.
    w.tg.renameBot("swap_renamed_bot");
    await w.clock.advance(NAMES_FRESH_MS);
    expect(await ask("/verify @swap_test_bot")).toContain("@swap_test_bot is not this bot and not our support");
    const now = await ask("/verify @swap_renamed_bot");
    expect(now).toContain("@swap_renamed_bot is this bot");
    expect(now).toContain("Telegram confirmed it just now");
  });

  it("goes by the staff member's Telegram id: a configured username they gave up is no longer support", async () => {
    const w = (world = await startWorld({ SUPPORT_USER_IDS: `${STAFF}:swap_help_desk,9309:never_wrote` }));
    const staff = w.tg.user({ id: STAFF, first_name: "Sam", username: "swap_help_desk", language_code: "en" });
    await staff.send("/start");
    await staff.nextMessage();
    const user = w.tg.user({ id: 9310, first_name: "Kim", language_code: "en" });
    const ask = async (text: string) => {
      await user.send(text);
      return (await user.nextMessage()).text ?? "";
    };
    const confirmed = await ask("/verify @swap_help_desk");
    expect(confirmed).toContain("@swap_help_desk is one of our support staff");
    expect(confirmed).toContain("Telegram confirmed it just now");
    // Staff Telegram cannot tell the bot about (they never wrote to it) are not vouched for by a configured name.
    expect(await ask("/verify @never_wrote")).toContain("is not this bot and not our support");

    w.tg.renameUser(STAFF, "sam_elsewhere");
    await w.clock.advance(NAMES_FRESH_MS);
    expect(await ask("/verify @swap_help_desk")).toContain("@swap_help_desk is not this bot and not our support");
    expect(await ask("/verify @sam_elsewhere")).toContain("@sam_elsewhere is one of our support staff");
  });

  it("answers in a group too", async () => {
    const w = (world = await startWorld());
    const admin = w.tg.user({ id: 9307, first_name: "Ada", language_code: "en" });
    const group = w.tg.group({ id: -1009307, title: "Club", type: "supergroup", admins: [9307] });
    group.addMember(admin);
    await admin.send("/verify @fake_swap_bot", { chat: group });
    expect((await admin.nextMessage({ chat: group })).text).toContain("@fake_swap_bot is not this bot");
  });
});

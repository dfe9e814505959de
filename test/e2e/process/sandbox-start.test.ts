import { afterEach, describe, expect, it } from "vitest";
import { commandLanguage, LOCALES } from "../../../src/bot/i18n.js";
import { startWorld, type TestWorld } from "../../harness/app.js";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("the bot on the embedded sandbox", () => {
  it("starts without an exchange key, says so in the log and in every message", async () => {
    world = await startWorld({}, { embeddedSandbox: true });
    expect(world.app.sandbox).toBeDefined();
    expect(world.logs.some((l) => /SANDBOX/.test(l.msg))).toBe(true);
    const alice = world.tg.user({ id: 1001, first_name: "Alice", language_code: "en" });
    await alice.send("/start");
    const welcome = await alice.nextMessage();
    expect(welcome.text).toContain("Welcome, Alice!");
    expect(welcome.text).toContain("Sandbox exchange");
  });

  it("speaks Russian to a Russian Telegram client, sandbox note included", async () => {
    world = await startWorld();
    const ivan = world.tg.user({ id: 1002, first_name: "Иван", language_code: "ru" });
    await ivan.send("/start");
    const welcome = await ivan.nextMessage();
    expect(welcome.text).toContain("Здравствуйте, Иван!");
    expect(welcome.text).toContain("песочница");
  });

  it("registers the command menus per scope and language", async () => {
    world = await startWorld({ SUPPORT_USER_IDS: "42" });
    const en = world.tg.commands({ type: "all_private_chats" });
    const ru = world.tg.commands({ type: "all_private_chats" }, "ru");
    expect(en.map((c) => c.command)).toContain("exchange");
    expect(ru.find((c) => c.command === "exchange")?.description).toBe("Начать обмен");
    expect(world.tg.commands({ type: "all_group_chats" }).map((c) => c.command)).toEqual(["rate", "verify"]);
    expect(world.tg.commands({ type: "all_chat_administrators" }, "ru").map((c) => c.command)).toEqual(["rate", "verify", "settings"]);
    expect(en.map((c) => c.command)).toEqual(expect.arrayContaining(["phrase", "verify"]));
    expect(world.tg.commands({ type: "chat", chat_id: 42 }).map((c) => c.command)).toContain("lookup");
  });

  it("registers a command menu in every language, under Telegram's two-letter codes (pt for pt-BR, zh for zh-Hans)", async () => {
    world = await startWorld();
    expect(world.logs.filter((l) => /command menu/.test(l.msg))).toEqual([]);
    const english = world.tg.commands({ type: "all_private_chats" });
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const code = commandLanguage(locale)!;
      expect(code).toMatch(/^[a-z]{2}$/);
      const menu = world.tg.commands({ type: "all_private_chats" }, code);
      expect(
        menu.map((c) => c.command),
        locale,
      ).toEqual(english.map((c) => c.command));
      // In the language itself: no description is left in English.
      for (const [i, command] of menu.entries())
        expect(command.description, `${locale} /${command.command}`).not.toBe(english[i]!.description);
      expect(world.tg.commands({ type: "all_chat_administrators" }, code).map((c) => c.command)).toEqual(["rate", "verify", "settings"]);
    }
    expect(commandLanguage("pt-BR")).toBe("pt");
    expect(commandLanguage("zh-Hans")).toBe("zh");
    expect(commandLanguage("en")).toBeUndefined();
  });
});

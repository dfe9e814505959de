import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n, LOCALES, localeOfUser, supportedLocale } from "../../../src/bot/i18n.js";
import { parseHtml, type TestUser, waitFor } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { buttons, chooseOffer, offerButtons, toAmount } from "../../harness/flow.js";
import { pressData } from "../../harness/locale-flow.js";

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
    expect((await chooseOffer(user, offers)).text).toContain("Отправьте адрес");
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

describe("the language of a Telegram app", () => {
  it("is matched by its language, whatever its region or script; stored choices keep working", () => {
    const cases: Record<string, string | undefined> = {
      en: "en",
      "en-US": "en",
      ru: "ru",
      "ru-RU": "ru",
      pt: "pt-BR",
      "pt-br": "pt-BR",
      "pt-BR": "pt-BR",
      "pt-PT": "pt-BR",
      pt_BR: "pt-BR",
      zh: "zh-Hans",
      "zh-hans": "zh-Hans",
      "zh-Hans": "zh-Hans",
      "zh-CN": "zh-Hans",
      "zh-SG": "zh-Hans",
      "zh-hant": "zh-Hans",
      "zh-TW": "zh-Hans",
      "zh-HK": "zh-Hans",
      fa: "fa",
      "fa-IR": "fa",
      uk: "uk",
      "uk-UA": "uk",
      id: "id",
      in: "id",
      "id-ID": "id",
      es: "es",
      "es-419": "es",
      "es-MX": "es",
      tr: "tr",
      "tr-TR": "tr",
      vi: "vi",
      "vi-VN": "vi",
      de: undefined,
      "": undefined,
      "x-klingon": undefined,
      // A made-up code naming a property every object has is no language either.
      constructor: undefined,
      __proto__: undefined,
      toString: undefined,
    };
    for (const [code, locale] of Object.entries(cases)) expect(supportedLocale(code), code).toBe(locale);
    expect(supportedLocale(null)).toBeUndefined();
    for (const locale of LOCALES) expect(supportedLocale(locale)).toBe(locale);
    expect(localeOfUser({ language: "ru", telegramLanguage: "pt-br" })).toBe("ru");
    expect(localeOfUser({ language: null, telegramLanguage: "zh-hans" })).toBe("zh-Hans");
    expect(localeOfUser({ language: null, telegramLanguage: "de" })).toBe("en");
  });

  it("speaks each language to a person whose app is set to it, regional forms included", async () => {
    const i18n = createI18n(() => Promise.resolve(undefined));
    const apps: [string, string][] = [
      ["pt-br", "pt-BR"],
      ["zh-hans", "zh-Hans"],
      ["es-419", "es"],
      ["fa", "fa"],
      ["uk", "uk"],
      ["in", "id"],
      ["vi", "vi"],
      ["tr", "tr"],
    ];
    for (const [i, [code, locale]] of apps.entries()) {
      const user = world.tg.user({ id: 9200 + i, first_name: "Kim", language_code: code });
      await user.send("/start");
      const welcome = await user.nextMessage();
      expect(welcome.text, code).toContain(parseHtml(i18n.t(locale, "start-welcome", { name: "Kim" })).text);
    }
  });
});

describe("/language", () => {
  const i18n = createI18n(() => Promise.resolve(undefined));
  const visible = (locale: string, key: string) => parseHtml(i18n.t(locale, key)).text;

  it("lists the languages in their own names, a page at a time, the person's own marked; the choice is kept", async () => {
    const user = world.tg.user({ id: 9301, first_name: "Ana", language_code: "pt-br" });
    await user.send("/language");
    const picker = await user.nextMessage();
    const first = buttons(picker);
    expect(first).toEqual(["English", "Русский", "Español", "✅ Português (Brasil)", "Türkçe", "فارسی", "‹", "1/2", "›"]);
    expect(picker.reply_markup!.inline_keyboard.map((row) => row.length)).toEqual([2, 2, 2, 3]);
    await user.callbackAnswer(await user.click(picker, "›"));
    await waitFor(() => buttons(picker).includes("简体中文"));
    expect(buttons(picker)).toEqual(["Українська", "Bahasa Indonesia", "Tiếng Việt", "简体中文", "‹", "2/2", "›"]);
    await user.callbackAnswer(await user.click(picker, "简体中文"));
    await waitFor(() => picker.text?.startsWith(visible("zh-Hans", "language-changed")));
    expect((await world.app.repos.users.find(user.id))!.language).toBe("zh-Hans");
    // Opened again: on the page of the chosen language, marked.
    await user.send("/language");
    const again = await user.nextMessage();
    expect(again.text).toContain(visible("zh-Hans", "language-pick"));
    expect(buttons(again)).toContain("✅ 简体中文");
    // Every callback is Telegram-sized.
    for (const button of again.reply_markup!.inline_keyboard.flat())
      expect(Buffer.byteLength((button as { callback_data: string }).callback_data)).toBeLessThanOrEqual(64);
  });

  it("keeps a choice stored before there were ten languages, and the buttons of an old picker", async () => {
    const user = world.tg.user({ id: 9302, first_name: "Yuri", language_code: "en" });
    await user.send("/start");
    await user.nextMessage();
    await world.app.repos.users.setLanguage(user.id, "ru");
    await user.send("/help");
    expect((await user.nextMessage()).text).toContain(visible("ru", "help-text").slice(0, 40));
    // A picker sent by the version before: its buttons say "lang:en".
    await user.send("/language");
    const picker = await user.nextMessage();
    await pressData(user, picker, /^lang:en$/);
    await waitFor(() => picker.text?.startsWith(visible("en", "language-changed")));
    expect((await world.app.repos.users.find(user.id))!.language).toBe("en");
  });
});

describe("inline mode", () => {
  it("answers in the language of the person typing: their choice, else their app's", async () => {
    const i18n = createI18n(() => Promise.resolve(undefined));
    const user = world.tg.user({ id: 9501, first_name: "In", language_code: "id" });
    const title = async () => ((await user.inlineAnswer(await user.inlineQuery("0.5 btc"))).results[0] as { title: string }).title;
    expect(await title()).toBe(i18n.t("id", "inline-hint-title"));
    await world.app.repos.users.touch({ id: user.id, firstName: "In", languageCode: "id" });
    await world.app.repos.users.setLanguage(user.id, "uk");
    expect(await title()).toBe(i18n.t("uk", "inline-hint-title"));
  });
});

describe("a group's language", () => {
  it("is set by an admin from the same paged list, and every answer in the group speaks it", async () => {
    const i18n = createI18n(() => Promise.resolve(undefined));
    const admin = world.tg.user({ id: 9401, first_name: "Ad", language_code: "en" });
    const group = world.tg.group({ id: -9401, title: "G", type: "supergroup", admins: [9401] });
    group.addMember(admin);
    await admin.send("/settings", { chat: group });
    const settings = await admin.nextMessage({ chat: group });
    expect(buttons(settings)).toEqual([
      "✅ Everyone",
      "Admins only",
      "✅ English",
      "Русский",
      "Español",
      "Português (Brasil)",
      "Türkçe",
      "فارسی",
      "‹",
      "1/2",
      "›",
    ]);
    await admin.callbackAnswer(await admin.click(settings, "›"));
    await waitFor(() => buttons(settings).includes("Tiếng Việt"));
    await admin.callbackAnswer(await admin.click(settings, "Tiếng Việt"));
    await waitFor(() => buttons(settings).includes("✅ Tiếng Việt"));
    expect(settings.text).toContain(parseHtml(i18n.t("vi", "settings-title")).text);
    await admin.send("/rate", { chat: group });
    const usage = await admin.nextMessage({ chat: group });
    expect(usage.text).toContain(parseHtml(i18n.t("vi", "rate-usage")).text);
  });
});

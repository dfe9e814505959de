/**
 * Issue 23's "done": a person whose Telegram is set to each new language goes through /start, an
 * exchange, the deposit card, a status message and /history without seeing English.
 *
 * "English" here: three or more words in a row of the English text of any message in en.ftl
 * (its literal text: no values, no commands, no <code> examples, no all-capital symbols such
 * as BTC or UTC), found anywhere in what the person was shown: texts, captions, buttons,
 * callback answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../../src/bot/i18n.js";
import { type StoredMessage, type TestUser, waitFor } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { toOffers } from "../../harness/flow.js";
import { literalPieces, paths, patternOf, readLocale } from "../../harness/fluent.js";
import { pressData } from "../../harness/locale-flow.js";

/** The Telegram app's language_code for a locale (Telegram's apps send pt-br and zh-hans). */
const appLanguage = (locale: string) => locale.toLowerCase();
const NEW_LOCALES = LOCALES.filter((l) => l !== "en" && l !== "ru");

/** Runs of words: letters and apostrophes, broken by anything else (numbers, punctuation, emoji, all-capital symbols). */
function wordRuns(text: string): string[][] {
  return text
    .replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, "")
    .split(/[^\p{L}'’ ]+/u)
    .map((run) => run.split(" ").filter((w) => w !== ""))
    .flatMap((words) => {
      // A symbol (BTC, UTC, KYC) is a value, not a word: it breaks the run.
      const runs: string[][] = [[]];
      for (const w of words) {
        if (/^\p{Lu}{2,}$/u.test(w)) runs.push([]);
        else runs.at(-1)!.push(w.toLowerCase().replace(/’/g, "'"));
      }
      return runs;
    });
}

/** Every three words in a row of `text`. */
function triples(text: string): string[] {
  return wordRuns(text).flatMap((run) => run.slice(2).map((_, i) => run.slice(i, i + 3).join(" ")));
}

/** Three-word fragments of the English messages' own text. */
function englishFragments(): Set<string> {
  const english = readLocale("en");
  const fragments = new Set<string>();
  for (const path of paths(english)) {
    for (const piece of literalPieces(patternOf(english, path))) {
      const text = piece
        .replace(/<code>[\s\S]*?<\/code>/g, " · ")
        .replace(/<[^>]*>/g, "")
        .replace(/\/[a-z_]+/g, " · ");
      for (const triple of triples(text)) fragments.add(triple);
    }
  }
  return fragments;
}

/** Everything a person was shown in their chat: texts, captions, button labels. */
function shown(user: TestUser): string[] {
  return user
    .messages()
    .filter((m) => m.from_bot)
    .flatMap((m) => [m.text ?? "", m.caption ?? "", ...(m.reply_markup?.inline_keyboard ?? []).flat().map((b) => b.text)])
    .filter((text) => text !== "");
}

/**
 * The most significant digits of any figure in `text` outside its <code> elements (the exact
 * amount to send and the ids are there): a figure is digits with the separators a language
 * writes inside numbers, not touching letters or an ellipsis (the digits of an address, or of a hash shortened
 * as a746e826dd…09605792, are no figure).
 */
function mostSignificantDigits(message: StoredMessage): number {
  let text = message.text ?? message.caption ?? "";
  for (const entity of [...(message.entities ?? [])].reverse()) {
    if (entity.type === "code" || entity.type === "pre")
      text = text.slice(0, entity.offset) + " · " + text.slice(entity.offset + entity.length);
  }
  const figures = text.match(/(?<![\p{L}\p{N}\u2026])\p{N}(?:[\p{N}.,\u00a0\u202f\u066b\u066c ]*\p{N})?(?![\p{L}\p{N}\u2026])/gu) ?? [];
  return Math.max(0, ...figures.map((figure) => figure.replace(/\P{N}/gu, "").replace(/^0+|0+$/g, "").length));
}

/** Waits for a button with this callback data on `message` (a screen filled in when its quote comes). */
async function withButton(message: StoredMessage, data: RegExp): Promise<StoredMessage> {
  await waitFor(
    () => (message.reply_markup?.inline_keyboard ?? []).flat().some((b) => "callback_data" in b && data.test(b.callback_data ?? "")),
    5_000,
    `a button ${String(data)}`,
  );
  return message;
}

let world: TestWorld;
const fragments = englishFragments();
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.close();
});

describe("English as this test reads it", () => {
  it("is found in English text, and not in the same text's values or commands", () => {
    expect(fragments.size).toBeGreaterThan(1000);
    const found = (text: string) => triples(text).filter((t) => fragments.has(t));
    expect(found("📬 The deposit details of exchange abc are here.")).toContain("the deposit details");
    expect(found("Envía exactamente 0.05 BTC en Bitcoin a esta dirección: Very Long Provider")).toEqual([]);
    expect(found("/exchange — /history — /export")).toEqual([]);
  });
});

describe.each(NEW_LOCALES)("a person whose Telegram is set to %s", (locale) => {
  it("goes through /start, an exchange, the deposit card, a status message and /history without seeing English", async () => {
    const user = world.tg.user({ id: 9700 + NEW_LOCALES.indexOf(locale), first_name: "Sam", language_code: appLanguage(locale) });
    const answers: string[] = [];
    const press = async (message: StoredMessage, data: RegExp) => {
      const answer = await user.callbackAnswer(await pressData(user, await withButton(message, data), data));
      if (answer.text) answers.push(answer.text);
    };

    await user.send("/start");
    await user.nextMessage();
    const offers = await withButton(await toOffers(user, "btc btc", "usdt trx", "0.05"), /:o:0$/);
    const offersShown = structuredClone(offers); // as it read before the tap (it may be edited after)
    await press(offers, /:o:0$/);
    await user.nextMessage();
    await user.send("TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj");
    const summary = await withButton(await user.nextMessage(), /:ok$/);
    const summaryShown = structuredClone(summary);
    await press(summary, /:ok$/);
    const card = await user.nextMessage();
    await user.nextMessage(); // the QR code
    const exchangeId = (await world.app.repos.transactions.listByUser(user.id, 1))[0]!.exchangeId;
    const codes = (card.entities ?? []).filter((e) => e.type === "code").map((e) => card.text!.slice(e.offset, e.offset + e.length));
    expect(codes).toContain(exchangeId);
    // The amount to send, exact and as a person copies it (no separators of the language).
    expect(codes).toContain("0.05");

    // The deposit arrives: a status message.
    world.app.sandbox!.steer(exchangeId, "deposit-arrived");
    await world.app.tracker.refresh(exchangeId);
    const status = await user.nextMessage();
    expect(status.text).toContain(exchangeId);
    await press(card, /^cr:/);

    await user.send("/history");
    const history = await user.nextMessage();
    expect(history.text).toContain(exchangeId);

    // Amounts read as people read them: the service's 4845.88692097 USDT is rounded to six
    // significant digits on the offers, the summary and the status message.
    for (const screen of [offersShown, summaryShown, status]) expect(mostSignificantDigits(screen), screen.text).toBeLessThanOrEqual(6);

    const english = [...shown(user), ...answers].flatMap((text) =>
      triples(text)
        .filter((t) => fragments.has(t))
        .map((t) => `"${t}" in: ${text.slice(0, 80)}`),
    );
    expect(english).toEqual([]);
  });
});

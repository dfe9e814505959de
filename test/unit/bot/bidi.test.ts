import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exactAmount, Localized, percentFromBest, receivable } from "../../../src/bot/amounts.js";
import {
  BIDI_MARKS,
  FSI,
  isolateValues,
  isRtlLocale,
  LRI,
  markVariables,
  PDI,
  RLM,
  RTL_LOCALES,
  startLinesRightToLeft,
} from "../../../src/bot/bidi.js";
import { createI18n, LOCALES, LOCALES_DIR } from "../../../src/bot/i18n.js";
import { paths, patternOf, readLocale, selectorsOf, variablesOf } from "../../harness/fluent.js";

/**
 * The right-to-left rules of src/bot/bidi.ts alone: values isolated in Persian text, never inside
 * what a person copies, and every message of each right-to-left locale rendered with left-to-right
 * values. A Persian user's card on the real bot: test/e2e/features/right-to-left-card.test.ts.
 */

/** Formats like Fluent would (each `{name}` replaced by its value), then isolates. */
function render(template: string, values: Record<string, string>): string {
  const marked = markVariables(values)!;
  return isolateValues(template.replace(/\{(\w+)\}/g, (_, name: string) => marked[name] as string));
}

/** The contents of every <code>/<pre> element. */
function codeContents(html: string): string[] {
  return [...html.matchAll(/<(code|pre)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]!);
}

describe("left-to-right values in right-to-left text", () => {
  it("isolates values outside <code>, and puts the marks of a <code> element outside it", () => {
    // Values next to each other, a space apart ("0.5 BTC"), are one isolate: they read left to right in one piece.
    expect(render("بفرستید <b>{amount} {currency}</b>", { amount: "0.5", currency: "BTC" })).toBe(`بفرستید <b>${LRI}0.5 BTC${PDI}</b>`);
    expect(render("{min} – {max} {from}", { min: "1", max: "2", from: "BTC" })).toBe(`${LRI}1${PDI} – ${LRI}2 BTC${PDI}`);
    expect(render("آدرس: <code>{address}</code>.", { address: "TXLAQ63Xg1" })).toBe(`آدرس: ${LRI}<code>TXLAQ63Xg1</code>${PDI}.`);
    // A value that is right-to-left text itself (a translated status, a name) keeps its own direction.
    expect(render("وضعیت: {status}", { status: "در انتظار" })).toBe(`وضعیت: ${FSI}در انتظار${PDI}`);
    // "@name" stays one mention.
    expect(render("@{name} این ربات است", { name: "swap_bot" })).toBe(`${LRI}@swap_bot${PDI} این ربات است`);
    // A value that is a whole <code> element (the receipt's): nothing inside the element.
    const receipt = render("شناسه {id}", { id: "<code>abc-1</code>" });
    expect(codeContents(receipt)).toEqual(["abc-1"]);
    // No marks in a link's address.
    expect(render('<a href="{url}">x</a>', { url: "https://e.x/1" })).toBe('<a href="https://e.x/1">x</a>');
  });

  it("isolates amounts (src/bot/amounts.ts), written in the locale's form, with the currency beside them", () => {
    const i18n = createI18n(() => Promise.resolve(undefined));
    expect(i18n.t("fa", "summary-receive", { amount: receivable("4845.8869"), currency: "USDT" })).toBe(
      `${RLM}دریافت تقریبی: <b>${LRI}4,845.88 USDT${PDI}</b>`,
    );
    expect(i18n.t("fa", "offer-versus-best", { percent: percentFromBest("99.2", "100")! })).toBe(`${RLM}(${LRI}\u200e−0.8%${PDI})`);
    // Never inside what a person copies.
    expect(i18n.t("fa", "created-send", { amount: exactAmount("0.05"), currency: "BTC", network: "BTC" })).toContain(
      `${LRI}<code>0.05</code>${PDI}`,
    );
    // Other languages get no marks.
    expect(i18n.t("ru", "summary-receive", { amount: receivable("4845.8869"), currency: "USDT" })).not.toMatch(BIDI_MARKS);
  });

  it("isolates commands with their left-to-right arguments, not inside <code>", () => {
    expect(isolateValues("/exchange — شروع تبادل")).toBe(`${LRI}/exchange${PDI} — شروع تبادل`);
    expect(isolateValues("/alert 0.5 btc eth 17.2 — هشدار")).toBe(`${LRI}/alert 0.5 btc eth 17.2${PDI} — هشدار`);
    expect(isolateValues("با /history، یا /export.")).toBe(`با ${LRI}/history${PDI}، یا ${LRI}/export${PDI}.`);
    expect(isolateValues("<code>/phrase کلمات</code>")).toBe(`${LRI}<code>/phrase کلمات</code>${PDI}`);
    expect(isolateValues("https://t.me/bot")).toBe("https://t.me/bot");
    expect(isolateValues("(/exchange (USDT))")).toBe(`(${LRI}/exchange${PDI} (USDT))`);
  });

  it("points an arrow between two amounts the reading way: → is not mirrored, so right-to-left text gets ←", () => {
    expect(render("{amount} {from} → {to}", { amount: "0.5", from: "BTC", to: "USDT" })).toBe(`${LRI}0.5 BTC${PDI} ← ${LRI}USDT${PDI}`);
    expect(render("ارسال‌شده: {sent} {from} → دریافت‌شده: {receive} {to}", { sent: "1", from: "BTC", receive: "2", to: "ETH" })).toBe(
      `ارسال‌شده: ${LRI}1 BTC${PDI} ← دریافت‌شده: ${LRI}2 ETH${PDI}`,
    );
    // Only the translation's own arrows: a value's, and a <code> element's, are as they were.
    expect(render("{label} → {to}", { label: "a→b", to: "c" })).toBe(`${LRI}a→b${PDI} ← ${LRI}c${PDI}`);
    expect(isolateValues("<code>a → b</code>")).toBe(`${LRI}<code>a → b</code>${PDI}`);
  });

  it("strips markers a value brings along, so no value can forge one", () => {
    const out = render("<code>{x}</code> {y}", { x: "a\ufdd1b", y: "\ufdd0c" });
    expect(out).not.toMatch(/[\ufdd0\ufdd1]/);
    expect(codeContents(out)).toEqual(["ab"]);
  });
});

const SAMPLE = (name: string, i: number) => `Lv${i}${name.replace(/[^a-z]/gi, "")}x9`;

describe.each(LOCALES.filter((l) => RTL_LOCALES.has(l)))("every %s message, rendered with left-to-right values", (locale) => {
  const i18n = createI18n(() => Promise.resolve(undefined));
  const english = readLocale("en");

  it("writes every arrow of its messages pointing the reading way (←), and other languages keep →", () => {
    expect(isRtlLocale(locale)).toBe(true);
    expect(i18n.t(locale, "history-button", { n: 1, amount: "0.5", from: "BTC", to: "USDT" })).toBe(
      `${RLM}${new Intl.NumberFormat(locale).format(1)}. ${LRI}0.5 BTC${PDI} ← ${LRI}USDT${PDI}`,
    );
    expect(i18n.t("en", "history-button", { n: 1, amount: "0.5", from: "BTC", to: "USDT" })).toBe("1. 0.5 BTC → USDT");
    const withArrows = paths(english).filter((path) => JSON.stringify(patternOf(readLocale(locale), path) ?? "").includes("→"));
    expect(withArrows).toContain("card-pair");
    for (const path of withArrows) {
      const pattern = patternOf(readLocale(locale), path);
      const values = Object.fromEntries(
        [...variablesOf(pattern)].map((name, i) => [name, selectorsOf(pattern).has(name) ? 5 : SAMPLE(name, i)]),
      );
      const html = i18n.t(locale, path, values);
      expect(html, path).not.toContain("→");
      expect(html, path).toContain("←");
    }
  });

  it("selects the variant a string value names (an estimated figure keeps its ≈), though string values are isolated", () => {
    const values = { provider: "exolix", receive: "1", currency: "USDT" };
    expect(i18n.t(locale, "rate-offer-title", { ...values, estimated: "yes" })).toContain("≈");
    expect(i18n.t(locale, "rate-offer-title", { ...values, estimated: "no" })).not.toContain("≈");
  });

  // Every variable, given as a string and as an amount (a Fluent value that writes itself in the message's locale).
  it.each([
    ["string", (text: string) => text],
    ["amount", (text: string) => new Localized("1", () => text)],
  ] as const)("has every %s value isolated, and no mark inside a <code> element", (_kind, valueOf) => {
    const problems: string[] = [];
    for (const path of paths(english)) {
      const translated =
        (existsSync(join(LOCALES_DIR, `${locale}.ftl`)) ? patternOf(readLocale(locale), path) : undefined) ?? patternOf(english, path);
      const numbers = new Set([...selectorsOf(translated), ...selectorsOf(patternOf(english, path))]);
      const names = [...new Set([...variablesOf(patternOf(english, path)), ...variablesOf(translated)])];
      const values = Object.fromEntries(names.map((name, i) => [name, numbers.has(name) ? 5 : SAMPLE(name, i)]));
      const html = i18n.t(
        locale,
        path,
        Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === "string" ? valueOf(value) : value])),
      );
      for (const code of codeContents(html)) if (BIDI_MARKS.test(code)) problems.push(`${path}: a mark inside <code>${code}</code>`);
      // Every <code> element has LRI just before it and PDI just after it.
      for (const m of html.matchAll(/<code>[\s\S]*?<\/code>/g)) {
        if (html[m.index - 1] !== LRI || html[m.index + m[0].length] !== PDI) problems.push(`${path}: ${m[0]} is not isolated`);
      }
      for (const [name, value] of Object.entries(values)) {
        if (typeof value !== "string" || !variablesOf(translated).has(name)) continue;
        const at = [...html.matchAll(new RegExp(value, "g"))].map((m) => m.index);
        if (at.length === 0) problems.push(`${path}: $${name} is missing`);
        for (const index of at) {
          const before = html.slice(0, index);
          const after = html.slice(index + value.length);
          const inCode = /<code>$/.test(before) && after.startsWith("</code>");
          // Alone in its isolate, or with other values a space apart ("0.5 BTC").
          const isolated = /\u2066@?(?:@?\w+[ \u00a0]+)*$/.test(before) && /^(?:[ \u00a0]+@?\w+)*\u2069/.test(after);
          if (!inCode && !isolated)
            problems.push(`${path}: $${name} is not isolated: …${before.slice(-12)}[${value}]${after.slice(0, 12)}…`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("each line of a right-to-left message", () => {
  it("starts with a right-to-left mark, but for empty lines and lines that start inside a <code> or <pre> element", () => {
    expect(startLinesRightToLeft("a\n\n<b>b</b>\n<pre>one\ntwo</pre>\n<code>c</code> d")).toBe(
      `${RLM}a\n\n${RLM}<b>b</b>\n${RLM}<pre>one\ntwo</pre>\n${RLM}<code>c</code> d`,
    );
  });
});

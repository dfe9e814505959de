/**
 * No message goes over Telegram's limits in any language, with the longest values it can get:
 * texts 4096 characters (after the HTML is parsed), captions 1024, callback answers 200, command
 * descriptions 3 to 256, button labels short enough for a phone, inline results readable.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderCreationCard, renderReceipt, renderStatusChange, renderTrackingStopped, type Translate } from "../../src/bot/cards.js";
import { renderOutcome } from "../../src/bot/conversations/offers.js";
import { renderQuoteCard } from "../../src/bot/features/quotes.js";
import { graphemeCount } from "../../src/bot/format.js";
import { createI18n, LOCALES, LOCALES_DIR } from "../../src/bot/i18n.js";
import type { TransactionRecord } from "../../src/db/index.js";
import { parseHtml } from "../../src/emulator/index.js";
import { fixFormattedText } from "../../src/emulator/text.js";
import { KNOWN_STATUSES, type Offer } from "../../src/service/schemas.js";
import { paths, patternOf, readLocale, variablesOf } from "../harness/fluent.js";
import { longestValue } from "../harness/samples.js";
import { expressionEnd } from "../harness/source-scan.js";

const SRC = join(LOCALES_DIR, "..", "src");
const i18n = createI18n(() => Promise.resolve(undefined));
const english = readLocale("en");

/** Telegram's limits, and ours where Telegram has none that helps (button labels, inline results). */
const MAX_TEXT = 4096;
const MAX_CAPTION = 1024;
const MAX_CALLBACK_ANSWER = 200;
const MAX_BUTTON = 26;
/**
 * Offers for one pair at most: the code shows every offer the service gives (the sandbox has 7
 * providers); ten, each with the longest values, is the list this test holds to a message.
 */
const OFFERS = 10;
/** A title is one line; the longest values alone (an amount and two currencies) take 84. */
const MAX_INLINE_TITLE = 100;
const MAX_INLINE_DESCRIPTION = 400;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );
}

/** The text a person sees of an HTML message (Telegram's parse, its clean-up). */
function visible(html: string): string {
  const parsed = parseHtml(html);
  return fixFormattedText(parsed.text, parsed.entities)?.text ?? "";
}

/** A message of `locale` with the longest values each of its variables gets. */
function longest(locale: string, path: string): string {
  const names = new Set([
    ...variablesOf(patternOf(english, path)),
    ...(existsSync(join(LOCALES_DIR, `${locale}.ftl`)) ? variablesOf(patternOf(readLocale(locale), path)) : []),
  ]);
  const values: Record<string, string | number> = {};
  for (const name of names) {
    const value = longestValue(i18n, locale, path, name);
    if (value === undefined) throw new Error(`${path}: no longest value for $${name} in test/harness/samples.ts`);
    values[name] = value;
  }
  return i18n.t(locale, path, values);
}

/**
 * The first argument of every call `name(` in the source (to its comma or closing parenthesis at
 * depth 0), with the file it is in.
 */
function firstArguments(name: RegExp): { file: string; arg: string }[] {
  const found: { file: string; arg: string }[] = [];
  for (const file of sourceFiles(join(SRC, "bot"))) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(name)) {
      const end = expressionEnd(source, match.index + match[0].length);
      found.push({ file, arg: source.slice(match.index + match[0].length, end) });
    }
  }
  return found;
}

const keysIn = (code: string) => [...code.matchAll(/\bt\(\s*"([a-zA-Z][\w-]*)"/g)].map((m) => m[1]!);

/**
 * Button labels: every message the code puts into a button (`.text(`, `.url(`, `.copyText(`),
 * found in the code so none is left out; the language names come from a template and are listed here.
 */
function buttonKeys(): Set<string> {
  const keys = new Set<string>(LOCALES.map((l) => `language-name-${l}`));
  for (const { file, arg } of firstArguments(/\.(?:text|url|copyText)\(/g)) {
    for (const key of keysIn(arg)) keys.add(key);
    // A label from a template: only the language names are built that way.
    for (const m of arg.matchAll(/\bt\(\s*`([^`$]*)\$\{/g)) expect(m[1], file).toBe("language-name-");
  }
  for (const path of paths(english)) if (/^(menu|button)-/.test(path)) keys.add(path);
  return keys;
}

/** Callback answers (a toast): whatever the code answers a button with. */
function callbackAnswerKeys(): Set<string> {
  const keys = new Set<string>();
  for (const { arg } of firstArguments(/\banswerCallbackQuery\(|\banswerQuietly\(\s*\w+,\s*/g))
    for (const key of keysIn(arg)) keys.add(key);
  return keys;
}

/**
 * Buttons that are mostly data (an offer: provider, amount, currency; an exchange in /history):
 * what a translation adds to them is checked, not the data, which Telegram shortens on a phone.
 */
const DATA_BUTTONS = new Set(["flow-offer-button", "history-button"]);

/** A message with every variable empty: the words its translation adds. */
function wordsOf(locale: string, path: string): string {
  const values: Record<string, string> = {};
  for (const name of variablesOf(patternOf(english, path))) values[name] = "";
  return i18n.t(locale, path, values);
}

/** Buttons shown with ✅ when chosen: the group's settings and the language lists. */
const MARKED = /^(settings-everyone|settings-admins|language-name-.*)$/;
const CAPTION_KEYS = ["created-qr", "created-qr-memo", "deposit-phrase", "export-caption", "sandbox-notice"];
const INLINE_TITLES = ["inline-summary-title", "inline-hint-title", "inline-unavailable-title", "inline-slow-down-title"];
const INLINE_DESCRIPTIONS = [
  "inline-hint-description",
  "rate-fixed",
  "rate-floating",
  "rate-pair-invalid",
  "rate-below-minimum",
  "rate-queue-full",
  "rate-forbidden",
  "error-unavailable",
  "exchange-unavailable",
];

describe("the lists of where each message goes", () => {
  it("find the buttons and callback answers in the code", () => {
    const buttons = buttonKeys();
    for (const key of [
      "menu-exchange",
      "button-confirm",
      "flow-change-amount",
      "change-memo",
      "settings-admins",
      "rate-exchange-button",
      "alert-exchange-button",
      "flow-no-memo-yes",
      "language-name-fa",
      "button-copy-amount",
      "button-copy-address",
      "button-copy-memo",
    ])
      expect(buttons, key).toContain(key);
    expect(buttons).not.toContain("help-text");
    const answers = callbackAnswerKeys();
    for (const key of [
      "button-expired",
      "refresh-cooldown",
      "inline-slow-down-title",
      "funds-sent-thanks",
      "alerts-removed",
      "addresses-already",
      "settings-admins-only",
    ])
      expect(answers, key).toContain(key);
    for (const key of [...CAPTION_KEYS, ...INLINE_TITLES, ...INLINE_DESCRIPTIONS]) expect(paths(english), key).toContain(key);
  });
});

describe.each(LOCALES)("%s, with the longest values", (locale) => {
  const t: Translate = (key, variables) => i18n.t(locale, key, variables);

  it("has every message as valid HTML within a message's 4096 characters", () => {
    const problems: string[] = [];
    for (const path of paths(english)) {
      try {
        const length = visible(longest(locale, path)).length;
        if (length > MAX_TEXT) problems.push(`${path}: ${length} characters`);
      } catch (error) {
        problems.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("keeps the deposit QR code's caption and the export's within 1024 characters", () => {
    const notice = `\n\n${longest(locale, "sandbox-notice")}`;
    const qr = visible(`${longest(locale, "deposit-phrase")}\n${longest(locale, "created-qr-memo")}${notice}`);
    expect(qr.length).toBeLessThanOrEqual(MAX_CAPTION);
    expect(visible(longest(locale, "export-caption") + notice).length).toBeLessThanOrEqual(MAX_CAPTION);
    for (const key of CAPTION_KEYS) expect(visible(longest(locale, key) + notice).length, key).toBeLessThanOrEqual(MAX_CAPTION);
  });

  it("keeps callback answers within 200 characters, without HTML (a toast shows it as it is)", () => {
    for (const key of callbackAnswerKeys()) {
      const text = longest(locale, key);
      expect(text, key).not.toMatch(/<\/?[a-z]+[^>]*>|&[a-z]+;/);
      expect(text.length, key).toBeLessThanOrEqual(MAX_CALLBACK_ANSWER);
    }
  });

  it("keeps every button label within 26 characters, the ✅ of a chosen one included", () => {
    const problems: string[] = [];
    for (const key of buttonKeys()) {
      const label = `${MARKED.test(key) ? "✅ " : ""}${DATA_BUTTONS.has(key) ? wordsOf(locale, key) : longest(locale, key)}`;
      if (/<|&[a-z]+;/.test(label)) problems.push(`${key}: HTML in a button: ${label}`);
      if (graphemeCount(label) > MAX_BUTTON) problems.push(`${key}: ${graphemeCount(label)} characters: ${label}`);
    }
    expect(problems).toEqual([]);
  });

  it("has command descriptions of 3 to 256 characters, and readable inline results", () => {
    for (const path of paths(english).filter((p) => p.startsWith("command-"))) {
      const description = longest(locale, path).trim();
      expect([...description].length, path).toBeGreaterThanOrEqual(3);
      expect([...description].length, path).toBeLessThanOrEqual(256);
      expect(description, path).not.toMatch(/<\/?[a-z]+[^>]*>/);
    }
    for (const key of INLINE_TITLES) {
      const title = longest(locale, key);
      expect(title, key).not.toMatch(/<\/?[a-z]+[^>]*>/);
      expect(graphemeCount(title), key).toBeLessThanOrEqual(MAX_INLINE_TITLE);
    }
    const provider = longestValue(i18n, locale, "rate-offer-line", "provider") as string;
    expect(graphemeCount(`${provider}: ${longest(locale, "rate-out-of-limits-short")}`)).toBeLessThanOrEqual(MAX_INLINE_TITLE);
    for (const key of INLINE_DESCRIPTIONS) {
      const description = longest(locale, key);
      expect(description, key).not.toMatch(/<\/?[a-z]+[^>]*>/);
      expect(graphemeCount(description), key).toBeLessThanOrEqual(MAX_INLINE_DESCRIPTION);
    }
  });

  it("keeps the longest screens within a message: the creation card, the receipt, a status message, the offers, a quote card", () => {
    const tx = longestExchange();
    const explorers = { from: "https://blockchair.com/bitcoin/transaction/", to: "https://tronscan.org/#/transaction/", depositMemo: true };
    const phrase = "P".repeat(40);
    // The receipt's history names each status in the language.
    const longestStatus = [...KNOWN_STATUSES].sort((a, b) => t(`status-${b}`).length - t(`status-${a}`).length)[0]!;
    const screens: Record<string, string> = {
      "creation card": renderCreationCard(t, tx, explorers, tx.updatedAt, phrase, { repeat: true }),
      receipt: renderReceipt(
        t,
        tx,
        explorers,
        Array.from({ length: 12 }, (_, i) => ({ status: longestStatus, at: tx.createdAt + i })),
      ),
      "status message": renderStatusChange(t, { ...tx, status: "refunded" }, explorers),
      "tracking stopped": renderTrackingStopped(t, { ...tx, trackingStoppedReason: "stalled" }),
      offers: renderOutcome(
        t,
        { kind: "ok", offers: longestOffers(OFFERS), fetchedAt: tx.createdAt, now: tx.createdAt },
        longestSwap(),
        () => ({ text: "", callback_data: "x" }),
      ).text,
      "quote card": renderQuoteCard(t, longestQuery(), {
        offers: longestOffers(3),
        fetchedAt: tx.createdAt,
        basis: "123456789012345.12345678",
      }),
      help: t("help-text"),
    };
    for (const [name, html] of Object.entries(screens))
      expect(visible(`${html}\n\n${t("sandbox-notice")}`).length, name).toBeLessThanOrEqual(MAX_TEXT);
  });
});

function longestOffers(count: number): Offer[] {
  return Array.from({ length: count }, (_, i) => ({
    provider_name: `Very Long Provider Name Exchange${i}`.slice(0, 32),
    exchange_type: i % 2 === 0 ? "fixed" : "floating",
    amount: "123456789012345.12345678",
    min_amount: "123456789012345.12345678",
    max_amount: "123456789012345.12345678",
    // As the service writes them: each is translated, and the translations are what must fit.
    tags: ["Recommended", "Best Rate", "AI Best Rate", "Best In KYC"],
  }));
}

function longestSwap() {
  return {
    from: { symbol: "usdt0bridged", network: "arbitrum-nova", name: "x", memo: false },
    to: { symbol: "usdt0bridged", network: "arbitrum-nova", name: "x", memo: true },
    amount: "123456789012345.12345678",
  } as never;
}

function longestQuery() {
  return {
    from: { symbol: "usdt0bridged", network: "arbitrum-nova" },
    to: { symbol: "usdt0bridged", network: "arbitrum-nova" },
    amount: "123456789012345.12345678",
    defaulted: [],
  } as never;
}

function longestExchange(): TransactionRecord {
  const at = Date.UTC(2026, 10, 22, 12);
  return {
    rowId: 1,
    exchangeId: "exolix-floating-" + "0".repeat(48),
    userId: 1,
    chatId: 1,
    symbolFrom: "usdt0bridged",
    networkFrom: "xlm",
    symbolTo: "usdt0bridged",
    networkTo: "arbitrum-nova",
    amountFrom: "123456789012345.12345678",
    amountTo: "123456789012345.12345678",
    addressTo: "a".repeat(100),
    extraTo: "9".repeat(64),
    addressFrom: "b".repeat(100),
    extraFrom: "8".repeat(64),
    addressRefund: "r".repeat(100),
    hashFrom: "f".repeat(64),
    hashTo: "e".repeat(64),
    provider: "Very Long Provider Name Exchange",
    rateType: "floating",
    status: "waiting",
    createdAt: at,
    updatedAt: at,
    statusChangedAt: at,
    nextPollAt: null,
    fundsSentAt: null,
    cardMessageId: null,
    notifiedStatus: null,
    pendingNotice: null,
    refreshedAt: null,
    errorCount: 0,
    notFoundCount: 0,
    leasedUntil: null,
    trackingStoppedAt: at,
    trackingStoppedReason: "stalled",
  } as unknown as TransactionRecord;
}

/**
 * Values to render every message with: the longest each variable plausibly gets (for Telegram's
 * limits), by the variable's name. A variable with no sample here fails the tests that use
 * them: a new variable must say how long it can get.
 */
import type { I18n } from "@grammyjs/i18n";
import type { BaseContext } from "../../src/bot/context.js";

/** What a translated variable can be at its longest: one of these messages, whichever renders longest. */
const TRANSLATED: Record<string, string[]> = {
  status: [
    "status-waiting",
    "status-confirming",
    "status-exchanging",
    "status-sending",
    "status-finished",
    "status-failed",
    "status-refunded",
    "status-overdue",
  ],
  type: ["rate-fixed", "rate-floating"],
  // slow-what-to-do names the card's button to tap.
  button: ["button-receipt"],
};

const HASH = "f".repeat(64);

/** The longest plausible value of each string variable, as the code passes it (HTML-escaped). */
const LONGEST: Record<string, string> = {
  // Addresses: the longest the address check lets through is about 100 characters.
  address: "a".repeat(100),
  refund: "r".repeat(100),
  id: "exolix-floating-" + "0".repeat(48),
  reference: "0123456789abcdef".repeat(2),
  memo: "9".repeat(64),
  provider: "Very Long Provider Name Exchange",
  refused: "Very Long Provider Name Exchange",
  amount: "123456789012345.12345678",
  receive: "123456789012345.12345678",
  received: "123456789012345.12345678",
  quoted: "123456789012345.12345678",
  sent: "123456789012345.12345678",
  target: "123456789012345.12345678",
  was: "123456789012345.12345678",
  example: "123456789012345.12345678",
  min: "123456789012345.12345678",
  max: "123456789012345.12345678",
  from: "USDT0 (ARBITRUM-NOVA-BRIDGE)",
  to: "USDT0 (ARBITRUM-NOVA-BRIDGE)",
  currency: "USDT0 (ARBITRUM-NOVA-BRIDGE)",
  symbol: "USDT0BRIDGEDTOKEN",
  network: "Arbitrum Nova Bridge Network (L2)",
  token: "USDT0BRIDGEDTOKEN",
  // Telegram: first names up to 64 characters, usernames up to 32.
  name: "N".repeat(64),
  username: "u".repeat(32),
  label: "L".repeat(24),
  phrase: "P".repeat(40),
  query: "q".repeat(64) + "…",
  input: "1".repeat(32) + "…",
  language: "zh-Hans",
  // A moment, as src/bot/format.ts writes it: Telegram's date-time entity around its UTC text.
  time: `<tg-time unix="1795000000" format="dt">2026-11-22 12:05 UTC</tg-time>`,
  since: `<tg-time unix="1795000000" format="dt">2026-11-22 12:05 UTC</tg-time>`,
  until: `<tg-time unix="1795000000" format="dt">2026-11-22 12:05 UTC</tg-time>`,
  raw: "x".repeat(32),
  // status-unknown: a status the service sent that the bot does not know.
  status: "x".repeat(32),
  // A service's error message, cut to 300 characters where the code shows one.
  reason: "e".repeat(300),
  detail: "d".repeat(300),
  link: `<a href="https://blockchair.com/bitcoin/transaction/${HASH}">${HASH.slice(0, 10)}…${HASH.slice(-8)}</a>`,
  hashIn: `<code>${HASH}</code>`,
  hashOut: `<code>${HASH}</code>`,
  exchanges:
    "waiting 99999, confirming 99999, exchanging 99999, sending 99999, finished 99999, failed 99999, refunded 99999, overdue 99999",
  // The offers' distance from the best (offer-versus-best around a percent) and the summary's rate.
  percent: "-99.99 %",
  versus: " (-99.99 %)",
  rate: "123456789012345.12345678",
  base: "USDT0 (ARBITRUM-NOVA-BRIDGE)",
  quote: "USDT0 (ARBITRUM-NOVA-BRIDGE)",
  // rate-offer-title's selector: its longer form.
  estimated: "yes",
  // received-vs-quote's selector: a longer form.
  direction: "more",
};

/** Variables passed as numbers, at their largest plausible values. */
const NUMBERS: Record<string, number> = {
  count: 9999,
  seconds: 3600,
  minutes: 60,
  later: 99_999,
  days: 365,
  position: 999,
  rank: 20,
  decimals: 18,
  page: 999,
  pages: 999,
  n: 20,
  users: 9_999_999,
  create: 9999,
  user: 9999,
  poll: 9999,
  catalogue: 9999,
  alert: 9999,
  limited: 9999,
  tracked: 99_999,
  due: 99_999,
};

/** Variables that are numbers in one message and amounts (strings) in others. */
const NUMBER_IN: Record<string, string[]> = {
  min: ["phrase-invalid"],
  max: ["phrase-invalid", "addresses-ask-label", "addresses-ask-rename", "addresses-label-invalid", "addresses-full", "alert-too-many"],
};

export function isNumberVariable(path: string, name: string): boolean {
  if (NUMBER_IN[name]) return NUMBER_IN[name].includes(path);
  return name in NUMBERS;
}

/** The longest plausible value of `name` in message `path`, in `locale`; undefined for a variable we know nothing of. */
export function longestValue(i18n: I18n<BaseContext>, locale: string, path: string, name: string): string | number | undefined {
  if (isNumberVariable(path, name)) return name === "min" ? 3 : name === "max" ? 40 : NUMBERS[name];
  const translated = TRANSLATED[name];
  if (translated && path !== "status-unknown") {
    return translated.map((key) => i18n.t(locale, key)).reduce((a, b) => (b.length > a.length ? b : a));
  }
  return LONGEST[name];
}

import { describe, expect, it } from "vitest";
import {
  amount,
  copyable,
  exactAmount,
  localizeDecimal,
  maximum,
  minimum,
  percentFromBest,
  rateOf,
  receivable,
  roundAmount,
  typableAmount,
} from "../../../src/bot/amounts.js";
import { createI18n, dotGroupsThousands } from "../../../src/bot/i18n.js";
import { parseAmount } from "../../../src/domain/amount.js";
import { outsideLimits } from "../../../src/exchange/estimates.js";

const NBSP = "\u00A0";
const NARROW = "\u202F";

describe("roundAmount", () => {
  it.each([
    ["4845.88692097", "4845.89"],
    ["4845886.92", "4845887"], // integer digits are never rounded away
    ["12345678901234.56", "12345678901235"],
    ["0.123456789", "0.123457"],
    ["34.2", "34.2"],
    ["1.50000000", "1.5"], // no trailing zeros
    ["1000", "1000"],
    ["0", "0"],
    ["0.00000001", "0.00000001"],
    ["0.000000014", "0.00000001"], // capped at 8 decimals
    ["0.0000000001234567", "0.000000000123457"], // too small for 8 decimals: never 0, 6 significant digits
    ["1e-7", "0.0000001"], // never exponent notation
    ["1e21", "1000000000000000000000"],
  ])("%s → %s (nearest)", (value, shown) => {
    expect(roundAmount(value)).toBe(shown);
  });

  it("rounds minimums up and maximums down", () => {
    expect(roundAmount("0.00123456789", { rounding: "up" })).toBe("0.00123457");
    expect(roundAmount("0.00123450001", { rounding: "up" })).toBe("0.00123451");
    expect(roundAmount("1.23456789", { rounding: "down" })).toBe("1.23456");
    expect(roundAmount("1.23456989", { rounding: "nearest" })).toBe("1.23457");
    expect(roundAmount("1.23456989", { rounding: "down" })).toBe("1.23456");
    expect(roundAmount("0.5", { rounding: "up" })).toBe("0.5"); // exact figures stay as they are
  });

  it("caps at the currency's decimals", () => {
    expect(roundAmount("2.123456", { decimals: 2 })).toBe("2.12");
    expect(roundAmount("0.004", { decimals: 2 })).toBe("0.004"); // not to 0: significant digits kept
    expect(roundAmount("1234.5678", { decimals: 0, rounding: "up" })).toBe("1235");
  });

  it("shows a typed minimum that is accepted, and a typed maximum that is too", () => {
    const offer = { min_amount: "0.00123456789", max_amount: "1.23456789123" };
    const min = parseAmount(roundAmount(offer.min_amount, { rounding: "up" }));
    const max = parseAmount(roundAmount(offer.max_amount, { rounding: "down" }));
    expect(min).toEqual({ ok: true, value: "0.00123457" });
    expect(max).toEqual({ ok: true, value: "1.23456" });
    expect(outsideLimits(offer, min.ok ? min.value : "")).toBeUndefined();
    expect(outsideLimits(offer, max.ok ? max.value : "")).toBeUndefined();
    // Rounded to the nearest, the minimum would be refused.
    expect(outsideLimits({ min_amount: "0.00123456489", max_amount: null }, roundAmount("0.00123456489"))).toBe("below");
  });
});

describe("localizeDecimal", () => {
  it("writes a decimal string exactly, never through a float", () => {
    expect(localizeDecimal("12345678901234.123456789", "en")).toBe("12,345,678,901,234.123456789");
    expect(localizeDecimal("12345678901234.123456789", "ru")).toBe(`12${NBSP}345${NBSP}678${NBSP}901${NBSP}234,123456789`);
    expect(localizeDecimal("0.1", "en")).toBe("0.1");
    expect(localizeDecimal("0.00000001", "ru")).toBe("0,00000001");
  });

  it("uses the locale's separators, in Latin digits", () => {
    expect(localizeDecimal("4845.89", "ru")).toBe(`4${NBSP}845,89`);
    expect(localizeDecimal("4845.89", "uk")).toBe(`4${NBSP}845,89`);
    expect(localizeDecimal("4845.89", "en")).toBe("4,845.89");
    expect(localizeDecimal("4845.89", "zh-Hans")).toBe("4,845.89");
    expect(localizeDecimal("4845.89", "fa")).toMatch(/^4.845.89$/);
    expect(localizeDecimal("4845.89", "fa")).not.toMatch(/[۰-۹٠-٩]/);
    expect(localizeDecimal("1234567.5", "ar")).not.toMatch(/[۰-۹٠-٩]/);
  });

  it("never groups with a dot, which would read back as a decimal point", () => {
    for (const locale of ["es", "pt-BR", "tr", "id", "vi", "de"]) {
      const shown = localizeDecimal("1234567.5", locale);
      expect(shown, locale).toBe(`1${NARROW}234${NARROW}567,5`);
      expect(parseAmount(shown), locale).toEqual({ ok: true, value: "1234567.5" });
    }
    // Each form the locales write is read back as the same amount.
    for (const locale of ["en", "ru", "uk", "zh-Hans", "fa", "es", "pt-BR", "tr", "id", "vi"]) {
      expect(parseAmount(localizeDecimal("1234567.25", locale)), locale).toEqual({ ok: true, value: "1234567.25" });
      expect(parseAmount(localizeDecimal("0.00123457", locale)), locale).toEqual({ ok: true, value: "0.00123457" });
    }
  });

  it("writes an unknown or malformed locale in English", () => {
    expect(localizeDecimal("4845.89", "not a locale!")).toBe("4,845.89");
  });
});

describe("amounts in messages", () => {
  const i18n = createI18n(() => Promise.resolve(null));

  it("take the locale of the message they are placed in", () => {
    expect(i18n.t("en", "summary-receive", { amount: amount("4845.88692097"), currency: "USDT" })).toBe(
      "Receive about: <b>4,845.89 USDT</b>",
    );
    expect(i18n.t("ru", "summary-receive", { amount: amount("4845.88692097"), currency: "USDT" })).toBe(
      `Получите примерно: <b>4${NBSP}845,89 USDT</b>`,
    );
  });

  it("round each way as asked, and keep every digit where asked", () => {
    const t = (value: ReturnType<typeof amount>) => i18n.t("ru", "summary-send", { amount: value, currency: "BTC" });
    expect(t(minimum("0.00123456789"))).toContain("0,00123457 BTC");
    expect(t(maximum("1.23456789123"))).toContain("1,23456 BTC");
    // What a person is to receive never reads as more than the offer.
    expect(t(receivable("0.99999951"))).toContain("0,999999 BTC");
    expect(t(amount("0.99999951"))).toContain("1 BTC");
    expect(t(exactAmount("1234.12345678"))).toContain(`1${NBSP}234,12345678 BTC`);
    expect(t(typableAmount("1234.12345678"))).toContain("1234,12 BTC");
    expect(copyable("0.123456789")).toBe("0.123456789");
  });

  it("write what a person may type back or copy with one reading in every language: a fourth decimal where three would look like a thousands group", () => {
    // 650.123 reads as 650123 where a dot groups thousands, and "650,123" is asked about where a comma is the decimal sign.
    expect(copyable("650.123")).toBe("650.1230");
    expect(copyable("1.234")).toBe("1.2340");
    expect(i18n.t("ru", "summary-send", { amount: typableAmount("650.1234"), currency: "BTC" })).toContain("650,1230 BTC");
    for (const locale of ["ru", "es", "pt-BR", "tr", "id", "vi", "en", "zh-Hans", "fa", "uk"]) {
      const shown = i18n.t(locale, "flow-offer-button", { provider: "p", receive: typableAmount("650.1234"), currency: "BTC" });
      const typed = /([\d.,]+) BTC/.exec(shown.replace(/[\u2066-\u2069]/g, ""))![1]!;
      expect(parseAmount(typed, { dotMayGroupThousands: dotGroupsThousands(locale) }), locale).toEqual({ ok: true, value: "650.123" });
    }
    // Otherwise as it is: no zero added.
    expect(copyable("0.125")).toBe("0.125");
    expect(copyable("1234.567")).toBe("1234.567");
    expect(copyable("1.23")).toBe("1.23");
  });

  it("keep their locale through a change of their text (direction marks)", () => {
    const marked = amount("4845.88692097").map((text) => `\u2066${text}\u2069`);
    expect(i18n.t("ru", "summary-send", { amount: marked, currency: "USDT" })).toContain(`\u20664${NBSP}845,89\u2069 USDT`);
  });

  it("write themselves in English outside a message", () => {
    expect(String(amount("4845.88692097"))).toBe("4,845.89");
  });
});

describe("rateOf", () => {
  it("says the rate the way round that is at least 1, to 6 significant digits", () => {
    const rate = rateOf("0.05", "1.71234567");
    expect(rate?.perSent).toBe(true);
    expect(String(rate?.value)).toBe("34.2469");
    const inverse = rateOf("100", "0.00153");
    expect(inverse?.perSent).toBe(false);
    expect(String(inverse?.value)).toBe("65,359.5");
    expect(rateOf("1", "0")).toBeUndefined();
  });
});

describe("percentFromBest", () => {
  it("is negative for a worse offer, with two significant digits, in the locale's form", () => {
    const diff = percentFromBest("33.926", "34.2")!;
    expect(diff.toString()).toBe("-0.8%");
    const ru = i18n().t("ru", "offer-versus-best", { percent: diff });
    expect(ru).toBe(`(-0,8${NBSP}%)`);
    expect(String(percentFromBest("30", "34.2"))).toBe("-12%");
    expect(String(percentFromBest("34.19", "34.2"))).toBe("-0.03%");
  });

  it("says nothing for the best offer, or one as good", () => {
    expect(percentFromBest("34.2", "34.2")).toBeUndefined();
    expect(percentFromBest("34.1999", "34.2")).toBeUndefined();
  });
});

function i18n() {
  return createI18n(() => Promise.resolve(null));
}

import { describe, expect, it } from "vitest";
import { type AmountProblem, parseAmount } from "../../../src/domain/amount.js";

describe("parseAmount: accepted", () => {
  it.each([
    ["0.5", "0.5"],
    ["0,5", "0.5"],
    [".5", "0.5"],
    [",5", "0.5"],
    ["1 000", "1000"],
    ["1\u00A0000", "1000"], // NBSP
    ["1\u202F000", "1000"], // narrow NBSP
    ["1\u2009000", "1000"], // thin space
    ["1 000,5", "1000.5"],
    ["1,000.50", "1000.5"],
    ["1'000", "1000"],
    ["1\u2019000", "1000"], // the apostrophe a phone keyboard substitutes
    ["  42  ", "42"],
    ["\t0.25\n", "0.25"],
    ["\u00A012\u00A0", "12"],
    ["1,5", "1.5"],
    ["1,50", "1.5"],
    ["1,0000", "1"],
    ["0,500", "0.5"], // a lone 0 before the comma cannot be a thousands group
    ["1234,567", "1234.567"], // four digits before the comma: no grouping possible
    [",500", "0.5"],
    ["5.", "5"],
    ["007", "7"],
    ["00.5", "0.5"],
    ["1.5000", "1.5"],
    ["0.100000000", "0.1"], // trailing zeros beyond the 8 significant decimals are fine
    ["0.00000001", "0.00000001"], // plain notation, never "1e-8"
    ["1000000000", "1000000000"], // exactly the default maximum, never "1e+9"
    ["999999999.99999999", "999999999.99999999"],
    ["123456789.12345678", "123456789.12345678"],
    ["1 000 000", "1000000"],
    ["1\u00A0000\u00A0000,25", "1000000.25"],
    ["1'000'000.125", "1000000.125"],
    ["12 345,678", "12345.678"], // space grouping makes the comma a decimal separator
    ["1,000,000", "1000000"], // two comma groups can only be grouping
    ["1,000,000.5", "1000000.5"],
    ["1 000.", "1000"],
    // Digits and separators of other scripts, as phone keyboards in those languages type them.
    ["\u06F0\u066B\u06F5", "0.5"], // Persian digits, Arabic decimal separator: ۰٫۵
    ["\u0661\u0662\u066B\u0665", "12.5"], // Arabic-Indic digits: ١٢٫٥
    ["\u06F1\u066C\u06F0\u06F0\u06F0", "1000"], // Arabic thousands separator: ۱٬۰۰۰
    ["\u06F1\u06F2\u06F3\u06F4,\u06F5", "1234.5"], // Persian digits with a decimal comma
    ["\u06F0.\u06F0\u06F1", "0.01"],
    ["\uFF10\uFF0E\uFF15", "0.5"], // full-width digits and full stop, as Chinese keyboards may type them
    ["\uFF11\uFF12", "12"],
  ])("%j → %s", (input, value) => {
    expect(parseAmount(input)).toEqual({ ok: true, value });
  });
});

describe("parseAmount: refused", () => {
  it.each<[string, AmountProblem]>([
    ["", "empty"],
    ["   ", "empty"],
    ["\u00A0\n", "empty"],
    ["abc", "not-a-number"],
    ["1.2.3", "not-a-number"],
    ["1 0", "not-a-number"],
    ["0x10", "not-a-number"],
    ["½", "not-a-number"],
    ["Infinity", "not-a-number"],
    ["NaN", "not-a-number"],
    ["5 btc", "not-a-number"], // a trailing currency word is not accepted
    ["5BTC", "not-a-number"],
    ["$5", "not-a-number"],
    ["+5", "not-a-number"],
    [".", "not-a-number"],
    [",", "not-a-number"],
    ["-", "not-a-number"],
    ["--1", "not-a-number"],
    ["1-", "not-a-number"],
    ["1  000", "not-a-number"], // two spaces
    ["1 000 00", "not-a-number"],
    ["10 00", "not-a-number"],
    ["1000 000", "not-a-number"], // first group longer than three digits
    ["1 000'000", "not-a-number"], // mixed group separators
    ["1,000 000", "not-a-number"],
    ["1,00,000", "not-a-number"], // lakh grouping is not supported
    ["1.000,5", "not-a-number"], // dot grouping is not supported
    ["1.000.000", "not-a-number"],
    ["1,000,5", "not-a-number"],
    ["1,000.5.5", "not-a-number"],
    ["1\n000", "not-a-number"],
    ["0.0\u200B1", "not-a-number"], // zero-width space inside
    ["1_000", "not-a-number"],
    ["\u06F1\u066B\u06F0\u066B\u06F0", "not-a-number"], // two decimal separators
    ["\u06F1\u066C\u06F0\u06F0", "not-a-number"], // a group of two
    ["\u06F1,\u06F0\u06F0\u06F0", "ambiguous"], // ۱,۰۰۰ is as ambiguous as 1,000
    ["0", "zero"],
    ["0.000", "zero"],
    ["0,0", "zero"],
    [".0", "zero"],
    ["0 000", "zero"],
    ["-1", "negative"],
    ["\u22121", "negative"], // U+2212 MINUS SIGN
    ["\u20131", "negative"], // en dash, as phone keyboards produce
    ["-0.5", "negative"],
    ["-1,000", "negative"],
    ["1e5", "exponent"],
    ["1E-3", "exponent"],
    ["1.5e3", "exponent"],
    ["1,5e+3", "exponent"],
    [".5e1", "exponent"],
    ["1,000", "ambiguous"],
    ["12,345", "ambiguous"],
    ["999,999", "ambiguous"],
    ["1000000001", "too-large"],
    ["1000000000.00000001", "too-large"],
    ["1 000 000 001", "too-large"],
    ["99999999999999999999999999999999", "too-large"],
  ])("%j → %s", (input, problem) => {
    const result = parseAmount(input);
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ problem });
  });

  it("reports too many decimals with the limit", () => {
    expect(parseAmount("0.123456789")).toEqual({ ok: false, problem: "too-many-decimals", maxDecimals: 8 });
    expect(parseAmount("0,000000001")).toEqual({ ok: false, problem: "too-many-decimals", maxDecimals: 8 });
    expect(parseAmount("1 000,123456789")).toEqual({ ok: false, problem: "too-many-decimals", maxDecimals: 8 });
  });

  it("counts only significant decimals", () => {
    expect(parseAmount("0.12345678000")).toEqual({ ok: true, value: "0.12345678" });
    expect(parseAmount("0.000000000")).toEqual({ ok: false, problem: "zero" });
  });
});

describe("parseAmount: options", () => {
  it("reads a dot before three digits as ambiguous where the person's language groups thousands with it", () => {
    // A thousand in Spanish, Portuguese, Turkish, Indonesian, Vietnamese; one point zero in English.
    for (const input of ["1.000", "12.345", "999.999"]) {
      expect(parseAmount(input, { dotMayGroupThousands: true }), input).toEqual({ ok: false, problem: "ambiguous" });
      expect(parseAmount(input).ok, input).toBe(true);
    }
    expect(parseAmount("1.000")).toEqual({ ok: true, value: "1" });
    // Not three digits, or a lone 0 before the dot: a decimal point either way.
    expect(parseAmount("1.5", { dotMayGroupThousands: true })).toEqual({ ok: true, value: "1.5" });
    expect(parseAmount("0.125", { dotMayGroupThousands: true })).toEqual({ ok: true, value: "0.125" });
    expect(parseAmount("1.0000", { dotMayGroupThousands: true })).toEqual({ ok: true, value: "1" });
  });

  it("honours maxFractionDigits", () => {
    expect(parseAmount("0.123", { maxFractionDigits: 2 })).toEqual({
      ok: false,
      problem: "too-many-decimals",
      maxDecimals: 2,
    });
    expect(parseAmount("0.120", { maxFractionDigits: 2 })).toEqual({ ok: true, value: "0.12" });
    expect(parseAmount("5.0", { maxFractionDigits: 0 })).toEqual({ ok: true, value: "5" });
    expect(parseAmount("5.5", { maxFractionDigits: 0 })).toMatchObject({ problem: "too-many-decimals", maxDecimals: 0 });
    expect(parseAmount("0.123456789012", { maxFractionDigits: 12 })).toEqual({ ok: true, value: "0.123456789012" });
  });

  it("honours maxValue without losing precision", () => {
    expect(parseAmount("100", { maxValue: "100" })).toEqual({ ok: true, value: "100" });
    expect(parseAmount("100.00000001", { maxValue: "100" })).toEqual({ ok: false, problem: "too-large" });
    const huge = "123456789012345678901234567890";
    expect(parseAmount(huge, { maxValue: `1${"0".repeat(40)}` })).toEqual({ ok: true, value: huge });
    expect(parseAmount("0.1", { maxValue: "0.05" })).toEqual({ ok: false, problem: "too-large" });
  });

  it("refuses nonsensical options loudly", () => {
    expect(() => parseAmount("1", { maxFractionDigits: -1 })).toThrow(RangeError);
    expect(() => parseAmount("1", { maxFractionDigits: 1.5 })).toThrow(RangeError);
    expect(() => parseAmount("1", { maxValue: "lots" })).toThrow();
  });
});

describe("parseAmount: output", () => {
  it.each(["0.5", "1 000,5", "0.00000001", "1000000000", "1,000,000.10", "007.50"])(
    "%j gives plain decimal notation without trailing zeros",
    (input) => {
      const result = parseAmount(input);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.value).toMatch(/^(0|[1-9]\d*)(\.\d*[1-9])?$/);
      expect(result.value).not.toMatch(/e/i);
    },
  );

  it("round-trips its own output", () => {
    for (const input of ["0.5", "1 000,5", "1,000.50", "0.00000001", "999999999.99999999"]) {
      const first = parseAmount(input);
      if (!first.ok) throw new Error(`expected ${input} to parse`);
      expect(parseAmount(first.value)).toEqual(first);
    }
  });
});

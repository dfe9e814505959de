import { Decimal } from "decimal.js";
import { MAX_FRACTION_DIGITS } from "../money.js";

/**
 * Reads an amount a person typed into a canonical decimal string.
 *
 * The grammar is deliberately small: digits, at most one decimal separator ("." or ","),
 * and optional thousands grouping in groups of exactly three digits. Digits and separators of
 * other scripts that phone keyboards type (Persian and Arabic-Indic digits, the Arabic decimal
 * and thousands separators, full-width digits) are read as their ASCII counterparts first. Everything else is refused
 * rather than guessed at, because a wrong guess moves someone's money. The value is never passed
 * through Number()/parseFloat, so no precision is lost and nothing turns into an exponent.
 */

export type AmountProblem =
  | "empty"
  | "not-a-number"
  | "zero"
  | "negative"
  | "exponent"
  | "too-many-decimals"
  | "too-large"
  /** "1,000" / "12.345": thousands grouping or decimal separator? Ask the person to write it unambiguously. */
  | "ambiguous";

export type ParsedAmount =
  | { ok: true; value: string /* canonical decimal string, e.g. "0.5", "1000" */ }
  | { ok: false; problem: AmountProblem; maxDecimals?: number };

export type ParseAmountOptions = {
  /** Significant fractional digits allowed; trailing zeros beyond this are fine. Default 8. */
  maxFractionDigits?: number;
  /** Largest accepted value, a decimal string. Default "1000000000". */
  maxValue?: string;
  /**
   * The person's language writes a thousand "1.000" (Spanish, Portuguese, Turkish, Indonesian,
   * Vietnamese...): a dot before exactly three digits is then as ambiguous as a comma is. Default false.
   */
  dotMayGroupThousands?: boolean;
};

const DEFAULT_MAX_VALUE = "1000000000";

/** Minus signs people actually produce: ASCII hyphen-minus, U+2212 minus, hyphens and dashes from phone keyboards. */
const MINUS_SIGNS = new Set(["-", "\u2212", "\u2010", "\u2011", "\u2012", "\u2013", "\uFE63", "\uFF0D"]);

/**
 * Characters accepted as a thousands separator between groups of three digits: space, NBSP,
 * narrow NBSP, thin space, apostrophe (Swiss style) and U+2019, which phones substitute for it,
 * and U+066C ARABIC THOUSANDS SEPARATOR.
 * A comma is also a grouping character, but only in the comma-grouping form below.
 */
const GROUP_SEPARATORS = new Set([" ", "\u00A0", "\u202F", "\u2009", "'", "\u2019", "\u066C"]);

/** Digits with an exponent, to name the problem precisely instead of calling it not-a-number. */
const EXPONENT_FORM = /^(?:\d+(?:[.,]\d*)?|[.,]\d+)[eE][+\-\u2212]?\d+$/;

/** No grouping: "1000", "0.5", ".5", "5.", "0,5", ",5". */
const PLAIN_FORM = /^(\d*)(?:([.,])(\d*))?$/;

/** Comma grouping needs a dot decimal or at least two groups: "1,000.50", "1,000,000". */
const COMMA_GROUPED_FORM = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/;

/** The integer part of "1,000" / "12.345" / "999,999", which could be grouping as much as a decimal separator. */
const AMBIGUOUS_INTEGER = /^[1-9]\d{0,2}$/;

type Normalized = { kind: "number"; integer: string; fraction: string } | { kind: "ambiguous" } | { kind: "invalid" };

export function parseAmount(input: string, options?: ParseAmountOptions): ParsedAmount {
  const maxFractionDigits = options?.maxFractionDigits ?? MAX_FRACTION_DIGITS;
  if (!Number.isInteger(maxFractionDigits) || maxFractionDigits < 0) {
    throw new RangeError(`maxFractionDigits must be a non-negative integer, got ${maxFractionDigits}`);
  }
  const maxValue = new Decimal(options?.maxValue ?? DEFAULT_MAX_VALUE);

  // trim() removes every Unicode space (NBSP, thin space, ...) and line break at the ends.
  const text = toAscii(input.trim());
  if (text === "") return { ok: false, problem: "empty" };

  const first = text[0] ?? "";
  const negative = MINUS_SIGNS.has(first);
  const body = negative ? text.slice(1) : text;

  if (EXPONENT_FORM.test(body)) return { ok: false, problem: "exponent" };

  const normalized = normalize(body, options?.dotMayGroupThousands ?? false);
  if (normalized.kind === "invalid") return { ok: false, problem: "not-a-number" };
  // A minus sign is the bigger problem: report it even when the digits are ambiguous.
  if (negative) return { ok: false, problem: "negative" };
  if (normalized.kind === "ambiguous") return { ok: false, problem: "ambiguous" };

  const fraction = normalized.fraction.replace(/0+$/, "");
  const value = new Decimal(`${normalized.integer || "0"}.${fraction || "0"}`);
  if (value.isZero()) return { ok: false, problem: "zero" };
  if (fraction.length > maxFractionDigits) {
    return { ok: false, problem: "too-many-decimals", maxDecimals: maxFractionDigits };
  }
  if (value.greaterThan(maxValue)) return { ok: false, problem: "too-large" };

  // toFixed() without arguments is plain notation with every digit and no trailing zeros.
  return { ok: true, value: value.toFixed() };
}

/** The first of each ten digits of other scripts: Arabic-Indic, Persian (Extended Arabic-Indic), full-width. */
const ZEROS = [0x0660, 0x06f0, 0xff10];
/** Decimal separators of other scripts: U+066B ARABIC DECIMAL SEPARATOR, full-width full stop and comma. */
const SEPARATORS: Record<string, string> = { "\u066B": ".", "\uFF0E": ".", "\uFF0C": "," };

/** Other scripts' digits and decimal separators as ASCII; everything else as it is. */
function toAscii(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9\uFF10-\uFF19\u066B\uFF0E\uFF0C]/g, (char) => {
    const code = char.charCodeAt(0);
    const zero = ZEROS.find((z) => code >= z && code <= z + 9);
    return zero === undefined ? SEPARATORS[char]! : String(code - zero);
  });
}

/** Splits an unsigned amount into integer and fraction digits, or says why it cannot. */
function normalize(body: string, dotMayGroupThousands: boolean): Normalized {
  const plain = PLAIN_FORM.exec(body);
  if (plain) {
    const integer = plain[1] ?? "";
    const separator = plain[2];
    const fraction = plain[3] ?? "";
    if (integer === "" && fraction === "") return { kind: "invalid" };
    // A single separator is a decimal one ("0,5", "1.5", "1234,567") -- except when it could
    // just as well be a thousands separator: 1-3 digits (not a lone 0), the separator, exactly
    // three digits. "1,000" means 1000 to most English speakers and 1 to most Europeans; "1.000"
    // means 1 in English and 1000 in Spanish, Portuguese, Turkish, Indonesian, Vietnamese...
    // Guessing either way sends a thousand times too much or too little: refused, asked again.
    const mayGroup = separator === "," || (separator === "." && dotMayGroupThousands);
    if (mayGroup && fraction.length === 3 && AMBIGUOUS_INTEGER.test(integer)) {
      return { kind: "ambiguous" };
    }
    return { kind: "number", integer, fraction };
  }

  const spaced = matchSpaceGrouped(body);
  if (spaced) return spaced;

  const commaGrouped = COMMA_GROUPED_FORM.exec(body);
  if (commaGrouped) {
    return { kind: "number", integer: (commaGrouped[1] ?? "").replaceAll(",", ""), fraction: commaGrouped[2] ?? "" };
  }

  return { kind: "invalid" };
}

/**
 * "1 000", "1 000 000,25", "1'000.5": one kind of group separator throughout, groups of three,
 * then either decimal separator. Grouping by space or apostrophe makes a comma unambiguous.
 */
function matchSpaceGrouped(body: string): Normalized | undefined {
  const separatorIndex = body.search(/\D/);
  if (separatorIndex <= 0) return undefined;
  const separator = body[separatorIndex] ?? "";
  if (!GROUP_SEPARATORS.has(separator)) return undefined;

  const escaped = separator === " " ? " " : `\\u{${separator.codePointAt(0)?.toString(16) ?? ""}}`;
  const form = new RegExp(`^(\\d{1,3}(?:${escaped}\\d{3})+)(?:[.,](\\d*))?$`, "u");
  const match = form.exec(body);
  if (!match) return undefined;
  return { kind: "number", integer: (match[1] ?? "").replaceAll(separator, ""), fraction: match[2] ?? "" };
}

import { FluentType } from "@fluent/bundle";
import { Decimal, MAX_FRACTION_DIGITS } from "../money.js";

/**
 * Amounts as people read them: rounded to what matters and written with the separators of the
 * language they read. The value given to a message (`amount(...)` and the others) is a Fluent
 * value that formats itself when the message is rendered, in the locale of the bundle rendering
 * it: every translator (an update's ctx.t, translatorOf outside one) gets amounts in the
 * language of the text they sit in, and no call site needs to know the locale.
 *
 * Rounding happens here, in decimal (decimal.js); Intl.NumberFormat only writes the rounded
 * decimal string, which it takes as a string and formats exactly, never through a float.
 */

/** Digits that matter to a person comparing amounts. */
export const SIGNIFICANT_DIGITS = 6;

/** nearest: amounts; up: minimums (typing what is shown is never below them); down: maximums. */
export type Rounding = "nearest" | "up" | "down";

const MODES: Record<Rounding, Decimal.Rounding> = { nearest: Decimal.ROUND_HALF_UP, up: Decimal.ROUND_UP, down: Decimal.ROUND_DOWN };

export interface RoundOptions {
  rounding?: Rounding;
  /**
   * The most decimals the currency has. The service's catalogue does not say (its currencies
   * carry no precision), so the default is what it accepts in an amount (MAX_FRACTION_DIGITS).
   */
  decimals?: number;
}

/**
 * `value` rounded to SIGNIFICANT_DIGITS significant digits, but never rounding away integer
 * digits (4845886.92 → "4845887") and never with more than `decimals` decimals; a plain decimal
 * string without trailing zeros or exponent. Something too small for the decimals is never
 * shown as 0: it keeps its significant digits.
 */
export function roundAmount(value: string, options: RoundOptions = {}): string {
  const mode = MODES[options.rounding ?? "nearest"];
  const d = new Decimal(value);
  if (d.isZero()) return "0";
  // d.e is the exponent of the first significant digit: 4845.89 → 3, 0.00123 → -3.
  const places = Math.max(0, Math.min(options.decimals ?? MAX_FRACTION_DIGITS, SIGNIFICANT_DIGITS - 1 - d.e));
  const rounded = d.toDecimalPlaces(places, mode);
  return (rounded.isZero() ? d.toSignificantDigits(SIGNIFICANT_DIGITS, mode) : rounded).toFixed();
}

/** A value that Fluent writes in the locale of the message it is placed in. */
export class Localized extends FluentType<string> {
  constructor(
    value: string,
    private readonly write: (locale: string) => string,
  ) {
    super(value);
  }

  /**
   * The same value, its written form passed through `change` (direction marks around it, say).
   * Anything done to an amount's text must go through here: String(amount) is English.
   */
  map(change: (text: string) => string): Localized {
    return new Localized(this.value, (locale) => change(this.write(locale)));
  }

  /** Outside a message (no scope), in English. */
  override toString(scope?: Parameters<FluentType<string>["toString"]>[0]): string {
    return this.write(scope?.bundle.locales[0] ?? "en");
  }
}

/** An amount, rounded to what matters (see roundAmount). */
export function amount(value: string, options: RoundOptions = {}): Localized {
  return decimalIn(roundAmount(value, options));
}

/** An amount a person is to receive, rounded down: the figure shown never promises more than the offer. */
export function receivable(value: string): Localized {
  return amount(value, { rounding: "down" });
}

/** A minimum, rounded up: the figure shown, typed back, is never below it. */
export function minimum(value: string): Localized {
  return amount(value, { rounding: "up" });
}

/** A maximum, rounded down: the figure shown, typed back, is never above it. */
export function maximum(value: string): Localized {
  return amount(value, { rounding: "down" });
}

/**
 * Every digit of `value`, with the locale's separators: for amounts a person typed and must
 * recognize, and records. The amount to send stays raw (see `copyable`).
 */
export function exactAmount(value: string): Localized {
  return decimalIn(new Decimal(value).toFixed());
}

/** An amount rounded as usual but without thousands grouping: an example a person may type back. */
export function typableAmount(value: string): Localized {
  const rounded = unambiguous(roundAmount(value));
  return new Localized(rounded, (locale) => localizeDecimal(rounded, locale, { grouping: false, keepZeros: true }));
}

/**
 * The amount to send, exactly and in no locale's form ("0.12345678"): copied from the message,
 * pasted into a wallet, it must be the very figure. HTML-safe as it is (digits and a dot).
 */
export function copyable(value: string): string {
  return unambiguous(new Decimal(value).toFixed());
}

/**
 * "650.123" → "650.1230": 1 to 3 integer digits and exactly three decimals read as a thousands
 * group where a comma or dot groups thousands (es, pt-BR, tr, id, vi write a thousand "1.000"),
 * and a person typing it back is asked what it means (src/domain/amount.ts). One more zero
 * keeps the value and leaves one reading in every language.
 */
function unambiguous(decimal: string): string {
  return /^[1-9]\d{0,2}\.\d{3}$/.test(decimal) ? `${decimal}0` : decimal;
}

/** The rate between two amounts, said the way round that is at least 1 ("1 BTC = 34.2 ETH"). */
export interface Rate {
  /** Whether it reads 1 of what is sent = `value` of what is received (else the other way round). */
  perSent: boolean;
  value: Localized;
}

/** The rate of sending `sent` for `received`; undefined when either is not above zero. */
export function rateOf(sent: string, received: string): Rate | undefined {
  const send = new Decimal(sent);
  const receive = new Decimal(received);
  if (send.lte(0) || receive.lte(0)) return undefined;
  const perSent = receive.gte(send);
  const ratio = perSent ? receive.div(send) : send.div(receive);
  // A rate is not an amount of one currency: no decimals cap, only significant digits.
  return { perSent, value: amount(ratio.toFixed(), { decimals: Infinity }) };
}

/** Below this (0.01 %) two offers are as good as equal: nothing is said. */
const NEGLIGIBLE = new Decimal("0.0001");

/**
 * How far `value` is from `best`, as a percentage in the locale's form ("-0.8%", "-0,8 %"): two
 * significant digits, at most two decimals. Undefined for the best itself and anything as good.
 */
export function percentFromBest(value: string, best: string): Localized | undefined {
  const top = new Decimal(best);
  if (top.lte(0)) return undefined;
  const ratio = new Decimal(value).minus(top).div(top);
  return ratio.abs().lt(NEGLIGIBLE) ? undefined : percent(ratio);
}

/**
 * What arrived against what was quoted: less, more, or the same (within 0.01 %), and by how much
 * as an unsigned percentage ("0.27%"). Undefined without a quote to compare with.
 */
export function againstQuote(received: string, quoted: string): { direction: "less" | "more" | "same"; percent: Localized } | undefined {
  const quote = new Decimal(quoted);
  if (quote.lte(0)) return undefined;
  const ratio = new Decimal(received).minus(quote).div(quote);
  const direction = ratio.abs().lt(NEGLIGIBLE) ? "same" : ratio.isNegative() ? "less" : "more";
  return { direction, percent: percent(ratio.abs()) };
}

/** A ratio in percent, in the locale's form: 2 significant digits, no more than 2 decimals. */
function percent(ratio: Decimal): Localized {
  const inPercent = ratio.times(100);
  const rounded = inPercent
    .toDecimalPlaces(Math.max(0, Math.min(2, 1 - inPercent.e)), Decimal.ROUND_HALF_UP)
    .div(100)
    .toFixed();
  return new Localized(rounded, (locale) =>
    numberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(rounded as Intl.StringNumericLiteral),
  );
}

function decimalIn(text: string): Localized {
  return new Localized(text, (locale) => localizeDecimal(text, locale));
}

/** U+202F, the narrow no-break space: grouping nobody reads as a decimal point. */
const NARROW_SPACE = "\u202F";

/**
 * A plain decimal string ("4845.89") in the locale's form ("4 845,89"), every digit kept and in
 * Latin digits (people type back what they read). Where the locale groups thousands with a dot
 * (es, pt-BR, tr, id, vi), the groups are set apart by a narrow space instead, as ISO 80000 and
 * those languages' own academies allow: "12.345" typed back would be read as twelve point three.
 */
export function localizeDecimal(value: string, locale: string, options: { grouping?: boolean; keepZeros?: boolean } = {}): string {
  // Trailing zeros go, unless asked to stay (a zero added so that the figure has one reading).
  const minimumFractionDigits = options.keepZeros ? (value.split(".")[1]?.length ?? 0) : 0;
  const format = numberFormat(locale, {
    minimumFractionDigits,
    maximumFractionDigits: 100,
    useGrouping: options.grouping === false ? false : "auto",
  });
  return format
    .formatToParts(value as Intl.StringNumericLiteral)
    .map((part) => (part.type === "group" && part.value === "." ? NARROW_SPACE : part.value))
    .join("");
}

const formats = new Map<string, Intl.NumberFormat>();

/** One formatter per locale and options (a few dozen at most); an unknown locale writes English. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(latinDigits(locale), options);
    if (formats.size < 256) formats.set(key, format);
  }
  return format;
}

function latinDigits(locale: string): string {
  try {
    return new Intl.Locale(locale, { numberingSystem: "latn" }).toString();
  } catch {
    return "en";
  }
}

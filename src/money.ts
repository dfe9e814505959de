import { Decimal } from "decimal.js";

/**
 * Amounts are decimal strings end to end. This module is the one place that turns
 * what the service or a user wrote into a canonical decimal string.
 */

/** The most fractional digits the service accepts in an amount. */
export const MAX_FRACTION_DIGITS = 8;

const DECIMAL_LITERAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Canonical decimal string ("0.05", "1200") from a service value. Numbers arrive when the
 * service drifts from strings; JSON has already parsed them, so their shortest round-trip
 * form is the best reading there is. Returns undefined for anything that is not a finite decimal.
 */
export function toDecimalString(value: unknown): string | undefined {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return undefined;
  }
  if (!DECIMAL_LITERAL.test(text)) return undefined;
  return new Decimal(text).toFixed();
}

export { Decimal };

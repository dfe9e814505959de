/**
 * How an exchange the service created is traced to the person and the summary it came from
 * (issue 39): every attempt's amount is unique, its last digits naming the person and the
 * attempt, so the pair and the amount the service was asked for name the attempt.
 */
import { Decimal } from "decimal.js";

/** The amount of attempt `attempt` of person `person`: the swap's base plus a number naming both in the last digits. */
export function attemptAmount(swap: { base: string; decimals: number }, person: number, attempt: number): string {
  const tag = person * 10_000 + (attempt % 10_000);
  return new Decimal(swap.base).plus(new Decimal(tag).times(new Decimal(10).pow(-swap.decimals))).toFixed(swap.decimals);
}

/** The key an attempt and the exchange created for it share: the pair ("btc/btc>usdt/trx") and the amount, its zeros dropped. */
export function attemptKey(pair: string, amount: string): string {
  return `${pair}|${new Decimal(amount).toFixed()}`;
}

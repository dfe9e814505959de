import type { Currency } from "../service/schemas.js";
import { type ParseAmountOptions, parseAmount } from "./amount.js";
import type { CurrencyIndex } from "./currency-search.js";

export interface RateQuery {
  amount: string;
  from: Currency;
  to: Currency;
  /** Symbols given without a network, for which the main network was taken. */
  defaulted: Currency[];
}

export type RateQueryResult =
  | { ok: true; query: RateQuery }
  | { ok: false; problem: "incomplete" | "amount" | "currency" | "same"; detail?: string };

/**
 * "0.5 btc usdt", "100 usdt-trx xmr", "100 usdt trx xmr": an amount and two currencies,
 * each a symbol, "symbol-network" or "symbol network". A bare symbol on several networks
 * takes its main network (the first of its group) and says so.
 */
export function parseRateQuery(
  text: string,
  index: CurrencyIndex,
  options: Pick<ParseAmountOptions, "dotMayGroupThousands"> = {},
): RateQueryResult {
  const tokens = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (tokens.length < 3) return { ok: false, problem: "incomplete" };
  const amount = parseAmount(tokens[0]!, options);
  if (!amount.ok) return { ok: false, problem: "amount", detail: tokens[0] };

  const defaulted: Currency[] = [];
  let rest = tokens.slice(1);
  const take = (mustLeave: number): Currency | string => {
    const [head, next] = rest;
    if (!head) return "";
    const dash = head.indexOf("-");
    if (dash > 0) {
      rest = rest.slice(1);
      return index.find(head.slice(0, dash), head.slice(dash + 1)) ?? head;
    }
    const group = index.group(head);
    if (!group) {
      rest = rest.slice(1);
      return head;
    }
    // "usdt trx xmr": a second word that is one of the symbol's networks names it.
    if (next && rest.length - 2 >= mustLeave) {
      const onNetwork = group.currencies.find((c) => c.network === next);
      if (onNetwork) {
        rest = rest.slice(2);
        return onNetwork;
      }
    }
    rest = rest.slice(1);
    const main = group.currencies[0]!;
    if (group.currencies.length > 1) defaulted.push(main);
    return main;
  };
  const from = take(1);
  const to = take(0);
  if (from === "" || to === "") return { ok: false, problem: "incomplete" };
  if (typeof from === "string") return { ok: false, problem: "currency", detail: from };
  if (typeof to === "string") return { ok: false, problem: "currency", detail: to };
  if (rest.length > 0) return { ok: false, problem: "currency", detail: rest.join(" ") };
  if (from.symbol === to.symbol && from.network === to.network) return { ok: false, problem: "same" };
  return { ok: true, query: { amount: amount.value, from, to, defaulted } };
}

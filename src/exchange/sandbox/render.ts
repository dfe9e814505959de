/**
 * Response bodies, in the documented shapes or, in drift mode, in the legacy/drifted shapes a
 * lenient client must still understand: `partner_name` for `provider_name`, `currency_from`/
 * `currency_to` for `symbol_from`/`symbol_to`, `created_at` in milliseconds, amounts as JSON
 * numbers where that loses nothing, and unknown fields everywhere.
 */
import type { SandboxCurrency } from "./catalogue.js";
import type { EstimateResult, ProviderState, TransactionInfo, TransactionRecord } from "./engine.js";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A number when it prints back to the very same string, otherwise the string unchanged. */
function numberIfExact(text: string): string | number {
  const value = Number(text);
  return Number.isFinite(value) && String(value) === text ? value : text;
}

export function renderCurrencies(list: readonly SandboxCurrency[], drift: boolean): Json {
  if (!drift) return list.map((c) => ({ ...c }));
  return list.map((c, i) => ({ ...c, id: i + 1, is_stable: /^(usdt|usdc|dai)$/.test(c.symbol), precision: 8 }));
}

export function renderProviders(list: readonly ProviderState[], drift: boolean): Json {
  if (!drift) return list.map((p) => ({ name: p.name, enable: p.enable }));
  return list.map((p) => ({
    name: p.name,
    enable: p.enable,
    logo: `https://static.example.invalid/providers/${p.name}.svg`,
    rating: "4.7",
  }));
}

export function renderEstimate(result: EstimateResult, drift: boolean): Json {
  if (!drift) return { message: result.message, data: result.data.map((o) => ({ ...o, tags: [...o.tags] })) };
  return {
    message: result.message,
    cached: false,
    data: result.data.map((o) => ({
      partner_name: o.provider_name,
      exchange_type: o.exchange_type,
      amount: numberIfExact(o.amount),
      min_amount: numberIfExact(o.min_amount),
      max_amount: o.max_amount === null ? null : numberIfExact(o.max_amount),
      tags: [...o.tags],
      eta: "5-30",
      kyc_required: false,
    })),
  };
}

export function renderCreated(record: TransactionRecord, drift: boolean): Json {
  const body = { status: "OK", exchange_id: record.id };
  return drift ? { ...body, message: "Transaction created", rate_type: record.rateType } : body;
}

export function renderTransaction(info: TransactionInfo, record: TransactionRecord, drift: boolean, now: number): Json {
  if (!drift) return { ...info };
  const { symbol_from, symbol_to, amount_from, amount_to, ...rest } = info;
  return {
    ...rest,
    currency_from: symbol_from,
    currency_to: symbol_to,
    amount_from: numberIfExact(amount_from),
    amount_to: numberIfExact(amount_to),
    created_at: record.createdAtMs,
    updated_at: now,
    provider: record.provider,
    rate_type: record.rateType,
  };
}

export function renderNotFound(drift: boolean): Json {
  const body = { status: "Error", message: "Transaction not found" };
  return drift ? { ...body, code: 404 } : body;
}

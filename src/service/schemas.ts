import { z } from "zod";
import { toDecimalString } from "../money.js";

/**
 * The exchange service's data shapes: zod schemas for what it answers, in a room of their own
 * below both the pure rules that read them (src/domain/) and the client that parses with them
 * (src/exchange/). Lenient where the real service drifts
 * (see shared/service-notes.md): legacy field names are mapped, amounts may be numbers,
 * unknown fields are dropped, unknown statuses are kept as they are.
 */

const decimalString = z.unknown().transform((value, ctx) => {
  const parsed = toDecimalString(value);
  if (parsed === undefined) {
    ctx.addIssue({ code: "custom", message: `not a decimal amount: ${JSON.stringify(value)}` });
    return z.NEVER;
  }
  return parsed;
});

const nullableText = z
  .unknown()
  .transform((value) => (typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : null));

const flag = z.unknown().transform((value) => value === true || value === 1 || value === "1" || value === "true");

/** Copies the first present legacy field onto the current name, so older answers still parse. */
function withAliases(aliases: Record<string, string[]>) {
  return (input: unknown) => {
    if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
    const copy: Record<string, unknown> = { ...input };
    for (const [name, legacy] of Object.entries(aliases)) {
      if (copy[name] !== undefined) continue;
      const found = legacy.find((old) => copy[old] !== undefined);
      if (found !== undefined) copy[name] = copy[found];
    }
    return copy;
  };
}

export const currencySchema = z.preprocess(
  withAliases({ symbol: ["currency", "code"], network: ["chain"], fullname: ["name", "full_name"] }),
  z.object({
    symbol: z.string().trim().min(1).toLowerCase(),
    network: z.string().trim().min(1).toLowerCase(),
    fullname: z.string().catch(""),
    image: z.string().catch(""),
    memo: flag,
    explorer: z.string().catch(""),
  }),
);
export type Currency = z.infer<typeof currencySchema>;

export const providerSchema = z.preprocess(
  withAliases({ name: ["provider_name", "partner_name"], enable: ["enabled", "active"] }),
  z.object({
    name: z.string().trim().min(1),
    enable: flag,
  }),
);
export type Provider = z.infer<typeof providerSchema>;

export const offerSchema = z.preprocess(
  withAliases({
    provider_name: ["partner_name", "provider"],
    exchange_type: ["type", "rate_type"],
    min_amount: ["min"],
    max_amount: ["max"],
  }),
  z.object({
    provider_name: z.string().trim().min(1),
    exchange_type: z.string().trim().toLowerCase().catch("floating"),
    amount: decimalString,
    min_amount: decimalString.nullable().catch(null),
    max_amount: decimalString.nullable().catch(null),
    tags: z.array(z.string()).catch([]),
  }),
);
export type Offer = z.infer<typeof offerSchema>;

export const estimateResponseSchema = z.object({
  message: z.string().catch(""),
  data: z
    .array(z.unknown())
    .nullable()
    .catch([])
    .transform((value) => value ?? []),
});

/** Other names the created exchange's id has been seen under (older versions, other clients). */
export const EXCHANGE_ID_ALIASES = ["exchangeId", "id", "transaction_id", "transactionId", "tx_id"] as const;

const exchangeIdValue = z.union([z.string().trim().min(1), z.number().int().nonnegative().transform(String)]);

/**
 * The answer to createTransaction. The id is taken from `exchange_id` or else from the first
 * alias that holds one; `id_field` says which, so the caller can tell the operator about drift.
 * Nothing is judged here: an answer without an id may still mean an exchange was created.
 */
export const createResultSchema = z.preprocess(
  (input) => {
    if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
    const record = input as Record<string, unknown>;
    const idField = ["exchange_id", ...EXCHANGE_ID_ALIASES].find((name) => exchangeIdValue.safeParse(record[name]).success);
    return { ...record, exchange_id: idField === undefined ? undefined : record[idField], id_field: idField };
  },
  z.object({
    // A blank status says nothing, like a missing one.
    status: z
      .string()
      .trim()
      .optional()
      .catch(undefined)
      .transform((value) => value || undefined),
    exchange_id: exchangeIdValue.optional(),
    id_field: z.string().optional(),
    message: z.string().optional().catch(undefined),
  }),
);
export type CreateResult = z.infer<typeof createResultSchema>;

/** created_at arrives in seconds or milliseconds (unit not documented); anything before 2001 in ms is seconds. */
const creationTime = z.unknown().transform((value) => {
  const numeric = typeof value === "string" && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  if (typeof numeric === "number" && Number.isFinite(numeric) && numeric > 0) {
    return Math.round(numeric < 1e12 ? numeric * 1000 : numeric);
  }
  if (typeof value === "string" && !Number.isNaN(Date.parse(value))) return Date.parse(value);
  return null;
});

export const transactionSchema = z.preprocess(
  withAliases({
    symbol_from: ["currency_from"],
    symbol_to: ["currency_to"],
    amount_from: ["amount"],
    amount_to: ["amount_expected_to", "amount_estimated"],
  }),
  z.object({
    status: z.string().trim().min(1),
    symbol_from: nullableText,
    network_from: nullableText,
    symbol_to: nullableText,
    network_to: nullableText,
    amount_from: decimalString.nullable().catch(null),
    amount_to: decimalString.nullable().catch(null),
    address_from: nullableText,
    address_to: nullableText,
    address_refund: nullableText,
    extra_from: nullableText,
    extra_to: nullableText,
    extra_refund: nullableText,
    hash_from: nullableText,
    hash_to: nullableText,
    created_at: creationTime,
  }),
);
/** A transaction as read from the service; `created_at` is in milliseconds. */
export type Transaction = z.infer<typeof transactionSchema>;

/** Fields a transaction answer is documented to carry; used to tell the operator what drifted. */
export const TRANSACTION_FIELDS = [
  "symbol_from",
  "network_from",
  "symbol_to",
  "network_to",
  "amount_from",
  "amount_to",
  "address_from",
  "address_to",
  "status",
  "created_at",
] as const;

export const FINAL_STATUSES = ["finished", "failed", "refunded", "overdue"] as const;
export const KNOWN_STATUSES = ["waiting", "confirming", "exchanging", "sending", ...FINAL_STATUSES] as const;
export type KnownStatus = (typeof KNOWN_STATUSES)[number];

/** Whatever the case the service writes it in ("Finished" is finished). */
export function isFinalStatus(status: string): boolean {
  return (FINAL_STATUSES as readonly string[]).includes(status.toLowerCase());
}

/**
 * Quotes and transactions of the sandbox exchange. No I/O: every function takes the current
 * clock time, so the same time always gives the same answer.
 */
import { Decimal } from "decimal.js";
import { depositAddress, numericMemo, opaqueId, transactionHash } from "./addresses.js";
import {
  CURRENCIES,
  PROVIDERS,
  type ProviderSpec,
  type RateType,
  type SandboxCurrency,
  type Tag,
  UNSUPPORTED_PAIRS,
  USD_PRICES,
} from "./catalogue.js";
import { hashString, type Random } from "./random.js";

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = Decimal;

/** Amounts as the service accepts them: a plain decimal with at most 8 fractional digits. */
export const AMOUNT_PATTERN = /^\d+(\.\d{1,8})?$/;

const MINUTE_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// Pairs and prices

export interface Pair {
  symbolFrom: string;
  networkFrom: string;
  symbolTo: string;
  networkTo: string;
}

export function findCurrency(symbol: string, network: string): SandboxCurrency | undefined {
  return CURRENCIES.find((c) => c.symbol === symbol && c.network === network);
}

export function isPairValid(pair: Pair): boolean {
  const from = `${pair.symbolFrom}/${pair.networkFrom}`;
  const to = `${pair.symbolTo}/${pair.networkTo}`;
  if (from === to) return false;
  if (!findCurrency(pair.symbolFrom, pair.networkFrom) || !findCurrency(pair.symbolTo, pair.networkTo)) return false;
  return !UNSUPPORTED_PAIRS.some(([a, b]) => (a === from && b === to) || (a === to && b === from));
}

function basePrice(symbol: string): Dec {
  const price = USD_PRICES[symbol];
  if (price === undefined) throw new Error(`sandbox catalogue has no USD price for ${symbol}`);
  return new D(price);
}

/**
 * Deterministic variation in [-span, +span] that changes once per clock minute, so a
 * re-estimate a few minutes later gives a slightly different answer.
 */
function minuteJitter(key: string, now: number, spanHundredThousandths: number): Dec {
  const minute = Math.floor(now / MINUTE_MS);
  const steps = (hashString(`${key}@${minute}`) % (2 * spanHundredThousandths + 1)) - spanHundredThousandths;
  return new D(steps).div(100_000);
}

/** USD price at a clock time: the reference price moving by at most ±0.2 % per minute. */
export function priceAt(symbol: string, now: number): Dec {
  return basePrice(symbol).mul(new D(1).plus(minuteJitter(symbol, now, 200)));
}

// ---------------------------------------------------------------------------------------------
// Offers

export interface Offer {
  provider_name: string;
  exchange_type: RateType;
  amount: string;
  min_amount: string;
  max_amount: string | null;
  tags: Tag[];
}

export type EstimateResult = { message: "OK"; data: Offer[] } | { message: "Pair is not valid" | "Minimum amount problem"; data: [] };

/** Decimal string in plain notation, trailing zeros dropped, at most 8 fractional digits. */
function formatAmount(value: Dec, rounding: Decimal.Rounding): string {
  return value.toDecimalPlaces(8, rounding).toFixed();
}

/** A USD limit expressed in the source currency, rounded to 3 significant digits. */
function usdInCurrency(usd: string, symbol: string, rounding: Decimal.Rounding): string {
  const amount = new D(usd).div(basePrice(symbol)).toSignificantDigits(3, rounding);
  return formatAmount(amount, rounding);
}

export interface Limits {
  min: string;
  max: string | null;
}

/** Limits use reference prices, not drifting ones, so a minimum shown to a user stays valid. */
export function providerLimits(provider: ProviderSpec, symbolFrom: string): Limits {
  return {
    min: usdInCurrency(provider.minUsd, symbolFrom, Decimal.ROUND_UP),
    max: provider.maxUsd === null ? null : usdInCurrency(provider.maxUsd, symbolFrom, Decimal.ROUND_DOWN),
  };
}

export function isWithinLimits(amount: string, limits: Limits): boolean {
  const value = new D(amount);
  return value.gte(limits.min) && (limits.max === null || value.lte(limits.max));
}

/** Amount received from `provider` for `amount` of the source currency at clock time `now`. */
export function quoteAmount(provider: ProviderSpec, pair: Pair, amount: string, now: number): string {
  const rate = priceAt(pair.symbolFrom, now).div(priceAt(pair.symbolTo, now));
  // Each provider's margin wobbles by ±0.1 % per minute, so "Best Rate" moves between providers.
  const margin = new D(1).minus(provider.spread).plus(minuteJitter(provider.name, now, 100));
  return formatAmount(new D(amount).mul(rate).mul(margin), Decimal.ROUND_DOWN);
}

function tagOffers(offers: Offer[]): void {
  let best: Offer | undefined;
  for (const offer of offers) {
    if (!best || new D(offer.amount).gt(best.amount)) best = offer;
  }
  best?.tags.push("Best Rate");

  const levels = offers.map((o) => providerByName(o.provider_name)?.kycLevel ?? Infinity);
  const lowest = Math.min(...levels);
  offers.forEach((offer, i) => {
    if (levels[i] === lowest) offer.tags.push("Best In KYC");
  });
}

/** The getEstimatedAmount result for a validated amount. Disabled providers still answer. */
export function estimate(pair: Pair, amount: string, now: number): EstimateResult {
  if (!isPairValid(pair)) return { message: "Pair is not valid", data: [] };
  const limits = PROVIDERS.map((p) => providerLimits(p, pair.symbolFrom));
  if (limits.every((l) => new D(amount).lt(l.min))) return { message: "Minimum amount problem", data: [] };

  const offers = PROVIDERS.map((provider, i): Offer => {
    const limit = limits[i] ?? providerLimits(provider, pair.symbolFrom);
    return {
      provider_name: provider.name,
      exchange_type: provider.rateType,
      amount: quoteAmount(provider, pair, amount, now),
      min_amount: limit.min,
      max_amount: limit.max,
      tags: [...provider.fixedTags],
    };
  });
  tagOffers(offers);
  return { message: "OK", data: offers };
}

export function providerByName(name: string): ProviderSpec | undefined {
  return PROVIDERS.find((p) => p.name === name);
}

// ---------------------------------------------------------------------------------------------
// Request validation

export type Validated<T> = { ok: true; value: T } | { ok: false; message: string };

const PAIR_FIELDS = ["symbol_from", "network_from", "symbol_to", "network_to"] as const;

function validateAmount(amount: string): string | undefined {
  if (!AMOUNT_PATTERN.test(amount)) return "The amount field format is invalid.";
  if (new D(amount).lte(0)) return "The amount must be greater than 0.";
  return undefined;
}

export interface EstimateQuery {
  pair: Pair;
  amount: string;
}

export function validateEstimateQuery(query: Readonly<Record<string, string>>): Validated<EstimateQuery> {
  for (const field of [...PAIR_FIELDS, "amount"]) {
    if (!query[field]) return { ok: false, message: `The ${field} field is required.` };
  }
  const amount = query["amount"] ?? "";
  const amountError = validateAmount(amount);
  if (amountError) return { ok: false, message: amountError };
  return { ok: true, value: { pair: pairOf(query), amount } };
}

function pairOf(source: Readonly<Record<string, unknown>>): Pair {
  const text = (key: string): string => String(source[key]);
  return {
    symbolFrom: text("symbol_from"),
    networkFrom: text("network_from"),
    symbolTo: text("symbol_to"),
    networkTo: text("network_to"),
  };
}

export interface CreateRequest {
  provider: string;
  pair: Pair;
  toAddress: string;
  toExtraId: string | null;
  amount: string;
  fixed: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Checks the createTransaction body's shape only; business rules are checked by the engine. */
export function validateCreateBody(body: unknown): Validated<CreateRequest> {
  if (!isRecord(body)) return { ok: false, message: "The request body must be a JSON object." };
  for (const field of ["provider_name", ...PAIR_FIELDS, "to_address", "amount"]) {
    const value = body[field];
    if (value === undefined || value === null || value === "") {
      return { ok: false, message: `The ${field} field is required.` };
    }
    if (typeof value !== "string") return { ok: false, message: `The ${field} field must be a string.` };
  }
  const extra = body["to_extra_id"];
  if (extra !== undefined && extra !== null && typeof extra !== "string") {
    return { ok: false, message: "The to_extra_id field must be a string." };
  }
  if (typeof body["fixed"] !== "boolean") return { ok: false, message: "The fixed field must be true or false." };
  const toAddress = String(body["to_address"]);
  if (toAddress.trim() === "") return { ok: false, message: "The to_address field is required." };
  const amount = String(body["amount"]);
  const amountError = validateAmount(amount);
  if (amountError) return { ok: false, message: amountError };
  return {
    ok: true,
    value: {
      provider: String(body["provider_name"]),
      pair: pairOf(body),
      toAddress,
      toExtraId: typeof extra === "string" && extra !== "" ? extra : null,
      amount,
      fixed: body["fixed"],
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Transactions

export type Scenario = "finished" | "failed" | "refunded" | "overdue";
export type TransactionStatus = "waiting" | "confirming" | "exchanging" | "sending" | "finished" | "failed" | "refunded" | "overdue";

/** Duration in ms of each status phase, and how long a deposit may be awaited. */
export interface Timeline {
  waiting: number;
  confirming: number;
  exchanging: number;
  sending: number;
  overdueAfter: number;
}

export const DEFAULT_TIMELINE: Timeline = {
  waiting: 120_000,
  confirming: 120_000,
  exchanging: 120_000,
  sending: 60_000,
  overdueAfter: 1_800_000,
};

type Phase = "waiting" | "confirming" | "exchanging" | "sending";

/** Phases walked through, then the final status, per scenario (overdue is handled apart). */
const PATHS: Readonly<Record<Exclude<Scenario, "overdue">, { phases: Phase[]; end: TransactionStatus }>> = {
  finished: { phases: ["waiting", "confirming", "exchanging", "sending"], end: "finished" },
  failed: { phases: ["waiting", "confirming", "exchanging"], end: "failed" },
  refunded: { phases: ["waiting", "confirming"], end: "refunded" },
};

export function statusAt(scenario: Scenario, elapsedMs: number, timeline: Timeline): TransactionStatus {
  if (scenario === "overdue") return elapsedMs < timeline.overdueAfter ? "waiting" : "overdue";
  const path = PATHS[scenario];
  let phaseEnd = 0;
  for (const phase of path.phases) {
    phaseEnd += timeline[phase];
    if (elapsedMs < phaseEnd) return phase;
  }
  return path.end;
}

export interface TransactionRecord {
  id: string;
  provider: string;
  rateType: RateType;
  pair: Pair;
  amountFrom: string;
  amountTo: string;
  addressFrom: string;
  extraFrom: string | null;
  addressTo: string;
  extraTo: string | null;
  createdAtMs: number;
  // Generated at creation and revealed as the transaction progresses, so reads are stable.
  hashFrom: string;
  hashTo: string;
  refundAddress: string;
  refundExtra: string | null;
  refundHash: string;
}

/** The documented getTransactionInfo result. */
export interface TransactionInfo {
  symbol_from: string;
  network_from: string;
  symbol_to: string;
  network_to: string;
  amount_from: string;
  amount_to: string;
  address_from: string;
  address_to: string;
  address_refund: string | null;
  extra_from: string | null;
  extra_to: string | null;
  extra_refund: string | null;
  status: TransactionStatus;
  hash_from: string | null;
  hash_to: string | null;
  /** Seconds since the epoch. */
  created_at: number;
}

export function describeTransaction(tx: TransactionRecord, scenario: Scenario, now: number, timeline: Timeline): TransactionInfo {
  const status = statusAt(scenario, now - tx.createdAtMs, timeline);
  const deposited = status !== "waiting" && status !== "overdue";
  const refunded = status === "refunded";
  const paidOut = status === "sending" || status === "finished";
  return {
    symbol_from: tx.pair.symbolFrom,
    network_from: tx.pair.networkFrom,
    symbol_to: tx.pair.symbolTo,
    network_to: tx.pair.networkTo,
    amount_from: tx.amountFrom,
    amount_to: tx.amountTo,
    address_from: tx.addressFrom,
    address_to: tx.addressTo,
    address_refund: refunded ? tx.refundAddress : null,
    extra_from: tx.extraFrom,
    extra_to: tx.extraTo,
    extra_refund: refunded ? tx.refundExtra : null,
    status,
    hash_from: deposited ? tx.hashFrom : null,
    // There is no separate refund hash field: the refund's hash is reported as hash_to.
    hash_to: paidOut ? tx.hashTo : refunded ? tx.refundHash : null,
    created_at: Math.floor(tx.createdAtMs / 1000),
  };
}

/** How much longer a status steered slow takes. */
const SLOW_BY_MS = 24 * 60 * 60_000;

export type SteerEvent = "deposit-arrived" | "fail" | "refund" | "slow";

const FINAL_STATUSES: ReadonlySet<TransactionStatus> = new Set(["finished", "failed", "refunded", "overdue"]);

export interface ProviderState {
  name: string;
  enable: boolean;
}

/** Mutable state of one sandbox: provider availability, transactions and forced scenarios. */
export class SandboxEngine {
  private readonly enabled = new Map<string, boolean>(PROVIDERS.map((p) => [p.name, p.enable]));
  private readonly transactions = new Map<string, TransactionRecord>();
  private readonly scenarios = new Map<string, Scenario>();
  private readonly timelines = new Map<string, Partial<Timeline>>();
  /** What a transaction pays out instead of its estimate (a floating rate that moved; a test, the playground). */
  private readonly payouts = new Map<string, string>();

  constructor(
    private readonly random: Random,
    private readonly timeline: Timeline,
  ) {}

  providers(): ProviderState[] {
    return PROVIDERS.map((p) => ({ name: p.name, enable: this.enabled.get(p.name) ?? false }));
  }

  setProviderEnabled(name: string, enable: boolean): void {
    if (!this.enabled.has(name)) throw new Error(`sandbox has no provider named ${name}`);
    this.enabled.set(name, enable);
  }

  /** Applies to a transaction whenever it is read, so it may be set before or after creation. */
  setScenario(exchangeId: string, scenario: Scenario): void {
    this.scenarios.set(exchangeId, scenario);
  }

  /** This transaction's phases take these lengths instead of the sandbox's (a deposit that comes late). */
  setTimeline(exchangeId: string, timeline: Partial<Timeline>): void {
    this.timelines.set(exchangeId, timeline);
  }

  /** The transaction pays out `amountTo` instead of its estimate, once it sends (amount_to from then on). */
  setPayout(exchangeId: string, amountTo: string): void {
    this.payouts.set(exchangeId, amountTo);
  }

  /**
   * Moves a transaction on at `now`, whatever its timeline: the deposit arrives (it then walks
   * confirming → exchanging → sending → finished at the usual pace), or it ends failed or refunded.
   * False when the id is unknown or the transaction has already ended.
   */
  steer(exchangeId: string, event: SteerEvent, now: number): boolean {
    const current = this.info(exchangeId, now);
    if (current === undefined || FINAL_STATUSES.has(current.info.status)) return false;
    const elapsed = Math.max(0, now - current.record.createdAtMs);
    if (event === "deposit-arrived") {
      if (current.info.status !== "waiting") return false;
      this.scenarios.set(exchangeId, "finished");
      this.timelines.set(exchangeId, { ...this.timelines.get(exchangeId), waiting: elapsed });
    } else if (event === "slow") {
      // The status it is in (never waiting: that is the person's) takes a day longer: a busy
      // network, a provider's check.
      const status = current.info.status;
      if (status !== "confirming" && status !== "exchanging" && status !== "sending") return false;
      const timeline = { ...this.timeline, ...this.timelines.get(exchangeId) };
      this.timelines.set(exchangeId, { ...this.timelines.get(exchangeId), [status]: timeline[status] + SLOW_BY_MS });
    } else {
      // All phases of the path end now, so the read at `now` gives the final status.
      this.scenarios.set(exchangeId, event === "fail" ? "failed" : "refunded");
      this.timelines.set(exchangeId, { waiting: elapsed, confirming: 0, exchanging: 0, sending: 0 });
    }
    return true;
  }

  create(request: CreateRequest, now: number): Validated<TransactionRecord> {
    const provider = providerByName(request.provider);
    if (!provider) return { ok: false, message: `Unknown provider ${request.provider}.` };
    if (!this.enabled.get(provider.name)) return { ok: false, message: `Provider ${provider.name} is not available.` };
    const rateType: RateType = request.fixed ? "fixed" : "floating";
    if (rateType !== provider.rateType) {
      return { ok: false, message: `Provider ${provider.name} does not offer a ${rateType} rate.` };
    }
    if (!isPairValid(request.pair)) return { ok: false, message: "Pair is not valid" };
    const limits = providerLimits(provider, request.pair.symbolFrom);
    if (!isWithinLimits(request.amount, limits)) {
      const range = limits.max === null ? `at least ${limits.min}` : `between ${limits.min} and ${limits.max}`;
      return { ok: false, message: `The amount must be ${range}.` };
    }
    const record = this.newRecord(provider, request, now);
    this.transactions.set(record.id, record);
    return { ok: true, value: record };
  }

  /** Every transaction created so far, in order, each as it reads at `now`. */
  list(now: number): { record: TransactionRecord; info: TransactionInfo }[] {
    return [...this.transactions.keys()].map((id) => this.info(id, now)!);
  }

  info(exchangeId: string, now: number): { record: TransactionRecord; info: TransactionInfo } | undefined {
    const record = this.transactions.get(exchangeId);
    if (!record) return undefined;
    const scenario = this.scenarios.get(exchangeId) ?? "finished";
    const info = describeTransaction(record, scenario, now, { ...this.timeline, ...this.timelines.get(exchangeId) });
    const payout = this.payouts.get(exchangeId);
    if (payout !== undefined && (info.status === "sending" || info.status === "finished")) info.amount_to = payout;
    return { record, info };
  }

  private newRecord(provider: ProviderSpec, request: CreateRequest, now: number): TransactionRecord {
    const { pair } = request;
    const memoFrom = findCurrency(pair.symbolFrom, pair.networkFrom)?.memo ?? false;
    return {
      id: this.newId(provider),
      provider: provider.name,
      rateType: provider.rateType,
      pair,
      amountFrom: request.amount,
      amountTo: quoteAmount(provider, pair, request.amount, now),
      addressFrom: depositAddress(pair.networkFrom, this.random),
      extraFrom: memoFrom ? numericMemo(this.random) : null,
      addressTo: request.toAddress,
      extraTo: request.toExtraId,
      createdAtMs: now,
      hashFrom: transactionHash(pair.networkFrom, this.random),
      hashTo: transactionHash(pair.networkTo, this.random),
      refundAddress: depositAddress(pair.networkFrom, this.random),
      refundExtra: memoFrom ? numericMemo(this.random) : null,
      refundHash: transactionHash(pair.networkFrom, this.random),
    };
  }

  private newId(provider: ProviderSpec): string {
    for (;;) {
      const id = `${provider.name}-${provider.rateType}-${opaqueId(this.random)}`;
      if (!this.transactions.has(id)) return id;
    }
  }
}

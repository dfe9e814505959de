import type { Clock } from "../clock.js";
import { Decimal } from "../money.js";
import { BudgetCancelledError, type QueuePlace } from "./budget.js";
import type { CallOptions, EstimateResult, ExchangeClient, Pair } from "./client.js";

export interface Quote {
  result: EstimateResult;
  /** When the service answered (clock ms). */
  fetchedAt: number;
  /** Set when the figures are scaled from the service's quote for this other, nearby amount. */
  basis?: string;
}

/**
 * How far (relative) an amount may be from one the service quoted and still be answered from
 * that quote: 1 %. Over so small a step the rate is linear in the amount; what is not (a
 * network fee taken off the received amount) moves the figure by about 1 % of that fee, far
 * less than the rate itself moves between two quotes a few seconds apart. Wider, a fee that is
 * a good part of a small amount would make the scaled figure visibly wrong.
 */
export const NEARBY_SHARE = new Decimal("0.01");

/** A quote this young counts as fresh even when a refresh was asked for. */
export const FRESH_ENOUGH_MS = 10_000;

interface InFlight {
  promise: Promise<Quote>;
  listeners: Set<(place: QueuePlace) => void>;
  /** Where the shared call stood when it had to wait for the budget, and when that was. */
  place: (QueuePlace & { at: number }) | undefined;
}

/**
 * Estimates, cached briefly per (pair, amount). Identical requests that arrive while one
 * is on its way share that one upstream call (single flight), and every waiter hears its
 * place in line.
 */
export class EstimateService {
  private readonly cache = new Map<string, Quote>();
  private readonly inFlight = new Map<string, InFlight>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly deps: { client: Pick<ExchangeClient, "getEstimate">; clock: Clock },
    options: { ttlMs?: number; maxEntries?: number } = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 1_000;
  }

  /**
   * A quote no older than the cache time. `fresh` wants a newer one (a Refresh button), but
   * a quote of the last few seconds still serves: repeated taps must not drain the budget.
   */
  async quote(pair: Pair, amount: string, options: Omit<CallOptions, "lane"> & { fresh?: boolean } = {}): Promise<Quote> {
    const key = keyOf(pair, amount);
    const cached = this.peek(pair, amount, options.fresh);
    if (cached) return cached;

    const listener = options.onQueued;
    let flight = this.inFlight.get(key);
    const joined = flight !== undefined;
    if (flight) {
      // Where the shared call stands now: its wait, less the time since it was told.
      const place = flight.place;
      const left = place ? place.waitMs - (this.deps.clock.now() - place.at) : 0;
      if (listener && place && left > 0) listener({ position: place.position, waitMs: left });
    } else {
      const waiting: Omit<InFlight, "promise"> = { listeners: new Set(), place: undefined };
      // Listen before the call starts: the budget reports a queue place synchronously.
      if (listener) waiting.listeners.add(listener);
      const promise = this.deps.client
        .getEstimate(pair, amount, {
          lane: "user",
          signal: options.signal,
          // The first asker's turn in the user lane; others who join share it.
          ...(options.requester === undefined ? {} : { requester: options.requester }),
          onQueued: (place) => {
            waiting.place = { ...place, at: this.deps.clock.now() };
            waiting.listeners.forEach((notify) => notify(place));
          },
        })
        .then((result) => {
          const quote = { result, fetchedAt: this.deps.clock.now() };
          this.store(key, quote);
          return quote;
        })
        .finally(() => this.inFlight.delete(key));
      flight = Object.assign(waiting, { promise });
      this.inFlight.set(key, flight);
    }
    if (listener) flight.listeners.add(listener);
    try {
      return await flight.promise;
    } catch (error) {
      // The shared call gave up on its first caller's deadline, not on ours: ask again.
      if (joined && error instanceof BudgetCancelledError && !options.signal?.aborted) return this.quote(pair, amount, options);
      throw error;
    } finally {
      if (listener) flight.listeners.delete(listener);
    }
  }

  /**
   * A quote for `amount`, or one scaled from a fresh quote for a nearby amount of the same pair
   * (within NEARBY_SHARE, in the cache or on its way), so that typing 1, then 1.005, costs one
   * call. For previews only (/rate, inline): the figures are estimates and say so (`basis`);
   * choosing and creating an exchange always uses `quote` for the exact amount.
   */
  async quoteNearby(pair: Pair, amount: string, options: Omit<CallOptions, "lane"> & { fresh?: boolean } = {}): Promise<Quote> {
    const basis = this.nearbyBasis(pair, amount, options.fresh);
    if (basis === undefined) return this.quote(pair, amount, options);
    const quote = await this.quote(pair, basis, options);
    // A quote on its way may come back without offers, or with limits the amounts fall either side of.
    return scaleQuote(quote, basis, amount) ?? this.quote(pair, amount, options);
  }

  /**
   * Whether `quote` (or `quoteNearby`, with `nearby`) would make a new upstream call (not answered
   * from the cache, not joining one on its way).
   */
  wouldCall(pair: Pair, amount: string, fresh = false, nearby = false): boolean {
    if (nearby) return this.nearbyBasis(pair, amount, fresh) === undefined;
    return !this.peek(pair, amount, fresh) && !this.inFlight.has(keyOf(pair, amount));
  }

  /** The amount whose quote (cached, else on its way) `quoteNearby` would answer from: the closest within the band. */
  private nearbyBasis(pair: Pair, amount: string, fresh = false): string | undefined {
    if (!this.wouldCall(pair, amount, fresh)) return amount;
    const prefix = `${keyOf(pair, "")}`;
    const wanted = new Decimal(amount);
    const closest = (candidates: Iterable<string>, usable: (basis: string) => boolean): string | undefined => {
      let best: { basis: string; distance: Decimal } | undefined;
      for (const key of candidates) {
        if (!key.startsWith(prefix)) continue;
        const basis = key.slice(prefix.length);
        const distance = wanted.minus(basis).abs();
        if (distance.greaterThan(NEARBY_SHARE.times(basis)) || !usable(basis)) continue;
        if (!best || distance.lessThan(best.distance)) best = { basis, distance };
      }
      return best?.basis;
    };
    return (
      closest(this.cache.keys(), (basis) => {
        const cached = this.peek(pair, basis, fresh);
        return cached !== undefined && scaleQuote(cached, basis, amount) !== undefined;
      }) ?? closest(this.inFlight.keys(), () => true)
    );
  }

  /** The cached quote `quote` would answer with at once, without a call; undefined when it would call. */
  peek(pair: Pair, amount: string, fresh = false): Quote | undefined {
    const cached = this.cache.get(keyOf(pair, amount));
    const maxAge = fresh ? FRESH_ENOUGH_MS : this.ttlMs;
    return cached && this.deps.clock.now() - cached.fetchedAt < maxAge ? cached : undefined;
  }

  private store(key: string, quote: Quote): void {
    this.cache.delete(key);
    this.cache.set(key, quote);
    // Map keeps insertion order: the first keys are the oldest.
    while (this.cache.size > this.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }
}

/**
 * The quote for `basis` with each received amount scaled to `amount` (rounded down, never
 * more than the rate gives). Undefined when it cannot stand for `amount`: no offers, or an
 * offer whose limits exclude `basis` but admit `amount` (its figure for `basis` means
 * nothing there). An offer whose limits exclude `amount` keeps its limits, so it shows as
 * out of limits wherever offers are shown.
 */
function scaleQuote(quote: Quote, basis: string, amount: string): Quote | undefined {
  if (new Decimal(basis).equals(amount)) return quote;
  if (quote.result.kind !== "ok") return undefined;
  const { offers } = quote.result;
  if (offers.some((offer) => outsideLimits(offer, basis) && !outsideLimits(offer, amount))) return undefined;
  const factor = new Decimal(amount).div(basis);
  const scaled = offers.map((offer) => ({
    ...offer,
    amount: new Decimal(offer.amount).times(factor).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
  }));
  return { result: { kind: "ok", offers: scaled }, fetchedAt: quote.fetchedAt, basis };
}

/** Why the amount does not fit this offer's limits, if it does not. */
export function outsideLimits(
  offer: { min_amount: string | null; max_amount: string | null },
  amount: string,
): "below" | "above" | undefined {
  const value = new Decimal(amount);
  if (offer.min_amount !== null && value.lessThan(offer.min_amount)) return "below";
  if (offer.max_amount !== null && value.greaterThan(offer.max_amount)) return "above";
  return undefined;
}

function keyOf(pair: Pair, amount: string): string {
  return [pair.symbolFrom, pair.networkFrom, pair.symbolTo, pair.networkTo, amount].join("|");
}

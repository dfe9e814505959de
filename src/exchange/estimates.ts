import type { Clock } from "../clock.js";
import { BudgetCancelledError, type QueuePlace } from "./budget.js";
import type { CallOptions, EstimateResult, ExchangeClient, Pair } from "./client.js";

export interface Quote {
  result: EstimateResult;
  /** When the service answered (clock ms). */
  fetchedAt: number;
}

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


  /** Whether `quote` would make a new upstream call (not answered from the cache, not joining one on its way). */
  wouldCall(pair: Pair, amount: string, fresh = false): boolean {
    return !this.peek(pair, amount, fresh) && !this.inFlight.has(keyOf(pair, amount));
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

function keyOf(pair: Pair, amount: string): string {
  return [pair.symbolFrom, pair.networkFrom, pair.symbolTo, pair.networkTo, amount].join("|");
}

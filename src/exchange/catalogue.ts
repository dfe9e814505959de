import type { Logger } from "pino";
import type { Clock, Timer } from "../clock.js";
import type { CatalogueRepository, KeyValueStore } from "../db/index.js";
import type { Currency, Provider } from "../service/schemas.js";
import type { ExchangeClient } from "./client.js";

export interface CatalogueOptions {
  currenciesEveryMs?: number;
  providersEveryMs?: number;
  /** How soon to try again after a failed refresh. */
  retryMs?: number;
}

type Part = "currencies" | "providers";

/** How often a follower reads the catalogue again while none is stored (see follow()). */
const EMPTY_FOLLOW_MS = 2_000;

/**
 * The currency catalogue and the providers: kept in the database, held in memory for reads,
 * refreshed in the background on the catalogue lane, and served stale while the service is down.
 * Reads the stored catalogue once, at load().
 */
export class CatalogueService {
  private currencyList: Currency[] = [];
  private providerList: Provider[] = [];
  private byKey = new Map<string, Currency>();
  private readonly timers = new Map<Part, Timer>();
  private readonly refreshing = new Map<Part, Promise<void>>();
  private readonly every: Record<Part, number>;
  private readonly retryMs: number;
  private running = false;
  /** The follower's next read, while following (see follow()). */
  private following: { timer?: Timer } | undefined;

  constructor(
    private readonly deps: {
      client: Pick<ExchangeClient, "getCurrencies" | "getProviders">;
      repo: CatalogueRepository;
      kv: KeyValueStore;
      clock: Clock;
      logger: Logger;
      /** Told after each scheduled refresh of a part, whether it worked or not. */
      onRefreshAttempt?: (part: Part) => void;
      /** Told when a part fetched anew is stored (another instance may read it then). */
      onRefreshed?: (part: Part) => void;
      /** Told how many currencies it holds whenever they change (read from the database, or fetched anew). */
      onCurrencies?: (count: number) => void;
    },
    options: CatalogueOptions = {},
  ) {
    this.every = {
      currencies: options.currenciesEveryMs ?? 6 * 3_600_000,
      providers: options.providersEveryMs ?? 5 * 60_000,
    };
    this.retryMs = options.retryMs ?? 60_000;
  }

  /** Reads the catalogue as last stored (empty until loaded, or on a first start). */
  async load(): Promise<void> {
    [this.currencyList, this.providerList] = await Promise.all([this.deps.repo.currencies(), this.deps.repo.providers()]);
    this.index();
  }

  currencies(): readonly Currency[] {
    return this.currencyList;
  }

  /**
   * Resolves true once the catalogue holds currencies (fetched by the leader's refresh, or read by
   * a follower's), false after `maxMs` of real time or when `signal` aborts. Start-up's wait.
   */
  async held(maxMs: number, signal: AbortSignal): Promise<boolean> {
    const deadline = Date.now() + maxMs;
    while (this.currencyList.length === 0) {
      if (signal.aborted || Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return true;
  }

  providers(): readonly Provider[] {
    return this.providerList;
  }

  find(symbol: string, network: string): Currency | undefined {
    return this.byKey.get(`${symbol.toLowerCase()}|${network.toLowerCase()}`);
  }

  /** Unknown providers count as enabled: a new provider must not hide its offers until the next refresh. */
  isProviderEnabled(name: string): boolean {
    return this.providerList.find((p) => p.name === name)?.enable ?? true;
  }

  /** Refreshes what is stale now, then keeps both parts fresh until stop(). */
  async start(): Promise<void> {
    this.stopFollowing();
    this.running = true;
    for (const part of ["providers", "currencies"] as const) {
      const fetchedAt = (await this.deps.kv.get<number>(`catalogue:${part}:fetchedAt`)) ?? 0;
      // Stopped while reading.
      if (!this.running) return;
      const empty = part === "currencies" ? this.currencyList.length === 0 : this.providerList.length === 0;
      const dueIn = empty ? 0 : Math.max(0, fetchedAt + this.every[part] - this.deps.clock.now());
      this.schedule(part, dueIn);
    }
  }

  /**
   * Another instance refreshes (the leader, on PostgreSQL): what it stored is read again every
   * `everyMs` (and at each load() asked for) until start() or stop(); every EMPTY_FOLLOW_MS while
   * none is stored yet (a new database: the leader's first one comes within seconds, and people
   * are told the service is unavailable until this instance has it).
   */
  follow(everyMs: number): void {
    this.stopFollowing();
    const following: { timer?: Timer } = {};
    this.following = following;
    const next = () => {
      // Stopped (or following anew) while reading: no further read from this one.
      if (this.following !== following) return;
      const waitMs = this.currencyList.length === 0 ? Math.min(everyMs, EMPTY_FOLLOW_MS) : everyMs;
      following.timer = this.deps.clock.setTimer(() => {
        this.load().then(next, (error: unknown) => {
          this.deps.logger.warn({ err: error }, "could not read the catalogue again, so the last one read is served");
          next();
        });
      }, waitMs);
    };
    next();
  }

  stop(): void {
    this.stopFollowing();
    this.running = false;
    for (const timer of this.timers.values()) timer.cancel();
    this.timers.clear();
  }

  private stopFollowing(): void {
    this.following?.timer?.cancel();
    this.following = undefined;
  }

  /** Fetches one part now; concurrent callers share the call. Failures keep the old data. */
  refresh(part: Part): Promise<void> {
    const running = this.refreshing.get(part);
    if (running) return running;
    const promise = this.fetch(part).finally(() => this.refreshing.delete(part));
    this.refreshing.set(part, promise);
    return promise;
  }

  private async fetch(part: Part): Promise<void> {
    // With nothing to show yet, nobody can be served until it arrives: people are waiting.
    const empty = part === "currencies" ? this.currencyList.length === 0 : this.providerList.length === 0;
    const lane = empty ? "user" : "catalogue";
    if (part === "currencies") {
      const currencies = await this.deps.client.getCurrencies({ lane });
      if (currencies.length === 0) throw new Error("the service listed no currencies");
      await this.deps.repo.replaceCurrencies(currencies);
      this.currencyList = currencies;
      this.index();
    } else {
      const providers = await this.deps.client.getProviders({ lane });
      await this.deps.repo.replaceProviders(providers);
      this.providerList = providers;
    }
    await this.deps.kv.set(`catalogue:${part}:fetchedAt`, this.deps.clock.now());
    this.deps.onRefreshed?.(part);
    this.deps.logger.info(
      { part, count: part === "currencies" ? this.currencyList.length : this.providerList.length },
      "catalogue refreshed",
    );
  }

  private schedule(part: Part, delayMs: number): void {
    this.timers.get(part)?.cancel();
    this.timers.set(
      part,
      this.deps.clock.setTimer(() => {
        this.refresh(part).then(
          () => {
            this.deps.onRefreshAttempt?.(part);
            if (this.running) this.schedule(part, this.every[part]);
          },
          (error: unknown) => {
            this.deps.logger.warn({ part, err: error }, "a catalogue refresh failed, so the last one is served");
            this.deps.onRefreshAttempt?.(part);
            if (this.running) this.schedule(part, this.retryMs);
          },
        );
      }, delayMs),
    );
  }

  private index(): void {
    this.byKey = new Map(this.currencyList.map((c) => [`${c.symbol}|${c.network}`, c]));
    this.deps.onCurrencies?.(this.currencyList.length);
  }
}

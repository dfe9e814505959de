import type { Logger } from "pino";
import type { AlertMessenger, Delivery } from "../bot/index.js";
import type { Clock, Timer } from "../clock.js";
import type { KeyValueStore, RateAlert } from "../db/index.js";
import { BudgetCancelledError, type ExchangeClient, type Offer } from "../exchange/index.js";
import { Decimal } from "../money.js";

export interface AlertCheckerDeps {
  alerts: {
    open(now: number): Promise<RateAlert[]>;
    expired(now: number): Promise<RateAlert[]>;
    end(id: number, reason: "reached" | "expired" | "blocked"): Promise<boolean>;
    reopen(id: number): Promise<void>;
  };
  kv: Pick<KeyValueStore, "get" | "set" | "deleteIdle">;
  client: Pick<ExchangeClient, "getEstimate">;
  isProviderEnabled: (name: string) => boolean;
  messenger: AlertMessenger;
  clock: Clock;
  logger: Logger;
  /** The shortest time between two checks of one pair and amount. */
  intervalMs: number;
}

/** How often the checker looks for work; a check itself is never more often than intervalMs. */
const TICK_MS = 60_000;

/**
 * Checks open rate alerts in the background. All alerts on the same pair and amount share one
 * upstream call, made at most once per interval, on the budget's lowest lane: it takes only
 * what people, the tracker and the catalogue leave, so an alert never delays anyone's quote.
 */
export class AlertChecker {
  private timer: Timer | undefined;
  private running: Promise<void> | undefined;
  private readonly stopping = new AbortController();

  constructor(private readonly deps: AlertCheckerDeps) {}

  start(): void {
    this.schedule(0);
  }

  /** Stops checking; a check waiting for the budget gives up. */
  async stop(): Promise<void> {
    this.timer?.cancel();
    this.timer = undefined;
    this.stopping.abort();
    await this.running?.catch(() => undefined);
  }

  /** One pass: expired alerts are told and ended; each due pair and amount is checked once. */
  check(): Promise<void> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopping.signal.aborted) return;
    this.timer = this.deps.clock.setTimer(() => {
      this.check().then(
        () => this.schedule(TICK_MS),
        (error: unknown) => {
          this.deps.logger.error({ err: error }, "rate alert check failed");
          this.schedule(TICK_MS);
        },
      );
    }, delayMs);
  }

  private async pass(): Promise<void> {
    const { alerts, clock } = this.deps;
    for (const alert of await alerts.expired(clock.now())) await this.tell(alert, "expired", () => this.deps.messenger.expired(alert));
    // A check older than the interval counts as none: drop it, so pairs and amounts no alert asks
    // for any more (one person can set and remove many) do not stay in the database for ever.
    await this.deps.kv.deleteIdle("alerts:checked", clock.now() - this.deps.intervalMs);
    for (const [key, group] of groupsOf(await alerts.open(clock.now()))) {
      if (this.stopping.signal.aborted) return;
      const checkedAt = (await this.deps.kv.get<number>(`alerts:checked:${key}`)) ?? -Infinity;
      if (clock.now() - checkedAt < this.deps.intervalMs) continue;
      await this.checkGroup(key, group);
    }
  }

  private async checkGroup(key: string, group: RateAlert[]): Promise<void> {
    const first = group[0]!;
    const pair = { symbolFrom: first.symbolFrom, networkFrom: first.networkFrom, symbolTo: first.symbolTo, networkTo: first.networkTo };
    let offers: Offer[];
    try {
      const result = await this.deps.client.getEstimate(pair, first.amount, { lane: "alert", signal: this.stopping.signal });
      // A pair no longer valid, or an amount now below the minimum: no offer to reach the target with.
      offers = result.kind === "ok" ? result.offers : [];
    } catch (error) {
      if (error instanceof BudgetCancelledError) return;
      this.deps.logger.warn({ err: error, key }, "a rate alert check got no quote this time");
      // Counted as checked: a failing pair must not take the slots of the others.
      await this.deps.kv.set(`alerts:checked:${key}`, this.deps.clock.now());
      return;
    }
    await this.deps.kv.set(`alerts:checked:${key}`, this.deps.clock.now());
    const best = bestOffer(offers, first.amount, this.deps.isProviderEnabled);
    if (!best) return;
    for (const alert of group) {
      if (new Decimal(best.amount).lessThan(alert.target)) continue;
      await this.tell(alert, "reached", () => this.deps.messenger.reached(alert, best));
    }
  }

  /**
   * Ends the alert first (one removed meanwhile, or told already, is not told), then says so;
   * a message Telegram certainly did not take opens it again for the next check.
   */
  private async tell(alert: RateAlert, reason: "reached" | "expired", send: () => Promise<Delivery>): Promise<void> {
    if (!(await this.deps.alerts.end(alert.id, reason))) return;
    const told = await send();
    if (told === "later") await this.deps.alerts.reopen(alert.id);
  }
}

/** Alerts by pair and amount ("0.5" and "0.50" are one). */
export function groupsOf(alerts: RateAlert[]): Map<string, RateAlert[]> {
  const groups = new Map<string, RateAlert[]>();
  for (const alert of alerts) {
    const key = [alert.symbolFrom, alert.networkFrom, alert.symbolTo, alert.networkTo, new Decimal(alert.amount).toString()]
      .join("|")
      .toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), alert]);
  }
  return groups;
}

/** The offer a person would take: the most received, from an enabled provider, within its limits. */
export function bestOffer(offers: Offer[], amount: string, isProviderEnabled: (name: string) => boolean): Offer | undefined {
  const value = new Decimal(amount);
  let best: Offer | undefined;
  for (const offer of offers) {
    if (!isProviderEnabled(offer.provider_name) || new Decimal(offer.amount).lessThanOrEqualTo(0)) continue;
    if (
      (offer.min_amount !== null && value.lessThan(offer.min_amount)) ||
      (offer.max_amount !== null && value.greaterThan(offer.max_amount))
    )
      continue;
    if (!best || new Decimal(offer.amount).greaterThan(best.amount)) best = offer;
  }
  return best;
}

import type { Logger } from "pino";
import type { Clock } from "../clock.js";

export type UnavailableReason = "key-refused" | "unreachable" | "no-catalogue";

export interface Unavailability {
  reason: UnavailableReason;
  /** When it was first seen, ms. */
  since: number;
  /** For the operator: what the last call said. */
  detail: string;
}

/**
 * Unreachable takes several failed calls over time, with no answer in between: at least
 * UNREACHABLE_AFTER calls (a call's own retries count once: three attempts a few seconds
 * apart are one blip, not an outage), the first at least UNREACHABLE_OVER_MS before the
 * latest. In a real outage the tracker's polls alone meet this within about a minute; until
 * then a person whose call failed hears that this call failed, not that the service is down.
 */
const UNREACHABLE_AFTER = 3;
const UNREACHABLE_OVER_MS = 60_000;

/** The operator's loud line for each reason: one sentence, and what to look at. People are told the exchange is unavailable. */
const LOUD: Record<UnavailableReason, { message: string; hint: string }> = {
  "key-refused": {
    message: "EXCHANGE UNAVAILABLE, as the exchange service REFUSES THE API KEY (401)",
    hint: "check EXCHANGE_API_KEY and EXCHANGE_AUTH_SCHEME",
  },
  unreachable: {
    message: "EXCHANGE UNAVAILABLE, as the exchange service CANNOT BE REACHED",
    hint: "network errors, timeouts or 5xx in a row",
  },
  "no-catalogue": {
    message: "EXCHANGE UNAVAILABLE, as there is NO CURRENCY CATALOGUE yet",
    hint: "the service has not listed its currencies",
  },
};

/**
 * Whether the exchange service can serve people now, told by every upstream call's outcome
 * and by whether the catalogue has anything in it. People hear "unavailable right now" instead
 * of an empty picker or "no currency called btc"; the operator's log says why, once, loudly,
 * when it starts, and once more when it ends.
 */
export class ExchangeAvailability {
  private refused: { since: number; detail: string } | undefined;
  /** Calls (not attempts) that failed to reach the service since its last answer. */
  private failedCalls = 0;
  private firstFailureAt: number | undefined;
  private unreachableSince: number | undefined;
  private lastFailure = "";
  private announced: UnavailableReason | undefined;
  /** An empty catalogue is news only once loading it was tried (at start-up it is always empty). */
  private catalogueLoadTried = false;
  /** When the catalogue was first seen empty (for "unavailable since"). */
  private emptySince: number | undefined;
  /** Whether the catalogue holds no currency (as it said last: empty until it is loaded). */
  private catalogueEmpty = true;

  constructor(private readonly deps: { clock: Clock; logger: Logger }) {}

  /**
   * Every upstream attempt's outcome: "ok" or an ExchangeError kind (see src/exchange/errors.ts).
   * `retry`: a later attempt of a call already seen failing (counted as the same call).
   */
  observe(endpoint: string, outcome: string, options: { retry?: boolean } = {}): void {
    const now = this.deps.clock.now();
    // Only a 401 ("authentication failed") refuses the key for everyone. A 403 ("forbidden":
    // authenticated, no access to that one resource) is an answer of the service's own below:
    // that call fails, the key works, and nobody else is told the service is unavailable.
    if (outcome === "unauthorized") {
      this.refused ??= { since: now, detail: `${endpoint} answered 401/403` };
    } else if (outcome === "unavailable") {
      if (!options.retry) this.failedCalls++;
      this.firstFailureAt ??= now;
      const overMs = now - this.firstFailureAt;
      this.lastFailure = `${endpoint}: ${this.failedCalls} calls over ${Math.round(overMs / 1000)} s failed to reach the service`;
      if (this.failedCalls >= UNREACHABLE_AFTER && overMs >= UNREACHABLE_OVER_MS) this.unreachableSince ??= now;
    } else if (outcome !== "rate-limited") {
      // Any answer of the service's own (even a 400 or a 404) means the key works and it is reachable.
      this.refused = undefined;
      this.failedCalls = 0;
      this.firstFailureAt = undefined;
      this.unreachableSince = undefined;
    }
    this.announce();
  }

  /** Undefined while people can be served. */
  current(): Unavailability | undefined {
    if (this.refused) return { reason: "key-refused", since: this.refused.since, detail: this.refused.detail };
    if (this.unreachableSince !== undefined) return { reason: "unreachable", since: this.unreachableSince, detail: this.lastFailure };
    if (!this.catalogueEmpty) {
      this.emptySince = undefined;
      return undefined;
    }
    this.emptySince ??= this.deps.clock.now();
    return { reason: "no-catalogue", since: this.emptySince, detail: "the catalogue holds no currencies" };
  }

  /** The catalogue holds `count` currencies now (it was read or fetched anew). */
  catalogueHolds(count: number): void {
    this.catalogueEmpty = count === 0;
  }

  /** Loading the currency catalogue was tried (it worked or not): an empty one is news from now on. */
  catalogueTried(): void {
    this.catalogueLoadTried = true;
    this.announce();
  }

  private announce(): void {
    let state = this.current();
    if (state?.reason === "no-catalogue" && !this.catalogueLoadTried) state = undefined;
    if (state?.reason === this.announced) return;
    if (state) {
      const { message, hint } = LOUD[state.reason];
      this.deps.logger.error({ reason: state.reason, detail: state.detail, hint }, message);
    } else this.deps.logger.info({ was: this.announced }, "the exchange service is available again");
    this.announced = state?.reason;
  }
}

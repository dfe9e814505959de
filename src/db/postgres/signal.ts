import pg from "pg";
import type { Logger } from "pino";
import { connectionConfig } from "./connect.js";

/** What one instance tells the others on the database (NOTIFY reaches every instance on it). */
export const SIGNALS = {
  /** New work for the tracker (an exchange created, "I have sent the funds"): the leader's tracker looks now. */
  trackerWake: "swapbot_tracker_wake",
  /** The leader stored a fresh catalogue: the others read it again. */
  catalogue: "swapbot_catalogue",
} as const;

export type Signal = keyof typeof SIGNALS;

export interface PgSignalsOptions {
  logger: Logger;
  /** Sends a NOTIFY (on any connection: the pool's). */
  notify: (channel: string) => Promise<void>;
  /** First wait before connecting again after the listening connection broke; doubles up to 30 s. */
  retryMs?: number;
}

/**
 * PostgreSQL's LISTEN/NOTIFY between the instances on one database: `send` on any instance
 * reaches the handlers of every instance (itself included). It listens on a connection of its
 * own (a listening session must stay open; a pooled one goes back to the pool), connecting
 * again after it breaks. A signal sent while that connection was down is lost, so every handler
 * is called once after it is back: these signals only say "look again", and a look too many
 * costs little.
 */
export class PgSignals {
  private client: pg.Client | undefined;
  private readonly handlers = new Map<Signal, (() => void)[]>();
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;

  constructor(
    private readonly url: string,
    private readonly options: PgSignalsOptions,
  ) {}

  /** `handler` is called for each `signal` received (and once after a reconnection). */
  on(signal: Signal, handler: () => void): void {
    this.handlers.set(signal, [...(this.handlers.get(signal) ?? []), handler]);
  }

  /** Connects and listens; a first failure is logged and tried again, like a later one. */
  async start(): Promise<void> {
    await this.connect(false);
  }

  /** Tells every instance (this one too). A failure is logged, never thrown: the work is in the database anyway. */
  async send(signal: Signal): Promise<void> {
    try {
      await this.options.notify(SIGNALS[signal]);
    } catch (error) {
      this.options.logger.warn({ err: error, signal }, "could not NOTIFY the other instances, who see the change at their next look");
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(again: boolean): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ ...connectionConfig(this.url), application_name: "swap-bot signals" });
    let broken = false;
    const broke = (error: Error) => {
      if (broken) return;
      broken = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => {});
      if (this.closed) return;
      this.options.logger.warn({ err: error }, "the LISTEN connection for the other instances' signals broke and connects again");
      this.retry();
    };
    // A connection error while idle is an event, not a rejection: without a listener it would crash.
    client.on("error", broke);
    client.on("end", () => broke(new Error("the signals' connection to PostgreSQL ended")));
    client.on("notification", (message) => {
      const signal = (Object.keys(SIGNALS) as Signal[]).find((name) => SIGNALS[name] === message.channel);
      if (signal) this.fire(signal);
    });
    try {
      await client.connect();
      await client.query(
        Object.values(SIGNALS)
          .map((channel) => `LISTEN ${channel};`)
          .join(" "),
      );
    } catch (error) {
      broke(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.failures = 0;
    // Whatever was sent while nobody listened: looked at now.
    if (again) for (const signal of this.handlers.keys()) this.fire(signal);
  }

  private retry(): void {
    const wait = Math.min(30_000, (this.options.retryMs ?? 1_000) * 2 ** this.failures);
    this.failures += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(true), wait);
  }

  private fire(signal: Signal): void {
    for (const handler of this.handlers.get(signal) ?? []) {
      try {
        handler();
      } catch (error) {
        this.options.logger.error({ err: error, signal }, "a signal's handler failed");
      }
    }
  }
}

import { Socket } from "node:net";
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
  /**
   * How often the listening connection is asked whether it still answers (default 3 s; it then
   * waits as long for the answer): one that does not is dropped, and another listens.
   */
  checkEveryMs?: number;
}

/** The listening connection. */
interface Listening {
  client: pg.Client;
  /** Closes its socket at once, without waiting for the server's goodbye (which a silent connection never sends). */
  destroy(): void;
  checker: NodeJS.Timeout | undefined;
}

/**
 * PostgreSQL's LISTEN/NOTIFY between the instances on one database: `send` on any instance
 * reaches the handlers of every instance (itself included). It listens on a connection of its
 * own (a listening session must stay open; a pooled one goes back to the pool), connecting
 * again after it breaks. A connection cut silently (a NAT or a firewall that forgot it, a host
 * gone) says nothing by itself, and a NOTIFY sent meanwhile never arrives: TCP keepalives end it
 * within seconds on both sides, and a query every `checkEveryMs` that gets no answer within as
 * long drops it. A signal sent while that connection was down is lost, so every handler is called
 * once after it is back: these signals only say "look again", and a look too many costs little
 * (and whoever waits for one also looks on a timer of its own).
 */
export class PgSignals {
  private listening: Listening | undefined;
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

  /** Stops listening: the server is told, or, when the connection says nothing within a check's wait, it is closed here. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const listening = this.listening;
    this.listening = undefined;
    if (!listening) return;
    clearTimeout(listening.checker);
    let timer: NodeJS.Timeout | undefined;
    const silent = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.checkEveryMs)));
    await Promise.race([listening.client.end().catch(() => {}), silent]);
    clearTimeout(timer);
    listening.destroy();
  }

  private get checkEveryMs(): number {
    return this.options.checkEveryMs ?? 3_000;
  }

  private async connect(again: boolean): Promise<void> {
    if (this.closed) return;
    // pg's own socket (a plain one, TLS or not), made here to be closed here.
    let socket: Socket | undefined;
    const client = new pg.Client({
      ...connectionConfig(this.url),
      application_name: "swap-bot signals",
      keepAliveInitialDelayMillis: 5_000,
      stream: () => (socket = new Socket()),
    });
    const listening: Listening = { client, destroy: () => socket?.destroy(), checker: undefined };
    let broken = false;
    const broke = (error: Error) => {
      if (broken) return;
      broken = true;
      clearTimeout(listening.checker);
      if (this.listening === listening) this.listening = undefined;
      client.end().catch(() => {});
      // A silent connection would wait for ever for the server's goodbye.
      listening.destroy();
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
      // The server ends this session within about 11 s of its host going silent, not the
      // system's two hours (as the leader lock's); this side's socket does the same, and checkLater()
      // drops a connection that does not answer sooner.
      await this.answered(
        client.query(
          [
            "SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3;",
            ...Object.values(SIGNALS).map((channel) => `LISTEN ${channel};`),
          ].join(" "),
        ),
      );
    } catch (error) {
      broke(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.listening = listening;
    this.failures = 0;
    this.checkLater(listening, broke);
    // Whatever was sent while nobody listened: looked at now.
    if (again) for (const signal of this.handlers.keys()) this.fire(signal);
  }

  /** Asks the listening connection a question every checkEveryMs; no answer within as long, and it is dropped (`broke`). */
  private checkLater(listening: Listening, broke: (error: Error) => void): void {
    listening.checker = setTimeout(() => void this.check(listening, broke), this.checkEveryMs).unref();
  }

  private async check(listening: Listening, broke: (error: Error) => void): Promise<void> {
    try {
      await this.answered(listening.client.query("SELECT 1"));
      if (this.listening === listening) this.checkLater(listening, broke);
    } catch (error) {
      broke(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** `query`'s answer, or an error once it has waited checkEveryMs for it. */
  private async answered<T>(query: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the signals' connection to PostgreSQL gave no answer within ${this.checkEveryMs / 1000} s`)),
        this.checkEveryMs,
      );
    });
    try {
      return await Promise.race([query, silent]);
    } finally {
      clearTimeout(timer);
    }
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

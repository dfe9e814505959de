import type { Logger } from "pino";
import type { Clock, Timer } from "../clock.js";
import type { Repositories, TransactionRecord } from "../db/index.js";
import { BudgetCancelledError, type Lane } from "../exchange/budget.js";
import type { ExchangeClient } from "../exchange/client.js";
import { isExchangeError } from "../exchange/errors.js";
import { headStart, MAX_NOT_FOUND, nextPoll, pollRank, retryDelay } from "./policy.js";
import type { StatusNotifier } from "./notifier.js";

export interface TrackerDeps {
  repos: Repositories;
  client: Pick<ExchangeClient, "getTransaction">;
  notifier: StatusNotifier;
  clock: Clock;
  logger: Logger;
  /** TRACKER_INTERVAL_SECONDS: the shortest time between two polls of one exchange. */
  intervalMs: number;
  /** Polls waiting for the budget at once; more would only queue behind each other. */
  concurrency?: number;
}

/** The longest the loop sleeps without looking at the schedule again. */
const MAX_IDLE_MS = 30_000;
/** How far a poll in progress pushes the exchange's next poll out. */
const LEASE_MS = 10 * 60_000;

/**
 * Polls every open exchange through the budget's background lane and reports changes. Due
 * polls go where news is likely first (see POLL_RANK and headStart in policy.ts). Only
 * `concurrency` polls wait for the budget at a time, so when there is more due work than
 * budget the schedule stretches (next polls slide) instead of a queue piling up, and waiting
 * exchanges yield to announced and moving ones, which keep that rank only for a while.
 * The schedule lives in SQLite and survives restarts.
 */
export class Tracker {
  private readonly polling = new Map<string, Promise<TransactionRecord | undefined>>();
  private readonly concurrency: number;
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;

  constructor(private readonly deps: TrackerDeps) {
    this.concurrency = deps.concurrency ?? 2;
  }

  async start(): Promise<void> {
    await this.deps.notifier.recover();
    this.running = true;
    this.loop = this.run();
  }

  /** Starts no new poll from the moment it is called; resolves when the running ones end. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    await Promise.allSettled(this.polling.values());
  }

  /** Looks now (a person asked); shares a poll already under way for the same exchange. */
  refresh(exchangeId: string): Promise<TransactionRecord | undefined> {
    const tx = this.deps.repos.transactions.find(exchangeId);
    return tx ? this.pollOnce(tx, "user") : Promise.resolve(undefined);
  }

  /** The owner says the deposit is on its way: look now, then at every interval for a while. */
  fundsSent(exchangeId: string): void {
    this.deps.repos.transactions.markFundsSent(exchangeId, this.deps.clock.now());
    this.wake();
  }

  /** New work may be due sooner than the loop thought. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Polls under way (waiting for the budget or for the service). */
  pollsInFlight(): number {
    return this.polling.size;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        this.startDuePolls();
      } catch (error) {
        // SQLite busy or the like: log, wait, and try again; the loop must not die.
        this.deps.logger.error({ err: error }, "tracker could not read its schedule");
      }
      await this.idle();
    }
  }

  private startDuePolls(): void {
    const { repos, clock } = this.deps;
    const free = this.concurrency - this.polling.size;
    if (free <= 0) return;
    for (const tx of repos.transactions.due(clock.now(), free, headStart)) {
      // A lease: the next look is pushed out while this one runs, so nothing is polled
      // twice at once, and a crash mid-poll only delays the exchange by the lease.
      this.schedule(tx, clock.now() + LEASE_MS);
      void this.pollOnce(tx, "poll");
    }
  }

  /** Sleeps until woken (a poll ended, new work), the next due time, or MAX_IDLE_MS. */
  private idle(): Promise<void> {
    return new Promise<void>((resolve) => {
      const sleeping: { timer?: Timer } = {};
      const done = () => {
        sleeping.timer?.cancel();
        this.wakeUp = undefined;
        resolve();
      };
      this.wakeUp = done;
      if (!this.running) return done();
      if (this.polling.size >= this.concurrency) return;
      const next = this.deps.repos.transactions.nextDueAt();
      const wait = next === undefined ? MAX_IDLE_MS : Math.min(MAX_IDLE_MS, Math.max(1, next - this.deps.clock.now()));
      sleeping.timer = this.deps.clock.setTimer(done, wait);
    });
  }

  private pollOnce(tx: TransactionRecord, lane: Lane): Promise<TransactionRecord | undefined> {
    const running = this.polling.get(tx.exchangeId);
    if (running) return running;
    const poll = this.poll(tx, lane)
      .catch((error: unknown) => {
        this.deps.logger.error({ err: error, exchangeId: tx.exchangeId }, "tracker poll failed");
        if (lane === "user") throw error;
        return undefined;
      })
      .finally(() => {
        this.polling.delete(tx.exchangeId);
        this.wake(); // a slot is free, whoever started this poll
      });
    this.polling.set(tx.exchangeId, poll);
    return poll;
  }

  private async poll(tx: TransactionRecord, lane: Lane): Promise<TransactionRecord | undefined> {
    const { repos, clock, logger, intervalMs } = this.deps;
    try {
      const info = await this.deps.client.getTransaction(tx.exchangeId, { lane });
      const change = repos.transactions.recordObservation(tx.exchangeId, {
        status: info.status,
        amountTo: info.amount_to,
        addressFrom: info.address_from,
        extraFrom: info.extra_from,
        addressRefund: info.address_refund,
        hashFrom: info.hash_from,
        hashTo: info.hash_to,
      });
      const updated = repos.transactions.find(tx.exchangeId)!;
      const decision = nextPoll(updated, clock.now(), intervalMs);
      const next = decision.kind === "poll" ? { nextPollAt: decision.at, pollRank: decision.rank } : { nextPollAt: null };
      repos.transactions.scheduleNextPoll(tx.exchangeId, next.nextPollAt, next.pollRank);
      const current = { ...updated, ...next };
      if (change) await this.deps.notifier.statusChanged(current);
      else if (decision.kind === "stalled" && tx.nextPollAt !== null) await this.deps.notifier.stalled(current);
      else if (lane === "user") await this.deps.notifier.updateCard(current);
      return current;
    } catch (error) {
      // As stored now: the owner may have pressed "I have sent the funds" meanwhile.
      const latest = repos.transactions.find(tx.exchangeId) ?? tx;
      if (error instanceof BudgetCancelledError) {
        // Shutting down: look again as soon as we are back.
        this.schedule(latest, tx.nextPollAt ?? clock.now());
        if (lane === "user") throw error;
        return undefined;
      }
      if (isExchangeError(error, "not-found")) {
        const count = repos.transactions.recordPollError(tx.exchangeId);
        if (count >= MAX_NOT_FOUND) {
          logger.error({ exchangeId: tx.exchangeId, count }, "the exchange service does not know this exchange; tracking stopped");
          repos.transactions.scheduleNextPoll(tx.exchangeId, null);
          return repos.transactions.find(tx.exchangeId);
        }
        this.schedule(latest, clock.now() + retryDelay(count, intervalMs));
      } else {
        const count = repos.transactions.recordPollError(tx.exchangeId);
        if (!isExchangeError(error)) logger.error({ err: error, exchangeId: tx.exchangeId }, "tracker poll failed");
        this.schedule(latest, clock.now() + retryDelay(count, intervalMs));
      }
      if (lane === "user") throw error;
      return repos.transactions.find(tx.exchangeId);
    }
  }

  /** Sets the next look at `at`, with the place in line that `tx`'s state earns now. */
  private schedule(tx: TransactionRecord, at: number): void {
    this.deps.repos.transactions.scheduleNextPoll(tx.exchangeId, at, pollRank(tx, this.deps.clock.now()));
  }
}

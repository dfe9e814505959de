import type { Logger } from "pino";
import type { Clock, Timer } from "../clock.js";
import { BEAT_MS, type Repositories, type StopReason, type TransactionRecord } from "../db/index.js";
import {
  afterNotFound,
  CARD_DELIVERY_AFTER_MS,
  FLOW_CARD_HOLD_MS,
  headStart,
  isWaiting,
  nextPoll,
  pollRank,
  retryDelay,
} from "../domain/poll-policy.js";
import { DEFAULT_SLOWNESS, type SlownessSettings, slownessOf, toldOf, usualMs } from "../domain/slowness.js";
import {
  BudgetCancelledError,
  BudgetQueueFullError,
  type ExchangeClient,
  isExchangeError,
  type Lane,
  type RateBudget,
  type Transaction,
} from "../exchange/index.js";
import type { StatusNotifier } from "./notifier.js";

export interface TrackerDeps {
  repos: Repositories;
  client: Pick<ExchangeClient, "getTransaction">;
  /**
   * Asked, before a person's look takes a background poll's place, whether their call may queue.
   * Without it (benchmarks that ask for no one), only the call itself meets the budget's refusal.
   */
  budget?: Pick<RateBudget, "queueFull">;
  notifier: StatusNotifier;
  clock: Clock;
  logger: Logger;
  /** TRACKER_INTERVAL_SECONDS: the shortest time between two polls of one exchange. */
  intervalMs: number;
  /** Polls waiting for the budget at once; more would only queue behind each other. */
  concurrency?: number;
  /** When an exchange is later than usual (SLOW_* settings); DEFAULT_SLOWNESS without. */
  slowness?: SlownessSettings;
}

/** The longest the loop sleeps without looking at the schedule again. */
const MAX_IDLE_MS = 30_000;
/** A loop that has not looked at its schedule for this long (and waits for no poll) is stuck. */
const STUCK_AFTER_MS = 4 * MAX_IDLE_MS;
/** How far a poll in progress pushes the exchange's next poll out (a lease; see start()). */
const LEASE_MS = 10 * 60_000;
/** Owed messages tried per pass of the loop. */
const NOTICES_PER_PASS = 20;

/** When work is next due, as the schedule says: a poll, an owed status message, an owed creation card, an owed card edit. */
type NextWork = { poll: number | undefined; notice: number | undefined; card: number | undefined; edit: number | undefined };

/**
 * Polls every open exchange through the budget's background lane and reports changes. Due
 * polls go where news is likely first (see POLL_RANK and headStart in src/domain/poll-policy.ts). Only
 * `concurrency` polls wait for the budget at a time, so when there is more due work than
 * budget the schedule stretches (next polls slide) instead of a queue piling up, and waiting
 * exchanges yield to announced and moving ones, which keep that rank only for a while.
 * The schedule lives in the database and survives restarts. The loop also sends the messages owed
 * to owners (ones Telegram certainly did not get, and "tracking stopped").
 */
/** A poll under way: whose it is, and whether its call has left the budget's line. */
interface Poll {
  lane: Lane;
  /** The person a user-lane look is for (budget.ts, rule 7: people take turns); none for background polls. */
  requester?: string;
  promise: Promise<TransactionRecord | undefined>;
  /** The call has its slot and is out (or answered); false while it waits in line. */
  sending: boolean;
  /** A person's look took over while this background poll still waited in line. */
  superseded: boolean;
  queue: AbortController;
}

export class Tracker {
  private readonly polling = new Map<string, Poll>();
  private readonly concurrency: number;
  private delivering: Promise<void> | undefined;
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** A wake() that came during a pass: the pass may have read the schedule before what woke it. */
  private wokenDuringPass = false;
  private lastPassAt: number | undefined;
  /** When (wall clock: the registry's judgement of "gone" is not a test's fake clock) sweepGone last ran. */
  private lastSweepAt = 0;

  constructor(private readonly deps: TrackerDeps) {
    this.concurrency = deps.concurrency ?? 2;
  }

  async start(): Promise<void> {
    // Leases left by a process that died mid-poll: due again now, not when the lease ends. (A poll
    // the last leader still finishes is recorded only if its read is the newest: see pollTicket.)
    const released = await this.deps.repos.schedule.releaseLeases(this.deps.clock.now());
    if (released > 0) this.deps.logger.info({ released }, "polls cut short by the last stop are due again");
    await this.sweepGone();
    this.running = true;
    this.loop = this.run();
  }

  /**
   * What processes that are gone held: creation cards they claimed and never recorded as shown
   * (owed again at once, whatever state they were in), and status messages they were sending (the
   * card updated, never sent twice).
   * A live process's claims are left alone, whoever leads (src/db/exchanges/card.ts).
   */
  private async sweepGone(): Promise<void> {
    this.lastSweepAt = Date.now();
    const cards = await this.deps.repos.cards.releaseDeadClaims();
    if (cards > 0) this.deps.logger.info({ cards }, "creation cards held by processes now gone are owed");
    await this.deps.notifier.recover();
  }

  /** Starts no new poll from the moment it is called; resolves when the running ones end. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    await Promise.allSettled([...[...this.polling.values()].map((p) => p.promise), this.delivering]);
  }

  /**
   * Looks now (a person asked: a card's Refresh, staff's /lookup). Shares a call for the same
   * exchange that is already out, but never waits behind background work: a background poll
   * still waiting in line (it may wait a minute behind the pace) leaves the line, and the
   * person's call takes the user lane instead, as `requester`'s (requesterOf: the card's owner
   * pressing Refresh, the staff member asking /lookup), so it takes turns with their other requests.
   * When that person already has as many requests in line as they may, the look is refused
   * (BudgetQueueFullError) before anything changes: the background poll keeps its place.
   */
  async refresh(exchangeId: string, requester?: string): Promise<TransactionRecord | undefined> {
    const tx = await this.deps.repos.transactions.find(exchangeId);
    if (!tx) return undefined;
    // From here on nothing is awaited until the poll is under way: the polls in flight are as seen.
    const running = this.polling.get(exchangeId);
    const waitingBackground = running !== undefined && running.lane !== "user" && !running.sending;
    // A call the person shares asks nothing of their line; a new one may not fit in it.
    const shared = running !== undefined && !waitingBackground;
    const full = requester !== undefined && !shared ? this.deps.budget?.queueFull(requester) : undefined;
    if (full) throw full;
    if (running && waitingBackground) {
      running.superseded = true;
      running.queue.abort();
      this.polling.delete(exchangeId);
    }
    return this.pollOnce(tx, "user", requester);
  }

  /** The owner says the deposit is on its way: look now, then at every interval for a while. */
  async fundsSent(exchangeId: string): Promise<void> {
    await this.deps.repos.schedule.markFundsSent(exchangeId, this.deps.clock.now());
    this.wake();
  }

  /**
   * The registry counts a process gone: what it held (a card, a status message) is taken over at
   * the next pass, which comes now, however lately the last sweep ran.
   */
  processGone(): void {
    this.lastSweepAt = 0;
    this.wake();
  }

  /** New work may be due sooner than the loop thought. */
  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.wokenDuringPass = true;
  }

  /** For /healthz: the loop runs and has looked at its schedule lately (or waits for a poll). */
  health(): { ok: true } | { ok: false; reason: string } {
    if (!this.running || this.lastPassAt === undefined) return { ok: false, reason: "the tracker is not running" };
    const sinceMs = this.deps.clock.now() - this.lastPassAt;
    if (sinceMs <= STUCK_AFTER_MS || this.polling.size > 0) return { ok: true };
    return { ok: false, reason: `the tracker loop has not run for ${Math.round(sinceMs / 1000)} s` };
  }

  /** Polls under way (waiting for the budget or for the service). */
  pollsInFlight(): number {
    return this.polling.size;
  }

  /** Whether owed messages (a creation card, a status message) are being sent now. */
  sendingOwed(): boolean {
    return this.delivering !== undefined;
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.lastPassAt = this.deps.clock.now();
      this.wokenDuringPass = false;
      let quiet: NextWork | undefined;
      try {
        // At most once a beat; woken at once when the registry counts a process gone.
        if (Date.now() - this.lastSweepAt >= BEAT_MS) await this.sweepGone();
        quiet = await this.pass();
      } catch (error) {
        // The database busy or the like: log, wait, and try again; the loop must not die.
        this.deps.logger.error({ err: error }, "tracker could not read its schedule");
      }
      await this.idle(quiet);
    }
  }

  /**
   * Reads when work is next due, then picks only the kinds due by now: a pass with nothing to
   * do (most of them: the loop looks every MAX_IDLE_MS) is one round trip, not three. Returns
   * that read when nothing was started, for the sleep that follows; undefined when the
   * schedule has changed since.
   */
  private async pass(): Promise<NextWork | undefined> {
    const next = await this.deps.repos.schedule.nextWork();
    const now = this.deps.clock.now();
    const pollDue = next.poll !== undefined && next.poll <= now && this.polling.size < this.concurrency;
    const owed = earliest(next.notice, earliest(next.card, next.edit));
    const owedDue = owed !== undefined && owed <= now && this.delivering === undefined;
    if (pollDue) await this.startDuePolls();
    if (owedDue) await this.startOwedNotices();
    return pollDue || owedDue ? undefined : next;
  }

  private async startDuePolls(): Promise<void> {
    const { repos, clock } = this.deps;
    const free = this.concurrency - this.polling.size;
    if (free <= 0) return;
    for (const tx of await repos.schedule.due(clock.now(), free, headStart)) {
      // Being looked at already (a person's Refresh): that look sets the next poll.
      if (this.polling.has(tx.exchangeId)) continue;
      // A lease: the next look is pushed out while this one runs, so nothing is polled twice
      // at once; it is marked as a lease, so a crash mid-poll does not delay the exchange. Not
      // taken when the schedule changed since the pick (a person's look ended meanwhile, the
      // exchange ended or stopped being followed): then there is nothing to poll now.
      if (tx.nextPollAt === null || !(await repos.schedule.lease(tx.exchangeId, clock.now() + LEASE_MS, tx.nextPollAt))) continue;
      void this.pollOnce(tx, "poll");
    }
  }

  /** Sends the messages owed by now (deposit details first), then the cards' owed edits, a few at a time, one pass at once. */
  private async startOwedNotices(): Promise<void> {
    if (this.delivering) return;
    const now = this.deps.clock.now();
    const { cards, notices: due, edits } = await this.deps.repos.notices.owedBy(now, NOTICES_PER_PASS);
    if (cards.length === 0 && due.length === 0 && edits.length === 0) return;
    this.delivering = (async () => {
      for (const exchangeId of cards) await this.deps.notifier.deliverDeposit(exchangeId);
      for (const exchangeId of due) await this.deps.notifier.deliverOwed(exchangeId);
      for (const exchangeId of edits) await this.deps.notifier.editOwedCard(exchangeId);
    })()
      .catch((error: unknown) => this.deps.logger.error({ err: error }, "could not send the messages owed"))
      .finally(() => {
        this.delivering = undefined;
        this.wake();
      });
  }

  /**
   * Sleeps until woken (a poll ended, new work), the next due time, or MAX_IDLE_MS. `known`: the
   * pass's read of the next work, still true (it started nothing; a change since comes with a wake).
   */
  private idle(known?: NextWork): Promise<void> {
    return new Promise<void>((resolve) => {
      const sleeping: { timer?: Timer; over?: boolean } = {};
      const done = () => {
        if (sleeping.over) return;
        sleeping.over = true;
        sleeping.timer?.cancel();
        this.wakeUp = undefined;
        resolve();
      };
      // Awake to a wake() from now on, also while the schedule is being read; one that came
      // during the pass is answered with another pass at once.
      this.wakeUp = done;
      if (!this.running || this.wokenDuringPass) return done();
      const sleepUntil = (next: number | undefined) => {
        if (sleeping.over) return;
        // Every slot busy and no message owed: the end of a poll wakes the loop.
        if (next === undefined && this.polling.size >= this.concurrency) return;
        const wait = next === undefined ? MAX_IDLE_MS : Math.min(MAX_IDLE_MS, Math.max(1, next - this.deps.clock.now()));
        sleeping.timer = this.deps.clock.setTimer(done, wait);
      };
      if (known) return sleepUntil(this.nextWorkAt(known));
      this.deps.repos.schedule.nextWork().then(
        (next) => sleepUntil(this.nextWorkAt(next)),
        (error: unknown) => {
          this.deps.logger.error({ err: error }, "tracker could not read its schedule");
          sleepUntil(undefined);
        },
      );
    });
  }

  /** The next due poll (while a slot is free) or owed message, whichever comes first. */
  private nextWorkAt(next: NextWork): number | undefined {
    // From one read of all three; what this process is doing is looked at as it is now.
    const poll = this.polling.size < this.concurrency ? next.poll : undefined;
    const notice = this.delivering ? undefined : earliest(next.notice, earliest(next.card, next.edit));
    return earliest(poll, notice);
  }

  private pollOnce(tx: TransactionRecord, lane: Lane, requester?: string): Promise<TransactionRecord | undefined> {
    const running = this.polling.get(tx.exchangeId);
    if (running) return running.promise;
    const entry: Poll = {
      lane,
      promise: Promise.resolve(undefined),
      sending: false,
      superseded: false,
      queue: new AbortController(),
      ...(requester === undefined ? {} : { requester }),
    };
    entry.promise = this.poll(tx, entry)
      .catch((error: unknown) => {
        // Not asked at all (shutting down, the person's line full): nothing failed.
        if (!isBudgetRefusal(error)) this.deps.logger.error({ err: error, exchangeId: tx.exchangeId }, "tracker poll failed");
        if (lane === "user") throw error;
        return undefined;
      })
      .finally(() => {
        if (this.polling.get(tx.exchangeId) === entry) this.polling.delete(tx.exchangeId);
        this.wake(); // a slot is free, whoever started this poll
      });
    this.polling.set(tx.exchangeId, entry);
    return entry.promise;
  }

  private async poll(tx: TransactionRecord, entry: Poll): Promise<TransactionRecord | undefined> {
    const lane = entry.lane;
    try {
      // Taken before asking: of two overlapping looks, only the later one's read may be recorded last.
      const ticket = await this.deps.repos.schedule.pollTicket(tx.exchangeId);
      const info = await this.deps.client.getTransaction(tx.exchangeId, {
        lane,
        ...(entry.requester === undefined ? {} : { requester: entry.requester }),
        queueSignal: entry.queue.signal,
        onQueued: () => (entry.sending = false),
        onGranted: () => (entry.sending = true),
      });
      return await this.observed(tx, info, lane, ticket);
    } catch (error) {
      // A person's look took over: it records what it sees and sets the next poll.
      if (entry.superseded) return await this.deps.repos.transactions.find(tx.exchangeId);
      await this.pollFailed(tx, lane, error);
      if (lane === "user") throw error;
      return await this.deps.repos.transactions.find(tx.exchangeId);
    }
  }

  /** Records what the service said, decides the next look, and tells the owner what changed. */
  private async observed(tx: TransactionRecord, info: Transaction, lane: Lane, ticket?: number): Promise<TransactionRecord> {
    const { repos, clock, intervalMs } = this.deps;
    // The exchange just before and after, from one transaction: the flow may have learned the
    // deposit while this poll was out, and exactly one of the two must see it become complete.
    const recorded = await repos.schedule.recordObservation(
      tx.exchangeId,
      {
        status: info.status,
        amountTo: info.amount_to,
        addressFrom: info.address_from,
        extraFrom: info.extra_from,
        addressRefund: info.address_refund,
        hashFrom: info.hash_from,
        hashTo: info.hash_to,
      },
      ticket,
    );
    if (!recorded) return tx; // not stored (never happens: exchanges are never deleted)
    const { before, after, change } = recorded;
    const now = clock.now();
    // Only a poll changes the status, and one exchange has one poll at a time: stalled or not, as recorded.
    if (nextPoll(after, now, intervalMs).kind === "stalled") {
      const stopped = await this.stopTracking(tx.exchangeId, "stalled");
      const current = (await repos.transactions.find(tx.exchangeId)) ?? after;
      if (!stopped && lane === "user") await this.deps.notifier.updateCard(current);
      return current;
    }
    // Decided from the exchange as it is when the schedule is written, not as recorded: the owner
    // may have pressed "I have sent the funds" since, and its earlier look must not be lost.
    const scheduled = await repos.schedule.scheduleNextPoll(tx.exchangeId, (current) => {
      const decision = nextPoll(current, now, intervalMs);
      if (decision.kind === "stalled") return undefined; // (see above: not at this point)
      // Finished, failed or refunded: no next poll.
      return decision.kind === "poll" ? { at: decision.at, rank: decision.rank } : { at: null };
    });
    await this.beforeNews(before, scheduled ?? after, change !== undefined);
    const current = (await repos.transactions.find(tx.exchangeId)) ?? after;
    if (change) await this.deps.notifier.statusChanged(current);
    else {
      if (lane === "user") await this.deps.notifier.updateCard(current);
      await this.watchSlowness(current);
    }
    return current;
  }

  /**
   * An exchange later than usual in its status, as the bot first saw it (src/domain/slowness.ts):
   * its owner told once, then its card marked "later than usual" (support's /late lists it).
   */
  private async watchSlowness(tx: TransactionRecord): Promise<void> {
    const settings = this.deps.slowness ?? DEFAULT_SLOWNESS;
    const inStatusMs = this.deps.clock.now() - tx.statusChangedAt;
    const now = slownessOf(tx.status, tx.networkFrom, inStatusMs, settings);
    const told = toldOf(tx.slowState, tx.status);
    if (now === "usual" || told === now || told === "late") return;
    const usual = usualMs(tx.status, tx.networkFrom, settings)!;
    // When to ask for help: once it is late (at least the usual time again, if it is late already).
    const laterMs = Math.max(usual, usual * settings.lateFactor - inStatusMs);
    const minutes = { minutes: Math.round(usual / 60_000), laterMinutes: Math.ceil(laterMs / 60_000) };
    if (told === "usual") await this.deps.notifier.slowness(tx, "slow", minutes);
    if (now === "late") await this.deps.notifier.slowness(tx, "late", minutes);
  }

  /**
   * What must reach the owner before any news of status: the creation card, if the flow could
   * not show it; the deposit details, if they have just come after the person was told to wait.
   */
  private async beforeNews(before: TransactionRecord, current: TransactionRecord, news: boolean): Promise<void> {
    const { notifier, clock, repos } = this.deps;
    // The flow that holds the card is gone: without this, nobody would ever show it.
    const lapsed =
      current.cardClaim === "flow" &&
      current.cardMessageId === null &&
      (await repos.cards.releaseFlowHold(current.exchangeId, FLOW_CARD_HOLD_MS));
    const now = (lapsed ? await repos.transactions.find(current.exchangeId) : undefined) ?? current;
    if (now.cardMessageId === null) {
      // Not while the flow may still be showing it, unless news cannot wait (the claim then
      // decides which of the two shows it: never both).
      // A card nobody claimed this long after creating: the flow never got to it (the process stopped).
      const forgotten = clock.now() - now.createdAt >= CARD_DELIVERY_AFTER_MS;
      if (news || forgotten || (now.cardDueAt !== null && now.cardDueAt <= clock.now())) {
        // Owed only if still nobody's: `now` was read before the flow may have claimed it.
        if (now.cardDueAt === null && now.cardClaim === null) await repos.cards.oweUnclaimedCard(now.exchangeId);
        await notifier.deliverDeposit(now.exchangeId);
      }
      // The tracker's card is on its way, drawn before these details came: they are owed as a
      // new message once it is shown (as the flow's Try again owes them), never lost between the two.
      if (now.cardClaim === "tracker" && isWaiting(now.status) && !notifier.depositComplete(before) && notifier.depositComplete(now)) {
        await repos.cards.oweDepositDetails(now.exchangeId);
      }
      return;
    }
    if (isWaiting(now.status) && !notifier.depositComplete(before) && notifier.depositComplete(now)) await notifier.depositReady(now);
  }

  /** A poll that read nothing: look again later (or give up on an id the service does not know). */
  private async pollFailed(tx: TransactionRecord, lane: Lane, error: unknown): Promise<void> {
    const { repos, clock, logger, intervalMs } = this.deps;
    if (error instanceof BudgetCancelledError) {
      // Shutting down: look again as soon as we are back (or sooner, if the owner said so meanwhile).
      await this.reschedule(tx.exchangeId, (latest) => Math.min(tx.nextPollAt ?? clock.now(), latest.nextPollAt ?? Infinity));
      return;
    }
    if (error instanceof BudgetQueueFullError) {
      // A person's look (a retry) found their own line full: nothing was asked and the service is
      // not at fault. The schedule stands, with any "I have sent the funds" boost since; only the
      // lease of a background poll this look took over ends: that poll was due.
      await this.reschedule(tx.exchangeId, (latest) => (latest.leasedUntil !== null ? clock.now() : undefined));
      return;
    }
    if (isExchangeError(error, "not-found")) return this.notFound(tx);
    const count = await repos.schedule.recordPollError(tx.exchangeId);
    if (!isExchangeError(error)) logger.error({ err: error, exchangeId: tx.exchangeId }, "tracker poll failed");
    await this.reschedule(tx.exchangeId, () => clock.now() + retryDelay(count, intervalMs));
  }

  /** "Not found": counted apart from other errors; a new exchange may not be listed yet. */
  private async notFound(tx: TransactionRecord): Promise<void> {
    const { repos, clock, logger, intervalMs } = this.deps;
    const count = await repos.schedule.recordNotFound(tx.exchangeId);
    const decision = afterNotFound(count, tx.createdAt, clock.now(), intervalMs);
    if (decision.kind === "retry") {
      await this.reschedule(tx.exchangeId, () => decision.at);
      return;
    }
    if (await this.stopTracking(tx.exchangeId, "not-found"))
      logger.error({ exchangeId: tx.exchangeId, count }, "the exchange service does not know this exchange, so tracking stopped");
  }

  /**
   * Stops following an exchange that has not ended, and tells its owner once (now, or when
   * Telegram can be reached: the message is owed from the moment tracking stops). Returns
   * false when it was not followed any more.
   */
  private async stopTracking(exchangeId: string, reason: StopReason): Promise<boolean> {
    if (!(await this.deps.repos.schedule.stopTracking(exchangeId, reason, this.deps.clock.now()))) return false;
    this.deps.logger.warn({ exchangeId, reason }, "tracking stopped, and the owner is told");
    await this.deps.notifier.deliverOwed(exchangeId);
    return true;
  }

  /**
   * Sets the next look at the time `at` gives (undefined: the schedule stands), with the place in
   * line the exchange's state earns now, both decided from the exchange as it is when written (a
   * press of "I have sent the funds" since it was read is kept). One no longer followed (stopped,
   * or ended) is left alone: a look that read nothing does not start following it again.
   */
  private async reschedule(exchangeId: string, at: (latest: TransactionRecord) => number | undefined): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.repos.schedule.scheduleNextPoll(exchangeId, (latest) => {
      const when = latest.nextPollAt === null ? undefined : at(latest);
      return when === undefined ? undefined : { at: when, rank: pollRank(latest, now) };
    });
  }
}

function earliest(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return Math.min(a, b);
}

/** The budget refused to queue the call (shutdown, the person's line full): nothing was asked upstream. */
function isBudgetRefusal(error: unknown): boolean {
  return error instanceof BudgetCancelledError || error instanceof BudgetQueueFullError;
}

import type { Update } from "grammy/types";
import type { Logger } from "pino";
import { type ChatLeases, chatIdOfKey, HeldLease, underLease } from "../chat/index.js";
import type { ClaimedUpdate } from "../db/inbox.js";
import type { ChatSends } from "../telegram/outbox.js";
import { HandledChats } from "./handled.js";

export interface InboxWorkerOptions {
  /** This process's leases of the chats (src/chat/lease.ts; the fleet binds their owner and timing). */
  leases: ChatLeases;
  /**
   * Handles one update; a failure is logged and the update counts as handled (the bot's error
   * handler has answered it). `attempts` above 1: a process took it up before and stopped.
   * Runs under the chat's lease (src/chat/fence.ts): `signal` aborts when another process took
   * the chat, and the handling's fenced writes and calls into the chat are refused from then on.
   */
  handle: (update: Update, attempts: number, signal: AbortSignal) => Promise<void>;
  logger: Logger;
  /** The wall clock old updates are forgotten on (leases are kept on the database's: src/db/inbox.ts). */
  now?: () => number;
  /** How often to look for waiting updates nobody woke this process for (another process stored them, or a lease ran out). */
  scanMs?: number;
  /** Chats handled at once. */
  concurrency?: number;
  /** Times an update may be taken up; past this it is set aside (it kills whoever handles it). */
  maxAttempts?: number;
  /**
   * Telegram's gap between messages into a chat, across processes (the outbox's, by chat id): told
   * how long ago the chat last got a message as its lease is taken (`sentEarlier`), asked as it is
   * let go (`lastSentAgo`). An update of no chat has no gap to keep.
   */
  chatSends?: ChatSends;
  /** Where the chats handled here now are kept (the chats' turns read it too); default one of its own. */
  handled?: HandledChats;
}

/** Handled updates are kept this long, so that Telegram repeating one is known and dropped. */
const KEEP_DONE_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/**
 * Handles the updates waiting in the inbox, on every process of the bot: a chat at a time per
 * lease (the fleet's: src/fleet/), its updates in order, many chats at once. Woken when this process
 * stores updates; looks every `scanMs` anyway, for updates other processes stored in a chat
 * this one was handling and for chats whose process died (its leases ran out).
 */
export class InboxWorker {
  private readonly now: () => number;
  private readonly leases: ChatLeases;
  private readonly concurrency: number;
  private readonly maxAttempts: number;
  /** Chats being handled here, each by its loop. */
  private readonly active = new Map<string, Promise<void>>();
  private scanning: Promise<void> | undefined;
  /** Chats whose update is being handled now, and their leases: renewed (between updates, the statements renew or let go themselves). */
  private readonly handling: HandledChats;
  /** Chats offered while their loop ran: taken up again as soon as it ends. */
  private readonly offeredAgain = new Set<string>();
  private scanAgain = false;
  private stopped = false;
  private scanTimer: NodeJS.Timeout | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private lastPruneAt = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: InboxWorkerOptions) {
    this.now = options.now ?? Date.now;
    this.leases = options.leases;
    this.concurrency = options.concurrency ?? 64;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.handling = options.handled ?? new HandledChats();
  }

  start(): void {
    this.scanTimer = setInterval(() => this.wake(), this.options.scanMs ?? 500).unref();
    this.renewTimer = setInterval(() => void this.renew(), this.leases.renewEveryMs).unref();
    this.wake();
  }

  /**
   * This process just stored updates of these chats: it takes them up at once, without first
   * looking for waiting chats (a chat another process holds is left to it; one beyond the
   * concurrency waits for the next look).
   */
  offer(chatKeys: readonly string[]): void {
    if (this.stopped) return;
    for (const chatKey of new Set(chatKeys)) {
      if (this.active.has(chatKey)) {
        // Its loop may be past its last look at the chat: it looks once more when it ends.
        this.offeredAgain.add(chatKey);
        continue;
      }
      if (this.active.size >= this.concurrency) {
        this.scanAgain = true;
        continue;
      }
      this.handleChat(chatKey);
    }
  }

  /** Looks for waiting updates now. */
  wake(): void {
    if (this.stopped) return;
    if (this.scanning) {
      this.scanAgain = true;
      return;
    }
    this.scanning = this.scan()
      .catch((error: unknown) => this.options.logger.error({ err: error }, "could not look for waiting updates, and looks again shortly"))
      .finally(() => {
        this.scanning = undefined;
        this.settle();
      });
  }

  /** Whether an update of the chat is being handled here now (its lease is this process's). */
  handlesChat(chatKey: string): boolean {
    return this.handling.has(chatKey);
  }

  /** Resolves once nothing is being handled or looked for (tests, and the stop). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Takes no new update; waits for those being handled until `deadline` (epoch ms, real time),
   * letting each chat go as its update is done, so that another process takes it up at once.
   * Leases are renewed until the stop is over: a chat whose update is still being handled at the
   * deadline keeps its lease until it runs out after this process has exited, and its update is
   * then handled again elsewhere (at least once), not beside this one.
   */
  async stop(deadline: number): Promise<{ unfinished: number }> {
    this.stopped = true;
    clearInterval(this.scanTimer);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))));
    await Promise.race([Promise.all([this.scanning, ...this.active.values()]), timeout]);
    clearTimeout(timer);
    clearInterval(this.renewTimer);
    return { unfinished: this.active.size };
  }

  private isIdle(): boolean {
    return this.scanning === undefined && this.active.size === 0;
  }

  private settle(): void {
    if (this.scanAgain && !this.stopped) {
      this.scanAgain = false;
      this.wake();
      return;
    }
    if (!this.isIdle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async scan(): Promise<void> {
    const { leases } = this;
    const now = this.now();
    if (now - this.lastPruneAt >= PRUNE_EVERY_MS) {
      this.lastPruneAt = now;
      await leases.prune(now - KEEP_DONE_MS);
    }
    const free = this.concurrency - this.active.size;
    if (free <= 0) return;
    // Chats handled here are among those listed (this process's leases): asked for beyond them.
    for (const chatKey of await leases.waitingChats(free + this.active.size)) {
      if (this.stopped || this.active.size >= this.concurrency) break;
      if (!this.active.has(chatKey)) this.handleChat(chatKey);
    }
  }

  private handleChat(chatKey: string): void {
    const loop = this.drain(chatKey)
      .catch((error: unknown) =>
        this.options.logger.error({ err: error, chatKey }, "could not go on with a chat's updates, which wait for the next look"),
      )
      .finally(() => {
        this.active.delete(chatKey);
        if (this.offeredAgain.delete(chatKey) && !this.stopped) this.handleChat(chatKey);
        this.settle();
      });
    this.active.set(chatKey, loop);
  }

  /**
   * Handles the chat's waiting updates in order while this process holds its lease. An update
   * whose lease was lost while it was handled is dropped here, neither finished nor handed back:
   * the process that took the chat handles it.
   */
  private async drain(chatKey: string): Promise<void> {
    const { leases } = this;
    const sends = this.options.chatSends;
    const chatId = chatIdOfKey(chatKey);
    let askedAt = performance.now();
    let update = await leases.claim(chatKey);
    if (update?.chatSentAgoMs != null && chatId !== undefined) sends?.sentEarlier(chatId, update.chatSentAgoMs);
    const lastSentAgo = () => (chatId === undefined ? null : (sends?.lastSentAgo(chatId) ?? null));
    while (update) {
      const lease = { chatKey, token: update.token };
      // Taken up as the stop began: handed back untouched, for another process to handle now.
      if (this.stopped) return leases.giveBack(update.updateId, lease, lastSentAgo());
      if (update.attempts > this.maxAttempts) {
        this.options.logger.error(
          { updateId: update.updateId, chatKey, attempts: update.attempts },
          "an update was set aside unhandled, as every process that took it up stopped",
        );
      } else if (!(await this.handleUnderLease(update, askedAt))) {
        return;
      }
      if (this.stopped) {
        if (await leases.markDone(update.updateId, lease)) await leases.release(lease, lastSentAgo());
        return;
      }
      askedAt = performance.now();
      update = await leases.finish(update.updateId, lease, lastSentAgo());
    }
  }

  /** Handles the update under its chat's lease (claimed as of `claimedAt`); false when the lease was lost meanwhile. */
  private async handleUnderLease(update: ClaimedUpdate, claimedAt: number): Promise<boolean> {
    const { chatKey } = update;
    const lease = new HeldLease(chatKey, update.token, {
      claimedAt,
      freshMs: this.leases.leaseMs / 2,
      confirm: (held) => this.confirm(held),
    });
    const lost = new Promise<void>((resolve) => lease.signal.addEventListener("abort", () => resolve(), { once: true }));
    this.handling.add(lease);
    try {
      // Not waited for past the lease's loss: the handling may be stuck, and the chat is another's.
      await Promise.race([underLease(lease, () => this.handleOne(update, lease.signal)), lost]);
    } finally {
      this.handling.delete(chatKey);
      lease.end();
    }
    if (lease.lost) {
      this.options.logger.warn(
        { updateId: update.updateId, chatKey },
        "a chat's lease ran out and another process took it, so this one stopped its update",
      );
    }
    return !lease.lost;
  }

  private async handleOne(update: ClaimedUpdate, signal: AbortSignal): Promise<void> {
    try {
      await this.options.handle(JSON.parse(update.payload) as Update, update.attempts, signal);
    } catch (error) {
      if (signal.aborted) return;
      this.options.logger.error({ err: error, updateId: update.updateId }, "an update's handling failed");
    }
  }

  /** Asks the database whether `lease` is still this process's (renewing it). */
  private async confirm(lease: HeldLease): Promise<boolean> {
    const lost = await this.leases.renew([lease]);
    return lost.length === 0;
  }

  private async renew(): Promise<void> {
    if (this.handling.size === 0) return;
    const leases = this.handling.held();
    const askedAt = performance.now();
    try {
      const lost = new Set(await this.leases.renew(leases));
      for (const lease of leases) {
        if (lost.has(lease.chatKey)) lease.lose();
        else lease.confirmed(askedAt);
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, "could not renew the chats' leases");
    }
  }
}

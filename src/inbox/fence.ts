import type { Transformer } from "grammy";
import { type ActiveFence, currentFence, LeaseLostError, underFence } from "../db/fence.js";
import { chatKeyOfChat } from "../telegram/chat.js";

export { type Fence, LeaseLostError, outsideFence } from "../db/fence.js";

/**
 * A chat's lease as the handling of one update holds it (issue 31): the fencing token the
 * database handed out with the claim (src/db/inbox.ts), and whether it is still held.
 *
 * Held, as far as this process can tell without asking, for `freshMs` after the last claim or
 * renewal was asked for (measured on performance.now(), which a change of the wall clock does not
 * move); past that, `check` asks the database before anything goes into the chat. Lost when a
 * renewal or a fenced write was refused: `signal` aborts, and every check throws LeaseLostError.
 * Ended once the update's handling is over (work it left in the background is no longer fenced).
 */
export class HeldLease implements ActiveFence {
  private readonly controller = new AbortController();
  private confirmedAt: number;
  private ended = false;

  constructor(
    readonly chatKey: string,
    readonly token: number,
    private readonly options: {
      /** performance.now() when the claim that handed out the token was asked for. */
      claimedAt: number;
      freshMs: number;
      /** Asks the database whether the lease is still this token's (renewing it); false when another process has it. */
      confirm: (lease: HeldLease) => Promise<boolean>;
    },
  ) {
    this.confirmedAt = options.claimedAt;
  }

  /** Aborts when the lease is lost. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get lost(): boolean {
    return this.controller.signal.aborted;
  }

  /** Another process has the chat: the handling stops. */
  lose(): void {
    if (!this.lost) this.controller.abort(new LeaseLostError(this.chatKey));
  }

  /** The lease was renewed by a request sent at `askedAt` (performance.now()). */
  confirmed(askedAt: number): void {
    if (askedAt > this.confirmedAt) this.confirmedAt = askedAt;
  }

  /** The update's handling is over: nothing is fenced by this lease any more (unless lost already). */
  end(): void {
    this.ended = true;
  }

  /** Whether writes and sends are still to be checked against this lease. */
  get fencing(): boolean {
    return !this.ended || this.lost;
  }

  /** Throws LeaseLostError unless the lease is surely still held: renewed lately, or confirmed now. */
  async check(): Promise<void> {
    if (this.lost) throw this.controller.signal.reason;
    if (this.ended || performance.now() - this.confirmedAt < this.options.freshMs) return;
    const askedAt = performance.now();
    if (!(await this.options.confirm(this))) this.lose();
    if (this.lost) throw this.controller.signal.reason;
    this.confirmed(askedAt);
  }
}

/** Runs `work` (an update's handling) under `lease`: what it writes and sends is fenced by it. */
export function underLease<T>(lease: HeldLease, work: () => Promise<T>): Promise<T> {
  return underFence(lease, work);
}

/** The lease of the update being handled here, if any and still fencing. */
export function currentLease(): HeldLease | undefined {
  const fence = currentFence();
  return fence instanceof HeldLease ? fence : undefined;
}

/**
 * An API transformer: a call into the chat of the update being handled goes out only while this
 * process still holds the chat's lease (asking the database when the last renewal is not recent),
 * else it throws LeaseLostError and nothing reaches Telegram. No exception: what the service did
 * for a handling that lost its lease (an exchange it created) is recorded, and reaches the person
 * from another process (the creation card is then owed at once: src/db/exchanges/card.ts).
 * Install it outermost on every API the handlers send through (replays of a conversation answered
 * from its record excepted).
 */
export function fenceCalls(): Transformer {
  return async (prev, method, payload, signal) => {
    const lease = currentLease();
    const chatId = (payload as { chat_id?: unknown } | undefined)?.chat_id;
    if (lease && (typeof chatId === "number" || typeof chatId === "string") && lease.chatKey === chatKeyOfChat(Number(chatId)))
      await lease.check();
    return prev(method, payload, signal);
  };
}

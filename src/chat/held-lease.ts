import { type ActiveFence, LeaseLostError } from "../db/fence.js";

/**
 * A lease as the work it was taken for holds it: the fencing token the database handed out with
 * the claim, and whether it is still held (issue 31: a chat's; issue 38: the leader's too).
 *
 * Held, as far as this process can tell without asking, for `freshMs` after the last claim or
 * renewal was asked for (measured on performance.now(), which a change of the wall clock does not
 * move, and which runs on while the process is stopped); past that, `check` asks the database.
 * Lost when a renewal or a fenced write was refused: `signal` aborts, and every check throws
 * LeaseLostError. Ended once the work is over (work it left in the background is no longer fenced).
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

  /** Another process has the lease: the work stops. */
  lose(): void {
    if (!this.lost) this.controller.abort(new LeaseLostError(this.chatKey));
  }

  /** The lease was renewed by a request sent at `askedAt` (performance.now()). */
  confirmed(askedAt: number): void {
    if (askedAt > this.confirmedAt) this.confirmedAt = askedAt;
  }

  /** When the lease was last known held (performance.now()). */
  get confirmedAtMs(): number {
    return this.confirmedAt;
  }

  /** The work is over: nothing is fenced by this lease any more (unless lost already). */
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

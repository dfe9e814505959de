import type { Logger } from "pino";
import { HeldLease, type LeaseTiming, underLease } from "../chat/index.js";
import type { Role } from "./fleet.js";
import { LEADER_LEASE, type LeaderLease } from "./leader-lease.js";

export interface LeadershipDeps {
  lease: LeaderLease;
  /**
   * Starts the leader's duties, under the term's fence (every write and send of theirs is
   * conditioned on the leader's token); `signal` aborts when the term ends before they all started.
   */
  lead(signal: AbortSignal): Promise<void>;
  /** Stops them (the term ended); resolves once stopped. */
  stepDown(): Promise<void>;
  logger: Logger;
  /** The lease's timing; default LEADER_LEASE. */
  timing?: LeaseTiming & { retryMs: number };
}

/**
 * Of the instances on one database, one leads: it holds the leader's lease and runs the
 * background duties while it does, each of their writes and sends fenced by the lease's token;
 * the others follow, trying to take the lease every second. A leader whose lease was taken (it
 * was frozen, or hung, past the lease), or whose duties had a write or a send refused, or that
 * could not renew for a whole lease, stops its duties at once and follows again. stop() ends the
 * term and lets the lease go at once, for the next to take.
 */
export class Leadership {
  private currentRole: Role = "follower";
  private readonly stopping = new AbortController();
  private loop: Promise<void> | undefined;
  /** The current term: its fence, its duties starting, and the abort that ends that start early. */
  private term: { fence: HeldLease; starting: Promise<void>; abort: AbortController; renewing: NodeJS.Timeout } | undefined;
  private readonly timing: LeaseTiming & { retryMs: number };

  constructor(private readonly deps: LeadershipDeps) {
    this.timing = deps.timing ?? LEADER_LEASE;
  }

  get role(): Role {
    return this.currentRole;
  }

  /** Starts trying; resolves after the first attempt (with the duties started, when it won). */
  start(): Promise<void> {
    let firstDone!: () => void;
    const first = new Promise<void>((resolve) => (firstDone = resolve));
    this.loop = this.run(firstDone).finally(firstDone);
    return first;
  }

  /** No attempt from now on; a leader stops its duties, then lets the lease go. */
  async stop(): Promise<void> {
    this.stopping.abort();
    // Duties still starting start no further one.
    this.term?.abort.abort();
    await this.loop;
    await this.endTerm();
  }

  private async run(firstDone: () => void): Promise<void> {
    const { logger, lease } = this.deps;
    let said = false;
    while (!this.stopping.signal.aborted) {
      const askedAt = performance.now();
      let token: number | undefined;
      try {
        token = await lease.take();
      } catch (error) {
        logger.warn({ err: error }, "could not ask the database which instance leads");
      }
      if (token !== undefined && this.stopping.signal.aborted) {
        await lease.release(token).catch(() => {});
        return;
      }
      if (token === undefined) {
        if (!said) logger.info("another instance leads, so this one follows and tries to lead every second");
        said = true;
        firstDone();
        await pause(this.timing.retryMs, this.stopping.signal);
        continue;
      }
      const fence = new HeldLease(lease.key, token, {
        claimedAt: askedAt,
        freshMs: this.timing.leaseMs / 2,
        confirm: (held) => lease.renew(held.token),
      });
      this.currentRole = "leader";
      logger.info({ token }, "this instance is now the LEADER and runs the background duties");
      const abort = new AbortController();
      // Listened for from the start: the lease may be lost while the duties still start.
      const lost = whenAborted(fence.signal, "lost" as const);
      // A term lost while its duties start starts no further one.
      void lost.then(() => abort.abort());
      // Every duty, and every timer it sets, runs under the term's fence.
      const starting = underLease(fence, () => this.deps.lead(abort.signal)).catch((error: unknown) =>
        logger.error({ err: error }, "the leader's duties could not all start"),
      );
      this.term = { fence, starting, abort, renewing: this.renewWhileHeld(fence) };
      await starting;
      firstDone();
      const ended = await Promise.race([lost, whenAborted(this.stopping.signal, "stopped" as const)]);
      if (ended === "stopped") return; // stop() ends the term
      logger.error({ token }, "STEPPED DOWN as leader after losing the lease, and stopped the duties here");
      await this.endTerm();
      said = true;
      await pause(this.timing.retryMs, this.stopping.signal);
    }
  }

  /**
   * Renews the term's lease every interval: refused, it is lost at once; unanswered for a whole
   * lease (the database hangs, or this process was stopped), it counts as lost too, since another
   * process may have taken it meanwhile.
   */
  private renewWhileHeld(fence: HeldLease): NodeJS.Timeout {
    const { lease, logger } = this.deps;
    let renewing = false;
    return setInterval(() => {
      if (renewing || fence.lost) return;
      if (performance.now() - fence.confirmedAtMs > this.timing.leaseMs) {
        logger.warn("the leader's lease was not renewed in time, so this instance steps down");
        return fence.lose();
      }
      renewing = true;
      const askedAt = performance.now();
      lease
        .renew(fence.token)
        .then(
          (held) => (held ? fence.confirmed(askedAt) : fence.lose()),
          (error: unknown) => logger.warn({ err: error }, "could not renew the leader's lease"),
        )
        .finally(() => (renewing = false));
    }, this.timing.renewEveryMs).unref();
  }

  /** Ends the term, if one runs: the duties stop, then the lease goes. */
  private async endTerm(): Promise<void> {
    const { term } = this;
    if (!term) return;
    this.term = undefined;
    this.currentRole = "follower";
    term.abort.abort();
    await term.starting;
    // Renewed until the duties have stopped (a lost lease is not: its renewals are refused).
    try {
      await this.deps.stepDown();
    } finally {
      clearInterval(term.renewing);
      term.fence.end();
      await this.deps.lease.release(term.fence.token).catch(() => {});
    }
    if (this.stopping.signal.aborted)
      this.deps.logger.info("stepped down as leader for the stop, letting the lease go for another instance");
  }
}

/** Waits `ms` (real time: other processes die on their own time), or less when `signal` aborts. */
/** Resolves with `value` once `signal` aborts, at once if it has already. */
function whenAborted<T>(signal: AbortSignal, value: T): Promise<T> {
  if (signal.aborted) return Promise.resolve(value);
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(value), { once: true }));
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

import type { Logger } from "pino";

/** What an instance is: it runs the background duties (leader), or not (follower); SQLite's waiting second process is a standby. */
export type Role = "leader" | "follower" | "standby";

/** A leader lock, held. */
export interface HeldLeaderLock {
  release(): void | Promise<void>;
}

export interface LeadershipDeps {
  /**
   * One attempt at the lock: it, or undefined while another instance holds it. `onLost` is
   * told, once, if the lock is lost while held (PostgreSQL's: its connection broke).
   */
  tryAcquire(onLost: (error: Error) => void): Promise<HeldLeaderLock | undefined>;
  /** Starts the leader's duties; `signal` aborts when the term ends before they are all started. */
  lead(signal: AbortSignal): Promise<void>;
  /** Stops them (the term ended); resolves once stopped. */
  stepDown(): Promise<void>;
  logger: Logger;
  /** How long a follower waits between two attempts (default 2 s). */
  retryMs?: number;
}

/**
 * Of the instances on one database, one leads: it takes the leader lock and runs the
 * background duties (lead) while it holds it; the others follow, trying again every `retryMs`,
 * so one of them takes over soon after the leader stops or dies. A leader that loses the lock
 * stops its duties at once (another may be leading already) and follows again. stop() ends
 * the term and lets the lock go at once, for the next to take.
 */
export class Leadership {
  private currentRole: Role = "follower";
  private readonly stopping = new AbortController();
  private loop: Promise<void> | undefined;
  private held: HeldLeaderLock | undefined;
  /** The current term: its duties starting, and the abort that ends that start early. */
  private term: { starting: Promise<void>; abort: AbortController } | undefined;

  constructor(private readonly deps: LeadershipDeps) {}

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

  /** No attempt from now on; a leader stops its duties, then lets the lock go. */
  async stop(): Promise<void> {
    this.stopping.abort();
    // Duties still starting start no further one.
    this.term?.abort.abort();
    await this.loop;
    await this.endTerm();
  }

  private async run(firstDone: () => void): Promise<void> {
    const { logger } = this.deps;
    let said = false;
    while (!this.stopping.signal.aborted) {
      let tellLost!: (error: Error) => void;
      const lost = new Promise<Error>((resolve) => (tellLost = resolve));
      let lock: HeldLeaderLock | undefined;
      try {
        lock = await this.deps.tryAcquire((error) => tellLost(error));
      } catch (error) {
        logger.warn({ err: error }, "could not ask the database which instance leads; trying again");
      }
      if (lock && this.stopping.signal.aborted) {
        await lock.release();
        return;
      }
      if (!lock) {
        if (!said)
          logger.info(
            "another instance leads (it holds the leader lock): this one follows, handling what it is given, and tries to lead every few seconds",
          );
        said = true;
        firstDone();
        await pause(this.deps.retryMs ?? 2_000, this.stopping.signal);
        continue;
      }
      this.held = lock;
      this.currentRole = "leader";
      logger.info(
        "this instance is now the LEADER: it runs the background duties (polling Telegram, the tracker, rate alerts, the catalogue's refresh, the flow sweeper)",
      );
      const abort = new AbortController();
      const starting = this.deps
        .lead(abort.signal)
        .catch((error: unknown) => logger.error({ err: error }, "the leader's duties could not all start"));
      this.term = { starting, abort };
      await starting;
      firstDone();
      const stopped = new Promise<undefined>((resolve) =>
        this.stopping.signal.addEventListener("abort", () => resolve(undefined), { once: true }),
      );
      const lostWith = await Promise.race([lost, stopped]);
      if (lostWith === undefined) return; // stop() ends the term
      logger.error(
        { err: lostWith },
        "STEPPED DOWN as leader: the leader lock's connection to PostgreSQL broke, so another instance may lead now; this one stopped its background duties and tries to lead again",
      );
      await this.endTerm();
      said = true; // the line above says what it does now
      // An interval before trying again: another instance, whose connection is whole, leads meanwhile.
      await pause(this.deps.retryMs ?? 2_000, this.stopping.signal);
    }
  }

  /** Ends the term, if one runs: the duties stop, then the lock goes. */
  private async endTerm(): Promise<void> {
    const { term, held } = this;
    if (!term || !held) return;
    this.term = undefined;
    this.held = undefined;
    this.currentRole = "follower";
    term.abort.abort();
    await term.starting;
    try {
      await this.deps.stepDown();
    } finally {
      await held.release();
    }
    if (this.stopping.signal.aborted)
      this.deps.logger.info("stepped down as leader (stopping): the lock is let go for another instance to take");
  }
}

/** Waits `ms` (real time: other processes die on their own time), or less when `signal` aborts. */
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

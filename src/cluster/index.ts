import type { Logger } from "pino";
import { BEAT_MS, type InstanceRepository } from "../db/instances.js";

export interface InstanceRegistryOptions {
  instances: InstanceRepository;
  /** This process, as the database knows it. */
  owner: string;
  logger: Logger;
  /**
   * Told the number of processes running on the database whenever it changes (`was`: before), for
   * Telegram's limits shared among them and for a process gone.
   */
  onCount: (count: number, was: number) => void;
  /**
   * This process's wall clock (not a test's fake clock), used on SQLite only: on PostgreSQL every
   * beat and every "gone" is judged on the database's clock, so a host whose clock runs ahead
   * does not count the others gone.
   */
  now?: () => number;
  beatMs?: number;
}

/**
 * Which processes run on the database: each says so every `beatMs`, and counts those that did
 * within three beats, on the database's clock (PostgreSQL; SQLite's one process keeps its own).
 * A process killed stops being counted within three beats; one stopped says so at once. Claims
 * recorded with a process's name (the creation card, a status message being sent) are taken
 * over once it is gone by the same measure (src/db/instances.ts, holderGone).
 */
export class InstanceRegistry {
  private timer: NodeJS.Timeout | undefined;
  private count = 1;
  private beating: Promise<void> | undefined;
  private readonly now: () => number;
  private readonly beatMs: number;

  constructor(private readonly options: InstanceRegistryOptions) {
    this.now = options.now ?? Date.now;
    this.beatMs = options.beatMs ?? BEAT_MS;
  }

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), this.beatMs).unref();
  }

  /** Whether `owner` said it runs within the last three beats (the window the count uses). */
  isRunning(owner: string): Promise<boolean> {
    return this.options.instances.isRunning(owner, 3 * this.beatMs, this.now());
  }

  /** Processes counted at the last beat. */
  running(): number {
    return this.count;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await this.options.instances
      .forget(this.options.owner)
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error }, "could not say this process stopped, so it is forgotten within seconds"),
      );
  }

  private beat(): Promise<void> {
    this.beating ??= (async () => {
      const { instances, owner, logger } = this.options;
      try {
        const now = this.now();
        await instances.beat(owner, now);
        const count = Math.max(1, await instances.live(3 * this.beatMs, 3_600_000, now));
        if (count !== this.count) {
          const was = this.count;
          logger.info({ processes: count, was }, "Telegram's limits are now shared among this many processes of the bot");
          this.count = count;
          this.options.onCount(count, was);
        }
      } catch (error) {
        logger.warn({ err: error }, "could not say this process runs, and tries again at the next beat");
      } finally {
        this.beating = undefined;
      }
    })();
    return this.beating;
  }
}

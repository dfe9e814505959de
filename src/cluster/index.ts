import type { Logger } from "pino";
import type { InstanceRepository } from "../db/instances.js";

export interface InstanceRegistryOptions {
  instances: InstanceRepository;
  /** This process, as the database knows it. */
  owner: string;
  logger: Logger;
  /** Told the number of processes running on the database whenever it changes (`was`: before), for Telegram's limits shared among them and for a process gone. */
  onCount: (count: number, was: number) => void;
  /** Wall clock: every process's, so not a test's fake clock. */
  now?: () => number;
  beatMs?: number;
}

/**
 * Which processes run on the database: each says so every `beatMs`, and counts those that did
 * within three beats. A process killed stops being counted within three beats; one stopped
 * says so at once.
 */
export class InstanceRegistry {
  private timer: NodeJS.Timeout | undefined;
  private count = 1;
  private beating: Promise<void> | undefined;
  private readonly now: () => number;
  private readonly beatMs: number;

  constructor(private readonly options: InstanceRegistryOptions) {
    this.now = options.now ?? Date.now;
    this.beatMs = options.beatMs ?? 5_000;
  }

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), this.beatMs).unref();
  }

  /** Whether `owner` said it runs within the last three beats (the window the count uses). */
  isRunning(owner: string): Promise<boolean> {
    return this.options.instances.isRunning(owner, this.now() - 3 * this.beatMs);
  }

  /** Processes counted at the last beat. */
  running(): number {
    return this.count;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await this.options.instances.forget(this.options.owner).catch((error: unknown) => this.options.logger.warn({ err: error }, "could not say this process stopped; it is forgotten within seconds"));
  }

  private beat(): Promise<void> {
    this.beating ??= (async () => {
      const { instances, owner, logger } = this.options;
      try {
        const now = this.now();
        await instances.beat(owner, now);
        const count = Math.max(1, await instances.live(now - 3 * this.beatMs, now - 3_600_000));
        if (count !== this.count) {
          const was = this.count;
          logger.info({ processes: count, was }, "processes of the bot on this database: Telegram's limits are shared among them");
          this.count = count;
          this.options.onCount(count, was);
        }
      } catch (error) {
        logger.warn({ err: error }, "could not say this process runs; trying again at the next beat");
      } finally {
        this.beating = undefined;
      }
    })();
    return this.beating;
  }
}

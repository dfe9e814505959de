import type { Logger } from "pino";

/**
 * Work a handler starts and does not wait for, so it does not hold its chat's turn (an
 * upstream call may wait minutes for the rate budget). Failures are logged, never
 * unhandled; shutdown waits for `idle()`.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  run(task: () => Promise<void>): void {
    // The executor runs the task at once and turns a synchronous throw into a rejection.
    const promise = new Promise<void>((resolve) => resolve(task()))
      .catch((error: unknown) => this.logger.error({ err: error }, "background task failed"))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Resolves when no task is running, including tasks started while waiting. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}

import type { Logger } from "pino";

/**
 * A part of the process with its own start and stop (the shape of pg-boss's parts): the leader's
 * duties (the tracker, the alerts, polling Telegram…) and what a follower does meanwhile.
 */
export interface Duty {
  /** What the logs call it (one that did not start, or did not stop in time). */
  readonly name: string;
  /** Starts it; `signal` aborts when the term ends before every duty has started. */
  start(signal: AbortSignal): Promise<void> | void;
  /** Stops it: nothing new from now on; resolves once what it was doing is done. */
  stop(): Promise<void> | void;
}

/**
 * Duties run as one: started in their order (a duty may rely on those before it), told to stop
 * in the reverse order (the feed of updates, last to start, is first to stop), then waited for
 * together until a common deadline (a slow one does not hold the others' stop back). A duty
 * that fails to start is logged and the next one starts all the same: a broken command menu
 * must not keep the tracker from running.
 */
export class DutyRoster {
  private started: Duty[] = [];

  constructor(
    private readonly duties: readonly Duty[],
    private readonly logger: Logger,
  ) {}

  /** Starts the duties in order; stops starting when `signal` aborts. */
  async start(signal: AbortSignal): Promise<void> {
    for (const duty of this.duties) {
      if (signal.aborted) return;
      this.started.push(duty);
      try {
        await duty.start(signal);
      } catch (error) {
        this.logger.error({ err: error, duty: duty.name }, "a background duty could not start");
      }
    }
  }

  /**
   * Stops the started duties, last first, until `deadline` (epoch ms, real time): the names of
   * those still stopping then (the caller cuts what they wait on, e.g. calls to the service).
   */
  async stop(deadline: number): Promise<string[]> {
    const started = this.started.reverse();
    this.started = [];
    const stopping = started.map((duty) => {
      let stopped: Promise<unknown>;
      try {
        stopped = Promise.resolve(duty.stop());
      } catch (error) {
        stopped = Promise.reject(error);
      }
      return stopped.catch((error: unknown) =>
        this.logger.warn({ err: error, duty: duty.name }, "a background duty failed while stopping"),
      );
    });
    const settled = await Promise.all(stopping.map((stopped) => settlesBy(stopped, deadline)));
    return started.filter((_, index) => !settled[index]).map((duty) => duty.name);
  }
}

/** Waits for `work` until `deadline` (epoch ms, real time); true when it settled in time. */
export async function settlesBy(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

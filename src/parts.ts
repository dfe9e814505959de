/**
 * A part of the process (the shape of pg-boss's: src/app.ts lists them): brought up in its turn
 * and taken down again. Every hook is optional; a stop calls them on every part, started or not
 * (a stop during the start, or after a start that failed), so each copes with a part that never
 * came up.
 */
export interface Part {
  /** What it is: a stop cut short says what it waited for ("the database" → "the database to close"). */
  readonly name: string;
  /** Brings it up; false ends the start here (`signal` aborted: a stop came). A throw ends it too, and is passed on. */
  start?(signal: AbortSignal): Promise<boolean | void> | boolean | void;
  /**
   * Takes no new work from now on; the parts started after it were told first and have stopped
   * taking any. Work it lets go on is waited for in `finish`, or ends as it closes.
   */
  pause?(stop: Stopping): Promise<void> | void;
  /** Waits for its work under way, by the deadline (every part's wait at once): false when some was still running then. */
  finish?(stop: Stopping): Promise<boolean>;
  /** Lets go of what it holds, once every part has finished. */
  close?(stop: Stopping): Promise<void> | void;
}

/** What every part's stop shares. */
export interface Stopping {
  /** When the grace ends (epoch ms, real time): every wait ends by then. */
  readonly deadline: number;
  /** Some part's work was still running at the deadline (known once every part has finished): what is under way is cut, not awaited. */
  cutShort: boolean;
}

/**
 * The parts of the process, started in their order (a part relies on those before it) and
 * stopped last first, in three passes: every part stops taking work, then every part's work
 * under way is waited for together until the deadline (a slow one does not hold the others' wait
 * back), then every part lets go of what it holds.
 */
export class Parts {
  private readonly stopping = new AbortController();
  private starting: Promise<boolean> | undefined;
  private waiting = "nothing";

  constructor(private readonly parts: readonly Part[]) {}

  /** Starts the parts in order: true once every one has, false when one ended the start or a stop came. */
  start(): Promise<boolean> {
    const { signal } = this.stopping;
    this.starting = (async () => {
      for (const part of this.parts) {
        if (signal.aborted) return false;
        if ((await part.start?.(signal)) === false) return false;
      }
      return !signal.aborted;
    })();
    return this.starting;
  }

  /**
   * Stops every part by `deadline` (epoch ms, real time). A start still under way notices at its
   * next step; the parts are stopped after it ends (or at the deadline).
   */
  async stop(deadline: number): Promise<void> {
    this.stopping.abort();
    const stop: Stopping = { deadline, cutShort: false };
    const lastFirst = [...this.parts].reverse();
    this.waiting = "the start to end";
    await endsBy(this.starting, deadline);
    for (const part of lastFirst) {
      if (part.pause === undefined) continue;
      this.waiting = `${part.name} to take no new work`;
      await part.pause(stop);
    }
    // Said in the parts' order as long as each is still finishing.
    const finishing = new Set(this.parts.filter((part) => part.finish !== undefined));
    const sayFinishing = () => (this.waiting = [...finishing].map((part) => part.name).join(" and "));
    sayFinishing();
    const finished = await Promise.all(
      [...finishing].map(async (part) => {
        const done = (await part.finish?.(stop)) ?? true;
        finishing.delete(part);
        sayFinishing();
        return done;
      }),
    );
    stop.cutShort = finished.includes(false);
    for (const part of lastFirst) {
      if (part.close === undefined) continue;
      this.waiting = `${part.name} to close`;
      await part.close(stop);
    }
    this.waiting = "nothing";
  }

  /** While stopping: what the stop waits for now (said if it is cut short). */
  waitingFor(): string {
    return this.waiting;
  }
}

/** Waits for `work` (its failure is the caller's to hear) until `deadline` (epoch ms, real time). */
async function endsBy(work: Promise<unknown> | undefined, deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))));
  try {
    await Promise.race([work?.catch(() => {}), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

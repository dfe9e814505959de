/**
 * Keeps the soak's fleet at its size (issue 39): starts instances (trying again while one fails to
 * get ready, as under a Telegram outage), stops them as the runner's own doing, and tells those
 * exits apart from deaths nobody caused. One process fault at a time holds an instance (`hold`),
 * so that a kill never lands on a process another fault is restarting. Frozen processes are
 * remembered, to be thawed before anything is torn down.
 */
import type { BotProcess } from "../harness/process.js";
import type { SoakWorld } from "./world.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Tries to start one instance before it counts as lost (about five minutes in all). */
const START_ATTEMPTS = 10;
/** How long a SIGTERMed process has to exit (the bot's grace is 5 s) before it is killed. */
const STOP_TIMEOUT_MS = 20_000;

export interface StartOptions {
  env?: Record<string, string>;
  clockShiftMs?: number;
}

export class Keeper {
  /** Each instance's lock: the tail of the work queued on it. */
  private readonly locks: Promise<unknown>[] = [];
  /** Processes the runner is stopping (their exit is no death). */
  private readonly stopping = new WeakSet<BotProcess>();
  /** Processes a fault may end by its nature (a hung database): why. */
  private readonly mayEnd = new WeakMap<BotProcess, string>();
  /** Pids stopped with SIGSTOP and not yet continued. */
  readonly frozen = new Set<number>();
  /** What every start gets besides the fleet's environment (the service's limit of the phase). */
  private env: Record<string, string> = {};
  private closing = false;

  constructor(private readonly world: SoakWorld) {}

  private get fleet() {
    return this.world.fleet;
  }

  /** Runs `work` holding instance `index`: after the work already queued on it. */
  hold<T>(index: number, work: () => Promise<T>): Promise<T> {
    const previous = this.locks[index] ?? Promise.resolve();
    const next = previous.then(work, work);
    this.locks[index] = next.catch(() => undefined);
    return next;
  }

  /** The environment of every start from now on (e.g. EXCHANGE_RATE_LIMIT_PER_MINUTE). */
  setEnv(env: Record<string, string>): void {
    this.env = { ...this.env, ...env };
  }

  /** Whether instance `index` is running (started, and its process not ended). */
  running(index: number): boolean {
    const bot = this.fleet.instances[index]?.bot;
    return bot !== undefined && bot.child.exitCode === null && bot.child.signalCode === null;
  }

  /** The pid of instance `index`, if running. */
  pid(index: number): number | undefined {
    return this.running(index) ? this.fleet.instances[index]?.bot.child.pid : undefined;
  }

  /**
   * Starts instance `index` (the caller holds it), trying again every few seconds while it fails
   * to get ready; false when it never did (recorded as a death: the fleet is one short).
   */
  async start(index: number, options: StartOptions = {}): Promise<boolean> {
    for (let attempt = 1; attempt <= START_ATTEMPTS && !this.closing; attempt++) {
      await this.clear(index);
      try {
        const instance = await this.fleet.start(index, "webhook", { ...options, env: { ...this.env, ...options.env } });
        this.watch(index, instance.bot);
        return true;
      } catch (error) {
        const bot = this.fleet.instances[index]?.bot;
        if (bot) this.stopping.add(bot);
        const why = String(error).split("\n").slice(0, 3).join(" ⏎ ").slice(0, 300);
        this.world.record({ at: this.world.elapsed(), kind: "note", detail: `instance ${index} not ready (try ${attempt}): ${why}` });
        await this.clear(index);
        await sleep(3_000 * attempt);
      }
    }
    if (!this.closing) {
      const detail = `instance ${index} could not be started in ${START_ATTEMPTS} tries`;
      this.world.record({ at: this.world.elapsed(), kind: "exit", target: index, cause: "unexpected", detail });
    }
    return false;
  }

  /** Stops instance `index` (the caller holds it) with `signal`, killing it if it does not exit in time. */
  async stop(index: number, signal: NodeJS.Signals): Promise<void> {
    const bot = this.fleet.instances[index]?.bot;
    if (!bot) return;
    this.stopping.add(bot);
    if (bot.child.pid !== undefined && this.frozen.delete(bot.child.pid)) bot.child.kill("SIGCONT");
    const stopped = this.fleet.stop(index, signal);
    const timer = setTimeout(() => bot.kill(), STOP_TIMEOUT_MS);
    await stopped;
    clearTimeout(timer);
  }

  /**
   * SIGKILLs instance `index` (the caller holds it) and leaves it on the balancer until it has
   * exited, as a crash does.
   */
  async kill(index: number): Promise<void> {
    const bot = this.fleet.instances[index]?.bot;
    if (!bot || !this.running(index)) return this.clear(index);
    this.stopping.add(bot);
    if (bot.child.pid !== undefined) this.frozen.delete(bot.child.pid);
    await this.fleet.signal(index, "SIGKILL");
  }

  /** SIGSTOPs instance `index`; its pid, to thaw. */
  freeze(index: number): number | undefined {
    const pid = this.pid(index);
    if (pid === undefined) return undefined;
    this.frozen.add(pid);
    process.kill(pid, "SIGSTOP");
    return pid;
  }

  thaw(pid: number): void {
    if (!this.frozen.delete(pid)) return;
    try {
      process.kill(pid, "SIGCONT");
    } catch {
      // Gone meanwhile.
    }
  }

  /** Until its next start, instance `index` may end because of `fault` (not a death). */
  mayEndBy(index: number, fault: string): void {
    const bot = this.fleet.instances[index]?.bot;
    if (bot) this.mayEnd.set(bot, fault);
  }

  /**
   * Continues every frozen process and starts nothing more: the run is being torn down, and the
   * processes' ends from now on are the runner's.
   */
  close(): void {
    this.closing = true;
    for (const instance of this.fleet.instances) if (instance) this.stopping.add(instance.bot);
    for (const pid of [...this.frozen]) this.thaw(pid);
  }

  /** Takes an ended instance off the fleet, so that it can be started again. */
  private async clear(index: number): Promise<void> {
    const bot = this.fleet.instances[index]?.bot;
    if (!bot) return;
    this.stopping.add(bot);
    await this.fleet.stop(index, "SIGKILL");
  }

  /** Records how `bot` ends; one nobody ended is a death, and the instance is started again. */
  private watch(index: number, bot: BotProcess): void {
    void bot.exited.then(async ({ code, signal }) => {
      if (bot.child.pid !== undefined) this.frozen.delete(bot.child.pid);
      const how = `exit code ${code}, signal ${signal}`;
      if (this.closing) return;
      if (this.stopping.has(bot)) {
        this.world.record({ at: this.world.elapsed(), kind: "exit", target: index, cause: "injected", detail: how });
        return;
      }
      const fault = this.mayEnd.get(bot);
      if (fault !== undefined) {
        this.world.record({ at: this.world.elapsed(), kind: "exit", target: index, cause: "fault", detail: `${how} during ${fault}` });
        return;
      }
      const last = bot.errorLines.slice(-5).join(" ⏎ ").slice(0, 600);
      this.world.record({ at: this.world.elapsed(), kind: "exit", target: index, cause: "unexpected", detail: `${how}: ${last}` });
      await this.hold(index, async () => {
        if (this.fleet.instances[index]?.bot === bot) await this.start(index);
      });
    });
  }
}

/**
 * Carries out the soak's fault schedule (issue 39) on the fleet: each fault at its time, several
 * at once, each recorded as a `fault` event when it strikes and `fault-over` when it ends. When
 * the leader is struck, the time until another process holds the leader's lease is recorded as a
 * `takeover`. `heal()` ends every fault at once (the run's end, or an interruption).
 */
import { startHangingProxy } from "../harness/hanging-proxy.js";
import type { Keeper } from "./keeper.js";
import type { FaultKind, PlannedFault, Target } from "./schedule.js";
import type { SoakWorld } from "./world.js";

/** Resolves after `ms`, or at once when `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** How long another process has to take the lead before the run says none did. */
const TAKEOVER_LIMIT_MS = 60_000;

export class FaultRunner {
  /** Aborted by heal(): every fault that is on ends now. */
  private readonly healing = new AbortController();
  private readonly active = new Set<Promise<void>>();
  /** Telegram refuses connections while this is above 0 (overlapping offline faults). */
  private offline = 0;

  constructor(
    private readonly world: SoakWorld,
    private readonly keeper: Keeper,
  ) {}

  /** Strikes each fault of `schedule` at its time until `until` aborts (or heal()); resolves then. */
  async run(schedule: readonly PlannedFault[], until: AbortSignal): Promise<void> {
    const stop = AbortSignal.any([until, this.healing.signal]);
    for (const fault of schedule) {
      await pause(fault.atMs - this.world.elapsed(), stop);
      if (stop.aborted) return;
      const applied = this.apply(fault).catch((error: unknown) => {
        this.note(`the fault ${fault.kind} failed: ${String(error).slice(0, 300)}`);
      });
      this.active.add(applied);
      void applied.finally(() => this.active.delete(applied));
    }
  }

  /** Ends every fault that is on, and resolves once each is over (killed ones started again). */
  async heal(): Promise<void> {
    this.healing.abort();
    this.world.fleet.sandbox.faults.clear();
    this.world.fleet.tg.outage(0, { error_code: 502 });
    while (this.active.size > 0) await Promise.all([...this.active]);
  }

  /** A rolling restart: each instance stopped (SIGTERM) and started again, one after the other. */
  async rollingRestart(why: string): Promise<void> {
    this.struck("rolling-restart", undefined, why);
    for (let index = 0; index < this.world.instanceCount; index++) {
      await this.keeper.hold(index, async () => {
        const leader = await this.leaderPid(index);
        await this.keeper.stop(index, "SIGTERM");
        if (leader !== undefined) void this.watchTakeover("rolling-restart", leader);
        await this.keeper.start(index);
      });
    }
    this.over("rolling-restart", undefined, why);
  }

  private async apply(fault: PlannedFault): Promise<void> {
    const fleet = this.world.fleet;
    const wait = () => pause(fault.durationMs, this.healing.signal);
    switch (fault.kind) {
      case "kill":
        return this.onInstance(fault, async (index, leader) => {
          await this.keeper.kill(index);
          this.struck(fault.kind, index, fault.detail);
          if (leader !== undefined) void this.watchTakeover(fault.kind, leader);
          await wait();
          await this.keeper.start(index);
        });
      case "freeze":
        return this.onInstance(fault, async (index, leader) => {
          const pid = this.keeper.freeze(index);
          if (pid === undefined) return this.note(`instance ${index} was not running: not frozen`);
          this.struck(fault.kind, index, fault.detail);
          if (leader !== undefined) void this.watchTakeover(fault.kind, leader, () => this.keeper.frozen.has(pid));
          await wait();
          this.keeper.thaw(pid);
        });
      case "clock":
        return this.onInstance(fault, async (index, leader) => {
          await this.keeper.stop(index, "SIGTERM");
          if (leader !== undefined) void this.watchTakeover(fault.kind, leader);
          await this.keeper.start(index, { clockShiftMs: fault.shiftMs });
          this.struck(fault.kind, index, fault.detail);
          await wait();
          await this.keeper.stop(index, "SIGTERM");
          await this.keeper.start(index);
        });
      case "db-hang":
        return this.databaseHang(fault);
      case "rolling-restart":
        return this.rollingRestart(fault.detail);
      case "tg-outage":
        fleet.tg.outage(Date.now() + fault.durationMs, { error_code: fault.status, html: fault.html });
        return this.lasting(fault, wait);
      case "tg-offline":
        if (this.offline++ === 0) await fleet.tg.goOffline();
        return this.lasting(fault, wait, async () => {
          if (--this.offline === 0) await fleet.tg.goOnline();
        });
      case "tg-429":
        fleet.tg.failNext(fault.method, { error_code: 429, retry_after: fault.retryAfter }, fault.times);
        return this.lasting(fault, wait);
      case "tg-5xx":
        fleet.tg.failNext(fault.method, { error_code: fault.status, html: fault.html }, fault.times);
        return this.lasting(fault, wait);
      case "tg-slow": {
        const held = fleet.tg.holdNext(fault.method);
        return this.lasting(fault, wait, async () => (fault.late ? held.release() : held.release({ error_code: 502 })));
      }
      case "tg-lost-answer":
        fleet.tg.loseAnswerNext(fault.method, fault.times);
        return this.lasting(fault, wait);
      case "service-5xx":
        fleet.sandbox.faults.inject({ kind: "status", status: fault.status }, { endpoint: fault.endpoint, times: fault.times });
        return this.lasting(fault, wait);
      case "service-429":
        fleet.sandbox.faults.inject(
          { kind: "status", status: 429, retryAfterSeconds: fault.retryAfter },
          { endpoint: fault.endpoint, times: fault.times },
        );
        return this.lasting(fault, wait);
      case "service-slow":
        fleet.sandbox.faults.inject({ kind: "delay", ms: fault.ms }, { endpoint: fault.endpoint, times: fault.times });
        return this.lasting(fault, wait);
      case "service-refusal":
        fleet.sandbox.faults.inject({ kind: fault.how }, { endpoint: fault.endpoint, times: fault.times });
        return this.lasting(fault, wait);
    }
  }

  /** A fault outside the processes: struck now, over after `wait` (and `end`). */
  private async lasting(fault: PlannedFault, wait: () => Promise<void>, end?: () => Promise<void>): Promise<void> {
    this.struck(fault.kind, undefined, fault.detail);
    await wait();
    await end?.();
    this.over(fault.kind, undefined, fault.detail);
  }

  /**
   * The instance `fault` targets, held for `work`: given its index and, when it leads, its pid
   * (for the takeover's time). A `fault-over` is recorded once the work is done.
   */
  private async onInstance(
    fault: PlannedFault & { target: Target },
    work: (index: number, leaderPid: number | undefined) => Promise<void>,
  ): Promise<void> {
    const index = await this.resolve(fault.target, fault.atMs);
    await this.keeper.hold(index, async () => {
      if (this.healing.signal.aborted) return;
      await work(index, await this.leaderPid(index));
      this.over(fault.kind, index, fault.detail);
    });
  }

  /** Started again through a proxy that then hangs its database connections; started again directly after. */
  private async databaseHang(fault: PlannedFault & { kind: "db-hang" }): Promise<void> {
    const url = new URL(this.world.fleet.databaseUrl);
    const proxy = await startHangingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    try {
      await this.onInstance(fault, async (index) => {
        await this.keeper.stop(index, "SIGTERM");
        await this.keeper.start(index, { env: { DATABASE_URL: proxy.urlFor(this.world.fleet.databaseUrl) } });
        await pause(fault.afterMs, this.healing.signal);
        if (!this.healing.signal.aborted) {
          const leader = await this.leaderPid(index);
          this.keeper.mayEndBy(index, "a hung database");
          if (fault.mode === "hang") proxy.hang();
          else proxy.cut();
          this.struck(fault.kind, index, fault.detail);
          if (leader !== undefined) void this.watchTakeover(fault.kind, leader);
          await pause(fault.durationMs, this.healing.signal);
        }
        await this.keeper.stop(index, "SIGTERM");
        await this.keeper.start(index);
      });
    } finally {
      await proxy.close();
    }
  }

  /** An instance's index: the leader's (by its lease) when asked for, else the one named. */
  private async resolve(target: Target, atMs: number): Promise<number> {
    if (target !== "leader") return target;
    // No leader now (one just died): any, the same on a replay as far as the schedule goes.
    return (await this.world.fleet.leaseHolder().catch(() => undefined)) ?? atMs % this.world.instanceCount;
  }

  /** The pid of instance `index` if it holds the leader's lease now. */
  private async leaderPid(index: number): Promise<number | undefined> {
    const holder = await this.world.fleet.leaseHolder().catch(() => undefined);
    return holder === index ? this.keeper.pid(index) : undefined;
  }

  /**
   * Polls the leader's lease until a process other than `was` holds it: the time, as a `takeover`.
   * Stops without one once `stillStruck` says the fault is over and `was` holds it again (a short freeze).
   */
  private async watchTakeover(after: FaultKind, was: number, stillStruck: () => boolean = () => true): Promise<void> {
    const since = this.world.elapsed();
    while (this.world.elapsed() - since < TAKEOVER_LIMIT_MS) {
      const holder = await this.world.fleet.leaseHolder().catch(() => undefined);
      const pid = holder === undefined ? undefined : this.keeper.pid(holder);
      if (pid !== undefined && pid !== was) {
        this.world.record({ at: this.world.elapsed(), kind: "takeover", after, ms: this.world.elapsed() - since });
        return;
      }
      if (pid === was && !stillStruck()) return;
      await pause(100);
    }
    this.note(`no other process took the lead within ${TAKEOVER_LIMIT_MS / 1000} s of ${after}`);
  }

  private struck(fault: FaultKind, target: number | undefined, detail: string): void {
    this.world.record({ at: this.world.elapsed(), kind: "fault", fault, ...(target === undefined ? {} : { target }), detail });
  }

  private over(fault: FaultKind, target: number | undefined, detail: string): void {
    this.world.record({ at: this.world.elapsed(), kind: "fault-over", fault, ...(target === undefined ? {} : { target }), detail });
  }

  private note(detail: string): void {
    this.world.record({ at: this.world.elapsed(), kind: "note", detail });
  }
}

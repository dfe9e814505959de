import type { Transformer } from "grammy";
import type { Logger } from "pino";
import { type ChatLeases, type ChatPacing, chatLeases } from "../chat/index.js";
import type { Clock } from "../clock.js";
import { systemClock } from "../clock.js";
import { InstanceRegistry } from "../cluster/index.js";
import {
  type HeldInstanceLock,
  type Repositories,
  runMigrationWork,
  SqliteBudgetJournal,
  type SqliteStore,
  waitForInstanceLock,
} from "../db/index.js";
import type { BudgetJournal } from "../exchange/index.js";
import { type Duty, DutyRoster, settlesBy } from "./duties.js";
import type { Fleet, Role, Signal } from "./fleet.js";
import { LEADER_LEASE, leaderLease } from "./leader-lease.js";
import { Leadership } from "./leadership.js";

export interface SingleProcessFleetDeps {
  store: SqliteStore;
  repos: Pick<Repositories, "inbox" | "instances" | "leases">;
  databasePath: string;
  owner: string;
  clock: Clock;
  logger: Logger;
}

/**
 * One process on a SQLite file: it holds the file's lock and leads for as long as it runs;
 * a second process started on the same file stands by until the first stops. Signals go to
 * this process's own handlers.
 */
export class SingleProcessFleet implements Fleet {
  readonly owner: string;
  readonly leases: ChatLeases;
  private lock: HeldInstanceLock | undefined;
  private leadership: Leadership | undefined;
  private roster: DutyRoster | undefined;
  private readonly handlers = new Map<Signal, (() => void)[]>();
  /** Told the number of running processes when it changes (it is 1 here, but the registry is the same). */
  private readonly counted: ((count: number, was: number) => void)[] = [];
  private readonly registry: InstanceRegistry;
  /** Aborted by stopDuties: a wait for the lock ends, duties still starting start no further one. */
  private readonly stopping = new AbortController();

  constructor(private readonly deps: SingleProcessFleetDeps) {
    this.owner = deps.owner;
    this.leases = chatLeases(deps.repos.inbox, deps.owner);
    this.registry = new InstanceRegistry({
      instances: deps.repos.instances,
      owner: deps.owner,
      logger: deps.logger,
      onCount: (count, was) => {
        for (const listener of this.counted) listener(count, was);
      },
    });
  }

  role(): Role {
    return this.lock ? "leader" : "standby";
  }

  running(): number {
    return this.registry.running();
  }

  isRunning(owner: string): Promise<boolean> {
    return this.registry.isRunning(owner);
  }

  send(signal: Signal): void {
    for (const handler of this.handlers.get(signal) ?? []) {
      try {
        handler();
      } catch (error) {
        this.deps.logger.error({ err: error, signal }, "a signal's handler failed");
      }
    }
  }

  /** The one process leads whenever it runs: its own handlers. */
  tellLeader(signal: Signal): void {
    this.send(signal);
  }

  on(signal: Signal, handler: () => void): void {
    this.handlers.set(signal, [...(this.handlers.get(signal) ?? []), handler]);
  }

  onCount(listener: (count: number, was: number) => void): void {
    this.counted.push(listener);
  }

  async enter(signal: AbortSignal, waiting: (phase: string) => void): Promise<boolean> {
    const { store, repos, clock, logger } = this.deps;
    waiting("waiting for the database: another process runs this bot");
    const aborted = AbortSignal.any([signal, this.stopping.signal]);
    this.lock = await waitForInstanceLock({ databasePath: this.deps.databasePath }, { clock, logger, signal: aborted });
    if (!this.lock) return false;
    // SQLite's migrations may queue data work for the lock's holder (PostgreSQL's queue none).
    for (const work of runMigrationWork(store.sqlite, clock.now()))
      logger.info({ migration: work.version, what: work.what, rows: work.rows }, `migration ${work.version} did its data work`);
    // The one process: chats a killed one was handling are this one's at once, and so are the
    // cards and status messages another held (every other process named is gone).
    await repos.inbox.clearLeases();
    await repos.instances.forgetAllBut(this.owner);
    return true;
  }

  /** One process: its outbox alone keeps each chat's second. */
  paceChats(): ChatPacing {
    const asIs: Transformer = (prev, method, payload, signal) => prev(method, payload, signal);
    return { status: asIs, other: asIs };
  }

  budgetJournal(ownClock?: Clock): BudgetJournal {
    return new SqliteBudgetJournal(this.deps.store, ownClock ?? systemClock);
  }

  register(): Promise<void> {
    return this.registry.start();
  }

  /**
   * The one process leads at once: it takes the leader's lease (nobody else can hold it) and
   * runs the duties under its fence, as a leader on PostgreSQL does, so their writes and sends
   * take the same path on either back end.
   */
  async run(duties: { leader: readonly Duty[] }): Promise<void> {
    if (this.stopping.signal.aborted) return;
    let unfinished: string[] = [];
    this.leadership = new Leadership({
      lease: leaderLease(this.deps.repos.leases, this.owner, LEADER_LEASE),
      lead: async (signal) => {
        this.roster = new DutyRoster(duties.leader, this.deps.logger);
        await this.roster.start(AbortSignal.any([signal, this.stopping.signal]));
      },
      stepDown: async () => {
        const roster = this.roster;
        this.roster = undefined;
        unfinished = roster ? await roster.stop(this.deadline ?? Date.now()) : [];
      },
      logger: this.deps.logger,
    });
    this.unfinished = () => unfinished;
    await this.leadership.start();
  }

  private deadline: number | undefined;
  private unfinished: () => string[] = () => [];

  async stopDuties(deadline: number): Promise<string[]> {
    this.deadline = deadline;
    this.stopping.abort();
    await this.leadership?.stop();
    return this.unfinished();
  }

  async leave(deadline: number): Promise<void> {
    await settlesBy(this.registry.stop(), deadline);
  }

  async close(): Promise<void> {
    await this.lock?.release();
    this.lock = undefined;
  }
}

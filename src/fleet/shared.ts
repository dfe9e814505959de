import type { Logger } from "pino";
import { type ChatLeases, type ChatPacing, ChatTurns, chatLeases, TURN_LEASE } from "../chat/index.js";
import type { Clock } from "../clock.js";
import { InstanceRegistry } from "../cluster/index.js";
import type { Repositories } from "../db/index.js";
import { PgBudgetJournal, PgSignals, type PostgresStore } from "../db/postgres/index.js";
import type { BudgetJournal } from "../exchange/index.js";
import type { Outbox } from "../telegram/outbox.js";
import { type Duty, DutyRoster, settlesBy } from "./duties.js";
import type { Fleet, Role, Signal } from "./fleet.js";
import { LEADER_LEASE, leaderLease } from "./leader-lease.js";
import { Leadership } from "./leadership.js";

export interface SharedFleetDeps {
  store: PostgresStore;
  repos: Pick<Repositories, "instances" | "inbox" | "leases">;
  databaseUrl: string;
  owner: string;
  logger: Logger;
  /** The outbox's clock (the chats' turns tell it when a chat last got a message). */
  clock: Clock;
  /** How long a follower waits between two tries at leading (real time); default 1 s. */
  leaderRetryMs?: number;
  /** How long the duties of a term that ends without a stop (the leader's lease was lost) get to stop. */
  graceMs: number;
}

/**
 * Several processes on one PostgreSQL database: the one holding the leader's lease (a row of
 * chat_leases on the database's clock, fenced by its token: src/fleet/leadership.ts) runs the
 * leader's duties, the others run the follower's and try to lead every second. They hear each
 * other through LISTEN/NOTIFY, and count each other through the registry.
 */
export class SharedFleet implements Fleet {
  readonly owner: string;
  readonly leases: ChatLeases;
  private readonly signals: PgSignals;
  private readonly registry: InstanceRegistry;
  /** This process's own handlers of each signal (the leader's are run at once by tellLeader). */
  private readonly handlers = new Map<Signal, (() => void)[]>();
  /** Told the number of running processes when it changes. */
  private readonly counted: ((count: number, was: number) => void)[] = [];
  private leadership: Leadership | undefined;
  private leading: DutyRoster | undefined;
  private following: DutyRoster | undefined;
  private followerDuties: readonly Duty[] = [];
  /** When a stop must be done by (stopDuties sets it; a term lost on its own takes the grace from then). */
  private deadline: number | undefined;
  /** The duties of the last term still stopping at its deadline. */
  private unfinished: string[] = [];
  private readonly stopping = new AbortController();

  constructor(private readonly deps: SharedFleetDeps) {
    this.owner = deps.owner;
    this.leases = chatLeases(deps.repos.inbox, deps.owner);
    this.signals = new PgSignals(deps.databaseUrl, {
      logger: deps.logger,
      notify: async (channel) => void (await deps.store.pool.query("SELECT pg_notify($1, '')", [channel])),
    });
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
    return this.leadership?.role ?? "follower";
  }

  running(): number {
    return this.registry.running();
  }

  isRunning(owner: string): Promise<boolean> {
    return this.registry.isRunning(owner);
  }

  send(signal: Signal): void {
    void this.signals.send(signal);
  }

  tellLeader(signal: Signal): void {
    if (this.role() !== "leader") return this.send(signal);
    for (const handler of this.handlers.get(signal) ?? []) handler();
  }

  on(signal: Signal, handler: () => void): void {
    this.handlers.set(signal, [...(this.handlers.get(signal) ?? []), handler]);
    this.signals.on(signal, handler);
  }

  onCount(listener: (count: number, was: number) => void): void {
    this.counted.push(listener);
  }

  async enter(): Promise<boolean> {
    await this.signals.start();
    return true;
  }

  /**
   * A message into a chat from outside its updates takes the chat's turn (its lease, under an
   * owner of its own), so that Telegram's second between two messages holds across processes.
   */
  paceChats(deps: { outbox: Pick<Outbox, "sentEarlier" | "lastMessageAt">; handlesChat: (chatKey: string) => boolean }): ChatPacing {
    const { clock, logger, repos, owner } = this.deps;
    const turns = new ChatTurns({
      leases: chatLeases(repos.inbox, `${owner}/turns`, TURN_LEASE),
      outbox: deps.outbox,
      handlesChat: deps.handlesChat,
      logger,
      now: () => clock.now(),
    });
    return { status: turns.transformer({ waitMs: 3_000 }), other: turns.transformer({ waitMs: 30_000 }) };
  }

  budgetJournal(ownClock?: Clock): BudgetJournal {
    return new PgBudgetJournal(this.deps.store.pool, ownClock ? { clock: ownClock } : {});
  }

  register(): Promise<void> {
    return this.registry.start();
  }

  async run(duties: { leader: readonly Duty[]; follower: readonly Duty[] }): Promise<void> {
    if (this.stopping.signal.aborted) return;
    const { logger } = this.deps;
    this.followerDuties = duties.follower;
    await this.follow();
    this.leadership = new Leadership({
      lease: leaderLease(this.deps.repos.leases, this.deps.owner, LEADER_LEASE),
      lead: async (signal) => {
        await this.unfollow(this.deps.graceMs);
        this.leading = new DutyRoster(duties.leader, logger);
        await this.leading.start(signal);
      },
      stepDown: async () => {
        const roster = this.leading;
        this.leading = undefined;
        this.unfinished = roster ? await roster.stop(this.deadline ?? Date.now() + this.deps.graceMs) : [];
        if (!this.stopping.signal.aborted) await this.follow();
      },
      logger,
      ...(this.deps.leaderRetryMs === undefined ? {} : { timing: { ...LEADER_LEASE, retryMs: this.deps.leaderRetryMs } }),
    });
    await this.leadership.start();
  }

  async stopDuties(deadline: number): Promise<string[]> {
    this.deadline = deadline;
    this.stopping.abort();
    await this.leadership?.stop();
    await this.unfollow(deadline - Date.now());
    return this.unfinished;
  }

  async leave(deadline: number): Promise<void> {
    await this.signals.close();
    await settlesBy(this.registry.stop(), deadline);
  }

  async close(): Promise<void> {}

  private async follow(): Promise<void> {
    this.following = new DutyRoster(this.followerDuties, this.deps.logger);
    await this.following.start(this.stopping.signal);
  }

  private async unfollow(withinMs: number): Promise<void> {
    const roster = this.following;
    this.following = undefined;
    await roster?.stop(Date.now() + Math.max(0, withinMs));
  }
}

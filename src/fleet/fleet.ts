import type { ChatLeases, ChatPacing } from "../chat/index.js";
import type { Clock } from "../clock.js";
import type { BudgetJournal } from "../exchange/index.js";
import type { Outbox } from "../telegram/outbox.js";
import type { Duty } from "./duties.js";

/** What an instance is: it runs the background duties (leader), or not (follower); SQLite's waiting second process is a standby. */
export type Role = "leader" | "follower" | "standby";

/** What one process tells the others (and itself): "look again", never data (that is in the database). */
export type Signal = "catalogue" | "trackerWake";

/**
 * How this process runs among the others on its database: which one leads (runs the background
 * duties), which are running, who handles which chat (the chats' leases), and the signals between
 * them. Two implementations: one process on a SQLite file (src/fleet/single.ts) and several on
 * PostgreSQL (src/fleet/shared.ts). app.ts builds one and only assembles: it branches on neither
 * the dialect nor the role.
 */
export interface Fleet {
  /** This process, as its leases, its background fetches and the list of running processes name it. */
  readonly owner: string;
  /** The chats' leases this process holds to handle their updates (the inbox's worker takes its chats through them). */
  readonly leases: ChatLeases;
  /** leader (runs the duties), follower (PostgreSQL: another leads) or standby (SQLite: another process runs). */
  role(): Role;
  /** Processes running on the database, this one included (as of the last beat). */
  running(): number;
  /** Whether `owner` still runs (judged on the database's beats). */
  isRunning(owner: string): Promise<boolean>;
  /** Tells every process on the database, this one included; never throws (a lost signal only delays a look). */
  send(signal: Signal): void;
  /**
   * Tells the leader: this process's own handlers of `signal` at once when it leads (no round trip
   * through the database), else every process's, the leader's among them.
   */
  tellLeader(signal: Signal): void;
  on(signal: Signal, handler: () => void): void;
  /**
   * Tells `listener` the number of processes running on the database whenever it changes (`was`:
   * before): Telegram's limits are shared among them, and one gone may have left work.
   */
  onCount(listener: (count: number, was: number) => void): void;
  /**
   * Takes this process's place before it may take any update: SQLite's one process waits for
   * the file's lock (a standby meanwhile: `waiting` says so) and tidies what a killed one left;
   * PostgreSQL's starts hearing the others. False when `signal` aborted first.
   */
  enter(signal: AbortSignal, waiting: (phase: string) => void): Promise<boolean>;
  /**
   * The chats' pacing across processes (their turns: src/chat/turns.ts); `outbox` paces this
   * process's own calls, `handlesChat` says whether it handles an update of the chat now (it holds
   * the chat already).
   */
  paceChats(deps: { outbox: Pick<Outbox, "sentEarlier" | "lastMessageAt">; handlesChat: (chatKey: string) => boolean }): ChatPacing;
  /**
   * The rate budget's journal of grants, in the database: a restart, or another process on it,
   * continues the same window. Kept on the database's clock where processes share it, unless the
   * process runs on a clock of its own (tests, the playground: `ownClock`).
   */
  budgetJournal(ownClock?: Clock): BudgetJournal;
  /** Says this process runs (the registry's first beat), and keeps saying so. */
  register(): Promise<void>;
  /**
   * Runs `leader` whenever this process leads (SQLite's one process: at once), and `follower`
   * while it does not; resolves after the first try at leading, with the duties started if it won.
   */
  run(duties: { leader: readonly Duty[]; follower: readonly Duty[] }): Promise<void>;
  /**
   * Stops leading and following, by `deadline` (epoch ms): the leader's duties stop in reverse
   * order, then the leader's lease goes, for another process to lead at once. The duties still
   * stopping at the deadline (the caller cuts what they wait on).
   */
  stopDuties(deadline: number): Promise<string[]>;
  /** Says this process is gone and stops hearing the others (before the database closes). */
  leave(deadline: number): Promise<void>;
  /** Lets go of what outlives the database connection (SQLite's file lock), after the store closed. */
  close(): Promise<void>;
}

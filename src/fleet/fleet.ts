import type { Transformer } from "grammy";
import type { Clock } from "../clock.js";
import type { ClaimedUpdate, LeaseRef } from "../db/inbox.js";
import type { BudgetJournal } from "../exchange/index.js";
import type { Outbox } from "../telegram/outbox.js";
import type { Duty } from "./duties.js";

/** What an instance is: it runs the background duties (leader), or not (follower); SQLite's waiting second process is a standby. */
export type Role = "leader" | "follower" | "standby";

/** What one process tells the others (and itself): "look again", never data (that is in the database). */
export type Signal = "catalogue" | "trackerWake";

/**
 * Telegram's second between two messages into a chat, kept across the processes that send into
 * it: API transformers for what is sent from outside a chat's updates (src/telegram/chat-turns.ts).
 */
export interface ChatPacing {
  /** For status messages: they give up soon (the tracker owes them and comes back). */
  status: Transformer;
  /** For everything else sent from outside the chat's updates. */
  other: Transformer;
}

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
   * The chats' pacing across processes; `outbox` paces this process's own calls, `handlesChat`
   * says whether it handles an update of the chat now (it holds the chat already).
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

/**
 * The chats' leases, kept in the database (src/db/inbox.ts): whoever holds a chat's lease handles
 * its updates, one at a time and in order, across every process on the database; a message sent
 * into the chat from outside its updates takes the same lease as the chat's turn, under an owner
 * of its own (src/telegram/chat-turns.ts). One holder's view: its owner and its timing are bound.
 *
 * Every expiry is judged on the database's clock (PostgreSQL's; SQLite's one process keeps its
 * own): processes pass durations, never times, so their clocks may differ by any amount. Each
 * claim or turn hands out a fencing token from a sequence, a number that only grows (PostgreSQL's
 * chat_lease_tokens; SQLite: one more than any row's), and whatever the holder does under the
 * lease (renew, finish, let go, the flow's writes: src/inbox/fence.ts) is conditioned on its owner
 * and that token: a holder whose lease ran out and was taken (paused past it, say) is refused,
 * never believed.
 */
export interface ChatLeases {
  /** How long a lease lasts unless renewed: how soon another process takes over the chats of one killed or paused. */
  readonly leaseMs: number;
  /** How often the holder renews what it holds (an update being handled, a turn's message waiting). */
  readonly renewEveryMs: number;
  /** Chats with updates waiting whose lease nobody else holds now (first waiting first), at most `limit`; the holder's own among them. */
  waitingChats(limit: number): Promise<string[]>;
  /**
   * Takes (or keeps) the chat's lease with a new token and hands out its first waiting update, in
   * one statement; undefined when another holds the lease or nothing waits (the lease is let go).
   */
  claim(chatKey: string): Promise<ClaimedUpdate | undefined>;
  /**
   * Takes the chat's turn for a message sent from outside its updates, unless someone holds the
   * chat now: its token, and how long ago the chat last got a message as the last holder said.
   */
  takeTurn(chatKey: string): Promise<{ token: number; sentAgoMs: number | null } | undefined>;
  /** Pushes out the leases held with these tokens; the chats whose lease was taken meanwhile (another holder's token). */
  renew(leases: readonly LeaseRef[]): Promise<string[]>;
  /**
   * `updateId` is handled: marks it done and hands out the chat's next waiting update under the
   * same lease and token, renewed; with none waiting, lets the lease go. Refused (undefined, nothing
   * done) unless the lease is still held with this token: the update is then the new holder's.
   */
  finish(updateId: number, lease: LeaseRef, sentAgoMs: number | null): Promise<ClaimedUpdate | undefined>;
  /** Hands an update back unhandled (the process is stopping) and lets the lease go, if still held with this token. */
  giveBack(updateId: number, lease: LeaseRef, sentAgoMs: number | null): Promise<void>;
  /** Marks an update done without handing out the next (a stop), if the lease is still held with this token; whether it was. */
  markDone(updateId: number, lease: LeaseRef): Promise<boolean>;
  /**
   * Lets the lease go, if still held with this token. `sentAgoMs`: how long ago the holder last
   * sent a message into the chat (null: not while it held it), kept for the next holder's second.
   */
  release(lease: LeaseRef, sentAgoMs: number | null): Promise<void>;
  /** Forgets updates handled before `handledBefore` (epoch ms), and leases let go a while ago whose chat got no message since. */
  prune(handledBefore: number): Promise<void>;
}

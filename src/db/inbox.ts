import { type Clock, systemClock } from "../clock.js";
import { type OnBackEnd, onBackEnd } from "./leases/back-end.js";
import { claimUpdate } from "./leases/claim-update.js";
import { clearLeases } from "./leases/clear-leases.js";
import { countWaiting } from "./leases/count-waiting.js";
import { finishUpdate } from "./leases/finish-update.js";
import { giveBack } from "./leases/give-back.js";
import { insertUpdates } from "./leases/insert-updates.js";
import { letGo } from "./leases/let-go.js";
import { markDone } from "./leases/mark-done.js";
import { pruneLeases } from "./leases/prune-leases.js";
import { pruneUpdates } from "./leases/prune-updates.js";
import { renewMany } from "./leases/renew-many.js";
import { take } from "./leases/take.js";
import type { ClaimedUpdate, LeaseRef, NewInboxUpdate } from "./leases/updates.js";
import { waitingChats } from "./leases/waiting-chats.js";
import type { Store } from "./store.js";

export type { ClaimedUpdate, LeaseRef, NewInboxUpdate } from "./leases/updates.js";

const STATEMENTS = {
  insertUpdates,
  waitingChats,
  claimUpdate,
  letGo,
  take,
  giveBack,
  finishUpdate,
  renewMany,
  clearLeases,
  markDone,
  pruneUpdates,
  pruneLeases,
  countWaiting,
};

/**
 * The inbox of updates (issue 22): stored before Telegram is told they arrived, handled from
 * here by whichever process leases the update's chat, one update of a chat at a time and in
 * update_id order, across every process on the database.
 *
 * A chat's lease is a row of chat_leases: whoever holds it (and keeps renewing it) handles that
 * chat's updates; a lease not renewed by its end (its process was killed, or paused) may be taken
 * by any other. Issue 31: on PostgreSQL every expiry is judged on the database's clock (DB_NOW:
 * processes pass durations, never times), so the hosts' clocks may differ by any amount; SQLite's
 * one process keeps its own clock. Each claim hands out a fencing token, a number that only grows
 * (PostgreSQL: a sequence; SQLite: one more than any row's), and whatever the holder does under the
 * lease (renew, finish, let go, the flow's writes: src/chat/fence.ts) is conditioned on owner and
 * token, so that a holder that lost the lease is refused rather than believed.
 *
 * A lease let go stays a while as a row with no owner, keeping when the chat last got a message
 * (`sent_at`, on the database's clock too): the next holder keeps Telegram's gap of a second per
 * chat from there, whichever process it is (src/chat/turns.ts). It crosses processes as
 * an age. A process on a clock of its own (a test's) keeps `sent_at` on that clock, as its outbox
 * does (leases stay on real time: the database's, or SQLite's process's).
 *
 * The statements are in src/db/leases/, one file per operation, each written per back end, as
 * SQL: PostgreSQL does each step in one round trip (a statement with data-modifying CTEs) where
 * SQLite, which has no round trips, takes a transaction of small statements. The leader's lease
 * (leases/repository.ts) takes, renews and lets go with the same ones as a chat's. Both back ends
 * keep the same rule: an update is handed out only to the holder of its chat's lease, and only
 * when no earlier update of the chat waits.
 */
export class InboxRepository {
  /** This back end's statements, picked once. */
  private readonly sql: OnBackEnd<typeof STATEMENTS>;

  /** `clock`: the outbox's, which `sent_at`'s ages are told on (see above). */
  constructor(
    private readonly store: Store,
    private readonly clock: Clock = systemClock,
  ) {
    this.sql = onBackEnd(store.dialect, STATEMENTS);
  }

  /** Stores updates not stored before (a repeat of an update_id is dropped); how many were new. */
  async add(updates: readonly NewInboxUpdate[], now: number): Promise<number> {
    if (updates.length === 0) return 0;
    return this.sql.insertUpdates(this.store.db, { updates, now });
  }

  /**
   * Chats with updates waiting whose lease nobody else holds now (first waiting first), at most
   * `limit`; those `owner` holds are among them.
   */
  async waitingChats(owner: string, limit: number): Promise<string[]> {
    return this.sql.waitingChats(this.store.db, { owner, limit });
  }

  /**
   * Takes (or keeps) the chat's lease for `leaseMs` with a new token, unless another process
   * holds it now, and hands out the chat's first waiting update; undefined when the lease is
   * another's or nothing waits.
   */
  async claim(chatKey: string, owner: string, leaseMs: number): Promise<ClaimedUpdate | undefined> {
    return this.sql.claimUpdate(this.store.db, { chatKey, owner, leaseMs, sentClock: this.clock });
  }

  /**
   * Lets the chat's lease go, if `owner` holds it with this token; `sentAgoMs`: how long ago this
   * holder last sent a message into the chat (null: not while it held it, and what the row says stays).
   */
  async release(lease: LeaseRef, owner: string, sentAgoMs: number | null = null): Promise<void> {
    await this.sql.letGo(this.store.db, { ...lease, owner, sentAgoMs, sentClock: this.clock });
  }

  /**
   * Takes the chat's turn for `leaseMs` for a message sent from outside its updates (a status
   * message, an alert, a reply that came in the background), unless a process holds it now: the
   * turn's token, and how long ago the chat last got a message as the lease's last holder says;
   * undefined when it is held.
   */
  async takeTurn(chatKey: string, owner: string, leaseMs: number): Promise<{ token: number; sentAgoMs: number | null } | undefined> {
    return this.sql.take(this.store.db, { chatKey, owner, leaseMs, sentClock: this.clock });
  }

  /**
   * Hands an update taken up back unhandled (the process is stopping): its attempt does not
   * count, and the chat's lease goes, for another process to take it up at once. Nothing is
   * done unless `owner` still holds the lease with this token.
   */
  async giveBack(updateId: number, lease: LeaseRef, owner: string, sentAgoMs: number | null = null): Promise<void> {
    await this.sql.giveBack(this.store.db, { updateId, ...lease, owner, sentAgoMs, sentClock: this.clock });
  }

  /**
   * `updateId` is handled: marks it done and hands out the chat's next waiting update, keeping
   * the lease (and its token) for `leaseMs`; with none waiting, lets the lease go (with
   * `sentAgoMs`, as `release`) and returns undefined. Refused (nothing done, undefined) unless
   * `owner` still holds the lease with this token: the update is then the new holder's.
   */
  async finish(
    updateId: number,
    lease: LeaseRef,
    owner: string,
    leaseMs: number,
    sentAgoMs: number | null = null,
  ): Promise<ClaimedUpdate | undefined> {
    return this.sql.finishUpdate(this.store.db, { updateId, ...lease, owner, leaseMs, sentAgoMs, sentClock: this.clock });
  }

  /**
   * Pushes out for `leaseMs` the leases `owner` holds with these tokens; the chats whose lease it
   * no longer holds (another process claimed it: its token is not this one's). A lease that ran
   * out and that nobody took is renewed: nobody else held it meanwhile.
   */
  async renew(owner: string, leases: readonly LeaseRef[], leaseMs: number): Promise<string[]> {
    if (leases.length === 0) return [];
    const kept = await this.sql.renewMany(this.store.db, { owner, leases, leaseMs });
    return leases.filter((lease) => !kept.has(lease.chatKey)).map((lease) => lease.chatKey);
  }

  /**
   * Lets every lease go, whoever held it: for SQLite's one process at its start (a process
   * killed before it left leases that would hold its chats for nobody).
   */
  async clearLeases(): Promise<number> {
    return this.sql.clearLeases(this.store.db);
  }

  /**
   * Marks an update done without handing out the next (a stop: the lease goes with the rest),
   * if `owner` still holds the lease with this token; whether it did.
   */
  async markDone(updateId: number, lease: LeaseRef, owner: string): Promise<boolean> {
    return this.sql.markDone(this.store.db, { updateId, ...lease, owner });
  }

  /** Forgets updates handled before `before` (their id is kept a while, so that a repeat is known; their content goes when handled). */
  async prune(before: number): Promise<number> {
    return this.sql.pruneUpdates(this.store.db, { before });
  }

  /**
   * Forgets leases let go (or run out) over `keepMs` ago whose chat got no message since. SQLite
   * keeps those still owned (by its one process, which lets them all go at its start): a row gone
   * would let its token be handed out again.
   */
  async pruneLeases(keepMs: number): Promise<number> {
    return this.sql.pruneLeases(this.store.db, { keepMs, sentClock: this.clock });
  }

  /** Updates waiting, and when the oldest of them arrived (for /metrics and /healthz). */
  async waiting(): Promise<{ count: number; oldestAt: number | null }> {
    return this.sql.countWaiting(this.store.db);
  }
}

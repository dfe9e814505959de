import type { ClaimedUpdate, InboxRepository, LeaseRef } from "../db/inbox.js";

/** How long a lease lasts unless renewed, and how often its holder renews it. */
export interface LeaseTiming {
  leaseMs: number;
  renewEveryMs: number;
}

/**
 * A chat's lease while its updates are handled: it runs out 4 s after its last renewal, and another
 * process then takes over the chat (its holder was killed, or is paused); renewed every second.
 * Short, as what is written under a lease is fenced by its token: a holder that comes back late is refused.
 */
export const UPDATE_LEASE: LeaseTiming = { leaseMs: 4_000, renewEveryMs: 1_000 };

/**
 * A chat's turn for a message sent from outside its updates: 4 s too if its process dies holding
 * it; renewed every third of that while the message waits.
 */
export const TURN_LEASE: LeaseTiming = { leaseMs: 4_000, renewEveryMs: 4_000 / 3 };

/** Leases let go are kept this long, for when their chat last got a message (a second matters). */
const KEEP_LET_GO_MS = 60_000;

/**
 * The chats' leases, kept in the database (src/db/inbox.ts): whoever holds a chat's lease handles
 * its updates, one at a time and in order, across every process on the database; a message sent
 * into the chat from outside its updates takes the same lease as the chat's turn, under an owner
 * of its own (src/chat/turns.ts). One holder's view: its owner and its timing are bound.
 *
 * Every expiry is judged on the database's clock (PostgreSQL's; SQLite's one process keeps its
 * own): processes pass durations, never times, so their clocks may differ by any amount. Each
 * claim or turn hands out a fencing token from a sequence, a number that only grows (PostgreSQL's
 * chat_lease_tokens; SQLite: one more than any row's), and whatever the holder does under the
 * lease (renew, finish, let go, the flow's writes: src/chat/fence.ts) is conditioned on its owner
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

/**
 * The chats' leases as `owner` holds them, on the inbox's rows (src/db/inbox.ts): the statements
 * stay there, each one atomic (a claim takes the lease and the chat's first waiting update at
 * once); this binds them to one holder and its timing.
 */
export function chatLeases(inbox: InboxRepository, owner: string, timing: LeaseTiming = UPDATE_LEASE): ChatLeases {
  const { leaseMs } = timing;
  return {
    leaseMs,
    renewEveryMs: timing.renewEveryMs,
    waitingChats: (limit) => inbox.waitingChats(owner, limit),
    claim: (chatKey) => inbox.claim(chatKey, owner, leaseMs),
    takeTurn: (chatKey) => inbox.takeTurn(chatKey, owner, leaseMs),
    renew: (leases) => inbox.renew(owner, leases, leaseMs),
    finish: (updateId, lease, sentAgoMs) => inbox.finish(updateId, lease, owner, leaseMs, sentAgoMs),
    giveBack: (updateId, lease, sentAgoMs) => inbox.giveBack(updateId, lease, owner, sentAgoMs),
    markDone: (updateId, lease) => inbox.markDone(updateId, lease, owner),
    release: (lease, sentAgoMs) => inbox.release(lease, owner, sentAgoMs),
    prune: async (handledBefore) => {
      await inbox.prune(handledBefore);
      await inbox.pruneLeases(KEEP_LET_GO_MS);
    },
  };
}

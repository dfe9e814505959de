import type { InboxRepository } from "../db/inbox.js";
import type { LeaseRepository } from "../db/leases/repository.js";
import type { ChatLeases } from "./fleet.js";

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

/** The leader's lease, as one process takes it: bound to its key, its owner and its timing (src/db/leases.ts). */
export interface LeaderLease {
  /** Its key among the leases. */
  readonly key: string;
  /** Takes the lease with a new token unless another process holds it now; the token, or undefined. */
  take(): Promise<number | undefined>;
  /** Renews the lease held with `token`; false when another process took it. */
  renew(token: number): Promise<boolean>;
  /** Lets it go at once, if still held with `token`. */
  release(token: number): Promise<void>;
}

/** The key of the leader's lease among the chats' (a chat's key starts with "c:" or "u:"). */
export const LEADER_KEY = "leader";

/** The leader's lease as `owner` takes it (src/fleet/leadership.ts), on the same rows as the chats'. */
export function leaderLease(leases: LeaseRepository, owner: string, timing: LeaseTiming): LeaderLease {
  return {
    key: LEADER_KEY,
    take: () => leases.take(LEADER_KEY, owner, timing.leaseMs),
    renew: (token) => leases.renew(LEADER_KEY, owner, token, timing.leaseMs),
    release: (token) => leases.release(LEADER_KEY, owner, token),
  };
}

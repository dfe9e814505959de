import type { InboxRepository } from "../db/inbox.js";
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

/** A chat's turn for a message sent from outside its updates: 4 s too if its process dies holding it; renewed every third of that while the message waits. */
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

import type { LeaseTiming } from "../chat/index.js";
import type { LeaseRepository } from "../db/leases/repository.js";

/**
 * The leader's lease: 3 s on the database's clock, renewed every second, tried for every second
 * by the followers. A leader killed, frozen, hung or cut off from the database renews nothing, and
 * another process leads within 4 s of its last renewal; one that wakes finds its token refused.
 */
export const LEADER_LEASE: LeaseTiming & { retryMs: number } = { leaseMs: 3_000, renewEveryMs: 1_000, retryMs: 1_000 };

/** The leader's lease, as one process takes it: bound to its key, its owner and its timing (src/db/leases/repository.ts). */
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

/**
 * The leader's lease as `owner` takes it (src/fleet/leadership.ts), on the same rows as the chats'
 * and on the same terms: a LeaseTiming, and a HeldLease for the term (src/chat/).
 */
export function leaderLease(leases: LeaseRepository, owner: string, timing: LeaseTiming): LeaderLease {
  return {
    key: LEADER_KEY,
    take: () => leases.take(LEADER_KEY, owner, timing.leaseMs),
    renew: (token) => leases.renew(LEADER_KEY, owner, token, timing.leaseMs),
    release: (token) => leases.release(LEADER_KEY, owner, token),
  };
}

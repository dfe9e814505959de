import type { Transformer } from "grammy";
import { currentFence, underFence } from "../db/fence.js";
import { HeldLease } from "./held-lease.js";

/**
 * Runs `work` under `lease` (an update's handling under its chat's, the leader's duties under the
 * leader's): what it writes and sends is fenced by it.
 */
export function underLease<T>(lease: HeldLease, work: () => Promise<T>): Promise<T> {
  return underFence(lease, work);
}

/** The lease of the work running here (an update's handling, the leader's duties), if any and still fencing. */
export function currentLease(): HeldLease | undefined {
  const fence = currentFence();
  return fence instanceof HeldLease ? fence : undefined;
}

/**
 * An API transformer, installed next to the wire (inside the outbox, after any wait for the
 * chat's gap, a 429 or the flood limits): a call made under a fence (an update's handling under
 * its chat's lease, the leader's duties under the leader's) leaves only while this process still
 * holds that lease, asking the database when the last renewal is not recent; else it throws
 * LeaseLostError and nothing reaches Telegram. A call queued before the lease was lost never goes
 * out after it. What the service did for work that lost its lease (an exchange it created) is
 * recorded, and reaches the person from another process (the creation card is then owed at once:
 * src/db/exchanges/card.ts). Reads (`get*`) are not fenced.
 */
export function fenceCalls(): Transformer {
  return async (prev, method, payload, signal) => {
    const fence = currentFence();
    if (fence instanceof HeldLease && !method.startsWith("get")) await fence.check();
    return prev(method, payload, signal);
  };
}

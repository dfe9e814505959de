import { AsyncLocalStorage } from "node:async_hooks";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Dialect } from "./dialect.js";
import type { Schema } from "./schema.js";

/**
 * Thrown where an update's handling would write or send under a chat's lease this process no
 * longer holds: another process took the chat (this one was paused, or its clock ran late) and
 * handles the update now. The handling stops; the update is not this process's to finish.
 */
export class LeaseLostError extends Error {
  constructor(readonly chatKey: string) {
    super(`the lease of chat ${chatKey} was taken by another process: this one stops handling its update`);
    this.name = "LeaseLostError";
  }
}

/** What a fenced write is conditioned on: the chat's lease still carries the token of this claim (src/db/inbox.ts). */
export interface Fence {
  chatKey: string;
  token: number;
}

/** The fence of an update being handled (src/inbox/fence.ts holds it): `fencing` while its handling runs, and for good once its lease is lost. */
export interface ActiveFence extends Fence {
  readonly fencing: boolean;
}

const current = new AsyncLocalStorage<ActiveFence>();

/** Runs `work` (an update's handling) under `fence`: what the data layer writes for it is conditioned on the fence's token. */
export function underFence<T>(fence: ActiveFence, work: () => Promise<T>): Promise<T> {
  return current.run(fence, work);
}

/**
 * Runs `work` outside any update's fence: for work of other parts that an update's handling only
 * sets going (a wake of the leader's duties). Started in the handling's context, it would inherit
 * its fence, and once that lease is lost every call of theirs would be refused for good.
 */
export function outsideFence<T>(work: () => T): T {
  return current.exit(work);
}

/** The fence of the update being handled here, if any and still fencing. */
export function currentFence(): ActiveFence | undefined {
  const fence = current.getStore();
  return fence?.fencing ? fence : undefined;
}

/**
 * The condition a fenced write puts in its own WHERE: the chat's lease still carries the fence's
 * token. Checked by the statement that writes, never by a read before it. On PostgreSQL the lease
 * row is read FOR SHARE: a claim of the chat committed before is seen (and refuses the write), and
 * one coming after waits for the write to commit, so the new holder reads what it wrote.
 */
export function leaseHeld(dialect: Dialect, fence: Fence): RawBuilder<boolean> {
  const lock = dialect === "postgres" ? sql` FOR SHARE` : sql``;
  return sql<boolean>`EXISTS (SELECT 1 FROM chat_leases WHERE chat_key = ${fence.chatKey} AND token = ${fence.token}${lock})`;
}

/**
 * Whether the chat's lease still carries the fence's token: asked after a fenced write changed
 * nothing, to tell a lost lease from the write's own condition. Tokens only grow, so a lease held
 * now was held when the write ran (the write's own condition refused it); one lost now was lost
 * then or since, and the handling stops either way.
 */
export async function leaseStillHeld(db: Kysely<Schema>, fence: Fence): Promise<boolean> {
  const row = await db
    .selectFrom("chat_leases")
    .select(sql<number>`1`.as("held"))
    .where("chat_key", "=", fence.chatKey)
    .where("token", "=", fence.token)
    .executeTakeFirst();
  return row !== undefined;
}

import { AsyncLocalStorage } from "node:async_hooks";
import { type Compilable, DeleteResult, InsertResult, type Kysely, type QueryResult, type RawBuilder, sql, UpdateResult } from "kysely";
import type { Dialect } from "./dialect.js";
import { type Arg, prepared } from "./prepared.js";
import type { Schema } from "./schema.js";

/**
 * Thrown where work would write or send under a lease this process no longer holds: a chat's
 * (another process took the chat and handles its update now) or the leader's (another process
 * leads). The work stops; it is not this process's to finish.
 */
export class LeaseLostError extends Error {
  constructor(readonly chatKey: string) {
    super(`the lease ${chatKey} was taken by another process: this one stops the work it held it for`);
    this.name = "LeaseLostError";
  }
}

/** What a fenced write is conditioned on: the lease (a row of chat_leases) still carries the token of this claim. */
export interface Fence {
  chatKey: string;
  token: number;
}

/**
 * The fence of work under way (an update's handling under its chat's lease, the leader's duties
 * under the leader's): `fencing` while it runs, and for good once its lease is lost. A write or a
 * send refused by it calls `lose()`: the holder stops at once. The lease held is the chat room's
 * (HeldLease, src/chat/held-lease.ts); the data layer knows only this much of it.
 */
export interface ActiveFence extends Fence {
  readonly fencing: boolean;
  lose(): void;
}

const current = new AsyncLocalStorage<ActiveFence>();

/**
 * Runs `work` under `fence`: what the data layer writes for it, and what it sends, is
 * conditioned on the fence's token. Set in two places only (through src/chat/fence.ts): the
 * inbox's worker, for an update's handling under its chat's lease, and the leader's term, for its
 * duties under the leader's.
 */
export function underFence<T>(fence: ActiveFence, work: () => Promise<T>): Promise<T> {
  return current.run(fence, work);
}

/** The fence of the work running here, if any and still fencing. */
export function currentFence(): ActiveFence | undefined {
  const fence = current.getStore();
  return fence?.fencing ? fence : undefined;
}

/**
 * Binds `fn` to the context it is bound in (the fence of the work that builds it, or none):
 * for a part's wake, called from other work (an update's handling, a signal), that must run in
 * the part's own context and under its own fence, not the caller's.
 */
export function boundHere<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return AsyncLocalStorage.bind(fn);
}

/**
 * The condition a fenced write puts in its own WHERE: the lease still carries the fence's token.
 * Checked by the statement that writes, never by a read before it. On PostgreSQL the lease row
 * is read FOR SHARE: a claim committed before is seen (and refuses the write), and one coming
 * after waits for the write to commit, so the new holder reads what it wrote.
 */
export function leaseHeld(dialect: Dialect, fence: Fence): RawBuilder<boolean> {
  const lock = dialect === "postgres" ? sql` FOR SHARE` : sql``;
  return sql<boolean>`EXISTS (SELECT 1 FROM chat_leases WHERE chat_key = ${fence.chatKey} AND token = ${fence.token}${lock})`;
}

/**
 * Whether the lease still carries the fence's token: asked after a fenced write changed nothing,
 * to tell a lost lease from the write's own condition. Tokens only grow, so a lease held now was
 * held when the write ran (the write's own condition refused it); one lost now was lost then or
 * since, and the work stops either way.
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

/** A fenced write was refused for its lease: the holder is told (it stops), and LeaseLostError thrown. */
export function refused(fence: Fence): never {
  (fence as Partial<ActiveFence>).lose?.();
  throw new LeaseLostError(fence.chatKey);
}

/**
 * A fenced write changed nothing: throws (refused) when its lease is lost, else returns (the
 * write's own condition refused it).
 */
export async function refusedIfLost(db: Kysely<Schema>, fence: Fence): Promise<void> {
  if (!(await leaseStillHeld(db, fence))) refused(fence);
}

/** Where a fenced write runs: the store's dialect and Kysely instance (src/db/store.ts). */
export interface FencedStore {
  readonly dialect: Dialect;
  readonly db: Kysely<Schema>;
}

/** A statement whose WHERE takes one more condition: an UPDATE, a DELETE, or the SELECT of an INSERT … SELECT. */
interface Conditioned {
  where(condition: RawBuilder<boolean>): unknown;
}

/**
 * Puts a fence's condition (leaseHeld) in a statement's WHERE; given no fence, leaves it as it
 * is. For an INSERT, put it on the SELECT it inserts (`INSERT … SELECT … WHERE EXISTS (lease)`).
 */
export type Held = <Q extends Conditioned>(statement: Q) => Q;

/**
 * Whether a write changed anything, from what Kysely returns for it: an update's, a delete's or
 * an insert's result (or a list of them), the rows it returned, or a prepared query's result.
 */
export function changedAny(result: unknown): boolean {
  if (result === undefined || result === null) return false;
  if (Array.isArray(result)) return result.some(changedAny);
  if (result instanceof UpdateResult) return result.numUpdatedRows > 0n;
  if (result instanceof DeleteResult) return result.numDeletedRows > 0n;
  if (result instanceof InsertResult) return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  if (typeof result === "object" && "rows" in result && Array.isArray(result.rows)) {
    const query = result as QueryResult<unknown>;
    return (query.numAffectedRows ?? 0n) > 0n || query.rows.length > 0;
  }
  // A row the write returned.
  return true;
}

function heldBy(dialect: Dialect, fence: Fence | undefined): Held {
  if (!fence) return (statement) => statement;
  const condition = leaseHeld(dialect, fence);
  return (statement) => statement.where(condition) as typeof statement;
}

/** A write's fence, taken as the write is built: `held` to put on its statement, `settle` once it ran. */
export interface WriteFence {
  readonly held: Held;
  /**
   * After the write: when fenced and it changed nothing, the lease is asked about on `db` (the
   * transaction the write ran in, if any; the store's by default): lost, the holder is told to
   * stop and LeaseLostError thrown (nothing was written); held, the write's own condition refused it.
   */
  settle(changed: boolean, db?: Kysely<Schema>): Promise<void>;
}

/**
 * The fence of a write made now (currentFence: an update's handling, the leader's duties), or
 * none. Its condition goes in the write's own statement: one statement, no read before it.
 */
export function writeFence(store: FencedStore): WriteFence {
  const fence = currentFence();
  return {
    held: heldBy(store.dialect, fence),
    settle: async (changed, db = store.db) => {
      if (fence && !changed) await refusedIfLost(db, fence);
    },
  };
}

/**
 * A write made under the fence of the work running here, if any (writeFence): `write` puts `held`
 * on its statement; a fenced write that changed nothing (`changed`, default changedAny) is refused
 * for its lease (LeaseLostError, the holder told to stop) or for its own condition (its result
 * returned as is). `db`: the transaction the write runs in, if any.
 */
export async function fenced<R>(
  store: FencedStore,
  write: (held: Held) => Promise<R>,
  options: { db?: Kysely<Schema>; changed?: (result: R) => boolean } = {},
): Promise<R> {
  const fence = writeFence(store);
  const result = await write(fence.held);
  await fence.settle((options.changed ?? changedAny)(result), options.db);
  return result;
}

/**
 * A hot write built once (src/db/prepared.ts) and fenced as `fenced` fences: `build` puts `held` on
 * its statement. Built as is for work under no fence, and once more for work under one, the lease's
 * key and token then taken as two more arguments after the write's own (always as many: a tuple).
 */
export function preparedFenced<A extends readonly unknown[], R>(
  store: FencedStore,
  build: (db: Kysely<Schema>, arg: Arg, held: Held) => Compilable<R>,
): (executor: Kysely<Schema>, ...args: A) => Promise<QueryResult<R>> {
  const plain = prepared<A, R>(store.db, (db, arg) => build(db, arg, heldBy(store.dialect, undefined)));
  let withFence: ((executor: Kysely<Schema>, ...args: unknown[]) => Promise<QueryResult<R>>) | undefined;
  return async (executor, ...args) => {
    const fence = currentFence();
    if (!fence) return plain(executor, ...args);
    const at = args.length;
    withFence ??= prepared<unknown[], R>(store.db, (db, arg) =>
      build(db, arg, heldBy(store.dialect, { chatKey: arg<string>(at), token: arg<number>(at + 1) })),
    );
    const result = await withFence(executor, ...args, fence.chatKey, fence.token);
    if (!changedAny(result)) await refusedIfLost(executor, fence);
    return result;
  };
}

import { CompiledQuery, type Selectable, sql } from "kysely";
import type { Clock } from "../clock.js";
import type { NewTransaction, TransactionRecord, TransactionRepository } from "./exchanges/record.js";
import { currentFence, type Fence, fenced, refused, refusedIfLost } from "./fence.js";
import { holderGone } from "./instances.js";
import { PREPARED_MARK, prepared } from "./prepared.js";
import type { CreateRequestsTable } from "./schema.js";
import type { Store } from "./store.js";

export type CreateRequestState =
  | { state: "new" }
  /**
   * An earlier attempt may have reached the service and its outcome is not known here: it may
   * still be on its way (`onItsWay`: no answer has said otherwise yet, and it is recent) in the
   * process `attemptedBy` (null: not kept, for requests older than that column).
   */
  | { state: "pending"; createdAt: number; onItsWay: boolean; attemptedBy: string | null }
  | { state: "created"; exchangeId: string }
  | { state: "failed"; error: string };

/** One confirmation's attempt to create, as support sees it. */
export interface CreateRequestRecord {
  key: string;
  userId: number;
  state: "pending" | "created" | "failed";
  exchangeId: string | null;
  /** Why it failed, or, while pending, why its outcome is unknown; null while on its way. */
  error: string | null;
  createdAt: number;
  updatedAt: number;
  /** What was asked for; null for requests made before this was kept. */
  details: CreateRequestDetails | null;
}

/** What one confirmation asked the service to create. Amounts are decimal strings. */
export interface CreateRequestDetails {
  symbolFrom: string;
  networkFrom: string;
  symbolTo: string;
  networkTo: string;
  amount: string;
  provider: string;
  rateType: string;
  addressTo: string;
  extraTo: string | null;
}

/**
 * A pending attempt older than this is no longer on its way: it waited at most 3 minutes for
 * the budget (USER_WAIT_MS), then at most the response timeouts (90 s for the headers, 90 s
 * for the body). Its outcome is unknown.
 */
export const UNKNOWN_AFTER_MS = 10 * 60_000;

function recordOf(row: Selectable<CreateRequestsTable>): CreateRequestRecord {
  return {
    key: row.request_key,
    userId: row.user_id,
    state: row.state,
    exchangeId: row.exchange_id,
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    details: row.details === null ? null : (JSON.parse(row.details) as CreateRequestDetails),
  };
}

/**
 * The key of one confirmation: the user first, so that a user's attempts are one range of
 * the primary key. It is also the reference a person gives support.
 */
export function requestKeyOf(userId: number, flowId: string, confirmation: number): string {
  return `${userId}:${flowId}:${confirmation}`;
}

/** What a request key looks like, to pick it out of a pasted message. */
export const REQUEST_KEY_PATTERN = /^\d{1,15}:[0-9a-z]{1,16}:\d{1,6}$/;

/**
 * The guard that makes "create" happen at most once per confirmation. A request key is
 * claimed in the database before the service is called; whoever finds it already claimed
 * does not call again.
 */
type Claim = [key: string, userId: number, now: number, details: string | null, attemptedBy: string | null];

export class CreateRequestRepository {
  // Every confirmation runs these: built once.
  private readonly insertPending;
  private readonly outcome;
  private readonly created;

  /** `owner`: this process, as the registry names it; the owed outcomes it takes to tell are recorded as its. */
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly transactions: TransactionRepository,
    private readonly owner: string,
  ) {
    this.insertPending = prepared<Claim, never>(store.db, (db, arg) =>
      db
        .insertInto("create_requests")
        .values({
          request_key: arg(0),
          user_id: arg(1),
          state: "pending",
          created_at: arg(2),
          updated_at: arg(2),
          details: arg(3),
          attempted_by: arg(4),
        })
        .onConflict((oc) => oc.column("request_key").doNothing()),
    );
    this.outcome = prepared<
      [key: string],
      Pick<Selectable<CreateRequestsTable>, "state" | "exchange_id" | "error" | "created_at" | "attempted_by">
    >(store.db, (db, arg) =>
      db
        .selectFrom("create_requests")
        .select(["state", "exchange_id", "error", "created_at", "attempted_by"])
        .where("request_key", "=", arg<string>(0)),
    );
    this.created = prepared<[key: string, exchangeId: string, now: number], never>(store.db, (db, arg) =>
      db
        .updateTable("create_requests")
        .set({ state: "created", exchange_id: arg<string>(1), updated_at: arg<number>(2) })
        .where("request_key", "=", arg<string>(0)),
    );
  }

  /**
   * Claims `key` for a new attempt by the process `attemptedBy` (keeping what it asks for), or
   * tells what became of the earlier one. Made while an update is handled under its chat's lease
   * (src/db/fence.ts), the claim is made only if the lease is still this process's: else
   * LeaseLostError, and no attempt.
   */
  async claim(key: string, userId: number, details?: CreateRequestDetails, attemptedBy?: string): Promise<CreateRequestState> {
    const now = this.clock.now();
    const db = this.store.db;
    const json = details === undefined ? null : JSON.stringify(details);
    const fence = currentFence();
    // The claim is the insert itself: whoever inserts the row makes the attempt. No transaction
    // around it: one that finds the key taken reads the row its taker committed (an insert of a
    // key another transaction is inserting waits for that one to end).
    const claim: Claim = [key, userId, now, json, attemptedBy ?? null];
    const inserted = fence ? await this.insertFenced(fence, claim) : ((await this.insertPending(db, ...claim)).numAffectedRows ?? 0n);
    if (inserted > 0n) return { state: "new" };
    return this.stateOf(key, now);
  }

  /** What became of the attempt under `key` (claimed: never "new"). */
  async stateOf(key: string, now = this.clock.now()): Promise<Exclude<CreateRequestState, { state: "new" }>> {
    const row = (await this.outcome(this.store.db, key)).rows[0]!;
    if (row.state === "created") return { state: "created", exchangeId: row.exchange_id ?? "" };
    if (row.state === "failed") return { state: "failed", error: row.error ?? "" };
    return {
      state: "pending",
      createdAt: row.created_at,
      onItsWay: row.error === null && row.created_at > now - UNKNOWN_AFTER_MS,
      attemptedBy: row.attempted_by,
    };
  }

  /**
   * insertPending, only while the chat's lease still carries the fence's token (PostgreSQL: the
   * lease row read FOR SHARE in the same statement, so a claim of the chat waits for it); rows
   * inserted, or LeaseLostError. The outcome's writes after the call (complete, fail, markUnknown)
   * are not fenced: what the service answered is a fact from outside, recorded whoever holds the chat by then.
   */
  private async insertFenced(fence: Fence, claim: Claim): Promise<bigint> {
    const [key, userId, now, details, attemptedBy] = claim;
    const pg = this.store.dialect === "postgres";
    const text = pg
      ? `WITH held AS (SELECT 1 FROM chat_leases WHERE chat_key = $1 AND token = $2 FOR SHARE),
              inserted AS (INSERT INTO create_requests (request_key, user_id, state, created_at, updated_at, details, attempted_by)
                           SELECT $3, $4, 'pending', $5, $5, $6, $7 WHERE EXISTS (SELECT 1 FROM held)
                           ON CONFLICT (request_key) DO NOTHING RETURNING 1)
         SELECT (SELECT count(*) FROM held) AS held, (SELECT count(*) FROM inserted) AS inserted`
      : // SQLite: one process, one statement at a time; the check, in the insert, needs no lock.
        `INSERT INTO create_requests (request_key, user_id, state, created_at, updated_at, details, attempted_by)
         SELECT ?, ?, 'pending', ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM chat_leases WHERE chat_key = ? AND token = ?)
         ON CONFLICT (request_key) DO NOTHING RETURNING 1 AS held, 1 AS inserted`;
    const { rows } = await this.store.db.executeQuery<{ held: number | string; inserted: number | string }>(
      CompiledQuery.raw(
        PREPARED_MARK + text,
        pg
          ? [fence.chatKey, fence.token, key, userId, now, details, attemptedBy]
          : [key, userId, now, now, details, attemptedBy, fence.chatKey, fence.token],
      ),
    );
    if (pg && Number(rows[0]?.held ?? 0) === 0) refused(fence);
    if (pg) return BigInt(rows[0]!.inserted);
    // SQLite: nothing inserted, for a key taken or a lease lost.
    if (rows.length === 0) await refusedIfLost(this.store.db, fence);
    return BigInt(rows.length);
  }

  /** Records the created exchange and stores it for tracking, in one transaction. */
  async complete(key: string, record: NewTransaction): Promise<TransactionRecord> {
    // Not fenced (nor fail, markUnknown): what the service answered is recorded whoever holds the chat.
    return this.store.db.transaction().execute(async (trx) => {
      await this.created(trx, key, record.exchangeId, this.clock.now());
      return this.transactions.insert(record, trx);
    });
  }

  /** The service refused before anything was created: the key may be retried under a new one. */
  async fail(key: string, error: string): Promise<void> {
    await this.store.db
      .updateTable("create_requests")
      .set({ state: "failed", error, updated_at: this.clock.now() })
      .where("request_key", "=", key)
      .execute();
  }

  /**
   * The attempt may have reached the service and no answer said what became of it: it stays
   * pending (never tried again), with the reason kept for support.
   */
  async markUnknown(key: string, error: string): Promise<void> {
    await this.store.db
      .updateTable("create_requests")
      .set({ error, updated_at: this.clock.now() })
      .where("request_key", "=", key)
      .where("state", "=", "pending")
      .execute();
  }

  /**
   * The person was told (by a process that took their Confirm over) that this attempt may be
   * being created: from now on its outcome is owed to them, if the card does not tell it.
   */
  async markToldInFlight(key: string, at: number): Promise<void> {
    await fenced(this.store, (held) =>
      held(
        this.store.db
          .updateTable("create_requests")
          .set({ told_in_flight_at: at })
          .where("request_key", "=", key)
          .where("told_in_flight_at", "is", null),
      ).execute(),
    );
  }

  /**
   * Whether a person was told this attempt may be being created (its outcome is then told by the
   * owed-outcomes pass, src/bot/create-outcomes.ts).
   */
  async wasToldInFlight(key: string): Promise<boolean> {
    const row = await this.store.db
      .selectFrom("create_requests")
      .select("told_in_flight_at")
      .where("request_key", "=", key)
      .executeTakeFirst();
    return row?.told_in_flight_at != null;
  }

  /**
   * Attempts whose person was told they may be being created and that are not created, whose
   * outcome is not told yet: oldest first, those free to claim (claimOutcome) before those a
   * process is telling (`held`: a live one's, or this process's own).
   */
  async owedOutcomes(limit: number): Promise<(CreateRequestRecord & { attemptedBy: string | null; held: boolean })[]> {
    const free = holderGone(this.store.dialect, sql.ref("outcome_holder"), this.owner);
    const rows = await this.store.db
      .selectFrom("create_requests")
      .selectAll()
      .select(sql<number>`CASE WHEN ${free} THEN 0 ELSE 1 END`.as("held"))
      .where("told_in_flight_at", "is not", null)
      .where("outcome_told_at", "is", null)
      .where("state", "<>", "created")
      .orderBy("held")
      .orderBy("told_in_flight_at")
      .limit(limit)
      .execute();
    return rows.map(({ held, ...row }) => ({ ...recordOf(row), attemptedBy: row.attempted_by, held: Number(held) === 1 }));
  }

  /**
   * Takes the outcome owed under `key` for this process to tell, before the message goes out:
   * compare-and-set, so of two leaders (a step-down's grace) one sends it. Free to take while not
   * told and held by nobody, or by a process counted gone (src/db/instances.ts, holderGone; it may
   * have sent it: once more at worst). Never this process's own claim again: a claim sends once.
   */
  async claimOutcome(key: string): Promise<boolean> {
    // Fenced by the leader's lease: a former leader that wakes takes nothing.
    const result = await fenced(this.store, (held) =>
      held(
        this.store.db
          .updateTable("create_requests")
          .set({ outcome_holder: this.owner })
          .where("request_key", "=", key)
          .where("outcome_told_at", "is", null)
          .where((eb) => holderGone(this.store.dialect, eb.ref("outcome_holder"), this.owner)),
      ).executeTakeFirst(),
    );
    return (result.numUpdatedRows ?? 0n) > 0n;
  }

  /** Telegram certainly did not get this process's message of the outcome under `key`: free for the next look to take. */
  async releaseOutcome(key: string): Promise<void> {
    await this.store.db
      .updateTable("create_requests")
      .set({ outcome_holder: null })
      .where("request_key", "=", key)
      .where("outcome_holder", "=", this.owner)
      .where("outcome_told_at", "is", null)
      .execute();
  }

  /** The owed outcome was told (or a created exchange's card tells it). */
  async markOutcomeTold(key: string, at: number): Promise<void> {
    await fenced(this.store, (held) =>
      held(
        this.store.db
          .updateTable("create_requests")
          .set({ outcome_told_at: at })
          .where("request_key", "=", key)
          .where("outcome_told_at", "is", null),
      ).execute(),
    );
  }

  async find(key: string): Promise<CreateRequestRecord | undefined> {
    const row = await this.store.db.selectFrom("create_requests").selectAll().where("request_key", "=", key).executeTakeFirst();
    return row && recordOf(row);
  }

  /** A user's attempts still pending (on their way or of unknown outcome) since `since`, newest first. */
  async pendingByUser(userId: number, since: number, limit: number): Promise<CreateRequestRecord[]> {
    const rows = await this.store.db
      .selectFrom("create_requests")
      .selectAll()
      .where("request_key", ">=", `${userId}:`)
      .where("request_key", "<", `${userId};`)
      .where("user_id", "=", userId)
      .where("state", "=", "pending")
      .where("created_at", ">=", since)
      .orderBy("created_at", "desc")
      .orderBy("request_key", "desc")
      .limit(limit)
      .execute();
    return rows.map(recordOf);
  }

  /** Attempts whose outcome is unknown: pending with a reason, or pending for longer than UNKNOWN_AFTER_MS. */
  async countUnknown(now: number): Promise<number> {
    const row = await this.store.db
      .selectFrom("create_requests")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("state", "=", "pending")
      .where((eb) => eb.or([eb("error", "is not", null), eb("created_at", "<=", now - UNKNOWN_AFTER_MS)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/** Whether a pending attempt is no longer on its way (see UNKNOWN_AFTER_MS). */
export function isUnknownOutcome(request: CreateRequestRecord, now: number): boolean {
  return request.state === "pending" && (request.error !== null || request.createdAt <= now - UNKNOWN_AFTER_MS);
}

import type { Clock } from "../clock.js";
import type { Db } from "./database.js";
import type { NewTransaction, TransactionRecord, TransactionRepository } from "./transactions.js";

export type CreateRequestState =
  | { state: "new" }
  /** An earlier attempt may have reached the service and its outcome is unknown. */
  | { state: "pending"; createdAt: number }
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

const SELECT = "request_key AS key, user_id AS userId, state, exchange_id AS exchangeId, error, created_at AS createdAt, updated_at AS updatedAt, details";

function recordOf(row: (Omit<CreateRequestRecord, "details"> & { details: string | null }) | undefined): CreateRequestRecord | undefined {
  return row && { ...row, details: row.details === null ? null : (JSON.parse(row.details) as CreateRequestDetails) };
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
 * claimed in SQLite before the service is called; whoever finds it already claimed
 * does not call again.
 */
export class CreateRequestRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly transactions: TransactionRepository,
  ) {}

  /** Claims `key` for a new attempt (keeping what it asks for), or tells what became of the earlier one. */
  claim(key: string, userId: number, details?: CreateRequestDetails): CreateRequestState {
    const now = this.clock.now();
    return this.db.transaction((): CreateRequestState => {
      const row = this.db.prepare("SELECT state, exchange_id, error, created_at FROM create_requests WHERE request_key = ?").get(key) as
        | { state: "pending" | "created" | "failed"; exchange_id: string | null; error: string | null; created_at: number }
        | undefined;
      if (!row) {
        this.db
          .prepare("INSERT INTO create_requests (request_key, user_id, state, created_at, updated_at, details) VALUES (?, ?, 'pending', ?, ?, ?)")
          .run(key, userId, now, now, details === undefined ? null : JSON.stringify(details));
        return { state: "new" };
      }
      if (row.state === "created") return { state: "created", exchangeId: row.exchange_id ?? "" };
      if (row.state === "failed") return { state: "failed", error: row.error ?? "" };
      return { state: "pending", createdAt: row.created_at };
    }).immediate();
  }

  /** Records the created exchange and stores it for tracking, in one transaction. */
  complete(key: string, record: NewTransaction): TransactionRecord {
    return this.db.transaction(() => {
      this.db
        .prepare("UPDATE create_requests SET state = 'created', exchange_id = ?, updated_at = ? WHERE request_key = ?")
        .run(record.exchangeId, this.clock.now(), key);
      return this.transactions.insert(record);
    })();
  }

  /** The service refused before anything was created: the key may be retried under a new one. */
  fail(key: string, error: string): void {
    this.db
      .prepare("UPDATE create_requests SET state = 'failed', error = ?, updated_at = ? WHERE request_key = ?")
      .run(error, this.clock.now(), key);
  }

  /**
   * The attempt may have reached the service and no answer said what became of it: it stays
   * pending (never tried again), with the reason kept for support.
   */
  markUnknown(key: string, error: string): void {
    this.db
      .prepare("UPDATE create_requests SET error = ?, updated_at = ? WHERE request_key = ? AND state = 'pending'")
      .run(error, this.clock.now(), key);
  }

  find(key: string): CreateRequestRecord | undefined {
    return recordOf(this.db.prepare(`SELECT ${SELECT} FROM create_requests WHERE request_key = ?`).get(key) as Parameters<typeof recordOf>[0]);
  }

  /** A user's attempts still pending (on their way or of unknown outcome) since `since`, newest first. */
  pendingByUser(userId: number, since: number, limit: number): CreateRequestRecord[] {
    return this.db
      .prepare(
        `SELECT ${SELECT} FROM create_requests
         WHERE request_key >= ? AND request_key < ? AND user_id = ? AND state = 'pending' AND created_at >= ?
         ORDER BY created_at DESC LIMIT ?`,
      )
      .all(`${userId}:`, `${userId};`, userId, since, limit)
      .map((row) => recordOf(row as Parameters<typeof recordOf>[0])!);
  }

  /** Attempts whose outcome is unknown: pending with a reason, or pending for longer than UNKNOWN_AFTER_MS. */
  countUnknown(now: number): number {
    const row = this.db
      .prepare("SELECT count(*) AS n FROM create_requests WHERE state = 'pending' AND (error IS NOT NULL OR created_at <= ?)")
      .get(now - UNKNOWN_AFTER_MS) as { n: number };
    return row.n;
  }
}

/** Whether a pending attempt is no longer on its way (see UNKNOWN_AFTER_MS). */
export function isUnknownOutcome(request: CreateRequestRecord, now: number): boolean {
  return request.state === "pending" && (request.error !== null || request.createdAt <= now - UNKNOWN_AFTER_MS);
}

import type { Clock } from "../clock.js";
import type { Db } from "./database.js";
import type { NewTransaction, TransactionRecord, TransactionRepository } from "./transactions.js";

export type CreateRequestState =
  | { state: "new" }
  /** An earlier attempt may have reached the service and its outcome is unknown. */
  | { state: "pending" }
  | { state: "created"; exchangeId: string }
  | { state: "failed"; error: string };

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

  /** Claims `key` for a new attempt, or tells what became of the earlier one. */
  claim(key: string, userId: number): CreateRequestState {
    const now = this.clock.now();
    return this.db.transaction((): CreateRequestState => {
      const row = this.db.prepare("SELECT state, exchange_id, error FROM create_requests WHERE request_key = ?").get(key) as
        | { state: "pending" | "created" | "failed"; exchange_id: string | null; error: string | null }
        | undefined;
      if (!row) {
        this.db
          .prepare("INSERT INTO create_requests (request_key, user_id, state, created_at, updated_at) VALUES (?, ?, 'pending', ?, ?)")
          .run(key, userId, now, now);
        return { state: "new" };
      }
      if (row.state === "created") return { state: "created", exchangeId: row.exchange_id ?? "" };
      if (row.state === "failed") return { state: "failed", error: row.error ?? "" };
      return { state: "pending" };
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
}

import type { Generated } from "kysely";

/**
 * The tables as Kysely sees them: the final schema of src/db/migrations.ts (SQLite) and of the
 * PostgreSQL migrations, which use the same table and column names. Timestamps are integer
 * milliseconds (PostgreSQL bigint, parsed to number), flags are 0/1 integers, money is text.
 *
 * transactions, status_history and budget_grants declare no key column: rows are told apart by
 * SQLite's implicit rowid, which PostgreSQL has as an `id` identity column (see rowId in dialect.ts).
 */
export interface Schema {
  users: UsersTable;
  transactions: TransactionsTable;
  status_history: StatusHistoryTable;
  currencies: CurrenciesTable;
  providers: ProvidersTable;
  kv: KvTable;
  create_requests: CreateRequestsTable;
  audit_log: AuditLogTable;
  budget_grants: BudgetGrantsTable;
  budget_pause: BudgetPauseTable;
  saved_addresses: SavedAddressesTable;
  rate_alerts: RateAlertsTable;
}

export interface UsersTable {
  id: number;
  username: string | null;
  first_name: string | null;
  language: string | null;
  telegram_language: string | null;
  blocked: Generated<number>;
  created_at: number;
  updated_at: number;
  phrase: string | null;
}

/**
 * The order of attention when more polls are due than the budget allows: lower ranks go
 * first, because that is where news is likely (the tracker's policy, src/tracker/policy.ts,
 * says which exchange earns which).
 *  0 fundsSent: still waiting, but the owner said "I have sent the funds" a short while ago.
 *  1 moving: confirming, exchanging or sending.
 *  2 waiting: waiting for a deposit and the owner said nothing; also expired (overdue).
 *  3 unknown: a status we do not know.
 */
export const POLL_RANK = { fundsSent: 0, moving: 1, waiting: 2, unknown: 3 } as const;
export type PollRank = (typeof POLL_RANK)[keyof typeof POLL_RANK];

/** Who shows an exchange's creation card: claimed once, by the flow or by the tracker. */
export type CardClaim = "flow" | "tracker";

/** Why the tracker stopped following an exchange that had not ended. */
export type StopReason = "not-found" | "stalled";

export interface TransactionsTable {
  exchange_id: string;
  user_id: number;
  chat_id: number;
  symbol_from: string;
  network_from: string;
  symbol_to: string;
  network_to: string;
  amount_from: string;
  amount_to: string | null;
  address_to: string;
  extra_to: string | null;
  address_from: string | null;
  extra_from: string | null;
  address_refund: string | null;
  hash_from: string | null;
  hash_to: string | null;
  provider: string;
  rate_type: string;
  status: string;
  created_at: number;
  updated_at: number;
  status_changed_at: number;
  next_poll_at: number | null;
  card_message_id: number | null;
  notified_status: string | null;
  error_count: Generated<number>;
  pending_notice: string | null;
  refreshed_at: number | null;
  poll_rank: Generated<PollRank>;
  funds_sent_at: number | null;
  not_found_count: Generated<number>;
  leased_until: number | null;
  tracking_stopped_at: number | null;
  tracking_stopped_reason: StopReason | null;
  notice_retry_at: number | null;
  card_claim: CardClaim | null;
  card_claimed_at: number | null;
  card_due_at: number | null;
  card_repeat: Generated<number>;
}

export interface StatusHistoryTable {
  exchange_id: string;
  status: string;
  at: number;
}

export interface CurrenciesTable {
  symbol: string;
  network: string;
  fullname: string;
  image: string;
  memo: number;
  explorer: string;
  position: number;
}

export interface ProvidersTable {
  name: string;
  enable: number;
}

export interface KvTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface CreateRequestsTable {
  request_key: string;
  user_id: number;
  state: "pending" | "created" | "failed";
  exchange_id: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
  /** JSON of CreateRequestDetails; null for requests made before it was kept. */
  details: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  staff_id: number;
  command: string;
  argument: string;
}

/** The rate budget's lanes, in the order they are served. */
export const LANES = ["create", "user", "poll", "catalogue", "alert"] as const;
export type Lane = (typeof LANES)[number];

export interface BudgetGrantsTable {
  at: number;
  lane: Lane;
}

export interface BudgetPauseTable {
  id: number;
  until: number;
}

export interface SavedAddressesTable {
  id: Generated<number>;
  user_id: number;
  network: string;
  label: string;
  address: string;
  /** '' when saved without a memo, so that the unique key holds. */
  memo: Generated<string>;
  created_at: number;
  used_at: number;
}

export interface RateAlertsTable {
  id: Generated<number>;
  user_id: number;
  chat_id: number;
  symbol_from: string;
  network_from: string;
  symbol_to: string;
  network_to: string;
  amount: string;
  target: string;
  created_at: number;
  expires_at: number;
  ended_at: number | null;
  ended_reason: string | null;
}

import type { Generated } from "kysely";
import { POLL_RANK, type PollRank } from "../domain/poll-policy.js";

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
  inbox: InboxTable;
  chat_leases: ChatLeasesTable;
  instances: InstancesTable;
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

/** The order of attention when more polls are due than the budget allows (src/domain/poll-policy.ts). */
export { POLL_RANK, type PollRank };

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
  /** What the offer said the person would receive, when they confirmed (issue 40). */
  quoted_to: string | null;
  /** What the bot has said of its slowness: "<status>" told slow, "<status>:late" marked late (issue 40). */
  slow_state: string | null;
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
  /** The process (the registry's owner id) holding card_claim; NULL for claims made before it was recorded. */
  card_holder: string | null;
  /** The process sending the message about pending_notice. */
  notice_holder: string | null;
  /** The card's edit Telegram did not take (or may not have): made again from then (the notifier's updateCard). */
  card_edit_at: number | null;
  /** Sends of the owed message (a status, or that tracking stopped) that ended unsure: above 0, the next says it may repeat one. */
  notice_repeat: Generated<number>;
  /** The last poll ticket handed out (a poll takes one before it asks). */
  poll_ticket: Generated<number>;
  /** The ticket of the read the stored status comes from: an older read is not recorded. */
  observed_ticket: Generated<number>;
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
  /** The process that made the attempt (its registry name); null for requests made before it was kept. */
  attempted_by: string | null;
  /** When another process told the person this attempt may be being created (its Confirm was taken over). */
  told_in_flight_at: number | null;
  /** When the outcome owed since then (a refusal, or that it stays unknown) was told the person. */
  outcome_told_at: number | null;
  /** The process (its registry name) that claimed that outcome to tell it; free again once it is gone (src/db/instances.ts, holderGone). */
  outcome_holder: string | null;
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

/** An update as Telegram sent it, kept until handled (and a day after, so a repeat is known). */
export interface InboxTable {
  update_id: number;
  /** Updates of one key are handled one at a time, in update_id order: `c:<chat id>`, or `u:<update id>` for one of no chat. */
  chat_key: string;
  payload: string;
  received_at: number;
  /** Times a process took it up; past a few, it is set aside as one that kills its handler. */
  attempts: Generated<number>;
  done_at: number | null;
}

/** The process handling a chat's updates now, until `until` (epoch ms) unless it renews. */
export interface ChatLeasesTable {
  chat_key: string;
  /** '' once let go (the row stays a while for sent_at). */
  owner: string;
  /** 0 once let go. */
  until: number;
  /** When the bot last sent a message into the chat (epoch ms, on the database's clock on PostgreSQL). */
  sent_at: number | null;
  /** The fencing token of the last claim (src/chat/fence.ts): grows with each claim; 0 for a row from before tokens. */
  token: Generated<number>;
}

/** A process of the bot on this database, while it runs: it says so every few seconds. */
export interface InstancesTable {
  owner: string;
  started_at: number;
  seen_at: number;
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

/** The names of a table's columns, from a record that must list every one (the compiler says which is missing). */
const columnsOf = <T>(columns: Record<keyof T & string, true>) => Object.keys(columns) as (keyof T & string)[];

/**
 * Every column of the tables whose rows are read whole in prepared queries, for selecting them
 * by name rather than `*`: PostgreSQL keeps such a query planned (see PREPARED_MARK), and a plan
 * of `*` fails once a newer bot adds a column (a rolling deploy) where one naming its columns
 * goes on. The PostgreSQL row id (`id`) of transactions is not among them: it is read as row_id.
 */
export const COLUMNS = {
  transactions: columnsOf<TransactionsTable>({
    exchange_id: true,
    user_id: true,
    chat_id: true,
    symbol_from: true,
    network_from: true,
    symbol_to: true,
    network_to: true,
    amount_from: true,
    amount_to: true,
    quoted_to: true,
    slow_state: true,
    address_to: true,
    extra_to: true,
    address_from: true,
    extra_from: true,
    address_refund: true,
    hash_from: true,
    hash_to: true,
    provider: true,
    rate_type: true,
    status: true,
    created_at: true,
    updated_at: true,
    status_changed_at: true,
    next_poll_at: true,
    card_message_id: true,
    notified_status: true,
    error_count: true,
    pending_notice: true,
    refreshed_at: true,
    poll_rank: true,
    funds_sent_at: true,
    not_found_count: true,
    leased_until: true,
    tracking_stopped_at: true,
    tracking_stopped_reason: true,
    notice_retry_at: true,
    card_edit_at: true,
    notice_repeat: true,
    card_claim: true,
    card_claimed_at: true,
    card_due_at: true,
    card_repeat: true,
    card_holder: true,
    notice_holder: true,
    poll_ticket: true,
    observed_ticket: true,
  }),
  users: columnsOf<UsersTable>({
    id: true,
    username: true,
    first_name: true,
    language: true,
    telegram_language: true,
    blocked: true,
    created_at: true,
    updated_at: true,
    phrase: true,
  }),
  rate_alerts: columnsOf<RateAlertsTable>({
    id: true,
    user_id: true,
    chat_id: true,
    symbol_from: true,
    network_from: true,
    symbol_to: true,
    network_to: true,
    amount: true,
    target: true,
    created_at: true,
    expires_at: true,
    ended_at: true,
    ended_reason: true,
  }),
  saved_addresses: columnsOf<SavedAddressesTable>({
    id: true,
    user_id: true,
    network: true,
    label: true,
    address: true,
    memo: true,
    created_at: true,
    used_at: true,
  }),
};

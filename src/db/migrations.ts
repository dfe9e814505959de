import type Database from "better-sqlite3";

/** The raw SQLite handle (database.ts names it Db too; declared here so the two do not import each other). */
type Db = Database.Database;

/** kv keys of migration work still to do: `migration-work:<version>`. */
export const WORK_PREFIX = "migration-work";

/**
 * Numbered migrations: entry N brings the schema from version N to N+1 (PRAGMA user_version).
 * Never edit a migration that has shipped; add the next one.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: users, transactions with their status history, the catalogue, key-value store
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    username TEXT,
    first_name TEXT,
    language TEXT,
    telegram_language TEXT,
    blocked INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX users_username ON users (lower(username));

  CREATE TABLE transactions (
    exchange_id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL,
    chat_id INTEGER NOT NULL,
    symbol_from TEXT NOT NULL,
    network_from TEXT NOT NULL,
    symbol_to TEXT NOT NULL,
    network_to TEXT NOT NULL,
    amount_from TEXT NOT NULL,
    amount_to TEXT,
    address_to TEXT NOT NULL,
    extra_to TEXT,
    address_from TEXT,
    extra_from TEXT,
    address_refund TEXT,
    hash_from TEXT,
    hash_to TEXT,
    provider TEXT NOT NULL,
    rate_type TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    status_changed_at INTEGER NOT NULL,
    next_poll_at INTEGER,
    card_message_id INTEGER,
    notified_status TEXT,
    error_count INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX transactions_user ON transactions (user_id, created_at DESC);
  CREATE INDEX transactions_due ON transactions (next_poll_at) WHERE next_poll_at IS NOT NULL;

  CREATE TABLE status_history (
    exchange_id TEXT NOT NULL REFERENCES transactions (exchange_id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX status_history_exchange ON status_history (exchange_id, at);

  CREATE TABLE currencies (
    symbol TEXT NOT NULL,
    network TEXT NOT NULL,
    fullname TEXT NOT NULL,
    image TEXT NOT NULL,
    memo INTEGER NOT NULL,
    explorer TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (symbol, network)
  ) WITHOUT ROWID;

  CREATE TABLE providers (
    name TEXT PRIMARY KEY,
    enable INTEGER NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE kv (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  // 2: one row per confirmed exchange request, written before createTransaction is called,
  // so a repeated update or a restart can never create the same exchange twice
  `
  CREATE TABLE create_requests (
    request_key TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'created', 'failed')),
    exchange_id TEXT,
    error TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  // 3: the tracker's bookkeeping: a status change whose message may or may not have gone out
  // (never sent twice), and when a person last refreshed an exchange by hand
  `
  ALTER TABLE transactions ADD COLUMN pending_notice TEXT;
  ALTER TABLE transactions ADD COLUMN refreshed_at INTEGER;
  `,
  // 4: who on the support staff looked at what, and when
  `
  CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    staff_id INTEGER NOT NULL,
    command TEXT NOT NULL,
    argument TEXT NOT NULL
  );
  `,
  // 5: the rate budget's journal: every slot granted (before its call goes out) and the latest
  // "nothing before T" a 429 asked for, shared by every process on this file and read at start-up;
  // and the tracker's order of attention: a rank per exchange and when its owner said "I have sent"
  `
  CREATE TABLE budget_grants (
    at INTEGER NOT NULL,
    lane TEXT NOT NULL
  );
  CREATE INDEX budget_grants_at ON budget_grants (at);
  CREATE TABLE budget_pause (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    until INTEGER NOT NULL
  );

  ALTER TABLE transactions ADD COLUMN poll_rank INTEGER NOT NULL DEFAULT 2;
  ALTER TABLE transactions ADD COLUMN funds_sent_at INTEGER;
  `,
  // 6: due polls are picked by rank, then time; without this index every pick sorts the whole backlog
  `
  CREATE INDEX transactions_due_rank ON transactions (poll_rank, next_poll_at) WHERE next_poll_at IS NOT NULL;
  `,
  // 7: the tracker never goes silent. "Not found" is counted apart from other failed polls; a
  // poll's lease is recorded as such (released at start-up: it must not outlive its process);
  // why and when tracking stopped; and when to try again a message Telegram certainly did not
  // get. Exchanges that expired (overdue) less than 48 hours ago are followed again: a late
  // deposit can still be processed or refunded. That is data work, queued for the process that
  // holds the instance lock (MIGRATION_WORK below; the one edit of a shipped migration: its
  // UPDATE ran while the old process of a rolling deploy still tracked those exchanges).
  `
  ALTER TABLE transactions ADD COLUMN not_found_count INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE transactions ADD COLUMN leased_until INTEGER;
  ALTER TABLE transactions ADD COLUMN tracking_stopped_at INTEGER;
  ALTER TABLE transactions ADD COLUMN tracking_stopped_reason TEXT;
  ALTER TABLE transactions ADD COLUMN notice_retry_at INTEGER;
  CREATE INDEX transactions_notice_retry ON transactions (notice_retry_at) WHERE notice_retry_at IS NOT NULL;

  INSERT INTO kv (key, value, updated_at) VALUES ('${WORK_PREFIX}:7', 'true', 0);
  `,
  // 8: what each creation request asked for (pair, amount, provider, addresses), kept with its
  // claim, so support can match an attempt whose outcome is unknown with the provider's records;
  // and the index /stats counts unknown outcomes with
  `
  ALTER TABLE create_requests ADD COLUMN details TEXT;
  CREATE INDEX create_requests_state ON create_requests (state, created_at);
  `,
  // 9: issue 13. A person's anti-phishing phrase; their address book (one row per network,
  // address and memo; '' is no memo, so the unique key holds); their rate alerts.
  `
  ALTER TABLE users ADD COLUMN phrase TEXT;

  CREATE TABLE saved_addresses (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    network TEXT NOT NULL,
    label TEXT NOT NULL,
    address TEXT NOT NULL,
    memo TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    used_at INTEGER NOT NULL,
    UNIQUE (user_id, network, address, memo)
  );

  CREATE TABLE rate_alerts (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    chat_id INTEGER NOT NULL,
    symbol_from TEXT NOT NULL,
    network_from TEXT NOT NULL,
    symbol_to TEXT NOT NULL,
    network_to TEXT NOT NULL,
    amount TEXT NOT NULL,
    target TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    ended_at INTEGER,
    ended_reason TEXT
  );
  CREATE INDEX rate_alerts_open ON rate_alerts (ended_at, expires_at);
  CREATE INDEX rate_alerts_user ON rate_alerts (user_id, ended_at);
  `,
  // 10: issue 20. The deposit details always arrive, exactly once. Who shows an exchange's
  // creation card (the flow or the tracker: claimed once), when the tracker owes the person their
  // deposit details (the creation card, or the details that came after they left), and whether
  // that message may repeat one that timed out but may have arrived.
  `
  ALTER TABLE transactions ADD COLUMN card_claim TEXT;
  ALTER TABLE transactions ADD COLUMN card_claimed_at INTEGER;
  ALTER TABLE transactions ADD COLUMN card_due_at INTEGER;
  ALTER TABLE transactions ADD COLUMN card_repeat INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX transactions_card_due ON transactions (card_due_at) WHERE card_due_at IS NOT NULL;
  UPDATE transactions SET card_claim = 'flow' WHERE card_message_id IS NOT NULL;
  `,
  // 11: issue 22. The inbox: each update Telegram sends is stored before Telegram is told it
  // arrived, then handled from here (at least once; a repeat of an update_id is dropped), one
  // chat at a time across every process on the database: a chat's lease says who handles it.
  // And the processes running on the database, each seen every few seconds while it runs.
  `
  CREATE TABLE inbox (
    update_id INTEGER PRIMARY KEY,
    chat_key TEXT NOT NULL,
    payload TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    done_at INTEGER
  );
  CREATE INDEX inbox_pending ON inbox (chat_key, update_id) WHERE done_at IS NULL;
  CREATE INDEX inbox_done ON inbox (done_at) WHERE done_at IS NOT NULL;
  CREATE TABLE chat_leases (
    chat_key TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    until INTEGER NOT NULL
  );
  CREATE TABLE instances (
    owner TEXT PRIMARY KEY,
    started_at INTEGER NOT NULL,
    seen_at INTEGER NOT NULL
  );
  `,
  // 12: issue 22. When a chat last got a message from the bot (epoch ms), kept on its lease row
  // once the lease is let go: whichever process sends into the chat next keeps Telegram's gap.
  `
  ALTER TABLE chat_leases ADD COLUMN sent_at INTEGER;
  `,
  // 13: issue 31. Which process made a creation request's attempt: a Confirm taken over by
  // another process waits for a live one's outcome, and says "may be being created" (not
  // "could not confirm, start again") while it may still come. When the person was told so,
  // and when its outcome (a refusal, or that nobody will learn it) was told them.
  `
  ALTER TABLE create_requests ADD COLUMN attempted_by TEXT;
  ALTER TABLE create_requests ADD COLUMN told_in_flight_at INTEGER;
  ALTER TABLE create_requests ADD COLUMN outcome_told_at INTEGER;
  CREATE INDEX create_requests_owed ON create_requests (told_in_flight_at) WHERE told_in_flight_at IS NOT NULL AND outcome_told_at IS NULL;
  `,
  // 14: issue 31 (the creation card and status news past one process). Who holds the card's claim
  // and who sends a pending status message (the registry's owner id: recovery touches only those
  // of processes gone), and the order of polls' reads (a ticket per poll; an older read is never
  // recorded over a newer one).
  `
  ALTER TABLE transactions ADD COLUMN card_holder TEXT;
  ALTER TABLE transactions ADD COLUMN notice_holder TEXT;
  ALTER TABLE transactions ADD COLUMN poll_ticket INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE transactions ADD COLUMN observed_ticket INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX transactions_card_held ON transactions (card_holder) WHERE card_claim IS NOT NULL AND card_message_id IS NULL;
  CREATE INDEX transactions_notice_held ON transactions (notice_holder) WHERE pending_notice IS NOT NULL;
  `,
  // 15: issue 31. A chat's lease carries a fencing token: a number handed out by the database,
  // growing with each claim (one more than any lease row's); every write done under the lease is
  // conditioned on it, so that a holder that lost the lease is refused rather than believed.
  `
  ALTER TABLE chat_leases ADD COLUMN token INTEGER NOT NULL DEFAULT 0;
  `,
  // 16: issue 38 (owed outcomes claimed). Which process is telling a person the outcome owed to
  // them (the registry's owner id): claimed before the message goes out, so that two leaders (a
  // step-down's grace) never both send it; free again once that process is counted gone.
  `
  ALTER TABLE create_requests ADD COLUMN outcome_holder TEXT;
  `,
  // 17: issue 39 (found by the soak). A status card's edit Telegram did not take is owed, and made
  // again from then: an exchange that ended must not keep a card that says it waits. A status
  // message whose send ended unsure (a proxy's error page) goes again, marked, a few times.
  `
  ALTER TABLE transactions ADD COLUMN notice_repeat INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE transactions ADD COLUMN card_edit_at INTEGER;
  CREATE INDEX transactions_card_edit ON transactions (card_edit_at) WHERE card_edit_at IS NOT NULL;
  `,
  // 18: issue 40. The amount the person was quoted when they confirmed (amount_to follows what
  // the service says later; a finished exchange shows the two side by side; NULL for exchanges
  // created before). What the bot has said of the exchange's slowness (src/domain/slowness.ts).
  `
  ALTER TABLE transactions ADD COLUMN quoted_to TEXT;
  ALTER TABLE transactions ADD COLUMN slow_state TEXT;
  `,
];

/**
 * A migration's data work, run by the process that holds the instance lock (src/app.ts), not
 * where the schema is brought up to date: in a rolling deploy the new process opens the
 * database (and migrates it) while the old one still runs. A migration queues its work as the
 * kv row `migration-work:<version>`; runMigrationWork (database.ts) deletes the row and does the
 * work in one transaction, so it is done once, whichever process gets there.
 */
export const MIGRATION_WORK: Readonly<Record<number, { what: string; run: (db: Db, now: number) => number }>> = {
  7: {
    what: "exchanges that expired less than 48 hours ago are followed again",
    run: (db, now) =>
      db
        .prepare(
          `UPDATE transactions SET next_poll_at = status_changed_at, poll_rank = 2
           WHERE next_poll_at IS NULL AND lower(status) = 'overdue' AND status_changed_at > @now - 48 * 3600000`,
        )
        .run({ now }).changes,
  },
};

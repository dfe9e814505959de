import type { Statement } from "better-sqlite3";
import type { Clock } from "../clock.js";
import { POLL_RANK, pollRank, type PollRank } from "../tracker/policy.js";
import type { Db } from "./database.js";

/** An exchange created through the bot, as the bot keeps it. Amounts are decimal strings. */
export interface TransactionRecord {
  /** A short number for buttons; exchange ids can be longer than callback data allows. */
  rowId: number;
  exchangeId: string;
  userId: number;
  chatId: number;
  symbolFrom: string;
  networkFrom: string;
  symbolTo: string;
  networkTo: string;
  amountFrom: string;
  amountTo: string | null;
  addressTo: string;
  extraTo: string | null;
  addressFrom: string | null;
  extraFrom: string | null;
  addressRefund: string | null;
  hashFrom: string | null;
  hashTo: string | null;
  provider: string;
  rateType: string;
  status: string;
  createdAt: number;
  updatedAt: number;
  statusChangedAt: number;
  /** Null once the tracker no longer follows it. */
  nextPollAt: number | null;
  /** Which due polls go first, lowest first; set with each schedule (see POLL_RANK). */
  pollRank: PollRank;
  /** When the owner last pressed "I have sent the funds". */
  fundsSentAt: number | null;
  cardMessageId: number | null;
  notifiedStatus: string | null;
  /** A status whose message was being sent; set until the send is known to be done. */
  pendingNotice: string | null;
  refreshedAt: number | null;
  /** Failed polls in a row, "not found" aside; reset by any successful read. */
  errorCount: number;
  /** "Not found" answers in a row; reset by any successful read. */
  notFoundCount: number;
  /** Set while a poll runs (its next_poll_at is the lease's end); released at start-up. */
  leasedUntil: number | null;
  /** When and why the tracker stopped following an exchange that had not ended. */
  trackingStoppedAt: number | null;
  trackingStoppedReason: StopReason | null;
  /** A message Telegram certainly did not get (a status change, or that tracking stopped): try again then. */
  noticeRetryAt: number | null;
  /** Who shows the creation card: "flow" or "tracker", claimed once (claimCard); null while nobody has. */
  cardClaim: CardClaim | null;
  /** When the flow last confirmed its claim on a card it has not shown (FLOW_CARD_HOLD_MS in the tracker's policy). */
  cardClaimedAt: number | null;
  /** The tracker owes the person their deposit details from then (the card, or the details that came later). */
  cardDueAt: number | null;
  /** How many sends of the owed message ended unsure (may have arrived): above 0, the next says it may repeat one. */
  cardRepeat: number;
}

export type CardClaim = "flow" | "tracker";

/** Why the tracker stopped following an exchange (see Tracker.stopTracking). */
export type StopReason = "not-found" | "stalled";

export type NewTransaction = Omit<
  TransactionRecord,
  | "rowId"
  | "updatedAt"
  | "statusChangedAt"
  | "notifiedStatus"
  | "pendingNotice"
  | "refreshedAt"
  | "errorCount"
  | "notFoundCount"
  | "leasedUntil"
  | "trackingStoppedAt"
  | "trackingStoppedReason"
  | "noticeRetryAt"
  | "hashFrom"
  | "hashTo"
  | "addressRefund"
  | "pollRank"
  | "fundsSentAt"
  | "cardClaim"
  | "cardClaimedAt"
  | "cardDueAt"
  | "cardRepeat"
>;

/** What a poll learned; only fields the service reported are changed. */
export interface ObservedState {
  status: string;
  amountTo?: string | null;
  addressFrom?: string | null;
  extraFrom?: string | null;
  addressRefund?: string | null;
  hashFrom?: string | null;
  hashTo?: string | null;
}

export interface StatusChange {
  status: string;
  at: number;
}

const COLUMNS: Record<Exclude<keyof TransactionRecord, "rowId">, string> = {
  exchangeId: "exchange_id",
  userId: "user_id",
  chatId: "chat_id",
  symbolFrom: "symbol_from",
  networkFrom: "network_from",
  symbolTo: "symbol_to",
  networkTo: "network_to",
  amountFrom: "amount_from",
  amountTo: "amount_to",
  addressTo: "address_to",
  extraTo: "extra_to",
  addressFrom: "address_from",
  extraFrom: "extra_from",
  addressRefund: "address_refund",
  hashFrom: "hash_from",
  hashTo: "hash_to",
  provider: "provider",
  rateType: "rate_type",
  status: "status",
  createdAt: "created_at",
  updatedAt: "updated_at",
  statusChangedAt: "status_changed_at",
  nextPollAt: "next_poll_at",
  pollRank: "poll_rank",
  fundsSentAt: "funds_sent_at",
  cardMessageId: "card_message_id",
  notifiedStatus: "notified_status",
  pendingNotice: "pending_notice",
  refreshedAt: "refreshed_at",
  errorCount: "error_count",
  notFoundCount: "not_found_count",
  leasedUntil: "leased_until",
  trackingStoppedAt: "tracking_stopped_at",
  trackingStoppedReason: "tracking_stopped_reason",
  noticeRetryAt: "notice_retry_at",
  cardClaim: "card_claim",
  cardClaimedAt: "card_claimed_at",
  cardDueAt: "card_due_at",
  cardRepeat: "card_repeat",
};

const RANKS: readonly number[] = Object.values(POLL_RANK);

const SELECT = `SELECT rowid AS rowId, ${Object.entries(COLUMNS)
  .map(([field, column]) => `${column} AS ${field}`)
  .join(", ")} FROM transactions`;

export class TransactionRepository {
  /** Prepared once: the tracker runs some of these many times a minute. */
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private sql(text: string): Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  /** Stores a new exchange and its first status, atomically. */
  insert(record: NewTransaction): TransactionRecord {
    const now = this.clock.now();
    const full: Omit<TransactionRecord, "rowId"> = {
      ...record,
      addressRefund: null,
      hashFrom: null,
      hashTo: null,
      updatedAt: now,
      statusChangedAt: now,
      notifiedStatus: record.status,
      pendingNotice: null,
      refreshedAt: null,
      errorCount: 0,
      notFoundCount: 0,
      leasedUntil: null,
      trackingStoppedAt: null,
      trackingStoppedReason: null,
      noticeRetryAt: null,
      pollRank: pollRank({ status: record.status, fundsSentAt: null }, now),
      fundsSentAt: null,
      cardClaim: null,
      cardClaimedAt: null,
      cardDueAt: null,
      cardRepeat: 0,
    };
    const fields = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];
    return this.db.transaction(() => {
      const { lastInsertRowid } = this
        .sql(`INSERT INTO transactions (${fields.map((f) => COLUMNS[f]).join(", ")}) VALUES (${fields.map((f) => `@${f}`).join(", ")})`)
        .run(full);
      this.sql("INSERT INTO status_history (exchange_id, status, at) VALUES (?, ?, ?)").run(full.exchangeId, full.status, now);
      return { ...full, rowId: Number(lastInsertRowid) };
    })();
  }

  findByRowId(rowId: number): TransactionRecord | undefined {
    return this.sql(`${SELECT} WHERE rowid = ?`).get(rowId) as TransactionRecord | undefined;
  }

  find(exchangeId: string): TransactionRecord | undefined {
    return this.sql(`${SELECT} WHERE exchange_id = ?`).get(exchangeId) as TransactionRecord | undefined;
  }

  /** The user's exchanges, newest first. */
  listByUser(userId: number, limit: number, offset = 0): TransactionRecord[] {
    return this
      .sql(`${SELECT} WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`)
      .all(userId, limit, offset) as TransactionRecord[];
  }

  countByUser(userId: number): number {
    return (this.sql("SELECT count(*) AS n FROM transactions WHERE user_id = ?").get(userId) as { n: number }).n;
  }

  /**
   * Saves what a poll saw. A new status (whatever its case: "Waiting" is "waiting") is appended
   * to the history in the same transaction; returns the change when there was one. A change
   * supersedes a message still owed for the previous status.
   */
  recordObservation(exchangeId: string, observed: ObservedState): StatusChange | undefined {
    const now = this.clock.now();
    return this.db.transaction(() => {
      const current = this.find(exchangeId);
      if (!current) return undefined;
      const changed = current.status.toLowerCase() !== observed.status.toLowerCase();
      this
        .sql(
          `UPDATE transactions SET status = CASE WHEN @changed THEN @status ELSE status END,
             amount_to = coalesce(@amountTo, amount_to), address_from = coalesce(@addressFrom, address_from),
             extra_from = coalesce(@extraFrom, extra_from), address_refund = coalesce(@addressRefund, address_refund),
             hash_from = coalesce(@hashFrom, hash_from), hash_to = coalesce(@hashTo, hash_to),
             updated_at = @now, error_count = 0, not_found_count = 0,
             status_changed_at = CASE WHEN @changed THEN @now ELSE status_changed_at END,
             pending_notice = CASE WHEN @changed THEN @status ELSE pending_notice END,
             notice_retry_at = CASE WHEN @changed THEN NULL ELSE notice_retry_at END
           WHERE exchange_id = @exchangeId`,
        )
        .run({
          exchangeId,
          status: observed.status,
          amountTo: observed.amountTo ?? null,
          addressFrom: observed.addressFrom ?? null,
          extraFrom: observed.extraFrom ?? null,
          addressRefund: observed.addressRefund ?? null,
          hashFrom: observed.hashFrom ?? null,
          hashTo: observed.hashTo ?? null,
          now,
          changed: changed ? 1 : 0,
        });
      if (!changed) return undefined;
      this.sql("INSERT INTO status_history (exchange_id, status, at) VALUES (?, ?, ?)").run(exchangeId, observed.status, now);
      return { status: observed.status, at: now };
    })();
  }

  /**
   * Saves deposit details read outside the tracker (right after creating). Never the status:
   * a change of status is the tracker's to record and announce, and a status read before an
   * await could overwrite a newer one.
   */
  recordDeposit(exchangeId: string, deposit: { addressFrom: string | null; extraFrom: string | null; amountTo: string | null }): void {
    this
      .sql(
        `UPDATE transactions SET address_from = coalesce(?, address_from), extra_from = coalesce(?, extra_from),
           amount_to = coalesce(?, amount_to), updated_at = ? WHERE exchange_id = ?`,
      )
      .run(deposit.addressFrom, deposit.extraFrom, deposit.amountTo, this.clock.now(), exchangeId);
  }

  history(exchangeId: string): StatusChange[] {
    return this
      .sql("SELECT status, at FROM status_history WHERE exchange_id = ? ORDER BY at, rowid")
      .all(exchangeId) as StatusChange[];
  }

  /**
   * Up to `limit` exchanges whose next poll is due, in the order `headStart` gives: each is
   * placed at its due time plus its rank's head start (no head start: strictly by rank, then
   * time). Each rank's earliest are read through the (poll_rank, next_poll_at) index, so a
   * pick costs the same with a hundred or a hundred thousand exchanges tracked.
   */
  due(now: number, limit: number, headStart: (rank: number) => number = (rank) => rank * 1e15): TransactionRecord[] {
    const candidates = RANKS.flatMap(
      (rank) =>
        this.sql(`${SELECT} WHERE poll_rank = ? AND next_poll_at IS NOT NULL AND next_poll_at <= ? ORDER BY next_poll_at LIMIT ?`).all(rank, now, limit) as TransactionRecord[],
    );
    const key = (tx: TransactionRecord) => tx.nextPollAt! + headStart(tx.pollRank);
    return candidates.sort((a, b) => key(a) - key(b) || a.pollRank - b.pollRank).slice(0, limit);
  }

  /**
   * The message about `status` went out (or will never be sent again). Compare-and-set on the
   * status the sender saw: a newer status may have been recorded while this message was on its
   * way (an owed message is slow, a poll records the next status and its message waits behind
   * it). Only that newer message's own outcome may clear its pending mark, or a stop before it
   * is answered leaves a message that may have arrived unmarked, and it is sent again later; and
   * notified_status only ever becomes the current status, never an older one.
   */
  markNotified(exchangeId: string, status: string): void {
    this
      .sql(
        `UPDATE transactions SET notified_status = CASE WHEN status = @status THEN @status ELSE notified_status END,
           pending_notice = CASE WHEN pending_notice = @status THEN NULL ELSE pending_notice END
         WHERE exchange_id = @exchangeId`,
      )
      .run({ exchangeId, status });
  }

  /** Changes whose message may or may not have been sent when the process stopped. */
  pendingNotices(): TransactionRecord[] {
    return this.sql(`${SELECT} WHERE pending_notice IS NOT NULL`).all() as TransactionRecord[];
  }

  /** The earliest scheduled poll, if any exchange is tracked. */
  nextDueAt(): number | undefined {
    const row = this.sql("SELECT min(next_poll_at) AS at FROM transactions WHERE next_poll_at IS NOT NULL").get() as { at: number | null };
    return row.at ?? undefined;
  }

  /** Counts one more failed poll in a row ("not found" aside); returns the count. */
  recordPollError(exchangeId: string): number {
    const row = this
      .sql("UPDATE transactions SET error_count = error_count + 1 WHERE exchange_id = ? RETURNING error_count")
      .get(exchangeId) as { error_count: number } | undefined;
    return row?.error_count ?? 0;
  }

  /** Counts one more "not found" in a row; returns the count. */
  recordNotFound(exchangeId: string): number {
    const row = this
      .sql("UPDATE transactions SET not_found_count = not_found_count + 1 WHERE exchange_id = ? RETURNING not_found_count")
      .get(exchangeId) as { not_found_count: number } | undefined;
    return row?.not_found_count ?? 0;
  }

  /** A poll starts: nobody looks again before `until`, and the row says it is leased. */
  lease(exchangeId: string, until: number): void {
    this.sql("UPDATE transactions SET next_poll_at = @until, leased_until = @until WHERE exchange_id = @exchangeId").run({ exchangeId, until });
  }

  /**
   * At start-up: leases left by a process that died mid-poll are due again at once (only the
   * process holding the instance lock polls, so none of them is still running). Returns how many.
   */
  releaseLeases(now: number): number {
    return this
      .sql("UPDATE transactions SET next_poll_at = min(next_poll_at, @now), leased_until = NULL WHERE leased_until IS NOT NULL")
      .run({ now }).changes;
  }

  /**
   * The tracker stops following an exchange that has not ended: remembers why and when, and
   * owes the owner a message from now on (see takeNotice). Returns false when it was not
   * followed any more (stopped before: the owner was told then).
   */
  stopTracking(exchangeId: string, reason: StopReason, at: number): boolean {
    const { changes } = this
      .sql(
        `UPDATE transactions SET next_poll_at = NULL, leased_until = NULL, tracking_stopped_at = @at,
           tracking_stopped_reason = @reason, notice_retry_at = @at
         WHERE exchange_id = @exchangeId AND next_poll_at IS NOT NULL`,
      )
      .run({ exchangeId, reason, at });
    return changes > 0;
  }

  /**
   * Telegram certainly did not get the message about `status` (null: the one that tracking
   * stopped): not pending any more, owed again at `at`. Compare-and-set, as markNotified: when a
   * newer status is pending, its own message is on its way and says more; owing the exchange
   * again now would send that newer status a second time while it is still being sent.
   */
  deferNotice(exchangeId: string, status: string | null, at: number): void {
    this
      .sql(
        `UPDATE transactions SET pending_notice = CASE WHEN pending_notice = @status THEN NULL ELSE pending_notice END,
           notice_retry_at = CASE WHEN @status IS NULL OR pending_notice = @status THEN @at ELSE notice_retry_at END
         WHERE exchange_id = @exchangeId`,
      )
      .run({ exchangeId, status, at });
  }

  /**
   * Takes the message owed for this exchange, if any, to send it now: no longer owed, and an
   * unannounced status is marked pending (as a change is before its message goes out), so a
   * crash mid-send never sends it twice. Undefined when nothing is owed, or while a status
   * message of this exchange is on its way (it is owed again once that one is done).
   */
  takeNotice(exchangeId: string): TransactionRecord | undefined {
    const { changes } = this
      .sql(
        `UPDATE transactions SET notice_retry_at = NULL,
           pending_notice = CASE WHEN notified_status IS NOT status THEN status END
         WHERE exchange_id = ? AND notice_retry_at IS NOT NULL AND pending_notice IS NULL`,
      )
      .run(exchangeId);
    return changes > 0 ? this.find(exchangeId) : undefined;
  }

  /** Exchanges with a message owed by `now` (none on its way), earliest first. */
  noticesDue(now: number, limit: number): string[] {
    const rows = this
      .sql("SELECT exchange_id AS id FROM transactions WHERE notice_retry_at <= ? AND pending_notice IS NULL ORDER BY notice_retry_at LIMIT ?")
      .all(now, limit) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** When the next owed message is to be tried, if any is owed (and none on its way). */
  nextNoticeAt(): number | undefined {
    const row = this
      .sql("SELECT min(notice_retry_at) AS at FROM transactions WHERE notice_retry_at IS NOT NULL AND pending_notice IS NULL")
      .get() as { at: number | null };
    return row.at ?? undefined;
  }

  setRefreshedAt(exchangeId: string, at: number): void {
    this.sql("UPDATE transactions SET refreshed_at = ? WHERE exchange_id = ?").run(at, exchangeId);
  }

  /** How many exchanges the tracker follows, and how many of them are due now. */
  trackedCounts(now: number): { tracked: number; due: number } {
    return this
      .sql("SELECT count(*) AS tracked, coalesce(sum(next_poll_at <= ?), 0) AS due FROM transactions WHERE next_poll_at IS NOT NULL")
      .get(now) as { tracked: number; due: number };
  }

  /** The message that shows this exchange's status, kept current by the tracker. */
  setCardMessage(exchangeId: string, messageId: number): void {
    // Shown: the count of unsure sends was about it, and what follows is not a repeat of it.
    this.sql("UPDATE transactions SET card_message_id = ?, card_repeat = 0 WHERE exchange_id = ?").run(messageId, exchangeId);
  }

  /**
   * Claims the showing of the creation card (compare-and-set): true for exactly one of the flow
   * and the tracker, and only while no card has been shown. The claim stops it being owed. The
   * flow may show again a card it showed itself (a repeated Confirm whose flow state was lost).
   */
  claimCard(exchangeId: string, by: CardClaim, now: number): boolean {
    const { changes } = this
      .sql(
        `UPDATE transactions SET card_claim = @by, card_claimed_at = @now, card_due_at = NULL WHERE exchange_id = @exchangeId
           AND ((card_claim IS NULL AND card_message_id IS NULL) OR (card_claim = @by AND @by = 'flow' AND card_message_id IS NOT NULL))`,
      )
      .run({ by, exchangeId, now });
    return changes > 0;
  }

  /**
   * The flow is still there, holding a card it has not shown (the person is choosing between
   * Try again and Leave): its claim is confirmed as of `now`. False when the tracker has it.
   */
  touchCardClaim(exchangeId: string, now: number): boolean {
    const { changes } = this
      .sql("UPDATE transactions SET card_claimed_at = ? WHERE exchange_id = ? AND card_claim = 'flow' AND card_message_id IS NULL")
      .run(now, exchangeId);
    return changes > 0;
  }

  /**
   * The claimed card could not be shown (or may not have been): nobody holds it, and the
   * tracker owes it from `at`; `repeat` says the next one may repeat a message that arrived
   * (card_repeat counts the unsure sends: at least one now).
   */
  releaseCard(exchangeId: string, at: number, repeat: boolean): void {
    // Only while the flow still holds it: a hold that lapsed meanwhile made it the tracker's.
    // Nobody sent a card before the flow's own try, so a certain failure leaves no repeat.
    this
      .sql(
        `UPDATE transactions SET card_claim = NULL, card_due_at = ?, card_repeat = CASE WHEN ? THEN max(card_repeat, 1) ELSE 0 END
         WHERE exchange_id = ? AND card_claim = 'flow' AND card_message_id IS NULL`,
      )
      .run(at, repeat ? 1 : 0, exchangeId);
  }

  /**
   * The flow is about to send the card: should the process die before it records it as shown,
   * the next card may repeat one that arrived (releaseUnshownCards keeps this mark).
   */
  markCardSending(exchangeId: string): void {
    this.sql("UPDATE transactions SET card_repeat = max(card_repeat, 1) WHERE exchange_id = ? AND card_claim = 'flow' AND card_message_id IS NULL").run(exchangeId);
  }

  /**
   * The flow that holds the card it has not shown is gone: closing (/cancel, /start, a sweep),
   * or, with `unconfirmedSince`, silent since then (its hold lapsed). The card is the tracker's,
   * owed from `at`. True when there was such a hold.
   */
  releaseFlowHold(exchangeId: string, at: number, unconfirmedSince = Number.MAX_SAFE_INTEGER): boolean {
    const { changes } = this
      .sql(
        `UPDATE transactions SET card_claim = NULL, card_due_at = ? WHERE exchange_id = ?
           AND card_claim = 'flow' AND card_message_id IS NULL AND coalesce(card_claimed_at, 0) < ?`,
      )
      .run(at, exchangeId, unconfirmedSince);
    return changes > 0;
  }

  /**
   * Takes the deposit message owed for this exchange to send it now (compare-and-set on it
   * being owed): the creation card when none was shown (claimed for the tracker), else the
   * details that came after the person left. Undefined when nothing is owed or the flow holds the card.
   */
  takeOwedCard(exchangeId: string): TransactionRecord | undefined {
    const { changes } = this
      .sql(
        `UPDATE transactions SET card_due_at = NULL, card_claim = CASE WHEN card_message_id IS NULL THEN 'tracker' ELSE card_claim END
         WHERE exchange_id = ? AND card_due_at IS NOT NULL AND (card_claim IS NULL OR card_message_id IS NOT NULL)`,
      )
      .run(exchangeId);
    return changes > 0 ? this.find(exchangeId) : undefined;
  }

  /**
   * The deposit message taken could not be sent: owed again from `at` (the card unclaimed again);
   * `unsure`: that send may have arrived, one more counted in card_repeat (the next says it may repeat).
   */
  oweCard(exchangeId: string, at: number, unsure: boolean): void {
    this
      .sql(
        `UPDATE transactions SET card_due_at = ?, card_repeat = card_repeat + ?,
           card_claim = CASE WHEN card_message_id IS NULL THEN NULL ELSE card_claim END
         WHERE exchange_id = ?`,
      )
      .run(at, unsure ? 1 : 0, exchangeId);
  }

  /**
   * The tracker showed the creation card (or is sending it) before the deposit details were
   * complete, and they have just been learned elsewhere (the flow's Try again): the details are
   * owed from `at`, sent once the card is out (takeOwedCard waits for it), as depositReady does.
   */
  oweDepositDetails(exchangeId: string, at: number): void {
    this.sql("UPDATE transactions SET card_due_at = ? WHERE exchange_id = ? AND card_claim = 'tracker'").run(at, exchangeId);
  }

  /** Exchanges whose deposit message is owed by `now`, to owners who have not blocked the bot; earliest first. */
  cardsDue(now: number, limit: number): string[] {
    const rows = this
      .sql(
        `SELECT exchange_id AS id FROM transactions t WHERE card_due_at <= ? AND (card_claim IS NULL OR card_message_id IS NOT NULL)
           AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = t.user_id AND u.blocked = 1)
         ORDER BY card_due_at LIMIT ?`,
      )
      .all(now, limit) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** When the next deposit message is owed (owners who blocked the bot aside). */
  nextCardAt(): number | undefined {
    const row = this
      .sql(
        `SELECT min(card_due_at) AS at FROM transactions t WHERE card_due_at IS NOT NULL AND (card_claim IS NULL OR card_message_id IS NOT NULL)
           AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = t.user_id AND u.blocked = 1)`,
      )
      .get() as { at: number | null };
    return row.at ?? undefined;
  }

  /**
   * At start-up: a card the flow claimed but never recorded as shown (the process stopped while
   * sending it, or while the person was still choosing), or one the tracker had taken to send
   * when it stopped, is the tracker's, owed from `at`. Returns how many.
   */
  releaseUnshownCards(at: number): number {
    // The flow's own mark says whether it had started sending (markCardSending); a card the
    // tracker had taken to send (takeOwedCard: claimed, no longer owed) may have arrived too.
    return this
      .sql(
        `UPDATE transactions SET card_claim = NULL, card_due_at = ?,
           card_repeat = CASE WHEN card_claim = 'tracker' THEN max(card_repeat, 1) ELSE card_repeat END
         WHERE card_message_id IS NULL AND (card_claim = 'flow' OR (card_claim = 'tracker' AND card_due_at IS NULL))`,
      )
      .run(at).changes;
  }

  /**
   * When the tracker should look next, and with which rank (kept when not given); ends a lease.
   * Null: the exchange ended. A time after tracking had stopped (a Refresh saw it move): followed again.
   */
  scheduleNextPoll(exchangeId: string, at: number | null, rank?: PollRank): void {
    this
      .sql(
        `UPDATE transactions SET next_poll_at = @at, poll_rank = coalesce(@rank, poll_rank), leased_until = NULL,
           tracking_stopped_at = CASE WHEN @at IS NULL THEN tracking_stopped_at END,
           tracking_stopped_reason = CASE WHEN @at IS NULL THEN tracking_stopped_reason END
         WHERE exchange_id = @exchangeId`,
      )
      .run({ exchangeId, at, rank: rank ?? null });
  }

  /**
   * The owner says the deposit is on its way: first in line, and due by `at` at the latest.
   * An exchange the tracker no longer follows is left alone; returns whether it was changed.
   */
  markFundsSent(exchangeId: string, at: number): boolean {
    const { changes } = this
      .sql(
        `UPDATE transactions SET funds_sent_at = @at, poll_rank = @rank, next_poll_at = min(next_poll_at, @at)
         WHERE exchange_id = @exchangeId AND next_poll_at IS NOT NULL`,
      )
      .run({ exchangeId, at, rank: POLL_RANK.fundsSent });
    return changes > 0;
  }

  /** Exchanges the tracker still follows, by status. */
  trackedByStatus(): Record<string, number> {
    const rows = this.sql("SELECT status, count(*) AS n FROM transactions WHERE next_poll_at IS NOT NULL GROUP BY status").all() as { status: string; n: number }[];
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  }

  countByStatus(): Record<string, number> {
    const rows = this.sql("SELECT status, count(*) AS n FROM transactions GROUP BY status").all() as { status: string; n: number }[];
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  }
}

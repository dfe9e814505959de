/**
 * Exchange records: what the bot keeps of each exchange it created (the row, its status
 * history, the deposit details read after creating), for every part of the bot to read. The
 * other protocols on the same rows live beside this file, each written by one party:
 * schedule.ts (the tracker's polls), notices.ts (the notifier's status messages), card.ts (the
 * creation card's state machine, shared by the flow and the tracker). This file also holds what
 * they share: the record type, its row mapping, and the row read for update.
 */
import { type Kysely, type Selectable, sql } from "kysely";
import type { Clock } from "../../clock.js";
import { rowId } from "../dialect.js";
import { fenced } from "../fence.js";
import { prepared } from "../prepared.js";
import { type CardClaim, COLUMNS, type PollRank, type Schema, type StopReason, type TransactionsTable } from "../schema.js";
import type { Store } from "../store.js";

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
  /** What the offer said the person would receive when they confirmed; null for exchanges created before it was kept. */
  quotedTo: string | null;
  /** What the bot has said of its slowness (src/domain/slowness.ts: toldOf). */
  slowState: string | null;
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
  /** The process holding cardClaim (the registry's owner id); null for claims recorded before it was. */
  cardHolder: string | null;
  /** The process sending the message about pendingNotice. */
  noticeHolder: string | null;
  /** The card's edit Telegram did not take (or may not have): made again from then. */
  cardEditAt: number | null;
  /** Sends of the owed message that ended unsure (may have arrived): above 0, the next says it may repeat one. */
  noticeRepeat: number;
}

/** A new exchange; its `pollRank` is the one its first status earns (the tracker's pollRank). */
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
  | "fundsSentAt"
  | "cardClaim"
  | "cardClaimedAt"
  | "cardDueAt"
  | "cardRepeat"
  | "cardHolder"
  | "noticeHolder"
  | "cardEditAt"
  | "noticeRepeat"
  | "quotedTo"
  | "slowState"
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

/** The next look at an exchange (null: none, it ended) and its place in line (kept when not given). */
export interface NextPoll {
  at: number | null;
  rank?: PollRank;
}

export interface StatusChange {
  status: string;
  at: number;
}

export type Row = Selectable<TransactionsTable> & { row_id: number };

type NewRow = [
  exchangeId: string,
  userId: number,
  chatId: number,
  symbolFrom: string,
  networkFrom: string,
  symbolTo: string,
  networkTo: string,
  amountFrom: string,
  amountTo: string | null,
  addressTo: string,
  extraTo: string | null,
  addressFrom: string | null,
  extraFrom: string | null,
  provider: string,
  rateType: string,
  status: string,
  createdAt: number,
  now: number,
  nextPollAt: number | null,
  pollRank: PollRank,
  cardMessageId: number | null,
];

export type Observation = [
  exchangeId: string,
  amountTo: string | null,
  addressFrom: string | null,
  extraFrom: string | null,
  addressRefund: string | null,
  hashFrom: string | null,
  hashTo: string | null,
  now: number,
];

export const toRecord = (row: Row): TransactionRecord => ({
  rowId: row.row_id,
  exchangeId: row.exchange_id,
  userId: row.user_id,
  chatId: row.chat_id,
  symbolFrom: row.symbol_from,
  networkFrom: row.network_from,
  symbolTo: row.symbol_to,
  networkTo: row.network_to,
  amountFrom: row.amount_from,
  amountTo: row.amount_to,
  quotedTo: row.quoted_to,
  slowState: row.slow_state,
  addressTo: row.address_to,
  extraTo: row.extra_to,
  addressFrom: row.address_from,
  extraFrom: row.extra_from,
  addressRefund: row.address_refund,
  hashFrom: row.hash_from,
  hashTo: row.hash_to,
  provider: row.provider,
  rateType: row.rate_type,
  status: row.status,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  statusChangedAt: row.status_changed_at,
  nextPollAt: row.next_poll_at,
  pollRank: row.poll_rank,
  fundsSentAt: row.funds_sent_at,
  cardMessageId: row.card_message_id,
  notifiedStatus: row.notified_status,
  pendingNotice: row.pending_notice,
  refreshedAt: row.refreshed_at,
  errorCount: row.error_count,
  notFoundCount: row.not_found_count,
  leasedUntil: row.leased_until,
  trackingStoppedAt: row.tracking_stopped_at,
  trackingStoppedReason: row.tracking_stopped_reason,
  noticeRetryAt: row.notice_retry_at,
  cardEditAt: row.card_edit_at,
  noticeRepeat: row.notice_repeat,
  cardClaim: row.card_claim,
  cardClaimedAt: row.card_claimed_at,
  cardDueAt: row.card_due_at,
  cardRepeat: row.card_repeat,
  cardHolder: row.card_holder,
  noticeHolder: row.notice_holder,
});

/** Every column, and the row id as row_id. */
export function selectRecord(store: Store, db: Kysely<Schema> = store.db) {
  return db.selectFrom("transactions").select(COLUMNS.transactions).select(rowId(store.dialect).as("row_id"));
}

/**
 * The exchange, inside a transaction that is about to change it (PostgreSQL: the row is locked till
 * its end; SQLite has one writer anyway).
 */
export async function findForUpdate(store: Store, trx: Kysely<Schema>, exchangeId: string): Promise<TransactionRecord | undefined> {
  const query = selectRecord(store, trx).where("exchange_id", "=", exchangeId);
  const row = await (store.dialect === "sqlite" ? query : query.forUpdate()).executeTakeFirst();
  return row && toRecord(row);
}

export class TransactionRepository {
  private readonly byExchangeId;
  private readonly byRowId;
  private readonly ofUser;
  private readonly insertRow;
  private readonly insertStatus;
  private readonly deposit;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {
    this.byExchangeId = prepared<[exchangeId: string], Row>(store.db, (db, arg) =>
      selectRecord(store, db).where("exchange_id", "=", arg<string>(0)),
    );
    this.byRowId = prepared<[id: number], Row>(store.db, (db, arg) =>
      selectRecord(store, db).where(rowId(store.dialect), "=", arg<number>(0)),
    );
    // A new exchange: every column the record gives; the others start NULL or at their default.
    this.insertRow = prepared<NewRow, Row>(store.db, (db, arg) =>
      db
        .insertInto("transactions")
        .values({
          exchange_id: arg(0),
          user_id: arg(1),
          chat_id: arg(2),
          symbol_from: arg(3),
          network_from: arg(4),
          symbol_to: arg(5),
          network_to: arg(6),
          amount_from: arg(7),
          amount_to: arg(8),
          // What the person confirmed; amount_to follows the service from now on.
          quoted_to: arg(8),
          address_to: arg(9),
          extra_to: arg(10),
          address_from: arg(11),
          extra_from: arg(12),
          provider: arg(13),
          rate_type: arg(14),
          status: arg(15),
          notified_status: arg(15),
          created_at: arg(16),
          updated_at: arg(17),
          status_changed_at: arg(17),
          next_poll_at: arg(18),
          poll_rank: arg(19),
          card_message_id: arg(20),
        })
        .returning(COLUMNS.transactions)
        .returning(rowId(store.dialect).as("row_id")),
    );
    this.insertStatus = prepared<[exchangeId: string, status: string, at: number], never>(store.db, (db, arg) =>
      db.insertInto("status_history").values({ exchange_id: arg<string>(0), status: arg<string>(1), at: arg<number>(2) }),
    );
    this.deposit = prepared<
      [exchangeId: string, addressFrom: string | null, extraFrom: string | null, amountTo: string | null, now: number],
      Row
    >(store.db, (db, arg) =>
      db
        .updateTable("transactions")
        .set((eb) => ({
          address_from: eb.fn.coalesce(eb.val(arg<string | null>(1)), eb.ref("address_from")),
          extra_from: eb.fn.coalesce(eb.val(arg<string | null>(2)), eb.ref("extra_from")),
          amount_to: eb.fn.coalesce(eb.val(arg<string | null>(3)), eb.ref("amount_to")),
          updated_at: arg<number>(4),
        }))
        .where("exchange_id", "=", arg<string>(0))
        .returning(COLUMNS.transactions)
        .returning(rowId(store.dialect).as("row_id")),
    );
    // Every flow starts with the person's recent pairs.
    this.ofUser = prepared<[userId: number, limit: number, offset: number], Row>(store.db, (db, arg) =>
      selectRecord(store, db)
        .where("user_id", "=", arg<number>(0))
        .orderBy("created_at", "desc")
        .orderBy(rowId(store.dialect), "desc")
        .limit(arg<number>(1))
        .offset(arg<number>(2)),
    );
  }

  private get db(): Kysely<Schema> {
    return this.store.db;
  }

  /**
   * Stores a new exchange and its first status, atomically; inside the caller's transaction when
   * given one. Not fenced (src/db/fence.ts): an exchange the service created is recorded whoever
   * holds the chat by then.
   */
  async insert(record: NewTransaction, db?: Kysely<Schema>): Promise<TransactionRecord> {
    if (db === undefined) return this.db.transaction().execute((trx) => this.insert(record, trx));
    const now = this.clock.now();
    const r = record;
    const inserted = await this.insertRow(
      db,
      r.exchangeId,
      r.userId,
      r.chatId,
      r.symbolFrom,
      r.networkFrom,
      r.symbolTo,
      r.networkTo,
      r.amountFrom,
      r.amountTo,
      r.addressTo,
      r.extraTo,
      r.addressFrom,
      r.extraFrom,
      r.provider,
      r.rateType,
      r.status,
      r.createdAt,
      now,
      r.nextPollAt,
      r.pollRank,
      r.cardMessageId,
    );
    await this.insertStatus(db, r.exchangeId, r.status, now);
    return toRecord(inserted.rows[0]!);
  }

  async findByRowId(id: number): Promise<TransactionRecord | undefined> {
    const row = (await this.byRowId(this.db, id)).rows[0];
    return row && toRecord(row);
  }

  async find(exchangeId: string, db: Kysely<Schema> = this.db): Promise<TransactionRecord | undefined> {
    const row = (await this.byExchangeId(db, exchangeId)).rows[0];
    return row && toRecord(row);
  }

  /** The user's exchanges, newest first. */
  async listByUser(userId: number, limit: number, offset = 0): Promise<TransactionRecord[]> {
    return (await this.ofUser(this.db, userId, limit, offset)).rows.map(toRecord);
  }

  /**
   * Exchanges marked later than usual in the status they are still in (src/domain/slowness.ts),
   * the longest in it first: support's /late.
   */
  async listLate(limit: number): Promise<TransactionRecord[]> {
    const rows = await selectRecord(this.store, this.db)
      .where("slow_state", "=", sql<string>`lower(status) || ':late'`)
      .orderBy("status_changed_at")
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  async countByUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom("transactions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Saves deposit details read outside the tracker (right after creating). Never the status:
   * a change of status is the tracker's to record and announce, and a status read before an
   * await could overwrite a newer one. Returns the exchange as it was just before and just
   * after (one transaction): exactly one of the flow and the tracker sees the deposit become complete.
   * Not fenced (src/db/fence.ts): what the service answered about the exchange it created is
   * recorded whoever holds the chat by then, and nobody need ask for it again.
   */
  async recordDeposit(
    exchangeId: string,
    deposit: { addressFrom: string | null; extraFrom: string | null; amountTo: string | null },
  ): Promise<{ before: TransactionRecord; after: TransactionRecord } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const before = await findForUpdate(this.store, trx, exchangeId);
      if (!before) return undefined;
      const after = await this.deposit(trx, exchangeId, deposit.addressFrom, deposit.extraFrom, deposit.amountTo, this.clock.now());
      return { before, after: toRecord(after.rows[0]!) };
    });
  }

  async history(exchangeId: string): Promise<StatusChange[]> {
    return this.db
      .selectFrom("status_history")
      .select(["status", "at"])
      .where("exchange_id", "=", exchangeId)
      .orderBy("at")
      .orderBy(rowId(this.store.dialect))
      .execute();
  }

  /** When the person last refreshed the card (fenced: src/db/fence.ts). */
  async setRefreshedAt(exchangeId: string, at: number): Promise<void> {
    await fenced(this.store, (held) =>
      held(this.db.updateTable("transactions").set({ refreshed_at: at }).where("exchange_id", "=", exchangeId)).execute(),
    );
  }

  async countByStatus(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom("transactions")
      .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
      .groupBy("status")
      .execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  }
}

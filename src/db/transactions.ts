import { sql, type ExpressionBuilder, type Kysely, type Selectable } from "kysely";
import type { Clock } from "../clock.js";
import { greatest, least, rowId } from "./dialect.js";
import { prepared, type Arg } from "./prepared.js";
import { COLUMNS, POLL_RANK, type CardClaim, type PollRank, type Schema, type StopReason, type TransactionsTable } from "./schema.js";
import type { Store } from "./store.js";

export { POLL_RANK, type CardClaim, type PollRank, type StopReason } from "./schema.js";

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

type Row = Selectable<TransactionsTable> & { row_id: number };

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

type Observation = [
  exchangeId: string,
  amountTo: string | null,
  addressFrom: string | null,
  extraFrom: string | null,
  addressRefund: string | null,
  hashFrom: string | null,
  hashTo: string | null,
  now: number,
];

const toRecord = (row: Row): TransactionRecord => ({
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
  cardClaim: row.card_claim,
  cardClaimedAt: row.card_claimed_at,
  cardDueAt: row.card_due_at,
  cardRepeat: row.card_repeat,
});

const RANKS: readonly PollRank[] = Object.values(POLL_RANK);

/** An owed deposit message may go: nobody holds the card, or it was shown (the details that came later). */
const cardMayGo = (eb: ExpressionBuilder<Schema & { t: TransactionsTable }, "t">) =>
  eb.and([
    eb.or([eb("t.card_claim", "is", null), eb("t.card_message_id", "is not", null)]),
    // Owners who blocked the bot are skipped until they write again.
    eb.not(eb.exists(eb.selectFrom("users as u").select(sql`1`.as("one")).whereRef("u.id", "=", "t.user_id").where("u.blocked", "=", 1))),
  ]);

export class TransactionRepository {
  // The tracker's loop and the flow run these all the time: built once.
  private readonly byExchangeId;
  private readonly byRowId;
  private readonly dueOfRanks;
  private readonly earliestPoll;
  private readonly earliestNotice;
  private readonly earliestCard;
  private readonly earliestWork;
  private readonly owed;
  private readonly leaseOne;
  private readonly ofUser;
  private readonly insertRow;
  private readonly insertStatus;
  private readonly observe;
  private readonly observeChange;
  private readonly deposit;
  private readonly claimForFlow;
  private readonly claimForTracker;
  private readonly touchClaim;
  private readonly cardSending;
  private readonly cardShown;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {
    this.byExchangeId = prepared<[exchangeId: string], Row>(store.db, (db, arg) => this.select(db).where("exchange_id", "=", arg<string>(0)));
    this.byRowId = prepared<[id: number], Row>(store.db, (db, arg) => this.select(db).where(rowId(store.dialect), "=", arg<number>(0)));
    // The tracker's loop runs the next four on every pass, idle or not: each is one round trip
    // (the ranks' picks in one query, the three kinds of next work in another, both kinds of
    // owed message in a third), which counts on PostgreSQL.
    this.dueOfRanks = prepared<[now: number, limit: number], Row>(store.db, (db, arg) => {
      // Each rank's earliest through the (poll_rank, next_poll_at) index; ties go by age
      // (SQLite's index order; PostgreSQL's would be any).
      const ofRank = (rank: PollRank, index: number) =>
        db
          .selectFrom(
            this.select(db)
              .where("poll_rank", "=", rank)
              .where("next_poll_at", "is not", null)
              .where("next_poll_at", "<=", arg<number>(0))
              .orderBy("next_poll_at")
              .orderBy(rowId(store.dialect))
              .limit(arg<number>(1))
              .as(`rank${index}`),
          )
          .selectAll();
      const [first, ...rest] = RANKS.map(ofRank);
      return rest.reduce((union, next) => union.unionAll(next), first!);
    });
    const earliest = {
      poll: (db: Kysely<Schema>) => db.selectFrom("transactions").select((eb) => eb.fn.min("next_poll_at").as("at")).where("next_poll_at", "is not", null),
      notice: (db: Kysely<Schema>) =>
        db.selectFrom("transactions").select((eb) => eb.fn.min("notice_retry_at").as("at")).where("notice_retry_at", "is not", null).where("pending_notice", "is", null),
      card: (db: Kysely<Schema>) =>
        db.selectFrom("transactions as t").select((eb) => eb.fn.min("t.card_due_at").as("at")).where("t.card_due_at", "is not", null).where(cardMayGo),
    };
    this.earliestPoll = prepared<[], { at: number | null }>(store.db, earliest.poll);
    this.earliestNotice = prepared<[], { at: number | null }>(store.db, earliest.notice);
    this.earliestCard = prepared<[], { at: number | null }>(store.db, earliest.card);
    this.earliestWork = prepared<[], { poll: number | null; notice: number | null; card: number | null }>(store.db, (db) =>
      db.selectNoFrom([earliest.poll(db).as("poll"), earliest.notice(db).as("notice"), earliest.card(db).as("card")]),
    );
    this.owed = prepared<[now: number, limit: number], { kind: "card" | "notice"; exchange_id: string }>(store.db, (db, arg) => {
      const notices = db
        .selectFrom("transactions")
        .select(["exchange_id", "notice_retry_at as at", rowId(store.dialect).as("row_id")])
        .where("notice_retry_at", "<=", arg<number>(0))
        .where("pending_notice", "is", null)
        .orderBy("notice_retry_at")
        .orderBy(rowId(store.dialect))
        .limit(arg<number>(1));
      const cards = db
        .selectFrom("transactions as t")
        .select(["t.exchange_id", "t.card_due_at as at", rowId(store.dialect).as("row_id")])
        .where("t.card_due_at", "<=", arg<number>(0))
        .where(cardMayGo)
        .orderBy("t.card_due_at")
        .orderBy(rowId(store.dialect))
        .limit(arg<number>(1));
      return db
        .selectFrom(cards.as("cards"))
        .select([sql.lit("card").$castTo<"card" | "notice">().as("kind"), "cards.exchange_id", "cards.at", "cards.row_id"])
        .unionAll(db.selectFrom(notices.as("notices")).select([sql.lit("notice").$castTo<"card" | "notice">().as("kind"), "notices.exchange_id", "notices.at", "notices.row_id"]))
        .orderBy("kind")
        .orderBy("at")
        .orderBy("row_id");
    });
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
    // What a poll saw: the fields it reported, and (observeChange) a new status.
    const observed = (eb: ExpressionBuilder<Schema, "transactions">, arg: Arg) => ({
      amount_to: eb.fn.coalesce(eb.val(arg<string | null>(1)), eb.ref("amount_to")),
      address_from: eb.fn.coalesce(eb.val(arg<string | null>(2)), eb.ref("address_from")),
      extra_from: eb.fn.coalesce(eb.val(arg<string | null>(3)), eb.ref("extra_from")),
      address_refund: eb.fn.coalesce(eb.val(arg<string | null>(4)), eb.ref("address_refund")),
      hash_from: eb.fn.coalesce(eb.val(arg<string | null>(5)), eb.ref("hash_from")),
      hash_to: eb.fn.coalesce(eb.val(arg<string | null>(6)), eb.ref("hash_to")),
      updated_at: arg<number>(7),
      error_count: 0,
      not_found_count: 0,
    });
    this.observe = prepared<Observation, Row>(store.db, (db, arg) =>
      db
        .updateTable("transactions")
        .set((eb) => observed(eb, arg))
        .where("exchange_id", "=", arg<string>(0))
        .returning(COLUMNS.transactions)
        .returning(rowId(store.dialect).as("row_id")),
    );
    this.observeChange = prepared<[...Observation, status: string], Row>(store.db, (db, arg) =>
      db
        .updateTable("transactions")
        .set((eb) => ({ ...observed(eb, arg), status: arg<string>(8), status_changed_at: arg<number>(7), pending_notice: arg<string>(8), notice_retry_at: null }))
        .where("exchange_id", "=", arg<string>(0))
        .returning(COLUMNS.transactions)
        .returning(rowId(store.dialect).as("row_id")),
    );
    this.deposit = prepared<[exchangeId: string, addressFrom: string | null, extraFrom: string | null, amountTo: string | null, now: number], Row>(store.db, (db, arg) =>
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
    // The creation card: claimed once (the flow may show again a card it showed itself), the flow's hold confirmed, shown.
    const claim = (db: Kysely<Schema>, arg: Arg, by: CardClaim) =>
      db.updateTable("transactions").set({ card_claim: by, card_claimed_at: arg<number>(1), card_due_at: null }).where("exchange_id", "=", arg<string>(0));
    const unclaimed = (eb: ExpressionBuilder<Schema, "transactions">) => eb.and([eb("card_claim", "is", null), eb("card_message_id", "is", null)]);
    this.claimForFlow = prepared<[exchangeId: string, now: number], never>(store.db, (db, arg) =>
      claim(db, arg, "flow").where((eb) => eb.or([unclaimed(eb), eb.and([eb("card_claim", "=", "flow"), eb("card_message_id", "is not", null)])])),
    );
    this.claimForTracker = prepared<[exchangeId: string, now: number], never>(store.db, (db, arg) => claim(db, arg, "tracker").where(unclaimed));
    const heldByFlow = (db: Kysely<Schema>, arg: Arg) =>
      db.updateTable("transactions").where("exchange_id", "=", arg<string>(0)).where("card_claim", "=", "flow").where("card_message_id", "is", null);
    this.touchClaim = prepared<[exchangeId: string, now: number], never>(store.db, (db, arg) => heldByFlow(db, arg).set({ card_claimed_at: arg<number>(1) }));
    this.cardSending = prepared<[exchangeId: string], never>(store.db, (db, arg) =>
      heldByFlow(db, arg).set((eb) => ({ card_repeat: greatest(store.dialect, eb.ref("card_repeat"), 1) })),
    );
    // Shown: the count of unsure sends was about it, and what follows is not a repeat of it.
    this.cardShown = prepared<[exchangeId: string, messageId: number], never>(store.db, (db, arg) =>
      db.updateTable("transactions").set({ card_message_id: arg<number>(1), card_repeat: 0 }).where("exchange_id", "=", arg<string>(0)),
    );
    // Every flow starts with the person's recent pairs.
    this.ofUser = prepared<[userId: number, limit: number, offset: number], Row>(store.db, (db, arg) =>
      this.select(db)
        .where("user_id", "=", arg<number>(0))
        .orderBy("created_at", "desc")
        .orderBy(rowId(store.dialect), "desc")
        .limit(arg<number>(1))
        .offset(arg<number>(2)),
    );
    // Compare-and-set on the next poll the pick saw: a look that rescheduled the exchange since,
    // or a stop, or its end (next_poll_at NULL equals nothing), leaves it alone.
    this.leaseOne = prepared<[exchangeId: string, until: number, seen: number | null], never>(store.db, (db, arg) =>
      db
        .updateTable("transactions")
        .set({ next_poll_at: arg<number>(1), leased_until: arg<number>(1) })
        .where("exchange_id", "=", arg<string>(0))
        .where((eb) => eb("next_poll_at", "=", eb.fn.coalesce(eb.val(arg<number | null>(2)), eb.ref("next_poll_at")))),
    );
  }

  private get db(): Kysely<Schema> {
    return this.store.db;
  }

  /** Every column, and the row id as row_id. */
  private select(db: Kysely<Schema> = this.db) {
    return db.selectFrom("transactions").select(COLUMNS.transactions).select(rowId(this.store.dialect).as("row_id"));
  }

  /** Stores a new exchange and its first status, atomically; inside the caller's transaction when given one. */
  async insert(record: NewTransaction, db?: Kysely<Schema>): Promise<TransactionRecord> {
    if (db === undefined) return this.db.transaction().execute((trx) => this.insert(record, trx));
    const now = this.clock.now();
    const r = record;
    const inserted = await this.insertRow(db, r.exchangeId, r.userId, r.chatId, r.symbolFrom, r.networkFrom, r.symbolTo, r.networkTo, r.amountFrom, r.amountTo, r.addressTo, r.extraTo, r.addressFrom, r.extraFrom, r.provider, r.rateType, r.status, r.createdAt, now, r.nextPollAt, r.pollRank, r.cardMessageId);
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

  async countByUser(userId: number): Promise<number> {
    const row = await this.db.selectFrom("transactions").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Saves what a poll saw. A new status (whatever its case: "Waiting" is "waiting") is appended
   * to the history in the same transaction, and returned as the change. A change supersedes a
   * message still owed for the previous status. Returns the exchange as it was just before and
   * just after (one transaction): of the tracker and the flow (recordDeposit), exactly one sees
   * the deposit become complete. Undefined for an exchange not stored.
   */
  async recordObservation(
    exchangeId: string,
    observed: ObservedState,
  ): Promise<{ before: TransactionRecord; after: TransactionRecord; change: StatusChange | undefined } | undefined> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await this.findForUpdate(trx, exchangeId);
      if (!before) return undefined;
      const changed = before.status.toLowerCase() !== observed.status.toLowerCase();
      const o = observed;
      const reported: Observation = [exchangeId, o.amountTo ?? null, o.addressFrom ?? null, o.extraFrom ?? null, o.addressRefund ?? null, o.hashFrom ?? null, o.hashTo ?? null, now];
      const after = changed ? await this.observeChange(trx, ...reported, o.status) : await this.observe(trx, ...reported);
      if (changed) await this.insertStatus(trx, exchangeId, o.status, now);
      return { before, after: toRecord(after.rows[0]!), change: changed ? { status: o.status, at: now } : undefined };
    });
  }

  /**
   * Saves deposit details read outside the tracker (right after creating). Never the status:
   * a change of status is the tracker's to record and announce, and a status read before an
   * await could overwrite a newer one. Returns the exchange as it was just before and just
   * after (one transaction): exactly one of the flow and the tracker sees the deposit become complete.
   */
  async recordDeposit(
    exchangeId: string,
    deposit: { addressFrom: string | null; extraFrom: string | null; amountTo: string | null },
  ): Promise<{ before: TransactionRecord; after: TransactionRecord } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.findForUpdate(trx, exchangeId);
      if (!before) return undefined;
      const after = await this.deposit(trx, exchangeId, deposit.addressFrom, deposit.extraFrom, deposit.amountTo, this.clock.now());
      return { before, after: toRecord(after.rows[0]!) };
    });
  }

  /** The exchange, inside a transaction that is about to change it (PostgreSQL: the row is locked till its end; SQLite has one writer anyway). */
  private async findForUpdate(trx: Kysely<Schema>, exchangeId: string): Promise<TransactionRecord | undefined> {
    if (this.store.dialect === "sqlite") return this.find(exchangeId, trx);
    const row = await this.select(trx).where("exchange_id", "=", exchangeId).forUpdate().executeTakeFirst();
    return row && toRecord(row);
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

  /**
   * Up to `limit` exchanges whose next poll is due, in the order `headStart` gives: each is
   * placed at its due time plus its rank's head start (no head start: strictly by rank, then
   * time). Each rank's earliest are read through the (poll_rank, next_poll_at) index, so a
   * pick costs the same with a hundred or a hundred thousand exchanges tracked.
   */
  async due(now: number, limit: number, headStart: (rank: number) => number = (rank) => rank * 1e15): Promise<TransactionRecord[]> {
    const candidates = (await this.dueOfRanks(this.db, now, limit)).rows.map(toRecord);
    const key = (tx: TransactionRecord) => tx.nextPollAt! + headStart(tx.pollRank);
    return [...candidates.values()].sort((a, b) => key(a) - key(b) || a.pollRank - b.pollRank).slice(0, limit);
  }

  /**
   * The message about `status` went out (or will never be sent again). Compare-and-set on the
   * status the sender saw: a newer status may have been recorded while this message was on its
   * way (an owed message is slow, a poll records the next status and its message waits behind
   * it). Only that newer message's own outcome may clear its pending mark, or a stop before it
   * is answered leaves a message that may have arrived unmarked, and it is sent again later; and
   * notified_status only ever becomes the current status, never an older one.
   */
  async markNotified(exchangeId: string, status: string): Promise<void> {
    await this.db
      .updateTable("transactions")
      .set({
        notified_status: sql<string | null>`CASE WHEN status = ${status} THEN ${status} ELSE notified_status END`,
        pending_notice: sql<string | null>`CASE WHEN pending_notice = ${status} THEN NULL ELSE pending_notice END`,
      })
      .where("exchange_id", "=", exchangeId)
      .execute();
  }

  /** Changes whose message may or may not have been sent when the process stopped. */
  async pendingNotices(): Promise<TransactionRecord[]> {
    const rows = await this.select().where("pending_notice", "is not", null).orderBy(rowId(this.store.dialect)).execute();
    return rows.map(toRecord);
  }

  /** The earliest scheduled poll, if any exchange is tracked. */
  async nextDueAt(): Promise<number | undefined> {
    return (await this.earliestPoll(this.db)).rows[0]?.at ?? undefined;
  }

  /** At once: the earliest scheduled poll (nextDueAt), owed message (nextNoticeAt) and owed deposit message (nextCardAt). */
  async nextWork(): Promise<{ poll: number | undefined; notice: number | undefined; card: number | undefined }> {
    const row = (await this.earliestWork(this.db)).rows[0];
    return { poll: row?.poll ?? undefined, notice: row?.notice ?? undefined, card: row?.card ?? undefined };
  }

  /** Counts one more failed poll in a row ("not found" aside); returns the count. */
  async recordPollError(exchangeId: string): Promise<number> {
    const row = await this.db
      .updateTable("transactions")
      .set((eb) => ({ error_count: eb("error_count", "+", 1) }))
      .where("exchange_id", "=", exchangeId)
      .returning("error_count")
      .executeTakeFirst();
    return row?.error_count ?? 0;
  }

  /** Counts one more "not found" in a row; returns the count. */
  async recordNotFound(exchangeId: string): Promise<number> {
    const row = await this.db
      .updateTable("transactions")
      .set((eb) => ({ not_found_count: eb("not_found_count", "+", 1) }))
      .where("exchange_id", "=", exchangeId)
      .returning("not_found_count")
      .executeTakeFirst();
    return row?.not_found_count ?? 0;
  }

  /**
   * A poll starts: nobody looks again before `until`, and the row says it is leased. Only while
   * its next poll is still `seen` (as due() read it); returns whether it was taken. Between the
   * pick and the lease, a person's look may have set the next poll (then the lease would hide
   * that schedule behind its own end), or the exchange may have ended or stopped being followed
   * (a lease would follow it again, and a stalled one would be announced as stopped twice).
   * Without `seen` (a lease put back as a dead process left it: the benchmark), any next poll
   * will do, but never none: an exchange no longer followed is not followed again.
   */
  async lease(exchangeId: string, until: number, seen?: number): Promise<boolean> {
    const { numAffectedRows } = await this.leaseOne(this.db, exchangeId, until, seen ?? null);
    return (numAffectedRows ?? 0n) > 0n;
  }

  /**
   * At start-up: leases left by a process that died mid-poll are due again at once (only the
   * leader's tracker takes leases, and the last leader's has stopped or is stopping: at worst
   * a poll it still finishes is made twice, which a poll's recording allows). Returns how many.
   */
  async releaseLeases(now: number): Promise<number> {
    // A leased row always has its next_poll_at (the lease's end).
    const result = await this.db
      .updateTable("transactions")
      .set((eb) => ({ next_poll_at: least(this.store.dialect, eb.ref("next_poll_at").$castTo<number>(), now), leased_until: null }))
      .where("leased_until", "is not", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * The tracker stops following an exchange that has not ended: remembers why and when, and
   * owes the owner a message from now on (see takeNotice). Returns false when it was not
   * followed any more (stopped before: the owner was told then).
   */
  async stopTracking(exchangeId: string, reason: StopReason, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable("transactions")
      .set({ next_poll_at: null, leased_until: null, tracking_stopped_at: at, tracking_stopped_reason: reason, notice_retry_at: at })
      .where("exchange_id", "=", exchangeId)
      .where("next_poll_at", "is not", null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Telegram certainly did not get the message about `status` (null: the one that tracking
   * stopped): not pending any more, owed again at `at`. Compare-and-set, as markNotified: when a
   * newer status is pending, its own message is on its way and says more; owing the exchange
   * again now would send that newer status a second time while it is still being sent.
   */
  async deferNotice(exchangeId: string, status: string | null, at: number): Promise<void> {
    const update = this.db.updateTable("transactions").where("exchange_id", "=", exchangeId);
    if (status === null) {
      await update.set({ notice_retry_at: at }).execute();
      return;
    }
    // Both see the row as it was: pending_notice is compared before it is cleared.
    await update
      .set({
        pending_notice: sql<string | null>`CASE WHEN pending_notice = ${status} THEN NULL ELSE pending_notice END`,
        notice_retry_at: sql<number | null>`CASE WHEN pending_notice = ${status} THEN ${at} ELSE notice_retry_at END`,
      })
      .execute();
  }

  /**
   * Takes the message owed for this exchange, if any, to send it now: no longer owed, and an
   * unannounced status is marked pending (as a change is before its message goes out), so a
   * crash mid-send never sends it twice. Undefined when nothing is owed, or while a status
   * message of this exchange is on its way (it is owed again once that one is done).
   */
  async takeNotice(exchangeId: string): Promise<TransactionRecord | undefined> {
    const row = await this.db
      .updateTable("transactions")
      .set({ notice_retry_at: null, pending_notice: sql<string | null>`CASE WHEN notified_status IS DISTINCT FROM status THEN status END` })
      .where("exchange_id", "=", exchangeId)
      .where("notice_retry_at", "is not", null)
      .where("pending_notice", "is", null)
      .returning(COLUMNS.transactions)
      .returning(rowId(this.store.dialect).as("row_id"))
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * At most `limit` of each, earliest first: exchanges whose deposit message is owed by `now`,
   * to owners who have not blocked the bot (`cards`), and exchanges with a message owed by
   * `now`, none on its way (`notices`).
   */
  async owedBy(now: number, limit: number): Promise<{ cards: string[]; notices: string[] }> {
    const rows = (await this.owed(this.db, now, limit)).rows;
    return {
      cards: rows.filter((row) => row.kind === "card").map((row) => row.exchange_id),
      notices: rows.filter((row) => row.kind === "notice").map((row) => row.exchange_id),
    };
  }

  /** When the next owed message is to be tried, if any is owed (and none on its way). */
  async nextNoticeAt(): Promise<number | undefined> {
    return (await this.earliestNotice(this.db)).rows[0]?.at ?? undefined;
  }

  async setRefreshedAt(exchangeId: string, at: number): Promise<void> {
    await this.db.updateTable("transactions").set({ refreshed_at: at }).where("exchange_id", "=", exchangeId).execute();
  }

  /** How many exchanges the tracker follows, and how many of them are due now. */
  async trackedCounts(now: number): Promise<{ tracked: number; due: number }> {
    const row = await this.db
      .selectFrom("transactions")
      .select((eb) => [
        eb.fn.countAll<number>().as("tracked"),
        eb.fn.coalesce(eb.fn.sum<number>(sql<number>`CASE WHEN next_poll_at <= ${now} THEN 1 ELSE 0 END`), sql<number>`0`).as("due"),
      ])
      .where("next_poll_at", "is not", null)
      .executeTakeFirstOrThrow();
    return { tracked: Number(row.tracked), due: Number(row.due) };
  }

  /** The message that shows this exchange's status, kept current by the tracker. */
  async setCardMessage(exchangeId: string, messageId: number): Promise<void> {
    await this.cardShown(this.db, exchangeId, messageId);
  }

  /**
   * Claims the showing of the creation card (compare-and-set): true for exactly one of the flow
   * and the tracker, and only while no card has been shown. The claim stops it being owed. The
   * flow may show again a card it showed itself (a repeated Confirm whose flow state was lost).
   */
  async claimCard(exchangeId: string, by: CardClaim, now: number): Promise<boolean> {
    const { numAffectedRows } = await (by === "flow" ? this.claimForFlow : this.claimForTracker)(this.db, exchangeId, now);
    return (numAffectedRows ?? 0n) > 0n;
  }

  /**
   * The flow is still there, holding a card it has not shown (the person is choosing between
   * Try again and Leave): its claim is confirmed as of `now`. False when the tracker has it.
   */
  async touchCardClaim(exchangeId: string, now: number): Promise<boolean> {
    const { numAffectedRows } = await this.touchClaim(this.db, exchangeId, now);
    return (numAffectedRows ?? 0n) > 0n;
  }

  /**
   * The claimed card could not be shown (or may not have been): nobody holds it, and the
   * tracker owes it from `at`; `repeat` says the next one may repeat a message that arrived
   * (card_repeat counts the unsure sends: at least one now).
   */
  async releaseCard(exchangeId: string, at: number, repeat: boolean): Promise<void> {
    // Only while the flow still holds it: a hold that lapsed meanwhile made it the tracker's.
    // Nobody sent a card before the flow's own try, so a certain failure leaves no repeat.
    await this.db
      .updateTable("transactions")
      .set((eb) => ({ card_claim: null, card_due_at: at, card_repeat: repeat ? greatest(this.store.dialect, eb.ref("card_repeat"), 1) : 0 }))
      .where("exchange_id", "=", exchangeId)
      .where("card_claim", "=", "flow")
      .where("card_message_id", "is", null)
      .execute();
  }

  /**
   * The flow is about to send the card: should the process die before it records it as shown,
   * the next card may repeat one that arrived (releaseUnshownCards keeps this mark).
   */
  async markCardSending(exchangeId: string): Promise<void> {
    await this.cardSending(this.db, exchangeId);
  }

  /**
   * The flow that holds the card it has not shown is gone: closing (/cancel, /start, a sweep),
   * or, with `unconfirmedSince`, silent since then (its hold lapsed). The card is the tracker's,
   * owed from `at`. True when there was such a hold.
   */
  async releaseFlowHold(exchangeId: string, at: number, unconfirmedSince = Number.MAX_SAFE_INTEGER): Promise<boolean> {
    const result = await this.db
      .updateTable("transactions")
      .set({ card_claim: null, card_due_at: at })
      .where("exchange_id", "=", exchangeId)
      .where("card_claim", "=", "flow")
      .where("card_message_id", "is", null)
      .where((eb) => eb(eb.fn.coalesce("card_claimed_at", sql<number>`0`), "<", unconfirmedSince))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Takes the deposit message owed for this exchange to send it now (compare-and-set on it
   * being owed): the creation card when none was shown (claimed for the tracker), else the
   * details that came after the person left. Undefined when nothing is owed or the flow holds the card.
   */
  async takeOwedCard(exchangeId: string): Promise<TransactionRecord | undefined> {
    const row = await this.db
      .updateTable("transactions")
      .set({ card_due_at: null, card_claim: sql<CardClaim | null>`CASE WHEN card_message_id IS NULL THEN 'tracker' ELSE card_claim END` })
      .where("exchange_id", "=", exchangeId)
      .where("card_due_at", "is not", null)
      .where((eb) => eb.or([eb("card_claim", "is", null), eb("card_message_id", "is not", null)]))
      .returning(COLUMNS.transactions)
      .returning(rowId(this.store.dialect).as("row_id"))
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * The deposit message taken could not be sent: owed again from `at` (the card unclaimed again);
   * `unsure`: that send may have arrived, one more counted in card_repeat (the next says it may repeat).
   */
  async oweCard(exchangeId: string, at: number, unsure: boolean): Promise<void> {
    await this.db
      .updateTable("transactions")
      .set((eb) => ({
        card_due_at: at,
        card_repeat: eb("card_repeat", "+", unsure ? 1 : 0),
        card_claim: sql<CardClaim | null>`CASE WHEN card_message_id IS NULL THEN NULL ELSE card_claim END`,
      }))
      .where("exchange_id", "=", exchangeId)
      .execute();
  }

  /**
   * The creation card is owed from `at` (or sooner, if it was owed later), but only while nobody
   * holds it and none was shown: compare-and-set on the row as it is, not as the caller last read
   * it. Between that read and this write, the flow may have claimed the card (and be sending it),
   * or the tracker may have taken it to send: owing it then would show it twice.
   */
  async oweUnclaimedCard(exchangeId: string, at: number): Promise<void> {
    await this.db
      .updateTable("transactions")
      .set((eb) => ({ card_due_at: least(this.store.dialect, eb.fn.coalesce("card_due_at", eb.val(at)), at) }))
      .where("exchange_id", "=", exchangeId)
      .where("card_claim", "is", null)
      .where("card_message_id", "is", null)
      .execute();
  }

  /**
   * The tracker showed the creation card (or is sending it) before the deposit details were
   * complete, and they have just been learned elsewhere (the flow's Try again): the details are
   * owed from `at`, sent once the card is out (takeOwedCard waits for it), as depositReady does.
   */
  async oweDepositDetails(exchangeId: string, at: number): Promise<void> {
    await this.db.updateTable("transactions").set({ card_due_at: at }).where("exchange_id", "=", exchangeId).where("card_claim", "=", "tracker").execute();
  }


  /** When the next deposit message is owed (owners who blocked the bot aside). */
  async nextCardAt(): Promise<number | undefined> {
    return (await this.earliestCard(this.db)).rows[0]?.at ?? undefined;
  }

  /**
   * At start-up: a card the flow claimed but never recorded as shown (the process stopped while
   * sending it, or while the person was still choosing), or one the tracker had taken to send
   * when it stopped, is the tracker's, owed from `at`. Returns how many. (On PostgreSQL a new
   * leader does this too, while flows on other instances may hold cards: see issue 22's notes.)
   */
  async releaseUnshownCards(at: number): Promise<number> {
    // The flow's own mark says whether it had started sending (markCardSending); a card the
    // tracker had taken to send (takeOwedCard: claimed, no longer owed) may have arrived too.
    const result = await this.db
      .updateTable("transactions")
      .set((eb) => ({
        card_claim: null,
        card_due_at: at,
        card_repeat: sql<number>`CASE WHEN card_claim = 'tracker' THEN ${greatest(this.store.dialect, eb.ref("card_repeat"), 1)} ELSE card_repeat END`,
      }))
      .where("card_message_id", "is", null)
      .where((eb) => eb.or([eb("card_claim", "=", "flow"), eb.and([eb("card_claim", "=", "tracker"), eb("card_due_at", "is", null)])]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * When the tracker should look next, and with which rank (kept when not given); ends a lease.
   * Null: the exchange ended. A time after tracking had stopped (a Refresh saw it move): followed again.
   * Returns the exchange as it is now.
   *
   * `at` may instead decide from the exchange as it is when written (undefined: leave the
   * schedule as it is), read and written in one transaction with the row locked (PostgreSQL;
   * SQLite has one writer): what changed since the caller last read it, "I have sent the
   * funds" or a stop, is decided on, never overwritten by a schedule made without it.
   */
  async scheduleNextPoll(exchangeId: string, at: number | null | ((current: TransactionRecord) => NextPoll | undefined), rank?: PollRank): Promise<TransactionRecord | undefined> {
    if (typeof at !== "function") return this.writeSchedule(this.db, exchangeId, at, rank);
    return this.db.transaction().execute(async (trx) => {
      const current = await this.findForUpdate(trx, exchangeId);
      const next = current && at(current);
      return next === undefined ? current : this.writeSchedule(trx, exchangeId, next.at, next.rank);
    });
  }

  private async writeSchedule(db: Kysely<Schema>, exchangeId: string, at: number | null, rank?: PollRank): Promise<TransactionRecord | undefined> {
    const row = await db
      .updateTable("transactions")
      .set({
        next_poll_at: at,
        leased_until: null,
        ...(rank === undefined ? {} : { poll_rank: rank }),
        ...(at === null ? {} : { tracking_stopped_at: null, tracking_stopped_reason: null }),
      })
      .where("exchange_id", "=", exchangeId)
      .returning(COLUMNS.transactions)
      .returning(rowId(this.store.dialect).as("row_id"))
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * The owner says the deposit is on its way: first in line, and due by `at` at the latest.
   * An exchange the tracker no longer follows is left alone; returns whether it was changed.
   */
  async markFundsSent(exchangeId: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable("transactions")
      .set((eb) => ({ funds_sent_at: at, poll_rank: POLL_RANK.fundsSent, next_poll_at: least(this.store.dialect, eb.ref("next_poll_at").$castTo<number>(), at) }))
      .where("exchange_id", "=", exchangeId)
      .where("next_poll_at", "is not", null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Exchanges the tracker still follows, by status. */
  async trackedByStatus(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom("transactions")
      .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
      .where("next_poll_at", "is not", null)
      .groupBy("status")
      .execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
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

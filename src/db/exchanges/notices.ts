/**
 * Status notices: the messages that tell a person their exchange moved, written by the notifier
 * (src/tracker/notifier.ts). A change is recorded pending (schedule.ts, recordObservation) with
 * the process that sends its message (notice_holder); its outcome clears it (markNotified) or
 * owes it again (deferNotice); a message Telegram certainly did not get is owed (notice_retry_at)
 * and taken again by one process (takeNotice). Recovery (pendingOfGone) touches only pending
 * messages whose sender is gone: a live process's send is its own to finish, whoever leads.
 *
 * The notifier's writes are fenced (src/db/fence.ts) by the lease of the work that makes them (the
 * leader's, for the tracker's; a chat's, for a person's look): a former leader that wakes takes
 * nothing and marks nothing. deferNotice is not: it gives back a message Telegram certainly did not
 * get, which a refused sender must do too (else its live holder would keep it from everyone).
 */
import { type Kysely, sql } from "kysely";
import type { Clock } from "../../clock.js";
import { slowStateOf } from "../../domain/slowness.js";
import { rowId } from "../dialect.js";
import { fenced } from "../fence.js";
import { holderGone } from "../instances.js";
import { prepared } from "../prepared.js";
import { COLUMNS, type Schema } from "../schema.js";
import type { Store } from "../store.js";
import { cardMayGo } from "./card.js";
import { OwedClock } from "./owed-clock.js";
import { selectRecord, type TransactionRecord, toRecord } from "./record.js";

/** What the tracker's loop sends when owed: deposit details, a status message, a card's edit. */
type OwedKind = "card" | "notice" | "edit";

export class NoticeRepository {
  private readonly earliestNotice;
  private readonly owed;

  /**
   * `owner`: this process, as the registry names it; the messages it takes to send are recorded as its.
   * `clock`: this process's; the cards' owed times are the database's on PostgreSQL (owed-clock.ts).
   */
  constructor(
    private readonly store: Store,
    private readonly owner: string,
    clock: Clock,
  ) {
    const cardsOwed = new OwedClock(store, clock);
    this.earliestNotice = prepared<[], { at: number | null }>(store.db, (db) =>
      db
        .selectFrom("transactions")
        .select((eb) => eb.fn.min("notice_retry_at").as("at"))
        .where("notice_retry_at", "is not", null)
        .where("pending_notice", "is", null),
    );
    // Both kinds of owed message in one round trip (the tracker's loop asks whenever one is owed). A
    // card is owed by the database's now on PostgreSQL, whatever this process's clock says.
    this.owed = prepared<[now: number, limit: number], { kind: OwedKind; exchange_id: string }>(store.db, (db, arg) => {
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
        .where("t.card_due_at", "<=", cardsOwed.onDatabase ? cardsOwed.now() : arg<number>(0))
        .where(cardMayGo)
        .orderBy("t.card_due_at")
        .orderBy(rowId(store.dialect))
        .limit(arg<number>(1));
      const edits = db
        .selectFrom("transactions")
        .select(["exchange_id", "card_edit_at as at", rowId(store.dialect).as("row_id")])
        .where("card_edit_at", "<=", arg<number>(0))
        .orderBy("card_edit_at")
        .orderBy(rowId(store.dialect))
        .limit(arg<number>(1));
      return db
        .selectFrom(cards.as("cards"))
        .select([sql.lit("card").$castTo<OwedKind>().as("kind"), "cards.exchange_id", "cards.at", "cards.row_id"])
        .unionAll(
          db
            .selectFrom(notices.as("notices"))
            .select([sql.lit("notice").$castTo<OwedKind>().as("kind"), "notices.exchange_id", "notices.at", "notices.row_id"]),
        )
        .unionAll(
          db
            .selectFrom(edits.as("edits"))
            .select([sql.lit("edit").$castTo<OwedKind>().as("kind"), "edits.exchange_id", "edits.at", "edits.row_id"]),
        )
        .orderBy("kind")
        .orderBy("at")
        .orderBy("row_id");
    });
  }

  private get db(): Kysely<Schema> {
    return this.store.db;
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
    await fenced(this.store, (held) =>
      held(
        this.db
          .updateTable("transactions")
          .set({
            notified_status: sql<string | null>`CASE WHEN status = ${status} THEN ${status} ELSE notified_status END`,
            notice_holder: sql<string | null>`CASE WHEN pending_notice = ${status} THEN NULL ELSE notice_holder END`,
            pending_notice: sql<string | null>`CASE WHEN pending_notice = ${status} THEN NULL ELSE pending_notice END`,
          })
          .where("exchange_id", "=", exchangeId),
      ).execute(),
    );
  }

  /**
   * Changes whose message may or may not have been sent by a process that is gone (killed, or
   * stopped mid-send): never one a live process is sending (its outcome is its own to record).
   */
  async pendingOfGone(): Promise<TransactionRecord[]> {
    const rows = await selectRecord(this.store)
      .where("pending_notice", "is not", null)
      .where((eb) => holderGone(this.store.dialect, eb.ref("notice_holder"), this.owner))
      .orderBy(rowId(this.store.dialect))
      .execute();
    return rows.map(toRecord);
  }

  /**
   * The message about `status` may have gone out from a process that is gone: owed again at
   * `retryAt` as a send that may have arrived (counted in notice_repeat: the next says it may
   * repeat it), or, once `maxUnsure` such sends were made, marked as told (markNotified's
   * compare-and-set). Only while that process still holds it and is gone.
   */
  async settleGone(exchangeId: string, status: string, retryAt: number, maxUnsure: number): Promise<void> {
    const givenUp = sql<boolean>`notice_repeat + 1 >= ${maxUnsure}`;
    await fenced(this.store, (held) =>
      held(
        this.db
          .updateTable("transactions")
          .set({
            notified_status: sql<string | null>`CASE WHEN ${givenUp} AND status = ${status} THEN ${status} ELSE notified_status END`,
            notice_retry_at: sql<number | null>`CASE WHEN ${givenUp} THEN notice_retry_at ELSE ${retryAt} END`,
            notice_repeat: sql<number>`notice_repeat + 1`,
            notice_holder: null,
            pending_notice: null,
          })
          .where("exchange_id", "=", exchangeId)
          .where("pending_notice", "=", status)
          .where((eb) => holderGone(this.store.dialect, eb.ref("notice_holder"), this.owner)),
      ).execute(),
    );
  }

  /**
   * Telegram certainly did not get the message about `status` (null: the one that tracking
   * stopped), or `unsure`, it may have: not pending any more, owed again at `at` (an unsure one
   * counted in notice_repeat, so that the next says it may repeat it). Compare-and-set, as
   * markNotified: when a newer status is pending, its own message is on its way and says more;
   * owing the exchange again now would send that newer status a second time while it is still being sent.
   */
  async deferNotice(exchangeId: string, status: string | null, at: number, unsure = false): Promise<void> {
    const update = this.db.updateTable("transactions").where("exchange_id", "=", exchangeId);
    const repeat = unsure ? 1 : 0;
    if (status === null) {
      await update.set((eb) => ({ notice_retry_at: at, notice_repeat: eb("notice_repeat", "+", repeat) })).execute();
      return;
    }
    // All see the row as it was: pending_notice is compared before it is cleared.
    await update
      .set({
        notice_holder: sql<string | null>`CASE WHEN pending_notice = ${status} THEN NULL ELSE notice_holder END`,
        pending_notice: sql<string | null>`CASE WHEN pending_notice = ${status} THEN NULL ELSE pending_notice END`,
        notice_retry_at: sql<number | null>`CASE WHEN pending_notice = ${status} THEN ${at} ELSE notice_retry_at END`,
        notice_repeat: sql<number>`CASE WHEN pending_notice = ${status} THEN notice_repeat + ${repeat} ELSE notice_repeat END`,
      })
      .execute();
  }

  /**
   * Takes the message owed for this exchange, if any, to send it now: no longer owed, and an
   * unannounced status is marked pending, sent by this process (as a change is before its
   * message goes out), so a crash mid-send never sends it twice. Undefined when nothing is owed,
   * or while a status message of this exchange is on its way (it is owed again once that one is done).
   */
  async takeNotice(exchangeId: string): Promise<TransactionRecord | undefined> {
    const row = await fenced(this.store, (held) =>
      held(
        this.db
          .updateTable("transactions")
          .set({
            notice_retry_at: null,
            pending_notice: sql<string | null>`CASE WHEN notified_status IS DISTINCT FROM status THEN status END`,
            notice_holder: sql<string | null>`CASE WHEN notified_status IS DISTINCT FROM status THEN ${this.owner} END`,
          })
          .where("exchange_id", "=", exchangeId)
          .where("notice_retry_at", "is not", null)
          .where("pending_notice", "is", null),
      )
        .returning(COLUMNS.transactions)
        .returning(rowId(this.store.dialect).as("row_id"))
        .executeTakeFirst(),
    );
    return row && toRecord(row);
  }

  /**
   * The card's edit Telegram did not take, or may not have (an edit is the same however often it
   * is made): made again from `at`, or earlier if it was owed sooner already. Not fenced, as
   * deferNotice: a refused edit is owed too, for whoever leads.
   */
  async oweCardEdit(exchangeId: string, at: number): Promise<void> {
    await this.db
      .updateTable("transactions")
      .set({ card_edit_at: sql<number>`CASE WHEN card_edit_at IS NULL OR card_edit_at > ${at} THEN ${at} ELSE card_edit_at END` })
      .where("exchange_id", "=", exchangeId)
      .execute();
  }

  /**
   * Claims saying how late the exchange is (`slowness`: told it is slow, or its card marked late;
   * src/domain/slowness.ts) while it is still in `status`, once: false when that was said already,
   * by whichever process, or the status has moved on. Fenced, as the status messages are.
   */
  async claimSlowness(exchangeId: string, status: string, slowness: "slow" | "late"): Promise<boolean> {
    const state = slowStateOf(status, slowness);
    // Told slow, then late: never back to slow once marked late.
    const already = slowness === "late" ? [state] : [state, slowStateOf(status, "late")];
    const result = await fenced(this.store, (held) =>
      held(
        this.db
          .updateTable("transactions")
          .set({ slow_state: state })
          .where("exchange_id", "=", exchangeId)
          .where(sql<string>`lower(status)`, "=", status.toLowerCase())
          .where((eb) => eb.or([eb("slow_state", "is", null), eb("slow_state", "not in", already)])),
      ).executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) > 0;
  }

  /** Takes the card's owed edit to make it now: no longer owed (owed again if it fails). Undefined when none is. */
  async takeCardEdit(exchangeId: string): Promise<TransactionRecord | undefined> {
    const row = await fenced(this.store, (held) =>
      held(
        this.db
          .updateTable("transactions")
          .set({ card_edit_at: null })
          .where("exchange_id", "=", exchangeId)
          .where("card_edit_at", "is not", null),
      )
        .returning(COLUMNS.transactions)
        .returning(rowId(this.store.dialect).as("row_id"))
        .executeTakeFirst(),
    );
    return row && toRecord(row);
  }

  /**
   * At most `limit` of each, earliest first: exchanges whose deposit message is owed by now (the
   * database's now on PostgreSQL; `now` on SQLite), to owners who have not blocked the bot
   * (`cards`), exchanges with a message owed by `now`, none on its way (`notices`), and cards
   * whose edit is owed by `now` (`edits`).
   */
  async owedBy(now: number, limit: number): Promise<{ cards: string[]; notices: string[]; edits: string[] }> {
    const rows = (await this.owed(this.db, now, limit)).rows;
    const of = (kind: OwedKind) => rows.filter((row) => row.kind === kind).map((row) => row.exchange_id);
    return { cards: of("card"), notices: of("notice"), edits: of("edit") };
  }

  /** When the next owed message is to be tried, if any is owed (and none on its way). */
  async nextNoticeAt(): Promise<number | undefined> {
    return (await this.earliestNotice(this.db)).rows[0]?.at ?? undefined;
  }
}

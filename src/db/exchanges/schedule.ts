/**
 * The poll schedule: when the tracker (src/tracker/tracker.ts) looks at each exchange next, its
 * leases while a poll runs, and what a poll read. Only the tracker writes these columns (a
 * person's "I have sent the funds" goes through it too). Reads are ordered: each poll takes a
 * ticket before it asks (pollTicket), and a read is recorded only when its ticket is newer than
 * the one the stored status came from, so of two overlapping polls (a follower's Refresh and
 * the leader's poll, or two leaders' across a change) the older read never overwrites the newer.
 * Every write here is fenced (src/db/fence.ts): by the leader's lease for the tracker's, by the
 * chat's for a person's look (a Refresh, "I have sent the funds"); a process that lost it changes nothing.
 */
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Clock } from "../../clock.js";
import { least, rowId } from "../dialect.js";
import { fenced, preparedFenced } from "../fence.js";
import { type Arg, prepared } from "../prepared.js";
import { COLUMNS, POLL_RANK, type PollRank, type Schema, type StopReason } from "../schema.js";
import type { Store } from "../store.js";
import { cardMayGo } from "./card.js";
import { OwedClock } from "./owed-clock.js";
import {
  findForUpdate,
  type NextPoll,
  type Observation,
  type ObservedState,
  type Row,
  type StatusChange,
  selectRecord,
  type TransactionRecord,
  toRecord,
} from "./record.js";

const RANKS: readonly PollRank[] = Object.values(POLL_RANK);

export class ScheduleRepository {
  // The tracker's loop runs these all the time: built once.
  private readonly dueOfRanks;
  private readonly earliestPoll;
  private readonly earliestWork;
  private readonly leaseOne;
  private readonly observe;
  private readonly observeChange;
  private readonly insertStatus;
  /** What the cards' owed times are on (the database's clock on PostgreSQL): nextWork tells them on this process's. */
  private readonly cardsOwed: OwedClock;

  /** `owner`: this process, as the registry names it (it sends the message of a change it records). */
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly owner: string,
  ) {
    this.cardsOwed = new OwedClock(store, clock);
    const cardsOwed = this.cardsOwed;
    // The tracker's loop reads the next work on every pass, idle or not, and picks due polls when
    // one is due: each is one round trip (the three kinds of next work in one query, the ranks'
    // picks in another), which counts on PostgreSQL.
    this.dueOfRanks = prepared<[now: number, limit: number], Row>(store.db, (db, arg) => {
      // Each rank's earliest through the (poll_rank, next_poll_at) index; ties go by age
      // (SQLite's index order; PostgreSQL's would be any).
      const ofRank = (rank: PollRank, index: number) =>
        db
          .selectFrom(
            selectRecord(store, db)
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
      poll: (db: Kysely<Schema>) =>
        db
          .selectFrom("transactions")
          .select((eb) => eb.fn.min("next_poll_at").as("at"))
          .where("next_poll_at", "is not", null),
      notice: (db: Kysely<Schema>) =>
        db
          .selectFrom("transactions")
          .select((eb) => eb.fn.min("notice_retry_at").as("at"))
          .where("notice_retry_at", "is not", null)
          .where("pending_notice", "is", null),
      card: (db: Kysely<Schema>) =>
        db
          .selectFrom("transactions as t")
          .select((eb) => cardsOwed.relative(eb.fn.min("t.card_due_at")).as("at"))
          .where("t.card_due_at", "is not", null)
          .where(cardMayGo),
      edit: (db: Kysely<Schema>) =>
        db
          .selectFrom("transactions")
          .select((eb) => eb.fn.min("card_edit_at").as("at"))
          .where("card_edit_at", "is not", null),
    };
    this.earliestPoll = prepared<[], { at: number | null }>(store.db, earliest.poll);
    this.earliestWork = prepared<[], { poll: number | null; notice: number | null; card: number | null; edit: number | null }>(
      store.db,
      (db) =>
        db.selectNoFrom([
          earliest.poll(db).as("poll"),
          earliest.notice(db).as("notice"),
          earliest.card(db).as("card"),
          earliest.edit(db).as("edit"),
        ]),
    );
    this.insertStatus = prepared<[exchangeId: string, status: string, at: number], never>(store.db, (db, arg) =>
      db.insertInto("status_history").values({ exchange_id: arg<string>(0), status: arg<string>(1), at: arg<number>(2) }),
    );
    // What a poll saw: the fields it reported, and (observeChange) a new status, whose message this process sends.
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
    this.observeChange = prepared<[...Observation, status: string, holder: string], Row>(store.db, (db, arg) =>
      db
        .updateTable("transactions")
        .set((eb) => ({
          ...observed(eb, arg),
          status: arg<string>(8),
          status_changed_at: arg<number>(7),
          pending_notice: arg<string>(8),
          notice_holder: arg<string>(9),
          notice_retry_at: null,
          notice_repeat: 0,
        }))
        .where("exchange_id", "=", arg<string>(0))
        .returning(COLUMNS.transactions)
        .returning(rowId(store.dialect).as("row_id")),
    );
    // Compare-and-set on the next poll the pick saw: a look that rescheduled the exchange since,
    // or a stop, or its end (next_poll_at NULL equals nothing), leaves it alone.
    this.leaseOne = preparedFenced<[exchangeId: string, until: number, seen: number | null], never>(store, (db, arg, held) =>
      held(
        db
          .updateTable("transactions")
          .set({ next_poll_at: arg<number>(1), leased_until: arg<number>(1) })
          .where("exchange_id", "=", arg<string>(0))
          .where((eb) => eb("next_poll_at", "=", eb.fn.coalesce(eb.val(arg<number | null>(2)), eb.ref("next_poll_at")))),
      ),
    );
  }

  private get db(): Kysely<Schema> {
    return this.store.db;
  }

  /**
   * A poll is about to ask the service: its ticket, larger than every one handed out before for
   * this exchange (on the database, so across processes). recordObservation records its read only
   * while no read of a later ticket has been recorded. Undefined for an exchange not stored.
   */
  async pollTicket(exchangeId: string): Promise<number | undefined> {
    const row = await fenced(this.store, (held) =>
      held(
        this.db
          .updateTable("transactions")
          .set((eb) => ({ poll_ticket: eb("poll_ticket", "+", 1) }))
          .where("exchange_id", "=", exchangeId),
      )
        .returning("poll_ticket")
        .executeTakeFirst(),
    );
    return row && Number(row.poll_ticket);
  }

  /**
   * Saves what a poll saw, if it is the newest read recorded: with `ticket` (pollTicket, taken
   * before the poll asked), only when no read of a later ticket was recorded meanwhile (`stale`
   * otherwise: nothing written, the stored status never goes back to an older read); without
   * one, as a read made now. A new status (whatever its case: "Waiting" is "waiting") is
   * appended to the history in the same transaction, and returned as the change, its message
   * this process's to send. A change supersedes a message still owed for the previous status.
   * Returns the exchange as it was just before and just after (one transaction): of the tracker
   * and the flow (recordDeposit), exactly one sees the deposit become complete. Undefined for
   * an exchange not stored.
   */
  async recordObservation(
    exchangeId: string,
    observed: ObservedState,
    ticket?: number,
  ): Promise<{ before: TransactionRecord; after: TransactionRecord; change: StatusChange | undefined; stale: boolean } | undefined> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await findForUpdate(this.store, trx, exchangeId);
      if (!before) return undefined;
      // The row is locked (PostgreSQL) or the one writer's (SQLite): the check and the write are one.
      // The transaction's first write is fenced; on PostgreSQL its lease row stays read FOR SHARE
      // until the commit, so the writes after it are fenced as well (SQLite runs nothing between).
      const ordered = await fenced(
        this.store,
        (held) =>
          held(
            trx
              .updateTable("transactions")
              .set((eb) =>
                ticket === undefined
                  ? { poll_ticket: eb("poll_ticket", "+", 1), observed_ticket: eb("poll_ticket", "+", 1) }
                  : { observed_ticket: ticket },
              )
              .where("exchange_id", "=", exchangeId)
              .$if(ticket !== undefined, (qb) => qb.where("observed_ticket", "<", ticket!)),
          ).executeTakeFirst(),
        { db: trx },
      );
      if (ordered.numUpdatedRows === 0n) return { before, after: before, change: undefined, stale: true };
      const changed = before.status.toLowerCase() !== observed.status.toLowerCase();
      const o = observed;
      const reported: Observation = [
        exchangeId,
        o.amountTo ?? null,
        o.addressFrom ?? null,
        o.extraFrom ?? null,
        o.addressRefund ?? null,
        o.hashFrom ?? null,
        o.hashTo ?? null,
        now,
      ];
      const after = changed ? await this.observeChange(trx, ...reported, o.status, this.owner) : await this.observe(trx, ...reported);
      if (changed) await this.insertStatus(trx, exchangeId, o.status, now);
      return { before, after: toRecord(after.rows[0]!), change: changed ? { status: o.status, at: now } : undefined, stale: false };
    });
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

  /** The earliest scheduled poll, if any exchange is tracked. */
  async nextDueAt(): Promise<number | undefined> {
    return (await this.earliestPoll(this.db)).rows[0]?.at ?? undefined;
  }

  /** At once: the earliest scheduled poll (nextDueAt), owed message (nextNoticeAt), owed deposit message and owed card edit. */
  async nextWork(): Promise<{ poll: number | undefined; notice: number | undefined; card: number | undefined; edit: number | undefined }> {
    const row = (await this.earliestWork(this.db)).rows[0];
    return {
      poll: row?.poll ?? undefined,
      notice: row?.notice ?? undefined,
      card: this.cardsOwed.toLocal(row?.card),
      edit: row?.edit ?? undefined,
    };
  }

  /** Counts one more failed poll in a row ("not found" aside); returns the count. */
  async recordPollError(exchangeId: string): Promise<number> {
    const row = await fenced(this.store, (held) =>
      held(
        this.db
          .updateTable("transactions")
          .set((eb) => ({ error_count: eb("error_count", "+", 1) }))
          .where("exchange_id", "=", exchangeId),
      )
        .returning("error_count")
        .executeTakeFirst(),
    );
    return row?.error_count ?? 0;
  }

  /** Counts one more "not found" in a row; returns the count. */
  async recordNotFound(exchangeId: string): Promise<number> {
    const row = await fenced(this.store, (held) =>
      held(
        this.db
          .updateTable("transactions")
          .set((eb) => ({ not_found_count: eb("not_found_count", "+", 1) }))
          .where("exchange_id", "=", exchangeId),
      )
        .returning("not_found_count")
        .executeTakeFirst(),
    );
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
    const result = await fenced(this.store, (held) =>
      held(
        this.db
          .updateTable("transactions")
          .set((eb) => ({ next_poll_at: least(this.store.dialect, eb.ref("next_poll_at").$castTo<number>(), now), leased_until: null }))
          .where("leased_until", "is not", null),
      ).executeTakeFirst(),
    );
    return Number(result.numUpdatedRows);
  }

  /**
   * The tracker stops following an exchange that has not ended: remembers why and when, and
   * owes the owner a message from now on (see takeNotice). Returns false when it was not
   * followed any more (stopped before: the owner was told then).
   */
  async stopTracking(exchangeId: string, reason: StopReason, at: number): Promise<boolean> {
    const result = await fenced(this.store, (held) =>
      held(
        this.db
          .updateTable("transactions")
          .set({
            next_poll_at: null,
            leased_until: null,
            tracking_stopped_at: at,
            tracking_stopped_reason: reason,
            notice_retry_at: at,
            notice_repeat: 0,
          })
          .where("exchange_id", "=", exchangeId)
          .where("next_poll_at", "is not", null),
      ).executeTakeFirst(),
    );
    return result.numUpdatedRows > 0n;
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
  async scheduleNextPoll(
    exchangeId: string,
    at: number | null | ((current: TransactionRecord) => NextPoll | undefined),
    rank?: PollRank,
  ): Promise<TransactionRecord | undefined> {
    if (typeof at !== "function") return this.writeSchedule(this.db, exchangeId, at, rank);
    return this.db.transaction().execute(async (trx) => {
      const current = await findForUpdate(this.store, trx, exchangeId);
      const next = current && at(current);
      return next === undefined ? current : this.writeSchedule(trx, exchangeId, next.at, next.rank);
    });
  }

  private async writeSchedule(
    db: Kysely<Schema>,
    exchangeId: string,
    at: number | null,
    rank?: PollRank,
  ): Promise<TransactionRecord | undefined> {
    const row = await fenced(
      this.store,
      (held) =>
        held(
          db
            .updateTable("transactions")
            .set({
              next_poll_at: at,
              leased_until: null,
              ...(rank === undefined ? {} : { poll_rank: rank }),
              ...(at === null ? {} : { tracking_stopped_at: null, tracking_stopped_reason: null }),
            })
            .where("exchange_id", "=", exchangeId),
        )
          .returning(COLUMNS.transactions)
          .returning(rowId(this.store.dialect).as("row_id"))
          .executeTakeFirst(),
      { db },
    );
    return row && toRecord(row);
  }

  /**
   * The owner says the deposit is on its way: first in line, and due by `at` at the latest.
   * An exchange the tracker no longer follows is left alone; returns whether it was changed.
   */
  async markFundsSent(exchangeId: string, at: number): Promise<boolean> {
    const result = await fenced(this.store, (held) =>
      held(
        this.db
          .updateTable("transactions")
          .set((eb) => ({
            funds_sent_at: at,
            poll_rank: POLL_RANK.fundsSent,
            next_poll_at: least(this.store.dialect, eb.ref("next_poll_at").$castTo<number>(), at),
          }))
          .where("exchange_id", "=", exchangeId)
          .where("next_poll_at", "is not", null),
      ).executeTakeFirst(),
    );
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
}

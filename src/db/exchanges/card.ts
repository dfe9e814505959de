/**
 * The creation card: the message with the deposit details, which must reach the person once.
 * One state machine, shared by the flow (src/bot/conversations/after-creation.ts) and the tracker
 * (src/tracker/), written here and nowhere else. Every move is a compare-and-set on the row as it
 * is (never as the caller last read it), so of two parties racing, one moves and the other sees it.
 *
 *   state            columns                                                 meaning
 *   NEW              claim NULL, message NULL, due NULL                      just created; the flow is about to show it
 *   OWED(at)         claim NULL, message NULL, due = at                      the tracker sends it from `at`
 *   HELD(by, holder) claim 'flow'|'tracker', holder = process, message NULL  `holder` shows it (or is sending it)
 *   SHOWN            message set (0: given up)                               done; due set = the details that came later are owed
 *
 *   NEW|OWED         --claimCard('flow'|'tracker')-----------------> HELD (holder: this process)
 *   HELD(dead)       --claimCard('flow')---------------------------> HELD (a replayed Confirm takes over; the repeat mark kept)
 *   NEW|OWED         --claimCard('flow'), lease lost---------------> OWED(now) (refused: LeaseLostError)
 *   OWED             --takeOwedCard--------------------------------> HELD('tracker')
 *   HELD('flow', me) --touchCardClaim------------------------------> HELD('flow', me) (the flow's hold confirmed)
 *   HELD('flow', me) --markCardSending-----------------------------> HELD, card_repeat >= 1 (a send under way may arrive)
 *   HELD('flow', me) --touchCardClaim / markCardSending, lease lost-> OWED(now), the repeat mark kept (refused: LeaseLostError)
 *   HELD('flow', me) --oweIfLeaseLost (a send refused, lease lost)-> OWED(now), the repeat mark kept
 *   HELD('flow', me) --releaseCard---------------------------------> OWED (the flow could not show it)
 *   HELD('flow')     --releaseFlowHold-----------------------------> OWED (the flow was left: /cancel, /start, a sweep)
 *   HELD('tracker')  --oweCard by its holder-----------------------> OWED (again, later)
 *   HELD(dead)       --releaseDeadClaims---------------------------> OWED(now), whatever state (a repeat if a send may have been under way)
 *   HELD             --setCardMessage------------------------------> SHOWN
 *   SHOWN            --oweCard / oweDepositDetails / takeOwedCard--> SHOWN (the details that came later, sent once)
 *
 * A holder is the registry's owner id (src/cluster/): a claim is taken from its holder only once
 * the registry judges that process gone, on the database's clock (holderGone): a new leader's
 * start-up never releases what a live process holds, and a claim whose holder is gone is owed at
 * once. The times (card_due_at, card_claimed_at) are on the database's clock too (owed-clock.ts):
 * the moves take durations, never times. card_repeat counts sends that may have
 * arrived; any card sent while it is above 0 says it may repeat one ("created-repeat"), so no
 * second card ever goes out unmarked.
 *
 * The flow's moves that take or keep a hold, or start a send (claimCard, touchCardClaim,
 * markCardSending), are made while an update is handled under its chat's lease, and are
 * conditioned on that lease's token in the statement that makes them (src/db/fence.ts, issue 31):
 * a process whose chat was taken over meanwhile (it paused past its lease) is refused, stops
 * handling the update and sends nothing more into the chat, and the card it held or was about
 * to claim is owed at once, for the leader's tracker or the process that took the chat to show,
 * once. The tracker's moves that take a card or release the dead's (takeOwedCard,
 * releaseDeadClaims) are fenced the same way by the leader's lease: a former leader that wakes
 * takes nothing. What gives a hold up, owes the card or records what Telegram took (releaseCard,
 * releaseFlowHold, oweCard, oweUnclaimedCard, oweDepositDetails, oweIfLeaseLost, setCardMessage)
 * is not fenced: it is what a refused process must do anyway, or a fact from outside.
 */
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Clock } from "../../clock.js";
import { greatest, least, rowId } from "../dialect.js";
import { currentFence, type Fence, leaseHeld, leaseStillHeld, refused, writeFence } from "../fence.js";
import { holderGone } from "../instances.js";
import { prepared } from "../prepared.js";
import { type CardClaim, COLUMNS, type Schema, type TransactionsTable } from "../schema.js";
import type { Store } from "../store.js";
import { OwedClock } from "./owed-clock.js";
import { type TransactionRecord, toRecord } from "./record.js";

/** An owed deposit message may go: nobody holds the card, or it was shown (the details that came later). */
export const cardMayGo = (eb: ExpressionBuilder<Schema & { t: TransactionsTable }, "t">) =>
  eb.and([
    eb.or([eb("t.card_claim", "is", null), eb("t.card_message_id", "is not", null)]),
    // Owners who blocked the bot are skipped until they write again.
    eb.not(eb.exists(eb.selectFrom("users as u").select(sql`1`.as("one")).whereRef("u.id", "=", "t.user_id").where("u.blocked", "=", 1))),
  ]);

export class CardRepository {
  private readonly earliestCard;
  private readonly cardShown;
  /** What card_due_at and card_claimed_at are on: the database's clock on PostgreSQL (owed-clock.ts). */
  private readonly owed: OwedClock;

  /**
   * `owner`: this process, as the registry names it; every claim made here is recorded as its.
   * `clock`: this process's, for SQLite (or a test's): on PostgreSQL the times are the database's.
   */
  constructor(
    private readonly store: Store,
    private readonly owner: string,
    clock: Clock,
  ) {
    this.owed = new OwedClock(store, clock);
    const owed = this.owed;
    this.earliestCard = prepared<[], { at: number | null }>(store.db, (db) =>
      db
        .selectFrom("transactions as t")
        .select((eb) => owed.relative(eb.fn.min("t.card_due_at")).as("at"))
        .where("t.card_due_at", "is not", null)
        .where(cardMayGo),
    );
    // Shown: the count of unsure sends was about it, and what follows is not a repeat of it.
    this.cardShown = prepared<[exchangeId: string, messageId: number], never>(store.db, (db, arg) =>
      db
        .updateTable("transactions")
        .set({ card_message_id: arg<number>(1), card_repeat: 0 })
        .where("exchange_id", "=", arg<string>(0)),
    );
  }

  private get db(): Kysely<Schema> {
    return this.store.db;
  }

  private heldByFlow(exchangeId: string) {
    return this.db
      .updateTable("transactions")
      .where("exchange_id", "=", exchangeId)
      .where("card_claim", "=", "flow")
      .where("card_message_id", "is", null);
  }

  /** The message that shows this exchange's status, kept current by the tracker. */
  async setCardMessage(exchangeId: string, messageId: number): Promise<void> {
    await this.cardShown(this.db, exchangeId, messageId);
  }

  /**
   * Claims the showing of the creation card for this process (compare-and-set): true for exactly
   * one of the flow and the tracker, and only while no card has been shown. The claim stops it
   * being owed. The flow may show again a card it showed itself (a repeated Confirm whose flow
   * state was lost), and takes over a claim whose holder is gone (a process killed while it held
   * or sent the card, whose Confirm is replayed here): a send that may have been under way leaves
   * card_repeat above 0, and the card then says it may repeat one.
   *
   * Made while an update is handled under its chat's lease (the flow's Confirm: src/db/fence.ts),
   * the claim is made only while the lease is still the handling's, in the same statement. A
   * process that lost the chat meanwhile (it paused, and another took the update over) has it
   * refused: the card is owed at once instead (oweIfLeaseLost), for the tracker or the process
   * that took the chat to show, and LeaseLostError ends the handling here.
   */
  async claimCard(exchangeId: string, by: CardClaim): Promise<boolean> {
    const fence = currentFence();
    const result = await this.db
      .updateTable("transactions")
      .set((eb) => ({
        card_claim: by,
        card_holder: this.owner,
        card_claimed_at: this.owed.now(),
        // Owed no more, unless it was shown: the deposit details owed since stay owed (a card
        // shown again that does not arrive must not take them with it).
        card_due_at: sql<number | null>`CASE WHEN card_message_id IS NULL THEN NULL ELSE card_due_at END`,
        // A dead tracker may have sent it (a flow's own send marked it: markCardSending).
        card_repeat: sql<number>`CASE WHEN card_claim = 'tracker' AND card_message_id IS NULL THEN
          ${greatest(this.store.dialect, eb.ref("card_repeat"), 1)} ELSE card_repeat END`,
      }))
      .where("exchange_id", "=", exchangeId)
      .where((eb) => {
        const unclaimed = eb.and([eb("card_claim", "is", null), eb("card_message_id", "is", null)]);
        if (by === "tracker") return unclaimed;
        return eb.or([
          unclaimed,
          eb.and([eb("card_claim", "=", "flow"), eb("card_message_id", "is not", null)]),
          eb.and([
            eb("card_claim", "is not", null),
            eb("card_message_id", "is", null),
            holderGone(this.store.dialect, eb.ref("card_holder"), this.owner),
          ]),
        ]);
      })
      .$if(fence !== undefined, (qb) => qb.where(leaseHeld(this.store.dialect, fence!)))
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) return true;
    if (fence) await this.refusedIfLeaseLost(fence, exchangeId);
    return false;
  }

  /**
   * The flow is still there, holding a card it has not shown (the person is choosing between
   * Try again and Leave): its claim is confirmed as of now. False when this process does not
   * hold it (the tracker has it, or another process took it over). Under a chat's lease, only
   * while the lease is still the handling's (as claimCard): else the hold is given up, the card
   * owed at once, and LeaseLostError thrown.
   */
  async touchCardClaim(exchangeId: string): Promise<boolean> {
    const fence = currentFence();
    // This process's hold only: one taken over meanwhile (this process was judged gone) stays the taker's.
    const result = await this.heldByFlow(exchangeId)
      .where("card_holder", "=", this.owner)
      .set({ card_claimed_at: this.owed.now() })
      .$if(fence !== undefined, (qb) => qb.where(leaseHeld(this.store.dialect, fence!)))
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) return true;
    if (fence) await this.refusedIfLeaseLost(fence, exchangeId);
    return false;
  }

  /**
   * The claimed card could not be shown (or may not have been): nobody holds it, and the
   * tracker owes it from now; `repeat` says the next one may repeat a message that arrived
   * (card_repeat counts the unsure sends: at least one now).
   */
  async releaseCard(exchangeId: string, repeat: boolean): Promise<void> {
    // Only while this process's flow still holds it: a hold that lapsed meanwhile made it the
    // tracker's, and one taken over (this process was judged gone while it sent) is the taker's.
    // Nobody sent a card before the flow's own try, so a certain failure leaves no repeat.
    // Not fenced by the chat's lease: giving the hold up is what a refusal would do too.
    await this.heldByFlow(exchangeId)
      .where("card_holder", "=", this.owner)
      .set((eb) => ({
        card_claim: null,
        card_holder: null,
        card_due_at: this.owed.now(),
        card_repeat: repeat ? greatest(this.store.dialect, eb.ref("card_repeat"), 1) : 0,
      }))
      .execute();
  }

  /**
   * The flow is about to send the card: should the process die before it records it as shown,
   * the next card may repeat one that arrived (releaseDeadClaims and a takeover keep this mark).
   * False, and nothing to send, when this process does not hold it. Under a chat's lease, only
   * while the lease is still the handling's (as claimCard): else the hold is given up, the card
   * owed at once, and LeaseLostError thrown.
   */
  async markCardSending(exchangeId: string): Promise<boolean> {
    const fence = currentFence();
    // The fence of the card's claim: a process that paused and was judged gone meanwhile finds its
    // hold taken over (or owed to the tracker), and sends nothing; the taker's card is the one.
    // A card shown before (a Confirm replayed after a restart) is sent again, said to be a repeat.
    const result = await this.db
      .updateTable("transactions")
      .where("exchange_id", "=", exchangeId)
      .where("card_claim", "=", "flow")
      .where("card_holder", "=", this.owner)
      .set((eb) => ({
        card_repeat: sql<number>`CASE WHEN card_message_id IS NULL THEN
          ${greatest(this.store.dialect, eb.ref("card_repeat"), 1)} ELSE card_repeat END`,
      }))
      .$if(fence !== undefined, (qb) => qb.where(leaseHeld(this.store.dialect, fence!)))
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) return true;
    if (fence) await this.refusedIfLeaseLost(fence, exchangeId);
    return false;
  }

  /**
   * Whether the handling that runs this (an update's, under its chat's lease) lost the lease,
   * and if so, owes the card: the card this process's flow holds, or that nobody holds yet, is
   * nobody's now and owed from now (or sooner), for the tracker or the process that took the
   * chat to show, once. For the flow when something it did to show the card failed (a send
   * refused by the fence, say): a hold it kept would stay with a process that shows nothing.
   * "held": the lease is still the handling's (or there is none), nothing changed; "owed": lost,
   * and the card owed by this; "lost": lost, and nothing to owe (shown, or another's to show).
   */
  async oweIfLeaseLost(exchangeId: string): Promise<"held" | "owed" | "lost"> {
    const fence = currentFence();
    if (!fence || (await leaseStillHeld(this.db, fence))) return "held";
    // Unshown, and this process's flow's or nobody's: never another process's hold, nor a card shown.
    // The repeat mark stays as it is (a send of this flow's may have been under way). Not fenced:
    // it is what a refused handling must do.
    const result = await this.db
      .updateTable("transactions")
      .set((eb) => ({
        card_claim: null,
        card_holder: null,
        card_due_at: this.soonerOrNow(eb),
      }))
      .where("exchange_id", "=", exchangeId)
      .where("card_message_id", "is", null)
      .where((eb) => eb.or([eb("card_claim", "is", null), eb.and([eb("card_claim", "=", "flow"), eb("card_holder", "=", this.owner)])]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? "owed" : "lost";
  }

  /**
   * A fenced write of the card changed nothing: when the chat's lease is no longer the handling's,
   * the card is owed at once (oweIfLeaseLost) and LeaseLostError thrown; else the write's own
   * condition refused it, and the caller hears false.
   */
  private async refusedIfLeaseLost(fence: Fence, exchangeId: string): Promise<void> {
    if ((await this.oweIfLeaseLost(exchangeId)) !== "held") refused(fence);
  }

  /** Owed from now, or from when it was owed already if that is sooner. */
  private soonerOrNow(eb: ExpressionBuilder<Schema, "transactions">) {
    const now = this.owed.now();
    return least(this.store.dialect, eb.fn.coalesce("card_due_at", now), now);
  }

  /**
   * The flow that holds the card it has not shown is gone: closing (/cancel, /start, a sweep),
   * or, with `unconfirmedForMs`, silent that long (its hold lapsed). The card is the tracker's,
   * owed from now. True when there was such a hold.
   */
  async releaseFlowHold(exchangeId: string, unconfirmedForMs?: number): Promise<boolean> {
    const result = await this.heldByFlow(exchangeId)
      .set({ card_claim: null, card_holder: null, card_due_at: this.owed.now() })
      .$if(unconfirmedForMs !== undefined, (qb) =>
        qb.where((eb) => eb(eb.fn.coalesce("card_claimed_at", sql<number>`0`), "<", this.owed.now(-unconfirmedForMs!))),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Takes the deposit message owed for this exchange to send it now (compare-and-set on it
   * being owed): the creation card when none was shown (claimed for the tracker, held by this
   * process), else the details that came after the person left. Undefined when nothing is owed
   * or someone holds the card.
   */
  async takeOwedCard(exchangeId: string): Promise<TransactionRecord | undefined> {
    const fence = writeFence(this.store);
    const row = await this.db
      .updateTable("transactions")
      .set({
        card_due_at: null,
        card_claim: sql<CardClaim | null>`CASE WHEN card_message_id IS NULL THEN 'tracker' ELSE card_claim END`,
        card_holder: sql<string | null>`CASE WHEN card_message_id IS NULL THEN ${this.owner} ELSE card_holder END`,
      })
      .where("exchange_id", "=", exchangeId)
      .where("card_due_at", "is not", null)
      .where((eb) => eb.or([eb("card_claim", "is", null), eb("card_message_id", "is not", null)]))
      .$call(fence.held)
      .returning(COLUMNS.transactions)
      .returning(rowId(this.store.dialect).as("row_id"))
      .executeTakeFirst();
    await fence.settle(row !== undefined);
    return row && toRecord(row);
  }

  /**
   * The deposit message taken could not be sent: owed again `afterMs` from now (the card unclaimed again);
   * `unsure`: that send may have arrived, one more counted in card_repeat (the next says it may repeat).
   * Compare-and-set on who holds an unshown card: only this process's tracker gives its hold up
   * (or nobody holds it yet). A tracker that paused past being judged gone, its card taken over
   * and being sent by another, leaves that hold alone: taken again, the card would go twice.
   */
  async oweCard(exchangeId: string, afterMs: number, unsure: boolean): Promise<void> {
    await this.db
      .updateTable("transactions")
      .set((eb) => ({
        card_due_at: this.owed.now(afterMs),
        card_repeat: eb("card_repeat", "+", unsure ? 1 : 0),
        card_claim: sql<CardClaim | null>`CASE WHEN card_message_id IS NULL THEN NULL ELSE card_claim END`,
        card_holder: sql<string | null>`CASE WHEN card_message_id IS NULL THEN NULL ELSE card_holder END`,
      }))
      .where("exchange_id", "=", exchangeId)
      .where((eb) =>
        eb.or([
          eb("card_message_id", "is not", null),
          eb("card_claim", "is", null),
          eb.and([eb("card_claim", "=", "tracker"), eb("card_holder", "=", this.owner)]),
        ]),
      )
      .execute();
  }

  /**
   * The creation card is owed from now (or sooner, if it was owed already), but only while nobody
   * holds it and none was shown: compare-and-set on the row as it is, not as the caller last read
   * it. Between that read and this write, the flow may have claimed the card (and be sending it),
   * or the tracker may have taken it to send: owing it then would show it twice.
   */
  async oweUnclaimedCard(exchangeId: string): Promise<void> {
    await this.db
      .updateTable("transactions")
      .set((eb) => ({ card_due_at: this.soonerOrNow(eb) }))
      .where("exchange_id", "=", exchangeId)
      .where("card_claim", "is", null)
      .where("card_message_id", "is", null)
      .execute();
  }

  /**
   * The tracker showed the creation card (or is sending it) before the deposit details were
   * complete, and they have just been learned elsewhere (the flow's Try again): the details are
   * owed from now, sent once the card is out (takeOwedCard waits for it), as depositReady does.
   */
  async oweDepositDetails(exchangeId: string): Promise<void> {
    await this.db
      .updateTable("transactions")
      .set({ card_due_at: this.owed.now() })
      .where("exchange_id", "=", exchangeId)
      .where("card_claim", "=", "tracker")
      .execute();
  }

  /** When the next deposit message is owed (owners who blocked the bot aside), on this process's clock. */
  async nextCardAt(): Promise<number | undefined> {
    return this.owed.toLocal((await this.earliestCard(this.db)).rows[0]?.at);
  }

  /**
   * Cards held unshown by processes that are gone (killed, or stopped without recording the
   * card): owed again at once, whatever state they were in, and only those (a live process's
   * claim is never touched, whoever leads). One a send may have been under way for (the flow had
   * marked it sending, or the tracker held it) is marked as a possible repeat. One the flow held
   * while the person was still choosing is owed at once too: nobody else would show it (a Try
   * again handled elsewhere finds the hold not its own); the card shows what is known, and the
   * details still missing follow when they come. Returns how many.
   */
  async releaseDeadClaims(): Promise<number> {
    const fence = writeFence(this.store);
    const result = await this.db
      .updateTable("transactions")
      .set((eb) => ({
        card_claim: null,
        card_holder: null,
        card_due_at: this.owed.now(),
        card_repeat: sql<number>`CASE WHEN card_claim = 'tracker' THEN
          ${greatest(this.store.dialect, eb.ref("card_repeat"), 1)} ELSE card_repeat END`,
      }))
      .where("card_message_id", "is", null)
      .where("card_claim", "is not", null)
      .where((eb) => holderGone(this.store.dialect, eb.ref("card_holder"), this.owner))
      .$call(fence.held)
      .executeTakeFirst();
    await fence.settle(result.numUpdatedRows > 0n);
    return Number(result.numUpdatedRows);
  }
}

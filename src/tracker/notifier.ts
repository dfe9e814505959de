import type { I18n } from "@grammyjs/i18n";
import { type Api, GrammyError, InlineKeyboard } from "grammy";
import type { Message } from "grammy/types";
import type { Logger } from "pino";
import {
  addressButton,
  type BaseContext,
  cardKeyboard,
  depositKeyboard,
  type Explorers,
  explorersOf,
  isNotModified,
  renderCard,
  renderCreationCard,
  renderDepositReady,
  renderSlow,
  renderStatusChange,
  renderTrackingStopped,
  sendFailure,
  type Translate,
  translatorOf,
} from "../bot/index.js";
import type { Clock } from "../clock.js";
import { LeaseLostError } from "../db/fence.js";
import type { Repositories, TransactionRecord, UserRecord } from "../db/index.js";
import { depositNeedsMemo, depositView } from "../domain/deposit.js";
import { isPastDeposit, isWaiting, noticeRetryDelay } from "../domain/poll-policy.js";
import type { CatalogueService } from "../exchange/index.js";

/**
 * Deposit details Telegram certainly did not get are tried again this soon, without backoff:
 * they are what the person needs to pay, one message every few seconds in an outage costs
 * nothing, and they must arrive within a minute of Telegram working again.
 */
export const DEPOSIT_RETRY_MS = 15_000;

/**
 * How many sends of the deposit details may end unsure (a timeout, a dropped connection, a
 * proxy's HTML error page: see sendFailure) before they are given up. Each one after the first
 * says it may repeat the last, so a person who got an earlier one never pays twice; losing the
 * address is worse than a few marked repeats, and in an outage none of them arrived. Spaced by
 * DEPOSIT_RETRY_MS, they cover about a minute of such answers.
 */
export const DEPOSIT_UNSURE_ATTEMPTS = 5;

/**
 * How many sends of a status message (or that tracking stopped) may end unsure before it is given
 * up. Each one after the first says it may repeat the last: news that an exchange finished or
 * failed is worth a marked repeat, but fewer than the deposit details, which decide a payment.
 */
export const NOTICE_UNSURE_ATTEMPTS = 3;

export { type SendFailure, sendFailure } from "../bot/index.js";

export interface NotifierDeps {
  api: Api;
  repos: Repositories;
  i18n: I18n<BaseContext>;
  catalogue: Pick<CatalogueService, "find">;
  clock: Clock;
  logger: Logger;
  /** Told what became of each status message (metrics). */
  onStatusMessage?: (outcome: "sent" | "owed" | "failed") => void;
  /** Wakes the leader's tracker, wherever it runs: a message this process could not send is owed to it now. */
  wakeLeader?: () => void;
}

/**
 * Tells people what happened to their exchanges: a new message at each change of status
 * (so Telegram notifies them), one when the tracker stops following an exchange that has not
 * ended, and the card edited in place. A change is marked pending in the database before its message
 * goes out. A message Telegram certainly did not get is owed instead, and tried again later
 * (deliverOwed); one that may have arrived (an unsure send, or a change found pending after its
 * sender died) goes again saying it may repeat the last, a few times at most, so no status
 * message is ever sent twice unmarked, and none is lost to one unlucky send. A card's edit
 * Telegram did not take is owed too (editOwedCard).
 */
/** An exchange's owner, read once per message: their language, their phrase, whether they blocked the bot. */
interface Owner {
  t: Translate;
  /** The anti-phishing phrase, for every message that shows where to send. */
  phrase: string | null;
  /** Set as soon as a send finds it so (the rest of the message's work then stays quiet). */
  blocked: boolean;
}

export class StatusNotifier {
  /** Since when every send has failed (undefined once one went through): the backoff of the next retry. */
  private failingSince: number | undefined;

  constructor(private readonly deps: NotifierDeps) {}

  private async owner(tx: TransactionRecord): Promise<Owner> {
    const user: UserRecord | undefined = await this.deps.repos.users.find(tx.userId);
    return { t: translatorOf(this.deps.i18n, user), phrase: user?.phrase ?? null, blocked: user?.blocked ?? false };
  }

  explorers(tx: TransactionRecord): Explorers {
    return explorersOf(this.deps.catalogue, tx);
  }

  /**
   * A new status was recorded (and marked pending): say it once, then update the card.
   * Returns false when the message is owed for later (Telegram certainly did not get it).
   */
  async statusChanged(tx: TransactionRecord): Promise<boolean> {
    const owner = await this.owner(tx);
    const delivered =
      owner.blocked ||
      (await this.deliver(
        tx,
        owner,
        tx.status,
        this.mayRepeat(owner.t, tx, renderStatusChange(owner.t, tx, this.explorers(tx))),
        await this.saveAddressOffer(owner.t, tx),
      ));
    // Sent, refused, blocked, or unsure too often: this change is never announced again (only this
    // status: a newer one recorded meanwhile has its own message; see markNotified).
    if (delivered) await this.deps.repos.notices.markNotified(tx.exchangeId, tx.status);
    await this.updateCard(tx, owner);
    return delivered;
  }

  /**
   * The exchange is later than usual in its status (issue 40): told once (what is happening, why
   * it can take longer, what to do now, when to ask for help); later still, its card says so.
   * Claimed first, so that it is said once whichever process asks; a message Telegram did not
   * take is not tried again (later, the card says it all the same).
   */
  async slowness(tx: TransactionRecord, slowness: "slow" | "late", usual: { minutes: number; laterMinutes: number }): Promise<void> {
    if (!(await this.deps.repos.notices.claimSlowness(tx.exchangeId, tx.status, slowness))) return;
    const current = (await this.deps.repos.transactions.find(tx.exchangeId)) ?? tx;
    const owner = await this.owner(current);
    if (slowness === "slow" && !owner.blocked) {
      try {
        await this.send(current.chatId, renderSlow(owner.t, current, this.explorers(current), usual));
      } catch (error) {
        this.deps.logger.warn({ err: error, exchangeId: tx.exchangeId }, "Telegram did not take the message that an exchange is slow");
      }
    }
    await this.updateCard(current, owner);
  }

  /** The tracker stopped following an exchange that has not ended: what happened, what to do. */
  async trackingStopped(tx: TransactionRecord): Promise<void> {
    const owner = await this.owner(tx);
    if (!owner.blocked) await this.deliver(tx, owner, null, this.mayRepeat(owner.t, tx, renderTrackingStopped(owner.t, tx)));
    await this.updateCard(tx, owner);
  }

  /**
   * The deposit details owed to the person, rebuilt from the database alone: the creation card
   * when nobody could show it (claimed for the tracker, so the flow never shows it too), else
   * the details that came after they left. The card of an exchange past its deposit (the bot
   * knows it arrived, or the exchange ended: its sender died before it recorded it) shows the
   * status instead, never where to send. Whatever Telegram answers, they are not lost:
   *  - certainly not taken (5xx, 429, no connection): owed again in DEPOSIT_RETRY_MS;
   *  - blocked: owed still, and sent once the person writes again (owedBy skips blocked owners);
   *  - unsure (may have arrived: a timeout, a dropped connection, a proxy's error page): sent
   *    again in DEPOSIT_RETRY_MS, saying it may repeat the last one, because a lost address costs
   *    more than a marked repeat; given up, loudly, after DEPOSIT_UNSURE_ATTEMPTS unsure sends;
   *  - refused (400): the same text would be refused again; logged loudly, given up.
   * Returns whether Telegram took it.
   */
  async deliverDeposit(exchangeId: string): Promise<boolean> {
    const { repos, clock, logger } = this.deps;
    const tx = await repos.cards.takeOwedCard(exchangeId);
    if (!tx) return false;
    const owner = await this.owner(tx);
    if (owner.blocked) {
      await repos.cards.oweCard(tx.exchangeId, 0, false);
      return false;
    }
    const t = owner.t;
    // cardRepeat counts the unsure sends so far: after one, this may repeat a message that arrived.
    const repeat = tx.cardRepeat > 0 ? [t("created-repeat"), ""] : [];
    const card = tx.cardMessageId === null;
    // The details that came later: nothing to say while they are still incomplete (the tracker says so when they come).
    if (!card && (!isWaiting(tx.status) || !this.depositComplete(tx))) return false;
    try {
      if (card) {
        const text = renderCreationCard(t, tx, this.explorers(tx), clock.now(), owner.phrase, { repeat: tx.cardRepeat > 0 });
        const sent = await this.send(tx.chatId, text, cardKeyboard(t, tx, this.explorers(tx)));
        await repos.cards.setCardMessage(tx.exchangeId, sent.message_id);
        // Rare, and what support asks about: the flow could not show it (it failed, was left, or lost the chat).
        logger.info(
          { exchangeId: tx.exchangeId, repeat: tx.cardRepeat > 0, statusOnly: isPastDeposit(tx.status) },
          "the tracker showed a creation card the flow did not show",
        );
      } else {
        // With the copy buttons of what to pay, as on the card.
        await this.send(
          tx.chatId,
          [...repeat, renderDepositReady(t, tx, this.explorers(tx), owner.phrase)].join("\n"),
          depositKeyboard(t, tx, this.explorers(tx)),
        );
        // The card said the details were missing: it shows them now too.
        await this.updateCard((await repos.transactions.find(tx.exchangeId)) ?? tx, owner);
      }
      return true;
    } catch (error) {
      const failure = sendFailure(error);
      const context = { err: error, exchangeId: tx.exchangeId, failure };
      if (failure === "blocked") {
        await this.blocked(tx, owner);
        await repos.cards.oweCard(tx.exchangeId, 0, false);
      } else if (failure === "retry") {
        logger.warn(context, "Telegram did not get the deposit details, so they go again soon");
        await repos.cards.oweCard(tx.exchangeId, DEPOSIT_RETRY_MS, false);
      } else if (failure === "uncertain" && tx.cardRepeat + 1 < DEPOSIT_UNSURE_ATTEMPTS) {
        logger.warn(
          { ...context, unsure: tx.cardRepeat + 1 },
          "the deposit details may have arrived, so they go again soon marked as a possible repeat",
        );
        await repos.cards.oweCard(tx.exchangeId, DEPOSIT_RETRY_MS, true);
      } else {
        logger.error(
          { ...context, unsure: tx.cardRepeat + (failure === "uncertain" ? 1 : 0), still: "the person sees them with /history" },
          "could not deliver the deposit details, and gave up",
        );
        if (card) await repos.cards.setCardMessage(tx.exchangeId, 0);
      }
      return false;
    }
  }

  /** Whether everything needed to send is known (src/domain/deposit.ts). */
  depositComplete(tx: TransactionRecord): boolean {
    return depositView(tx, depositNeedsMemo(tx.networkFrom, this.explorers(tx).depositMemo)).kind === "complete";
  }

  /**
   * The deposit details came after the person left a creation that lacked them: said in a new
   * message (owed, so a failed send is tried again by deliverDeposit), and the card brought up to date.
   */
  async depositReady(tx: TransactionRecord): Promise<void> {
    await this.deps.repos.cards.oweCard(tx.exchangeId, 0, false);
    // Sent: the card was brought up to date with them.
    if (await this.deliverDeposit(tx.exchangeId)) return;
    await this.updateCard((await this.deps.repos.transactions.find(tx.exchangeId)) ?? tx);
  }

  /** Sends the message owed for this exchange, if one is (a status, then that tracking stopped). */
  async deliverOwed(exchangeId: string): Promise<void> {
    const tx = await this.deps.repos.notices.takeNotice(exchangeId);
    if (!tx) return;
    if (tx.pendingNotice !== null && !(await this.statusChanged(tx))) return;
    if (tx.trackingStoppedAt !== null && tx.nextPollAt === null) await this.trackingStopped(tx);
  }

  /** Makes the card's edit that Telegram did not take before (updateCard owed it), if it is still owed. */
  async editOwedCard(exchangeId: string): Promise<void> {
    const tx = await this.deps.repos.notices.takeCardEdit(exchangeId);
    if (tx) await this.updateCard(tx);
  }

  /**
   * Edits the status card to the current state; a card that is gone or unchanged is fine. An edit
   * Telegram did not take, or may not have, is owed (editOwedCard), after the same backoff as a
   * status message: an exchange that ended must not keep a card that says it waits. `owner` when read already.
   */
  async updateCard(tx: TransactionRecord, known?: Owner): Promise<void> {
    if (tx.cardMessageId === null) return;
    const owner = known ?? (await this.owner(tx));
    if (owner.blocked) return;
    const t = owner.t;
    try {
      await this.deps.api.editMessageText(
        tx.chatId,
        tx.cardMessageId,
        renderCard(t, tx, this.explorers(tx), this.deps.clock.now(), owner.phrase),
        {
          parse_mode: "HTML",
          reply_markup: cardKeyboard(t, tx, this.explorers(tx)),
          link_preview_options: { is_disabled: true },
        },
      );
      this.failingSince = undefined;
    } catch (error) {
      if (
        isNotModified(error) ||
        (error instanceof GrammyError && /message to edit not found|message can't be edited/.test(error.description))
      )
        return;
      const failure = sendFailure(error);
      if (failure === "blocked") return this.blocked(tx, owner);
      if (failure === "refused") {
        this.deps.logger.error(
          { err: error, exchangeId: tx.exchangeId },
          "Telegram refused a status card's edit, which will not be tried again",
        );
        return;
      }
      // Not taken (or maybe not): the same edit is made again later, whoever leads then.
      const at = this.retryAt(error);
      await this.deps.repos.notices.oweCardEdit(tx.exchangeId, at);
      this.deps.logger.warn(
        { err: error, exchangeId: tx.exchangeId, retryAt: at },
        "could not update a status card, so it is edited again later",
      );
    }
  }

  /**
   * Changes whose message a process that is gone (killed, stopped mid-send) may or may not have
   * sent, perhaps not even started (it waited for the chat's gap or a 429): sent again, saying
   * it may repeat the last (as an unsure send is), up to NOTICE_UNSURE_ATTEMPTS, and the card
   * updated. One a live process is sending is left to it (it records its own outcome, or owes it
   * again on a failure). Each is settled for the status it was pending for (compare-and-set, and
   * only while its sender is still gone): should a poll record a newer one meanwhile, that one is
   * announced instead, and notified_status never goes back.
   */
  async recover(): Promise<void> {
    for (const tx of await this.deps.repos.notices.pendingOfGone()) {
      this.deps.logger.info(
        { exchangeId: tx.exchangeId, status: tx.pendingNotice, unsure: tx.noticeRepeat + 1 },
        "a status message's sender is gone, so it goes again, marked, and the card is updated",
      );
      await this.deps.repos.notices.settleGone(tx.exchangeId, tx.pendingNotice!, this.deps.clock.now(), NOTICE_UNSURE_ATTEMPTS);
      await this.updateCard(tx);
    }
  }

  /** A message sent again after a send that may have arrived says so first. */
  private mayRepeat(t: Translate, tx: TransactionRecord, text: string): string {
    return tx.noticeRepeat > 0 ? `${t("notice-repeat")}\n\n${text}` : text;
  }

  /** After a successful exchange: the offer to keep its receiving address, unless it is kept already. */
  private async saveAddressOffer(t: Translate, tx: TransactionRecord): Promise<InlineKeyboard | undefined> {
    if (
      tx.status.toLowerCase() !== "finished" ||
      (await this.deps.repos.addresses.findExact(tx.userId, tx.networkTo, tx.addressTo, tx.extraTo))
    )
      return undefined;
    return new InlineKeyboard().text(t("button-save-address"), addressButton.save(tx.rowId));
  }

  /**
   * Sends a message about `tx` (about its `status`, or null: that tracking stopped); false when
   * it is owed for later instead (see sendFailure).
   */
  private async deliver(
    tx: TransactionRecord,
    owner: Owner,
    status: string | null,
    text: string,
    keyboard?: InlineKeyboard,
  ): Promise<boolean> {
    try {
      await this.send(tx.chatId, text, keyboard);
      this.failingSince = undefined;
      this.deps.onStatusMessage?.("sent");
      return true;
    } catch (error) {
      if (error instanceof LeaseLostError) {
        // Refused before it left: this process no longer leads (or no longer holds the chat). Owed
        // at once, for the process that does; not fenced, as it gives up what this one held.
        this.deps.onStatusMessage?.("owed");
        await this.deps.repos.notices.deferNotice(tx.exchangeId, status, this.deps.clock.now());
        this.deps.logger.warn({ exchangeId: tx.exchangeId }, "a status message the fence refused is owed again");
        this.deps.wakeLeader?.();
        return false;
      }
      const failure = sendFailure(error);
      this.deps.onStatusMessage?.(failure === "retry" ? "owed" : "failed");
      const context = { err: error, exchangeId: tx.exchangeId };
      switch (failure) {
        case "retry":
          await this.owe(tx, status, error);
          return false;
        case "blocked":
          await this.blocked(tx, owner);
          return true;
        case "refused":
          this.deps.logger.error(context, "Telegram refused a status message, which will not be tried again");
          return true;
        case "uncertain":
          // May have arrived: sent again, saying so, a few times; a lost "finished" costs more than a marked repeat.
          if (tx.noticeRepeat + 1 < NOTICE_UNSURE_ATTEMPTS) {
            await this.owe(tx, status, error, true);
            return false;
          }
          this.deps.logger.warn(
            { ...context, unsure: tx.noticeRepeat + 1 },
            "a status message may or may not have arrived, and after a few tries goes no more",
          );
          return true;
      }
    }
  }

  /**
   * Telegram did not get it (or, `unsure`, may have): owed, and tried again after a backoff (or the
   * wait Telegram asked for); an unsure one is counted, and the next says it may repeat it.
   */
  private async owe(tx: TransactionRecord, status: string | null, error: unknown, unsure = false): Promise<void> {
    const at = this.retryAt(error);
    await this.deps.repos.notices.deferNotice(tx.exchangeId, status, at, unsure);
    this.deps.logger.warn(
      { err: error, exchangeId: tx.exchangeId, retryAt: at, unsure },
      unsure
        ? "a status message may not have arrived, so it goes again later, marked"
        : "Telegram did not get a status message, which is tried again later",
    );
  }

  /**
   * One more send Telegram did not take: when to try again. A 429 (Telegram's, or another process
   * of the bot busy with the chat: src/chat/turns.ts) says when, and Telegram is up: that wait,
   * not counted as a failure. Otherwise after as long as Telegram has been failing (noticeRetryDelay).
   */
  private retryAt(error: unknown): number {
    const now = this.deps.clock.now();
    if (error instanceof GrammyError && error.error_code === 429) return now + Math.max(1, error.parameters.retry_after ?? 1) * 1000;
    this.failingSince ??= now;
    return now + noticeRetryDelay(now - this.failingSince);
  }

  /** Blocked or deactivated: stay quiet until they write again (which lifts the mark). */
  private async blocked(tx: TransactionRecord, owner: Owner): Promise<void> {
    owner.blocked = true;
    await this.deps.repos.users.setBlocked(tx.userId, true);
    this.deps.logger.info({ userId: tx.userId }, "the person blocked the bot, so nothing goes to them until they write");
  }

  /**
   * `api` paces messages under Telegram's limits (src/telegram/outbox.ts) and hands a 429 back
   * at once: the message is then owed and tried again by the tracker.
   */
  private send(chatId: number, text: string, keyboard?: InlineKeyboard): Promise<Message.TextMessage> {
    return this.deps.api.sendMessage(chatId, text, {
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
      ...(keyboard ? { reply_markup: keyboard } : {}),
    });
  }
}
